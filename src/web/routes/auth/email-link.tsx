import { useEffect, useRef, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { z } from "zod";
import { ZEmail } from "../../../shared/identity";
import { safeReturnPath } from "../../../shared/locales";
import { Alert } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { TextField } from "../../components/ui/field";
import { useLocale, useLocalizedHref, useTranslation } from "../../i18n";
import { useZodForm } from "../../lib/form";
import { useHydrated } from "../../lib/use-hydrated";
import { storedSignInEmail, verifySignInLink } from "../../lib/auth-client";
import { redirectIfSignedIn } from "../../lib/auth.server";
import type { Route } from "./+types/email-link";

export function loader({ context }: Route.LoaderArgs) {
  redirectIfSignedIn(context);
  return null;
}

const ZConfirmEmail = z.object({ email: ZEmail });

type State = { kind: "checking" } | { kind: "confirm"; error?: string } | { kind: "verifying" } | { kind: "failed"; message: string };

/**
 * The landing page of the e-mail link (route name auth-email-link). SPEC §4: the e-mail comes from
 * local storage, or — when the link is opened on another device — from a prompt.
 */
export default function EmailLinkPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const href = useLocalizedHref();
  const hydrated = useHydrated();
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const [state, setState] = useState<State>({ kind: "checking" });
  const started = useRef(false);
  const confirmForm = useZodForm(ZConfirmEmail);
  const confirmError = confirmForm.formState.errors.email?.message;

  async function verify(address: string) {
    setState({ kind: "verifying" });
    const result = await verifySignInLink({ email: address, token, locale });
    if (result.ok) {
      // A full load: the server now sees the session. Only ever a path on this site.
      window.location.assign(safeReturnPath(result.data.redirectTo, window.location.origin) ?? href("/app"));
      return;
    }
    if (result.error.code === "email-mismatch" || result.error.code === "invalid-email") {
      setState({ kind: "confirm", error: t(`auth:errors.${result.error.code}`) });
      return;
    }
    setState({ kind: "failed", message: t(`auth:errors.${result.error.code}`, { defaultValue: t("auth:errors.internal-error") }) });
  }

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once, on arrival from the e-mail link
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    if (!token) {
      setState({ kind: "failed", message: t("auth:emailLink.missingToken") });
      return;
    }
    const stored = storedSignInEmail();
    if (stored) void verify(stored);
    else setState({ kind: "confirm" });
  }, []);

  const onConfirm = confirmForm.handleSubmit(({ email }) => verify(email));

  return (
    <div className="p-6 sm:p-8" aria-live="polite">
      <title>{`${t("auth:emailLink.title")} · Offerly`}</title>
      {state.kind === "checking" || state.kind === "verifying" ? (
        <div className="flex items-center gap-3">
          <span aria-hidden="true" className="h-5 w-5 animate-spin rounded-full border-2 border-brand-600 border-t-transparent" />
          <h1 className="text-xl font-semibold">{t("auth:emailLink.title")}</h1>
        </div>
      ) : null}
      {state.kind === "confirm" ? (
        <form noValidate onSubmit={onConfirm} className="space-y-4" data-testid="confirm-email-form">
          <h1 className="text-2xl font-bold tracking-tight">{t("auth:emailLink.confirmTitle")}</h1>
          <TextField
            label={t("auth:emailLink.confirmPrompt")}
            type="email"
            autoComplete="email"
            error={confirmError ?? state.error}
            autoFocus
            {...confirmForm.register("email")}
          />
          <Button type="submit" disabled={!hydrated} className="w-full">
            {t("auth:emailLink.confirm")}
          </Button>
        </form>
      ) : null}
      {state.kind === "failed" ? (
        <div className="space-y-4">
          <h1 className="text-2xl font-bold tracking-tight">{t("auth:emailLink.failedTitle")}</h1>
          <Alert>{state.message}</Alert>
          <Link to={href("/auth/sign-in")} className="inline-block font-medium text-brand-700 hover:underline" data-testid="request-new-link">
            {t("auth:emailLink.requestNew")}
          </Link>
        </div>
      ) : null}
    </div>
  );
}
