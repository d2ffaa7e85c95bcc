import type { UseFormReturn } from "react-hook-form";
import { useMutation } from "urql";
import { DEFAULT_STYLING, FONT_NAMES, normaliseHexColor, type ZUpdateAccountStylingInput } from "../../../../shared/account-settings";
import { contrastRatio, isReadableOnWhite } from "../../../../shared/contrast";
import { TEXT_FONTS } from "../../../../shared/enums";
import { formatQuantity } from "../../../../shared/format";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { SelectField, TextField } from "../../../components/ui/field";
import { toast } from "../../../components/ui/toast";
import { useLocale, useTranslation } from "../../../i18n";
import { applyServerErrors, useLeaveGuard } from "../../../lib/form";
import { UpdateAccountStylingMutation } from "../operations";

type Form = UseFormReturn<import("zod").input<typeof ZUpdateAccountStylingInput>, unknown, import("zod").output<typeof ZUpdateAccountStylingInput>>;

/** A colour as text (#rrggbb) with a native colour picker beside it, and the contrast warning. */
function ColorField({ form, name, label, warnContrast }: { form: Form; name: "linkColor" | "textColor"; label: string; warnContrast: boolean }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const value = form.watch(name) ?? "";
  const valid = normaliseHexColor(value);
  const shown = valid ?? DEFAULT_STYLING[name];
  const ratio = valid ? contrastRatio(valid, "#ffffff") : null;
  return (
    <div>
      <div className="flex items-end gap-2">
        <TextField
          label={label}
          hint={t("settings:styling.colorHint")}
          className="flex-1"
          maxLength={7}
          autoComplete="off"
          spellCheck={false}
          placeholder={DEFAULT_STYLING[name]}
          error={form.formState.errors[name]?.message}
          data-testid={`${name}-input`}
          {...form.register(name)}
        />
        <input
          type="color"
          // Its own name: the text field beside it is the one called `label` (issue 28).
          aria-label={t("settings:styling.colorPicker", { label })}
          data-testid={`${name}-picker`}
          value={shown}
          onChange={(e) => form.setValue(name, e.target.value, { shouldDirty: true, shouldValidate: true })}
          className="mb-6 h-10 w-12 shrink-0 cursor-pointer rounded-md border border-slate-300 bg-white p-1"
        />
      </div>
      {warnContrast && valid && ratio !== null && !isReadableOnWhite(valid) ? (
        <p role="status" className="mt-1 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900" data-testid={`${name}-contrast-warning`}>
          {t("settings:styling.contrastWarning", { ratio: formatQuantity(Math.floor(ratio * 100) / 100, locale === "nl" ? "NL" : "ENG") })}
        </p>
      ) : null}
    </div>
  );
}

/** Link colour, text colour and text font; the form's values drive the live preview beside it. */
export function StylingForm({ form, canEdit }: { form: Form; canEdit: boolean }) {
  const { t } = useTranslation();
  const { formState, handleSubmit, reset } = form;
  const { leaveDialog } = useLeaveGuard(formState.isDirty && !formState.isSubmitting);
  const [{ fetching }, updateStyling] = useMutation(UpdateAccountStylingMutation);

  const onSubmit = handleSubmit(async (input) => {
    const result = await updateStyling({ input });
    if (result.error || !result.data) {
      toast.error(applyServerErrors(form, result.error, t("errors.generic")));
      return;
    }
    const saved = result.data.updateAccountStyling;
    reset({ linkColor: saved.linkColor ?? "", textColor: saved.textColor ?? "", textFont: saved.textFont ?? "" });
    toast.success(t("settings:saved"));
  });

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4" data-testid="styling-form">
      {formState.errors.root?.server ? <Alert>{formState.errors.root.server.message}</Alert> : null}
      <fieldset disabled={!canEdit} className="space-y-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <ColorField form={form} name="textColor" label={t("settings:styling.textColor")} warnContrast />
          <ColorField form={form} name="linkColor" label={t("settings:styling.linkColor")} warnContrast />
        </div>
        <SelectField
          label={t("settings:styling.textFont")}
          options={TEXT_FONTS.map((f) => ({ value: f, label: FONT_NAMES[f] }))}
          error={formState.errors.textFont?.message}
          data-testid="textFont-select"
          {...form.register("textFont")}
        />
      </fieldset>
      {canEdit ? (
        <div className="flex justify-end">
          <Button type="submit" busy={fetching} data-testid="styling-save">
            {t("settings:save")}
          </Button>
        </div>
      ) : null}
      {leaveDialog}
    </form>
  );
}
