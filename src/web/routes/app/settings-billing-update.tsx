import { Link } from "react-router";
import { useQuery } from "urql";
import { Alert } from "../../components/ui/alert";
import { QueryState } from "../../components/ui/query-state";
import { PlanChangeForm } from "../../features/billing/components/plan-change-form";
import { PlanPicker } from "../../features/billing/components/plan-picker";
import { useAccountPlan } from "../../features/billing/hooks/use-account-plan";
import { BillingQuery } from "../../features/billing/operations";
import { useLocalizedHref, useTranslation } from "../../i18n";

/**
 * /app/settings/billing/update — choose plan and interval, confirm billing details, pay (owner);
 * a running subscription changes plan or interval here instead (decision 029).
 */
export default function SettingsBillingUpdatePage() {
  const { t } = useTranslation();
  const href = useLocalizedHref();
  const { account, isOwner, fetching, error, refetch } = useAccountPlan();
  const [{ data }] = useQuery({ query: BillingQuery, pause: !isOwner });
  const subscription = data?.billing.subscription;
  const changing = Boolean(subscription?.canChangePlan);
  const title = changing ? t("billing:change.title") : t("billing:update.title");

  return (
    <section className="mx-auto max-w-5xl px-4 py-8">
      <title>{`${title} · Offerly`}</title>
      <Link to={href("/app/settings/billing")} className="text-sm font-medium text-brand-700 hover:underline">
        ← {t("billing:title")}
      </Link>
      <h1 className="mt-2 text-2xl font-bold tracking-tight">{title}</h1>
      <p className="mt-2 text-sm text-slate-600">{changing ? t("billing:change.intro") : t("billing:update.intro")}</p>
      <div className="mt-4">
        <QueryState fetching={fetching} error={error} hasData={Boolean(account)} onRetry={() => refetch({ requestPolicy: "network-only" })} />
        {account && !isOwner ? <Alert>{t("billing:overview.ownerOnly")}</Alert> : null}
        {account && isOwner && subscription && changing ? <PlanChangeForm subscription={subscription} /> : null}
        {account && isOwner && subscription?.renews && !changing ? <Alert kind="info">{t("billing:errors.alreadySubscribed")}</Alert> : null}
        {account && isOwner && (data || error) && !subscription?.renews ? <PlanPicker account={account} vatNumber={subscription?.vatNumber ?? null} /> : null}
      </div>
    </section>
  );
}
