import { planIncludes } from "../../../shared/plans";
import { Alert } from "../../components/ui/alert";
import { QueryState } from "../../components/ui/query-state";
import { useAccountPlan } from "../../features/billing/hooks/use-account-plan";
import { INTEGRATION_CARDS } from "../../features/integrations/cards";
import { SettingsNav } from "../../features/settings/components/settings-nav";
import { useTranslation } from "../../i18n";

/**
 * /app/settings/integrations — Slack, Harvest and Zapier (issue 24, decision 053): one card per
 * integration (features/integrations/cards.tsx). Owners and admins only (the server refuses members
 * too). Integrations are a Basic/Pro feature: a Starter or expired account sees the cards with the
 * upgrade path, and the server refuses to connect.
 */
export default function SettingsIntegrationsPage() {
  const { t } = useTranslation();
  const plan = useAccountPlan();
  const staff = plan.role === "OWNER" || plan.role === "ADMIN";
  const locked = plan.account ? plan.expired || !planIncludes(plan.account, "integrations") : false;
  return (
    <section className="mx-auto max-w-6xl space-y-6 px-4 py-8 *:max-w-5xl">
      <title>{`${t("integrations:title")} · Offerly`}</title>
      <div className="space-y-3">
        <h1 className="text-2xl font-bold tracking-tight">{t("integrations:title")}</h1>
        <SettingsNav />
        <p className="max-w-3xl text-sm text-slate-600">{t("integrations:intro")}</p>
      </div>
      <QueryState fetching={plan.fetching} error={plan.error} hasData={Boolean(plan.account)} onRetry={() => plan.refetch({ requestPolicy: "network-only" })} />
      {plan.account && !staff ? (
        <div data-testid="integrations-forbidden">
          <Alert>{t("integrations:forbidden")}</Alert>
        </div>
      ) : null}
      {plan.account && staff ? (
        <div className="space-y-6" data-testid="integration-cards">
          {INTEGRATION_CARDS.map(({ id, Card }) => (
            <Card key={id} locked={locked} canUpgrade={plan.isOwner} />
          ))}
        </div>
      ) : null}
    </section>
  );
}
