import { Link } from "react-router";
import { useQuery } from "urql";
import { formatDate } from "../../../../shared/format";
import { QueryState } from "../../../components/ui/query-state";
import { useLocale, useLocalizedHref, useTranslation } from "../../../i18n";
import { QuoteVersionsQuery } from "../operations";

/**
 * The quote page's version history (decision 032): number, date, by whom, signatures; each opens
 * read-only. Dates are in the interface's language (the owner reads them), not the quote's.
 */
export function QuoteVersions({ quoteId }: { quoteId: string }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const href = useLocalizedHref();
  const [{ data, fetching, error }, refetch] = useQuery({ query: QuoteVersionsQuery, variables: { id: quoteId }, requestPolicy: "cache-and-network" });
  const versions = data?.quote.quoteVersions ?? [];
  return (
    <section aria-labelledby="versions-title" className="rounded-xl border border-slate-200 bg-white p-4" data-testid="quote-versions">
      <h2 id="versions-title" className="text-lg font-semibold">
        {t("quotes:versions.title")}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{t("quotes:versions.intro")}</p>
      {!data ? (
        <QueryState fetching={fetching} error={error} hasData={false} onRetry={() => refetch({ requestPolicy: "network-only" })} />
      ) : versions.length === 0 ? (
        <p className="mt-3 text-sm text-slate-600">{t("quotes:versions.none")}</p>
      ) : (
        <ol className="mt-3 divide-y divide-slate-100">
          {versions.map((v, i) => (
            <li key={v.id} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm" data-testid="quote-version">
              <div className="min-w-0">
                <p className="font-medium">
                  {t("quotes:versions.version", { number: v.number })}
                  {i === 0 ? <span className="ml-2 rounded bg-slate-100 px-1.5 py-0.5 text-xs text-slate-700">{t("quotes:versions.current")}</span> : null}
                </p>
                <p className="text-slate-600 [overflow-wrap:anywhere]">
                  {t("quotes:versions.published", {
                    date: formatDate(v.publishedAt.slice(0, 10), locale, "long"),
                    name: v.publishedByName ?? v.publishedByEmail ?? "—",
                  })}
                  {" · "}
                  {t("quotes:versions.signatures", { count: v.quoteSignatures.length })}
                  {v.quoteSignatures.length ? ` (${v.quoteSignatures.map((s) => s.name).join(", ")})` : ""}
                </p>
              </div>
              <Link to={href(`/app/quotes/${quoteId}/versions/${v.number}`)} className="font-medium text-brand-700 hover:underline">
                {t("quotes:versions.open", { number: v.number })}
              </Link>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
