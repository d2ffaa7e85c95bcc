import { Suspense, lazy, useEffect, useMemo, useState } from "react";
import { Link } from "react-router";
import { useQuery } from "urql";
import { formatDate, formatMoney } from "../../../../shared/format";
import { DASHBOARD_RANGES, lastDays } from "../../../../shared/statistics";
import { EmptyState } from "../../../components/ui/empty-state";
import { QueryState } from "../../../components/ui/query-state";
import { useLocale, useLocalizedHref, useTranslation } from "../../../i18n";
import { linkButton } from "../../../lib/mutation-errors";
import { useFormatDuration } from "../hooks/use-format-duration";
import { QuoteSubscriptionsOverviewQuery, StatisticsOverviewQuery } from "../operations";
import { StatCard } from "./stat-card";

// Recharts ships in its own chunk (~410 KB), fetched by the dashboard only, and only for an account
// with quote views to chart (`account.hasQuoteViews`, decision 079): then as soon as the overview
// mounts, beside the figures' query, not after them — the chart shows with the figures instead of
// "Loading the chart…" a round trip later. Without views (every new account's first visit) the
// empty state shows and the chunk is never fetched; if views appear later (a refetch, another
// range), the lazy component fetches it then, "Loading the chart…" in the space kept for it.
const loadChart = () => import("./overview-chart");
const OverviewChart = lazy(loadChart);
/** The chart's height (overview-chart.tsx), kept free while it loads: nothing below it moves. */
const CHART_HEIGHT = "h-72";

/**
 * The customers' running subscriptions (decision 061), one line: how many, and what they charge per
 * interval incl. VAT ("2 active: € 126,94 per month · € 261,60 per year"). Nothing when there are none.
 */
function ActiveSubscriptions() {
  const { t } = useTranslation();
  const locale = useLocale();
  const href = useLocalizedHref();
  const [{ data }] = useQuery({ query: QuoteSubscriptionsOverviewQuery, requestPolicy: "cache-and-network" });
  const o = data?.quoteSubscriptionsOverview;
  if (!o || o.activeCount === 0) return null;
  return (
    <p className="text-sm text-slate-700" data-testid="overview-subscriptions">
      <span className="font-medium">{t("signing:subscription.dashboardTitle")}:</span> {t("signing:subscription.dashboardCount", { count: o.activeCount })}
      {" · "}
      {o.perInterval.map((p) => t(`signing:subscription.per.${p.interval}`, { amount: formatMoney(p.amount, p.currency, locale) })).join(" · ")}
      {o.nextCharge ? (
        <>
          {" · "}
          <span data-testid="overview-next-charge">
            {t("signing:subscription.dashboardNext", {
              date: formatDate(o.nextCharge.date, locale),
              amount: formatMoney(o.nextCharge.amount, o.nextCharge.currency, locale),
            })}{" "}
            (
            <Link to={href(`/app/quotes/mutate/${o.nextCharge.quoteId}`)} className="text-brand-700 underline underline-offset-2">
              {o.nextCharge.quoteNumber}
            </Link>
            )
          </span>
        </>
      ) : null}
    </p>
  );
}

/**
 * The dashboard's overview: a period switch, the figures, and views per day as a chart.
 * `hasQuoteViews` (from the dashboard's first query): whether to fetch the chart's code right away.
 */
export function StatisticsOverview({ timeZone, hasQuoteViews }: { timeZone: string; hasQuoteViews: boolean }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const href = useLocalizedHref();
  const duration = useFormatDuration();
  const [days, setDays] = useState<(typeof DASHBOARD_RANGES)[number]>(30);
  const range = useMemo(() => lastDays(days, timeZone), [days, timeZone]);
  const [{ data, fetching, error }, refetch] = useQuery({ query: StatisticsOverviewQuery, variables: range, requestPolicy: "cache-and-network" });
  // The chart measures the page: it renders in the browser only.
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  useEffect(() => {
    if (hasQuoteViews) void loadChart();
  }, [hasQuoteViews]);
  const o = data?.quoteStatisticsOverview;
  const busiest = o?.entries.reduce((best, e) => (e.quoteViews > best.quoteViews ? e : best), o.entries[0]);

  return (
    <section aria-labelledby="overview-title" className="space-y-4" data-testid="statistics-overview">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="overview-title" className="text-lg font-semibold">
            {t("statistics:overview.title")}
          </h2>
          <p className="text-xs text-slate-500">{t("statistics:overview.timeZone", { timeZone: timeZone.replaceAll("_", " ") })}</p>
        </div>
        <label className="flex items-center gap-2 text-sm text-slate-700">
          {t("statistics:overview.range")}
          <select
            className="rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm"
            value={days}
            onChange={(e) => setDays(Number(e.target.value) as (typeof DASHBOARD_RANGES)[number])}
            data-testid="overview-range"
          >
            {DASHBOARD_RANGES.map((d) => (
              <option key={d} value={d}>
                {t("statistics:overview.rangeOption", { count: d })}
              </option>
            ))}
          </select>
        </label>
      </div>
      <QueryState fetching={fetching} error={error} hasData={Boolean(o)} onRetry={() => refetch({ requestPolicy: "network-only" })} />
      {o ? (
        <>
          <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
            <StatCard label={t("statistics:overview.views")} value={o.totalQuoteViews} testId="overview-views" />
            <StatCard label={t("statistics:overview.averageTime")} value={duration(o.averageTime)} testId="overview-average" />
            <StatCard label={t("statistics:overview.published")} value={o.totalQuotesPublished} testId="overview-published" />
            <StatCard label={t("statistics:overview.signed")} value={o.totalQuotesSigned} testId="overview-signed" />
          </dl>
          {o.totalQuotesPaid > 0 ? (
            <p className="text-sm text-slate-700" data-testid="overview-paid">
              {t("statistics:overview.paid", {
                count: o.totalQuotesPaid,
                amounts: o.paymentsReceived.map((p) => formatMoney(p.amount, p.currency, locale)).join(" + "),
              })}
            </p>
          ) : null}
          <ActiveSubscriptions />
          {o.totalQuoteViews === 0 ? (
            <EmptyState
              title={t("statistics:empty.title")}
              body={t("statistics:empty.body")}
              action={
                <Link to={href("/app/quotes")} className={linkButton.secondary}>
                  {t("statistics:empty.action")}
                </Link>
              }
            />
          ) : (
            <figure className="rounded-xl border border-slate-200 bg-white p-4">
              <figcaption className="mb-2 text-sm font-medium text-slate-800">{t("statistics:overview.chartTitle")}</figcaption>
              <p className="sr-only">
                {busiest
                  ? t("statistics:overview.chartSummary", { views: o.totalQuoteViews, day: formatDate(busiest.date, locale), dayViews: busiest.quoteViews })
                  : t("statistics:overview.chartEmpty")}
              </p>
              {mounted ? (
                <Suspense fallback={<p className={`${CHART_HEIGHT} text-sm text-slate-500`}>{t("statistics:overview.chartLoading")}</p>}>
                  <OverviewChart entries={o.entries} />
                </Suspense>
              ) : (
                <div className={CHART_HEIGHT} />
              )}
            </figure>
          )}
        </>
      ) : null}
    </section>
  );
}
