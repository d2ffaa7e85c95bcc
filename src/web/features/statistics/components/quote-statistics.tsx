import { useQuery } from "urql";
import { QueryState } from "../../../components/ui/query-state";
import { useLocale, useTranslation } from "../../../i18n";
import { useFormatDuration } from "../hooks/use-format-duration";
import { QuoteStatisticsQuery } from "../operations";
import { StatCard } from "./stat-card";

/**
 * A published or signed quote's statistics on its page in the app: views, total and average
 * reading time, the visits, and time per block. Drafts have none (the server refuses them).
 */
export function QuoteStatistics({ quoteId, status }: { quoteId: string; status: string }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const duration = useFormatDuration();
  const draft = status === "DRAFT";
  const [{ data, fetching, error }, refetch] = useQuery({
    query: QuoteStatisticsQuery,
    variables: { quoteId },
    pause: draft,
    requestPolicy: "cache-and-network",
  });
  if (draft) return null;
  const s = data?.quoteStatistics;
  const when = new Intl.DateTimeFormat(locale === "nl" ? "nl-NL" : "en-GB", { dateStyle: "medium", timeStyle: "short" });
  const maxBlock = Math.max(1, ...(s?.blocks.map((b) => b.totalTime) ?? [1]));
  return (
    <section aria-labelledby="quote-stats-title" className="space-y-3" data-testid="quote-statistics">
      <h2 id="quote-stats-title" className="text-lg font-semibold">
        {t("statistics:quote.title")}
      </h2>
      <QueryState fetching={fetching} error={error} hasData={Boolean(s)} onRetry={() => refetch({ requestPolicy: "network-only" })} />
      {s ? (
        <>
          <dl className="grid grid-cols-1 gap-3 sm:grid-cols-3">
            <StatCard label={t("statistics:quote.views")} value={s.views} testId="quote-stats-views" />
            <StatCard label={t("statistics:quote.totalTime")} value={duration(s.totalTime)} testId="quote-stats-total" />
            <StatCard label={t("statistics:quote.averageTime")} value={duration(s.averageTime)} testId="quote-stats-average" />
          </dl>
          <p className="text-xs text-slate-500">{t("statistics:quote.ownViews")}</p>
          <div className="grid gap-4 md:grid-cols-2">
            <div className="rounded-xl border border-slate-200 bg-white p-4">
              <h3 className="mb-2 text-sm font-semibold text-slate-800">{t("statistics:quote.visits")}</h3>
              {s.timeEntries.length === 0 ? (
                <p className="text-sm text-slate-600">{t("statistics:quote.visitsEmpty")}</p>
              ) : (
                <ol className="space-y-1 text-sm tabular-nums text-slate-700" data-testid="quote-stats-visits">
                  {s.timeEntries.map((v) => (
                    <li key={v.insertedAt} className="flex justify-between gap-3">
                      <time dateTime={v.insertedAt}>{when.format(new Date(v.insertedAt))}</time>
                      <span>{duration(v.totalTime)}</span>
                    </li>
                  ))}
                </ol>
              )}
            </div>
            <div className="rounded-xl border border-slate-200 bg-white p-4">
              <h3 className="mb-2 text-sm font-semibold text-slate-800">{t("statistics:quote.blocks")}</h3>
              {s.blocks.length === 0 ? (
                <p className="text-sm text-slate-600">{t("statistics:quote.blocksEmpty")}</p>
              ) : (
                <ul className="space-y-2 text-sm" data-testid="quote-stats-blocks">
                  {s.blocks.map((b) => (
                    <li key={b.blockId} data-testid="quote-stats-block">
                      <div className="flex justify-between gap-3">
                        <span className="min-w-0 [overflow-wrap:anywhere] text-slate-800">{b.name || t("statistics:quote.blockRemoved")}</span>
                        <span className="tabular-nums text-slate-600">{duration(b.totalTime)}</span>
                      </div>
                      <div className="mt-1 h-1.5 rounded-full bg-slate-100" aria-hidden="true">
                        <div className="h-1.5 rounded-full bg-brand-600" style={{ width: `${Math.round((b.totalTime / maxBlock) * 100)}%` }} />
                      </div>
                    </li>
                  ))}
                </ul>
              )}
            </div>
          </div>
        </>
      ) : null}
    </section>
  );
}
