import { useQuery } from "urql";
import { trialDaysLeft } from "../../../shared/subscription";
import { QueryState } from "../../components/ui/query-state";
import { graphql } from "../../graphql/generated";
import { useTranslation } from "../../i18n";

const DashboardQuery = graphql(`
  query Dashboard {
    me {
      id
      name
      email
    }
    account {
      id
      name
      subscriptionPlan
      subscriptionInterval
      expiredAt
    }
  }
`);

export default function DashboardPage() {
  const { t } = useTranslation();
  const [{ data, fetching, error }, refetch] = useQuery({ query: DashboardQuery });
  return (
    <section className="mx-auto max-w-6xl px-4 py-8">
      <title>{`${t("pages.dashboard")} · Offerly`}</title>
      <QueryState fetching={fetching} error={error} hasData={Boolean(data)} onRetry={() => refetch({ requestPolicy: "network-only" })} />
      {data?.account ? (
        <>
          <h1 className="text-2xl font-bold tracking-tight" data-testid="dashboard-title">
            {t("app:dashboard.welcome", { name: data.me?.name || data.me?.email || "" })}
          </h1>
          <p className="mt-1 text-slate-600" data-testid="dashboard-account">
            {data.account.name}
          </p>
          {data.account.subscriptionInterval === null ? (
            <p className="mt-4 inline-block rounded-md bg-brand-50 px-3 py-2 text-sm text-brand-700" data-testid="trial-status">
              {t("app:dashboard.trial", { count: trialDaysLeft(data.account) ?? 0 })}
            </p>
          ) : null}
        </>
      ) : null}
    </section>
  );
}
