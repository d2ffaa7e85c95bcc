import { COMING_LATER, type Feature, lowestPlanWith } from "../../../shared/plans";
import { useTranslation } from "../../i18n";

/** "All plans" / "Basic and Pro" / "Pro", and "Coming later" for what is not built yet. */
export function PlanBadges({ feature }: { feature: Feature }) {
  const { t } = useTranslation("marketing");
  const lowest = lowestPlanWith(feature);
  const plans =
    lowest === "STARTER" ? t("features.allPlans") : lowest === "BASIC" ? t("features.fromPlan", { plan: t("pricing.plans.BASIC.name") }) : t("features.onlyPlan");
  return (
    <p className="mt-3 flex flex-wrap items-center gap-2 text-xs font-medium">
      <span className="rounded-full bg-brand-50 px-2.5 py-1 text-brand-700">
        {t("features.includedIn")}: {plans}
      </span>
      {COMING_LATER.has(feature) ? <ComingLater /> : null}
    </p>
  );
}

export function ComingLater() {
  const { t } = useTranslation("marketing");
  return <span className="rounded-full bg-amber-100 px-2.5 py-1 text-xs font-medium text-amber-900">{t("features.comingLater")}</span>;
}
