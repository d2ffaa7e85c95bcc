import { Link } from "react-router";
import { useQuery } from "urql";
import { Alert } from "../../components/ui/alert";
import { QueryState } from "../../components/ui/query-state";
import { PlanPicker } from "../../features/billing/components/plan-picker";
import { useAccountPlan } from "../../features/billing/hooks/use-account-plan";
import { BillingQuery } from "../../features/billing/operations";
import { useLocalizedHref, useTranslation } from "../../i18n";

/** /app/settings/billing/update — choose plan and interval, confirm billing details, pay (owner). */
export default function SettingsBillingUpdatePage() {
  const { t } = useTranslation();
  const href = useLocalizedHref();
  const { account, isOwner, fetching, error, refetch } = useAccountPlan();
  const [{ data }] = useQuery({ query: BillingQuery, pause: !isOwner });
  const subscription = data?.billing.subscription;

  return (
    <section className="mx-auto max-w-5xl px-4 py-8">
      <title>{`${t("billing:update.title")} · Offerly`}</title>
      <Link to={href("/app/settings/billing")} className="text-sm font-medium text-brand-700 hover:underline">
        ← {t("billing:title")}
      </Link>
      <h1 className="mt-2 text-2xl font-bold tracking-tight">{t("billing:update.title")}</h1>
      <p className="mt-2 text-sm text-slate-600">{t("billing:update.intro")}</p>
      <div className="mt-4">
        <QueryState fetching={fetching} error={error} hasData={Boolean(account)} onRetry={() => refetch({ requestPolicy: "network-only" })} />
        {account && !isOwner ? <Alert>{t("billing:overview.ownerOnly")}</Alert> : null}
        {account && isOwner && subscription?.renews ? <Alert kind="info">{t("billing:errors.alreadySubscribed")}</Alert> : null}
        {account && isOwner && (data || error) && !subscription?.renews ? <PlanPicker account={account} vatNumber={subscription?.vatNumber ?? null} /> : null}
      </div>
    </section>
  );
}
