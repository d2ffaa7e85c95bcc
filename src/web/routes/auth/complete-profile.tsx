import { useMutation } from "urql";
import { ZSignUpInput } from "../../../shared/identity";
import { Alert } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { TextField } from "../../components/ui/field";
import { graphql } from "../../graphql/generated";
import { GraphQLProvider } from "../../graphql/provider";
import { useLocalizedHref, useTranslation } from "../../i18n";
import { rememberAccount } from "../../lib/account-cookie";
import { requireUserWithoutAccount } from "../../lib/auth.server";
import { applyServerErrors, useZodForm } from "../../lib/form";
import { useHydrated } from "../../lib/use-hydrated";
import type { Route } from "./+types/complete-profile";

export async function loader({ context, request }: Route.LoaderArgs) {
  const user = await requireUserWithoutAccount(context, request);
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
  const form = useZodForm(ZSignUpInput, { name: initialName, companyName: "" });
  const { errors } = form.formState;
  const [{ fetching }, signUp] = useMutation(SignUpMutation);

  const onSubmit = form.handleSubmit(async (input) => {
    const result = await signUp({ input });
    if (result.error || !result.data) {
      applyServerErrors(form, result.error, t("errors.generic"));
      return;
    }
    rememberAccount(result.data.signUp.id);
    window.location.assign(href("/app"));
  });

  return (
    <form noValidate onSubmit={onSubmit} className="mt-6 space-y-4" data-testid="complete-profile-form">
      {errors.root?.server ? <Alert>{errors.root.server.message}</Alert> : null}
      <TextField label={t("auth:signIn.name")} autoComplete="name" defaultValue={initialName} error={errors.name?.message} {...form.register("name")} />
      <TextField label={t("auth:signIn.company")} autoComplete="organization" error={errors.companyName?.message} {...form.register("companyName")} />
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
