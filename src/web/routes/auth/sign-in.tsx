import { Link, useNavigate, useSearchParams } from "react-router";
import { z } from "zod";
import { IDENTITY_ERROR_CODES, ZCompanyName, ZEmail, ZPersonName } from "../../../shared/identity";
import { translateKey } from "../../../shared/i18n/index";
import { Alert } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { TextField } from "../../components/ui/field";
import { toast } from "../../components/ui/toast";
import { useLocale, useLocalizedHref, useTranslation } from "../../i18n";
import { applyRefusal, useZodForm } from "../../lib/form";
import { useHydrated } from "../../lib/use-hydrated";
import { requestSignInLink } from "../../lib/auth-client";
import { redirectIfSignedIn } from "../../lib/auth.server";
import type { Route } from "./+types/sign-in";

export function loader({ context, request }: Route.LoaderArgs) {
  redirectIfSignedIn(context);
  const error = new URL(request.url).searchParams.get("error");
  return {
    googleEnabled: context.ctx.config.google !== null,
    error: error && (IDENTITY_ERROR_CODES as readonly string[]).includes(error) ? error : null,
  };
}

const ZSignIn = z.object({ email: ZEmail, name: z.string().optional(), companyName: z.string().optional() });
const ZSignUp = z.object({ email: ZEmail, name: ZPersonName, companyName: ZCompanyName });

export default function SignInPage({ loaderData }: Route.ComponentProps) {
  const [params] = useSearchParams();
  const signUp = params.get("mode") === "sign-up";
  // A new form per mode: its schema (and fields) differ.
  return <SignInForm key={signUp ? "sign-up" : "sign-in"} signUp={signUp} returnTo={params.get("returnTo") ?? undefined} loaderData={loaderData} />;
}

function SignInForm({ signUp, returnTo, loaderData }: { signUp: boolean; returnTo: string | undefined; loaderData: Route.ComponentProps["loaderData"] }) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const locale = useLocale();
  const href = useLocalizedHref();
  const navigate = useNavigate();
  // No default values: the fields keep what a person typed before the page hydrated.
  const form = useZodForm(signUp ? ZSignUp : ZSignIn);
  const { errors, isSubmitting: busy } = form.formState;

  const onSubmit = form.handleSubmit(async ({ email, name, companyName }) => {
    const result = await requestSignInLink({ email, signUp: signUp ? { name: name ?? "", companyName: companyName ?? "" } : undefined, returnTo, locale });
    if (!result.ok) {
      const message = translateKey(t, `auth:errors.${result.error.code}`, { defaultValue: t("auth:errors.internal-error") });
      applyRefusal(
        form,
        { message, code: String(result.error.code), fields: result.error.fields ?? {} },
        { "signUp.name": "name", "signUp.companyName": "companyName" },
      );
      return;
    }
    toast.success(t("auth:signIn.linkSent"));
    navigate(href("/auth/email-link-sent"));
  });

  const googleHref = `/api/auth/google?locale=${locale}${returnTo ? `&returnTo=${encodeURIComponent(returnTo)}` : ""}`;
  const switchHref = `${href("/auth/sign-in")}${signUp ? "" : "?mode=sign-up"}`;

  return (
    <div className="p-6 sm:p-8">
      <title>{`${signUp ? t("auth:signIn.signUpTitle") : t("auth:signIn.title")} · Offerly`}</title>
      <h1 className="text-2xl font-bold tracking-tight">{signUp ? t("auth:signIn.signUpTitle") : t("auth:signIn.title")}</h1>
      <p className="mt-1 text-sm text-slate-600">{signUp ? t("auth:signIn.signUpSubtitle") : t("auth:signIn.subtitle")}</p>

      {loaderData.error ? (
        <div className="mt-4">
          <Alert>{translateKey(t, `auth:errors.${loaderData.error}`)}</Alert>
        </div>
      ) : null}
      {errors.root?.server ? (
        <div className="mt-4">
          <Alert>{errors.root.server.message}</Alert>
        </div>
      ) : null}

      <form noValidate onSubmit={onSubmit} className="mt-6 space-y-4" data-testid="sign-in-form">
        {signUp ? <TextField label={t("auth:signIn.name")} autoComplete="name" error={errors.name?.message} required {...form.register("name")} /> : null}
        <TextField
          label={t("auth:signIn.email")}
          type="email"
          autoComplete="email"
          inputMode="email"
          error={errors.email?.message}
          required
          {...form.register("email")}
        />
        {signUp ? (
          <TextField
            label={t("auth:signIn.company")}
            autoComplete="organization"
            error={errors.companyName?.message}
            required
            {...form.register("companyName")}
          />
        ) : null}
        <Button type="submit" disabled={!hydrated} busy={busy} className="w-full">
          {busy ? t("auth:signIn.sending") : signUp ? t("auth:signIn.submitSignUp") : t("auth:signIn.submit")}
        </Button>
      </form>

      {loaderData.googleEnabled ? (
        <>
          <div className="my-6 flex items-center gap-3 text-xs uppercase text-slate-400">
            <span className="h-px flex-1 bg-slate-200" />
            {t("auth:signIn.or")}
            <span className="h-px flex-1 bg-slate-200" />
          </div>
          <a
            href={googleHref}
            data-testid="google-sign-in"
            className="flex w-full items-center justify-center gap-2 rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-semibold hover:bg-slate-50"
          >
            <svg aria-hidden="true" viewBox="0 0 24 24" className="h-4 w-4">
              <path fill="#4285F4" d="M23 12.3c0-.8-.1-1.6-.2-2.3H12v4.4h6.2a5.3 5.3 0 0 1-2.3 3.5v2.9h3.7c2.2-2 3.4-5 3.4-8.5z" />
              <path fill="#34A853" d="M12 23.5c3.1 0 5.7-1 7.6-2.8l-3.7-2.9c-1 .7-2.3 1.1-3.9 1.1-3 0-5.5-2-6.4-4.8H1.8v3A11.5 11.5 0 0 0 12 23.5z" />
              <path fill="#FBBC05" d="M5.6 14.1a6.9 6.9 0 0 1 0-4.3v-3H1.8a11.5 11.5 0 0 0 0 10.3z" />
              <path fill="#EA4335" d="M12 4.6c1.7 0 3.2.6 4.4 1.7l3.3-3.3A11.5 11.5 0 0 0 1.8 6.8l3.8 3c.9-2.8 3.4-5.2 6.4-5.2z" />
            </svg>
            {t("auth:signIn.google")}
          </a>
        </>
      ) : null}

      <p className="mt-6 text-center text-sm">
        <Link to={switchHref} className="font-medium text-brand-700 hover:underline">
          {signUp ? t("auth:signIn.toSignIn") : t("auth:signIn.toSignUp")}
        </Link>
      </p>
    </div>
  );
}
