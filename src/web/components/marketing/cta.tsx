import { Link } from "react-router";
import { useLocalizedHref, useTranslation } from "../../i18n";

/** The call to action: "Start free trial" with "14-day free trial, no credit card needed" under it. */
export function TrialCta({ secondary, align = "start", testId }: { secondary?: { to: string; label: string }; align?: "start" | "center"; testId?: string }) {
  const { t } = useTranslation("marketing");
  const href = useLocalizedHref();
  return (
    <div className={`flex flex-col gap-2 ${align === "center" ? "items-center" : "items-start"}`}>
      <div className={`flex flex-wrap gap-3 ${align === "center" ? "justify-center" : ""}`}>
        <Link
          to={href("/auth/sign-in?mode=sign-up")}
          data-testid={testId}
          className="rounded-md bg-brand-600 px-5 py-3 text-base font-semibold text-white shadow-sm hover:bg-brand-700"
        >
          {t("cta.startTrial")}
        </Link>
        {secondary ? (
          <Link to={href(secondary.to)} className="rounded-md border border-slate-300 bg-white px-5 py-3 text-base font-semibold text-slate-800 hover:bg-slate-50">
            {secondary.label}
          </Link>
        ) : null}
      </div>
      <p className="text-sm text-slate-600">{t("cta.trialNote")}</p>
    </div>
  );
}
