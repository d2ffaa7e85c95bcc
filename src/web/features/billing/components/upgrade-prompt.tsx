import { Link } from "react-router";
import { type Feature, PLANS, lowestPlanWith } from "../../../../shared/plans";
import { useLocalizedHref, useTranslation } from "../../../i18n";
import { linkButton } from "../../../lib/mutation-errors";

/**
 * Shown where a feature is locked by the plan (the server refuses it too, with the same words):
 * styling for a Starter account, signing (the signing screens use `feature="signing"`), and by
 * UpgradePromptDialog for any refusal of the entitlement check. `featureLabel` overrides the
 * feature's name from the pricing table; `canUpgrade` false (not the owner) says who can.
 */
export function UpgradePrompt({
  feature,
  featureLabel,
  canUpgrade = true,
  onNavigate,
}: {
  feature: Feature;
  featureLabel?: string;
  canUpgrade?: boolean;
  onNavigate?: () => void;
}) {
  const { t } = useTranslation();
  const href = useLocalizedHref();
  const lowest = lowestPlanWith(feature);
  const plan = t(`billing:plan.${lowest}`);
  const name = featureLabel ?? t(`marketing:pricing.featureNames.${feature}`);
  const top = lowest === PLANS[PLANS.length - 1];
  return (
    <div className="rounded-xl border border-brand-100 bg-brand-50 p-4" data-testid={`upgrade-prompt-${feature}`}>
      <p className="font-semibold text-brand-700">{t("billing:upgrade.title", { plan })}</p>
      <p className="mt-1 text-sm text-brand-700">
        {top ? t("billing:upgrade.bodyTop", { feature: name, plan }) : t("billing:upgrade.body", { feature: name, plan })}
      </p>
      {canUpgrade ? (
        <Link to={href("/app/settings/billing/update")} className={`mt-3 ${linkButton.primary}`} onClick={onNavigate} data-testid="upgrade-prompt-action">
          {t("billing:upgrade.action")}
        </Link>
      ) : (
        <p className="mt-1 text-sm text-brand-700">{t("billing:upgrade.ownerOnly")}</p>
      )}
    </div>
  );
}
