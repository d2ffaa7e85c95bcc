import { useMutation } from "urql";
import type { AccountRole } from "../../../../shared/enums";
import { canManageRole } from "../../../../shared/permissions";
import { ZInviteUserInput } from "../../../../shared/team";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { SelectField, TextField } from "../../../components/ui/field";
import { toast } from "../../../components/ui/toast";
import type { AccountRole as GqlRole } from "../../../graphql/generated/graphql";
import { useTranslation } from "../../../i18n";
import { applyServerErrors, useZodForm } from "../../../lib/form";
import { InviteUserMutation } from "../operations";

const ROLES: AccountRole[] = ["member", "admin", "owner"];

/** Invite a teammate: e-mail (required), name (optional), role — the roles the inviter may give. */
export function InviteForm({ myRole }: { myRole: AccountRole }) {
  const { t } = useTranslation();
  const form = useZodForm(ZInviteUserInput, { email: "", name: "", role: "member" });
  const { register, formState, handleSubmit, reset } = form;
  const { errors } = formState;
  const [{ fetching }, inviteUser] = useMutation(InviteUserMutation);

  const onSubmit = handleSubmit(async (input) => {
    const result = await inviteUser({ input: { email: input.email, name: input.name, role: input.role.toUpperCase() as GqlRole } });
    if (result.error || !result.data) {
      toast.error(applyServerErrors(form, result.error, t("errors.generic")));
      return;
    }
    toast.success(t("team:invite.sent"));
    reset({ email: "", name: "", role: input.role });
  });

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4 rounded-xl border border-slate-200 bg-white p-4 sm:p-6" data-testid="invite-form">
      <h2 className="text-lg font-semibold">{t("team:invite.title")}</h2>
      {errors.root?.server ? <Alert>{errors.root.server.message}</Alert> : null}
      <div className="grid gap-4 sm:grid-cols-[2fr_2fr_1fr]">
        <TextField
          label={t("team:invite.email")}
          type="email"
          required
          maxLength={254}
          autoComplete="off"
          error={errors.email?.message}
          {...register("email")}
        />
        <TextField label={t("team:invite.name")} maxLength={100} autoComplete="off" error={errors.name?.message} {...register("name")} />
        <SelectField
          label={t("team:invite.role")}
          error={errors.role?.message}
          options={ROLES.filter((r) => canManageRole(myRole, r)).map((r) => ({ value: r, label: t(`team:roles.${r}`) }))}
          {...register("role")}
        />
      </div>
      <div className="flex justify-end">
        <Button type="submit" busy={fetching} data-testid="invite-submit">
          {t("team:invite.submit")}
        </Button>
      </div>
    </form>
  );
}
