import { Controller } from "react-hook-form";
import { useMutation } from "urql";
import { BLOCK_LIMITS, ZTemplateSignatureInput } from "../../../../shared/blocks";
import { SIGNATURE_KINDS, type SignatureKind } from "../../../../shared/enums";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { CheckboxField } from "../../../components/ui/checkbox";
import { TextField } from "../../../components/ui/field";
import { toast } from "../../../components/ui/toast";
import type { TemplateSignatureFieldsFragment } from "../../../graphql/generated/graphql";
import { useTranslation } from "../../../i18n";
import { applyServerErrors, useLeaveGuard, useZodForm } from "../../../lib/form";
import { CreateTemplateSignatureMutation, UpdateTemplateSignatureMutation } from "../operations";
import { SignatureCanvas } from "./signature-canvas";

/** Create or edit a signature template: a name and a drawn or typed signature, optionally the default. */
export function SignatureForm({ signature, onDone }: { signature: TemplateSignatureFieldsFragment | null; onDone: () => void }) {
  const { t } = useTranslation();
  const form = useZodForm(ZTemplateSignatureInput, {
    name: signature?.name ?? "",
    kind: (signature?.kind ?? "TYPED") as SignatureKind,
    signature: signature?.signature ?? "",
    isDefault: signature?.isDefault ?? false,
  });
  const { register, formState, handleSubmit, control, watch, setValue } = form;
  const { errors } = formState;
  const { allowLeave, leaveDialog } = useLeaveGuard(formState.isDirty && !formState.isSubmitting);
  const [{ fetching: creating }, create] = useMutation(CreateTemplateSignatureMutation);
  const [{ fetching: updating }, update] = useMutation(UpdateTemplateSignatureMutation);
  const kind = watch("kind");

  const onSubmit = handleSubmit(async (input) => {
    const result = signature ? await update({ id: signature.id, input }) : await create({ input });
    if (result.error || !result.data) {
      toast.error(applyServerErrors(form, result.error, t("errors.generic")));
      return;
    }
    toast.success(signature ? t("templates:signatures.updated") : t("templates:signatures.added"));
    allowLeave();
    onDone();
  });

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4 rounded-xl border border-slate-200 bg-white p-4 sm:p-6" data-testid="signature-form">
      {errors.root?.server ? <Alert>{errors.root.server.message}</Alert> : null}
      <TextField label={t("templates:signatures.name")} required maxLength={BLOCK_LIMITS.signatureNameMax} error={errors.name?.message} {...register("name")} />
      <fieldset>
        <legend className="text-sm font-medium text-slate-900">{t("templates:signatures.kind")}</legend>
        <div className="mt-1 flex gap-4">
          {SIGNATURE_KINDS.map((k) => (
            <label key={k} className="flex items-center gap-2 text-sm">
              <input
                type="radio"
                value={k}
                checked={kind === k}
                onChange={() => {
                  setValue("kind", k, { shouldDirty: true });
                  setValue("signature", signature?.kind === k ? signature.signature : "", { shouldDirty: true });
                }}
              />
              {t(`templates:signatures.kinds.${k}`)}
            </label>
          ))}
        </div>
      </fieldset>
      {kind === "TYPED" ? (
        <TextField
          label={t("templates:signatures.typed")}
          maxLength={BLOCK_LIMITS.typedSignatureMax}
          error={errors.signature?.message}
          className="[&_input]:font-serif [&_input]:text-xl [&_input]:italic"
          data-testid="typed-signature"
          {...register("signature")}
        />
      ) : (
        <>
          {signature?.kind === "DRAWN" && watch("signature") === signature.signature ? (
            <div>
              <p className="text-sm font-medium text-slate-900">{t("templates:signatures.current")}</p>
              <img
                src={signature.signature}
                alt={t("templates:signatures.imageAlt", { name: signature.name })}
                className="mt-1 h-24 rounded border border-slate-200 bg-white"
              />
            </div>
          ) : null}
          <Controller
            control={control}
            name="signature"
            render={({ field }) => (
              <SignatureCanvas
                label={t("templates:signatures.draw")}
                onChange={(url) => field.onChange(url || (signature?.kind === "DRAWN" ? signature.signature : ""))}
              />
            )}
          />
          {errors.signature?.message ? <p className="text-sm font-medium text-red-700">{errors.signature.message}</p> : null}
        </>
      )}
      <CheckboxField label={t("templates:signatures.isDefault")} hint={t("templates:signatures.isDefaultHint")} {...register("isDefault")} />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="ghost" onClick={onDone}>
          {t("editor:cancel")}
        </Button>
        <Button type="submit" busy={creating || updating} data-testid="save-signature">
          {t("templates:signatures.save")}
        </Button>
      </div>
      {leaveDialog}
    </form>
  );
}
