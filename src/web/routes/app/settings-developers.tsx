import { planIncludes } from "../../../shared/plans";
import { Alert } from "../../components/ui/alert";
import { QueryState } from "../../components/ui/query-state";
import { UpgradePrompt } from "../../features/billing/components/upgrade-prompt";
import { useAccountPlan } from "../../features/billing/hooks/use-account-plan";
import { ApiKeys } from "../../features/developers/components/api-keys";
import { WebhookEndpoints } from "../../features/developers/components/webhook-endpoints";
import { SettingsNav } from "../../features/settings/components/settings-nav";
import { useTranslation } from "../../i18n";

/**
 * /app/settings/developers — webhook endpoints with their delivery logs, and API keys (issue 23).
 * Owners and admins only (the server refuses members too). Webhooks and the API are a Basic/Pro
 * feature: a Starter or expired account sees the upgrade prompt, and endpoints kept from before a
 * downgrade are listed with the notice that deliveries are paused.
 */
export default function SettingsDevelopersPage() {
  const { t } = useTranslation();
  const plan = useAccountPlan();
  const staff = plan.role === "OWNER" || plan.role === "ADMIN";
  const locked = plan.account ? plan.expired || !planIncludes(plan.account, "developerApi") : false;
  return (
    <section className="mx-auto max-w-6xl space-y-6 px-4 py-8 *:max-w-5xl">
      <title>{`${t("developers:title")} · Offerly`}</title>
      <div className="space-y-3">
        <h1 className="text-2xl font-bold tracking-tight">{t("developers:title")}</h1>
        <SettingsNav />
        <p className="max-w-3xl text-sm text-slate-600">{t("developers:intro")}</p>
      </div>
      <QueryState fetching={plan.fetching} error={plan.error} hasData={Boolean(plan.account)} onRetry={() => plan.refetch({ requestPolicy: "network-only" })} />
      {plan.account && !staff ? (
        <div data-testid="developers-forbidden">
          <Alert>{t("developers:forbidden")}</Alert>
        </div>
      ) : null}
      {plan.account && staff ? (
        <>
          {locked ? <UpgradePrompt feature="developerApi" canUpgrade={plan.isOwner} /> : null}
          <WebhookEndpoints locked={locked} />
          <ApiKeys locked={locked} />
        </>
      ) : null}
    </section>
  );
}
