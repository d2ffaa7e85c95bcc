import { type Feature, isFeatureAvailable, lowestPlanWith } from "../../../shared/plans";
import { useTranslation } from "../../i18n";

/**
 * "Included in: All plans" for what the product has today; "Planned for: Basic and Pro" with a
 * "Coming soon" badge for what it does not have yet (src/shared/plans.ts decides which is which).
 */
export function PlanBadges({ feature }: { feature: Feature }) {
  const { t } = useTranslation("marketing");
  const lowest = lowestPlanWith(feature);
  const available = isFeatureAvailable(feature);
  const plans =
    lowest === "STARTER"
      ? t("features.allPlans")
      : lowest === "BASIC"
        ? t("features.fromPlan", { plan: t("pricing.plans.BASIC.name") })
        : t("features.onlyPlan");
  return (
    <p className="mt-3 flex flex-wrap items-center gap-2 text-xs font-medium" data-testid={`feature-badges-${feature}`} data-available={available}>
      <span className={`rounded-full px-2.5 py-1 ${available ? "bg-brand-50 text-brand-700" : "bg-slate-100 text-slate-700"}`}>
        {available ? t("features.includedIn") : t("features.plannedFor")}: {plans}
      </span>
      {available ? null : <ComingSoon />}
    </p>
  );
}

export function ComingSoon() {
  const { t } = useTranslation("marketing");
  return <span className="rounded-full bg-amber-100 px-2.5 py-1 text-xs font-medium text-amber-900">{t("features.comingSoon")}</span>;
}
