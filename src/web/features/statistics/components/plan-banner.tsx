import { Link } from "react-router";
import { formatDate } from "../../../../shared/format";
import { trialDaysLeft } from "../../../../shared/subscription";
import { useLocalizedHref, useTranslation } from "../../../i18n";
import { useAccountPlan } from "../../billing/hooks/use-account-plan";

/** The trial or plan state at the top of the dashboard, with the way to billing. */
export function PlanBanner() {
  const { t, i18n } = useTranslation();
  const href = useLocalizedHref();
  const { account, trial, expired } = useAccountPlan();
  if (!account) return null;
  if (!trial && !expired) return null;
  // The end date (as on the billing page) with SPEC's days left, so "14 days free" and the count agree.
  const endsOn = account.expiredAt ? formatDate(String(account.expiredAt).slice(0, 10), i18n.language, "long") : "";
  const text = expired ? t("billing:modal.body") : t("app:dashboard.trial", { count: trialDaysLeft(account) ?? 0, date: endsOn });
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
