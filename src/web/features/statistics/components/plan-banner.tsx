import { Link } from "react-router";
import { trialDaysLeft } from "../../../../shared/subscription";
import { useLocalizedHref, useTranslation } from "../../../i18n";
import { useAccountPlan } from "../../billing/hooks/use-account-plan";

/** The trial or plan state at the top of the dashboard, with the way to billing. */
export function PlanBanner() {
  const { t } = useTranslation();
  const href = useLocalizedHref();
  const { account, trial, expired } = useAccountPlan();
  if (!account) return null;
  if (!trial && !expired) return null;
  const text = expired ? t("billing:modal.body") : t("app:dashboard.trial", { count: trialDaysLeft(account) ?? 0 });
  return (
    <div
      className={`flex flex-wrap items-center justify-between gap-3 rounded-xl px-4 py-3 text-sm ${expired ? "bg-amber-50 text-amber-900" : "bg-brand-50 text-brand-700"}`}
      data-testid="trial-status"
    >
      <p>{text}</p>
      <Link to={href("/app/settings/billing")} className="font-semibold underline">
        {t("billing:upgrade.action")}
      </Link>
    </div>
  );
}
