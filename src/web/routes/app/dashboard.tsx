import { useQuery } from "urql";
import { QueryState } from "../../components/ui/query-state";
import { LatestQuotes } from "../../features/statistics/components/latest-quotes";
import { PlanBanner } from "../../features/statistics/components/plan-banner";
import { StatisticsOverview } from "../../features/statistics/components/statistics-overview";
import { DashboardAccountQuery } from "../../features/statistics/operations";
import { useTranslation } from "../../i18n";

/** /app — the dashboard: plan banner, the statistics overview (last 30 days by default), the latest quotes. */
export default function DashboardPage() {
  const { t } = useTranslation();
  const [{ data, fetching, error }, refetch] = useQuery({ query: DashboardAccountQuery });
  return (
    <section className="mx-auto max-w-6xl space-y-8 px-4 py-8">
      <title>{`${t("pages.dashboard")} · Offerly`}</title>
      <QueryState fetching={fetching} error={error} hasData={Boolean(data)} onRetry={() => refetch({ requestPolicy: "network-only" })} />
      {data?.account ? (
        <>
          <div className="space-y-4">
            <div>
              <h1 className="text-2xl font-bold tracking-tight" data-testid="dashboard-title">
                {t("app:dashboard.welcome", { name: data.me?.name || data.me?.email || "" })}
              </h1>
              <p className="mt-1 text-slate-600" data-testid="dashboard-account">
                {data.account.name}
              </p>
            </div>
            <PlanBanner />
          </div>
          <StatisticsOverview timeZone={data.account.timeZone} hasQuoteViews={data.account.hasQuoteViews} />
          <LatestQuotes />
        </>
      ) : null}
    </section>
  );
}
