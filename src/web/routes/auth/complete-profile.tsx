import { useState } from "react";
import { redirect } from "react-router";
import { useMutation } from "urql";
import { ZCompanyName, ZPersonName } from "../../../shared/identity";
import { localizePath } from "../../../shared/locales";
import { countAccountsForUser } from "../../../server/modules/identity/accounts.server";
import { Alert } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { TextField } from "../../components/ui/field";
import { graphql } from "../../graphql/generated";
import { GraphQLProvider } from "../../graphql/provider";
import { useLocalizedHref, useTranslation } from "../../i18n";
import { useHydrated } from "../../lib/use-hydrated";
import { rememberAccount } from "../../lib/account-cookie";
import { requireUser } from "../../lib/auth.server";
import type { Route } from "./+types/complete-profile";

export async function loader({ context, request }: Route.LoaderArgs) {
  const user = requireUser(context, request);
  if ((await countAccountsForUser(context.ctx.db, user.id)) > 0) throw redirect(localizePath("/app", context.locale));
  return { name: user.name ?? "" };
}

const SignUpMutation = graphql(`
  mutation SignUp($input: SignUpInput!) {
    signUp(input: $input) {
      id
      name
    }
  }
`);

function CompleteProfileForm({ initialName }: { initialName: string }) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const href = useLocalizedHref();
  const [errors, setErrors] = useState<{ name?: string; companyName?: string; form?: string }>({});
  const [{ fetching }, signUp] = useMutation(SignUpMutation);

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const name = String(form.get("name") ?? "");
    const companyName = String(form.get("companyName") ?? "");
    const n = ZPersonName.safeParse(name);
    const c = ZCompanyName.safeParse(companyName);
    const found = {
      name: n.success ? undefined : t(n.error.issues[0].message),
      companyName: c.success ? undefined : t(c.error.issues[0].message),
    };
    setErrors(found);
    if (found.name || found.companyName) return;
    const result = await signUp({ input: { name, companyName } });
    if (result.error || !result.data) {
      const gqlError = result.error?.graphQLErrors[0];
      const fields = (gqlError?.extensions?.fields ?? {}) as Record<string, string>;
      setErrors({ name: fields.name, companyName: fields.companyName, form: Object.keys(fields).length ? undefined : (gqlError?.message ?? t("errors.generic")) });
      return;
    }
    rememberAccount(result.data.signUp.id);
    window.location.assign(href("/app"));
  }

  return (
    <form noValidate onSubmit={onSubmit} className="mt-6 space-y-4" data-testid="complete-profile-form">
      {errors.form ? <Alert>{errors.form}</Alert> : null}
      <TextField label={t("auth:signIn.name")} name="name" autoComplete="name" defaultValue={initialName} error={errors.name} />
      <TextField label={t("auth:signIn.company")} name="companyName" autoComplete="organization" error={errors.companyName} />
      <Button type="submit" disabled={!hydrated} busy={fetching} className="w-full">
        {t("auth:completeProfile.submit")}
      </Button>
    </form>
  );
}

export default function CompleteProfilePage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <div className="p-6 sm:p-8">
      <title>{`${t("auth:completeProfile.title")} · Offerly`}</title>
      <h1 className="text-2xl font-bold tracking-tight">{t("auth:completeProfile.title")}</h1>
      <p className="mt-1 text-sm text-slate-600">{t("auth:completeProfile.subtitle")}</p>
      <GraphQLProvider accountId={null}>
        <CompleteProfileForm initialName={loaderData.name} />
      </GraphQLProvider>
    </div>
  );
}
