import { useQuery } from "urql";
import { QueryState } from "../../components/ui/query-state";
import { useAccountPlan } from "../../features/billing/hooks/use-account-plan";
import { AddDomainForm, DomainDetails, DomainLocked } from "../../features/domains/components/domain-settings";
import { CustomDomainQuery } from "../../features/domains/operations";
import { SettingsNav } from "../../features/settings/components/settings-nav";
import { useTranslation } from "../../i18n";

/**
 * /app/settings/domain — the account's own domain for its quote links (issue 25, decision 060):
 * add a sub-domain, the two DNS records with their state, "Check now", remove. Owners and admins
 * (the server refuses members too); adding and checking are Pro (the server checks).
 */
export default function SettingsDomainPage() {
  const { t } = useTranslation();
  const plan = useAccountPlan();
  const [{ data, fetching, error }, refetch] = useQuery({ query: CustomDomainQuery, requestPolicy: "cache-and-network" });
  const reload = () => refetch({ requestPolicy: "network-only" });
  return (
    <section className="mx-auto max-w-6xl space-y-6 px-4 py-8 *:max-w-3xl">
      <title>{`${t("domains:title")} · Offerly`}</title>
      <div className="space-y-3">
        <h1 className="text-2xl font-bold tracking-tight">{t("domains:title")}</h1>
        <SettingsNav />
        <p className="text-sm text-slate-600">{t("domains:description")}</p>
      </div>
      <QueryState fetching={fetching} error={error} hasData={Boolean(data)} onRetry={reload} errorMessage={t("domains:loadError")} />
      {data?.customDomain ? <DomainDetails domain={data.customDomain} onRemoved={reload} /> : null}
      {data && !data.customDomain ? (
        data.customDomainAvailable ? (
          <div className="space-y-3">
            <p className="text-sm text-slate-700" data-testid="domain-empty">
              {t("domains:empty")}
            </p>
            <AddDomainForm onAdded={reload} />
          </div>
        ) : (
          <DomainLocked canUpgrade={plan.isOwner} />
        )
      ) : null}
    </section>
  );
}
