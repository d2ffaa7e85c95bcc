import { Controller } from "react-hook-form";
import { useMutation } from "urql";
import { localTodayIso } from "../../../../shared/format";
import { SIGNING_LIMITS, ZAccountSignatureInput } from "../../../../shared/signing";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { SelectField, TextField } from "../../../components/ui/field";
import { toast } from "../../../components/ui/toast";
import { useTranslation } from "../../../i18n";
import { applyServerErrors, useZodForm } from "../../../lib/form";
import { SignatureCanvas } from "../../templates/components/signature-canvas";
import { CreateAccountSignatureMutation } from "../operations";

type Template = { id: string; name: string; kind: string; isDefault: boolean };
type Source = "TEMPLATE" | "DRAWN" | "TYPED";

/**
 * "Add signature" (SPEC §3): a name and a signed-at date, with the signature from a saved
 * signature template (the default one first) or a new drawn or typed one. The one form pattern:
 * the server's zod schema, server refusals on the same fields.
 */
export function AccountSignatureForm({
  quoteId,
  templates,
  defaultName,
  onDone,
}: {
  quoteId: string;
  templates: Template[];
  defaultName: string;
  onDone: (added: boolean) => void;
}) {
  const { t } = useTranslation();
  const preferred = templates.find((s) => s.isDefault) ?? templates[0];
  const form = useZodForm(ZAccountSignatureInput, {
    name: defaultName,
    signedAt: localTodayIso(),
    templateSignatureId: preferred?.id ?? null,
    signatureKind: preferred ? null : "TYPED",
    signature: "",
  });
  const { register, formState, handleSubmit, control, watch, setValue } = form;
  const { errors } = formState;
  const [{ fetching }, create] = useMutation(CreateAccountSignatureMutation);
  const source: Source = watch("templateSignatureId") ? "TEMPLATE" : watch("signatureKind") === "DRAWN" ? "DRAWN" : "TYPED";
  const choose = (next: Source) => {
    setValue("templateSignatureId", next === "TEMPLATE" ? (preferred?.id ?? null) : null);
    setValue("signatureKind", next === "TEMPLATE" ? null : next);
    setValue("signature", "");
  };

  const onSubmit = handleSubmit(async (input) => {
    const result = await create({
      quoteId,
      input: {
        name: input.name,
        signedAt: input.signedAt,
        templateSignatureId: input.templateSignatureId ?? null,
        signatureKind: input.signatureKind ?? null,
        signature: input.signature ?? null,
      },
    });
    if (result.error || !result.data) {
      toast.error(applyServerErrors(form, result.error, t("errors.generic")));
      return;
    }
    toast.success(t("signing:toast.added"));
    onDone(true);
  });

  const sources: { value: Source; label: string }[] = [
    ...(templates.length ? [{ value: "TEMPLATE" as const, label: t("signing:owner.useTemplate") }] : []),
    { value: "DRAWN", label: t("signing:owner.newDrawn") },
    { value: "TYPED", label: t("signing:owner.newTyped") },
  ];
  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4 rounded-xl border border-slate-200 bg-white p-4 sm:p-6" data-testid="account-signature-form">
      <h3 className="text-base font-semibold">{t("signing:owner.addTitle")}</h3>
      {errors.root?.server ? <Alert>{errors.root.server.message}</Alert> : null}
      <TextField
        label={t("signing:owner.name")}
        required
        maxLength={SIGNING_LIMITS.nameMax}
        autoComplete="name"
        error={errors.name?.message}
        {...register("name")}
      />
      <TextField label={t("signing:owner.signedAt")} type="date" required error={errors.signedAt?.message} {...register("signedAt")} />
      <fieldset>
        <legend className="text-sm font-medium text-slate-900">{t("signing:owner.source")}</legend>
        <div className="mt-1 flex flex-col gap-2 sm:flex-row sm:gap-4">
          {sources.map((s) => (
            <label key={s.value} className="flex items-center gap-2 text-sm">
              <input type="radio" name="source" value={s.value} checked={source === s.value} onChange={() => choose(s.value)} />
              {s.label}
            </label>
          ))}
        </div>
      </fieldset>
      {source === "TEMPLATE" ? (
        <SelectField
          label={t("signing:owner.useTemplate")}
          hideLabel
          options={templates.map((s) => ({ value: s.id, label: s.name }))}
          error={errors.templateSignatureId?.message}
          {...register("templateSignatureId")}
        />
      ) : source === "TYPED" ? (
        <TextField
          label={t("signing:owner.typed")}
          maxLength={SIGNING_LIMITS.typedMax}
          error={errors.signature?.message}
          className="[&_input]:font-serif [&_input]:text-xl [&_input]:italic"
          {...register("signature")}
        />
      ) : (
        <>
          <Controller
            control={control}
            name="signature"
            render={({ field }) => <SignatureCanvas label={t("signing:form.drawHint")} onChange={(url) => field.onChange(url)} />}
          />
          {errors.signature?.message ? <p className="text-sm font-medium text-red-700">{errors.signature.message}</p> : null}
        </>
      )}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="ghost" onClick={() => onDone(false)}>
          {t("signing:owner.cancel")}
        </Button>
        <Button type="submit" busy={fetching} data-testid="save-account-signature">
          {t("signing:owner.save")}
        </Button>
      </div>
    </form>
  );
}
