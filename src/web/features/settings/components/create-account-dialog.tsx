import { useMutation } from "urql";
import { ZCreateAccountInput } from "../../../../shared/account-settings";
import { ConfirmDialog } from "../../../components/ui/dialog";
import { TextField } from "../../../components/ui/field";
import { toast } from "../../../components/ui/toast";
import { useLocalizedHref, useTranslation } from "../../../i18n";
import { rememberAccount } from "../../../lib/account-cookie";
import { applyServerErrors, useZodForm } from "../../../lib/form";
import { CreateAccountMutation } from "../operations";

/**
 * "New account" from the account menu: a second company for the signed-in user, who becomes its
 * owner; the app then switches to it (a reload: a fresh GraphQL cache for the other company).
 */
export function CreateAccountDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const href = useLocalizedHref();
  const form = useZodForm(ZCreateAccountInput, { companyName: "" });
  const { register, formState, handleSubmit } = form;
  const [{ fetching }, createAccount] = useMutation(CreateAccountMutation);

  const onSubmit = handleSubmit(async (input) => {
    const result = await createAccount({ input });
    if (result.error || !result.data) {
      toast.error(applyServerErrors(form, result.error, t("errors.generic")));
      return;
    }
    toast.success(t("settings:menu.created"));
    rememberAccount(result.data.createAccount.id);
    window.location.assign(href("/app/settings"));
  });

  return (
    <ConfirmDialog
      open={open}
      title={t("settings:menu.newAccountTitle")}
      confirmLabel={t("settings:menu.create")}
      cancelLabel={t("settings:menu.cancel")}
      busy={fetching}
      onCancel={() => {
        form.reset();
        onClose();
      }}
      onConfirm={() => void onSubmit()}
    >
      <p>{t("settings:menu.newAccountBody")}</p>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void onSubmit();
        }}
        data-testid="create-account-form"
      >
        <TextField
          label={t("settings:menu.companyName")}
          required
          maxLength={120}
          autoComplete="organization"
          error={formState.errors.companyName?.message}
          {...register("companyName")}
        />
      </form>
    </ConfirmDialog>
  );
}
