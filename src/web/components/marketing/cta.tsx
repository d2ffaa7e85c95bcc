import { Link, useRouteLoaderData } from "react-router";
import { useLocalizedHref, useTranslation } from "../../i18n";

/** Whether the visitor is signed in, from the marketing layout's loader (either language's copy). */
export function useSignedIn(): boolean {
  const en = useRouteLoaderData<{ signedIn: boolean }>("marketing");
  const nl = useRouteLoaderData<{ signedIn: boolean }>("nl:marketing");
  return Boolean((en ?? nl)?.signedIn);
}

/**
 * The call to action: "Start free trial" with "14-day free trial, no credit card needed" under it;
 * for a visitor who is signed in, "Go to app".
 */
export function TrialCta({ secondary, align = "start", testId }: { secondary?: { to: string; label: string }; align?: "start" | "center"; testId?: string }) {
  const { t } = useTranslation("marketing");
  const href = useLocalizedHref();
  const signedIn = useSignedIn();
  return (
    <div className={`flex flex-col gap-2 ${align === "center" ? "items-center" : "items-start"}`}>
      <div className={`flex flex-wrap gap-3 ${align === "center" ? "justify-center" : ""}`}>
        <Link
          to={href(signedIn ? "/app" : "/auth/sign-in?mode=sign-up")}
          data-testid={testId}
          className="rounded-md bg-brand-600 px-5 py-3 text-base font-semibold text-white shadow-sm hover:bg-brand-700"
        >
          {signedIn ? t("signedIn.goToApp") : t("cta.startTrial")}
        </Link>
        {secondary ? (
          <Link
            to={href(secondary.to)}
            className="rounded-md border border-slate-300 bg-white px-5 py-3 text-base font-semibold text-slate-800 hover:bg-slate-50"
          >
            {secondary.label}
          </Link>
        ) : null}
      </div>
      {signedIn ? null : <p className="text-sm text-slate-600">{t("cta.trialNote")}</p>}
    </div>
  );
}
