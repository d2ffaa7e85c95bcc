import type { ReactNode } from "react";
import { Controller } from "react-hook-form";
import { BLOCK_LIMITS, type TextBlockValues } from "../../../../shared/blocks";
import type { RichDocument } from "../../../../shared/rich-text";
import { Alert } from "../../../components/ui/alert";
import { TextField } from "../../../components/ui/field";
import { useTranslation } from "../../../i18n";
import { useZodForm } from "../../../lib/form";
import { type TextFormValues, textFormSchema } from "../block-values";
import { type SaveResult, useBlockSave } from "../hooks/use-block-save";
import { LazyRichTextEditor } from "./lazy-rich-text-editor";
import { SaveBar } from "./save-bar";

/**
 * A text block's form (name and rich content), for a quote block and a text template alike: the
 * caller decides what saving does (`onSave`).
 */
export function TextBlockForm({
  initial,
  onSave,
  onCreated,
  backHref,
  backLabel,
  extraActions,
}: {
  initial: { name: string; content: unknown } | null;
  onSave: (input: TextBlockValues) => Promise<SaveResult>;
  onCreated?: (id: string) => void;
  backHref: string;
  backLabel: string;
  extraActions?: ReactNode;
}) {
  const { t } = useTranslation();
  const defaults: TextFormValues = { name: initial?.name ?? "", content: (initial?.content as RichDocument | null) ?? null };
  const form = useZodForm(textFormSchema, defaults);
  const { register, formState, handleSubmit, control } = form;
  const { errors } = formState;
  const { state, save, leaveDialog } = useBlockSave(form, !initial, onCreated);

  return (
    <form
      noValidate
      onSubmit={handleSubmit((input) => save(() => onSave(input)))}
      className="space-y-4 rounded-xl border border-slate-200 bg-white p-4 sm:p-6"
      data-testid="text-block-form"
    >
      {errors.root?.server ? <Alert>{errors.root.server.message}</Alert> : null}
      <TextField label={t("editor:fields.name")} required maxLength={BLOCK_LIMITS.nameMax} error={errors.name?.message} {...register("name")} />
      <Controller
        control={control}
        name="content"
        render={({ field }) => <LazyRichTextEditor label={t("editor:fields.content")} value={field.value as RichDocument | null} onChange={field.onChange} />}
      />
      {errors.content?.message ? (
        <p className="text-sm font-medium text-red-700" role="alert">
          {errors.content.message}
        </p>
      ) : null}
      <SaveBar state={state} backHref={backHref} backLabel={backLabel} extra={extraActions} />
      {leaveDialog}
    </form>
  );
}
