import { Link } from "react-router";
import { useQuery } from "urql";
import { QueryState } from "../../../components/ui/query-state";
import { useLocalizedHref, useTranslation } from "../../../i18n";
import { linkButton } from "../../../lib/mutation-errors";
import { StatusBadge } from "../../quotes/components/status-badge";
import { useQuoteListStatistics } from "../hooks/use-quote-list-statistics";
import { LatestQuotesQuery } from "../operations";

/** The five newest quotes with their status and views (views batched in one query). */
export function LatestQuotes() {
  const { t } = useTranslation();
  const href = useLocalizedHref();
  const [{ data, fetching, error }, refetch] = useQuery({ query: LatestQuotesQuery, requestPolicy: "cache-and-network" });
  const items = data?.quotes.items ?? [];
  const stats = useQuoteListStatistics(items.map((q) => q.id));
  return (
    <section aria-labelledby="latest-title" className="space-y-3" data-testid="latest-quotes">
      <div className="flex items-center justify-between">
        <h2 id="latest-title" className="text-lg font-semibold">
          {t("statistics:latest.title")}
        </h2>
        <Link to={href("/app/quotes")} className="text-sm font-medium text-brand-700 hover:underline">
          {t("statistics:latest.all")}
        </Link>
      </div>
      <QueryState fetching={fetching} error={error} hasData={Boolean(data)} onRetry={() => refetch({ requestPolicy: "network-only" })} />
      {data && items.length === 0 ? (
        <div className="rounded-xl border border-dashed border-slate-300 bg-white p-6 text-center">
          <p className="text-sm text-slate-600">{t("statistics:latest.empty")}</p>
          <Link to={href("/app/quotes/mutate")} className={`mt-3 ${linkButton.primary}`}>
            {t("statistics:latest.create")}
          </Link>
        </div>
      ) : null}
      {items.length ? (
        <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white">
          {items.map((q) => (
            <li key={q.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 px-4 py-3" data-testid="latest-quote">
              <Link
                to={href(`/app/quotes/mutate/${q.id}`)}
                className="min-w-0 basis-full font-medium sm:basis-auto sm:flex-1 text-slate-900 [overflow-wrap:anywhere] hover:text-brand-700 hover:underline"
              >
                <span className="mr-2 whitespace-nowrap tabular-nums text-slate-500">{q.quoteNumber}</span>
                {q.name}
              </Link>
              <StatusBadge state={q.lifecycle.state} />
              <span className="ml-auto whitespace-nowrap text-right text-sm tabular-nums text-slate-600 sm:w-24" data-testid="latest-quote-views">
                {t("statistics:latest.views", { count: stats.get(q.id)?.views ?? 0 })}
              </span>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
