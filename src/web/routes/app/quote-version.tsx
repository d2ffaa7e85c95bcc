import { Link, useParams } from "react-router";
import { useQuery } from "urql";
import { Alert } from "../../components/ui/alert";
import { QueryState } from "../../components/ui/query-state";
import { QuoteVersionView } from "../../features/versions/components/quote-version-view";
import { QuoteVersionQuery } from "../../features/versions/operations";
import { useLocalizedHref, useTranslation } from "../../i18n";
import { serverRefusal } from "../../lib/mutation-errors";

/** /app/quotes/:quoteId/versions/:number — one version of a quote, read-only (decision 032). */
export default function QuoteVersionPage() {
  const { t } = useTranslation();
  const href = useLocalizedHref();
  const { quoteId = "", number = "" } = useParams();
  const [{ data, fetching, error }, refetch] = useQuery({ query: QuoteVersionQuery, variables: { quoteId, number: Number(number) || 0 } });
  const notFound = serverRefusal(error, "").code === "NOT_FOUND";
  return (
    <section className="mx-auto max-w-4xl px-4 py-8">
      <title>{`${t("quotes:versions.version", { number })} · Offerly`}</title>
      <Link to={href(`/app/quotes/mutate/${quoteId}`)} className="text-sm font-medium text-brand-700 hover:underline">
        ← {t("quotes:versions.back")}
      </Link>
      {/* The page's heading whatever the answer (the version, not found, an error). */}
      <h1 className="mt-2 text-2xl font-bold tracking-tight">{t("quotes:versions.version", { number })}</h1>
      <div className="mt-4">
        {data?.quoteVersion ? (
          <QuoteVersionView version={data.quoteVersion} />
        ) : notFound ? (
          <Alert>{serverRefusal(error, "").message}</Alert>
        ) : (
          <QueryState fetching={fetching} error={error} hasData={false} onRetry={() => refetch({ requestPolicy: "network-only" })} />
        )}
      </div>
    </section>
  );
}
