import { Link } from "react-router";
import { type Feature, lowestPlanWith } from "../../../../shared/plans";
import { useLocalizedHref, useTranslation } from "../../../i18n";
import { linkButton } from "../../../lib/mutation-errors";

/**
 * Shown where a feature is locked by the plan (the server refuses it too, with the same words).
 * `featureLabel` is the feature's name as the screen calls it.
 */
export function UpgradePrompt({ feature, featureLabel }: { feature: Feature; featureLabel: string }) {
  const { t } = useTranslation();
  const href = useLocalizedHref();
  const plan = t(`billing:plan.${lowestPlanWith(feature)}`);
  return (
    <div className="rounded-xl border border-brand-100 bg-brand-50 p-4" data-testid={`upgrade-prompt-${feature}`}>
      <p className="font-semibold text-brand-700">{t("billing:upgrade.title", { plan })}</p>
      <p className="mt-1 text-sm text-brand-700">{t("billing:upgrade.body", { feature: featureLabel, plan })}</p>
      <Link to={href("/app/settings/billing/update")} className={`mt-3 ${linkButton.primary}`}>
        {t("billing:upgrade.action")}
      </Link>
    </div>
  );
}
