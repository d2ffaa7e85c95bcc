import { type ReactNode, memo, useCallback, useMemo, useRef } from "react";
import { type Control, Controller, useFieldArray, useWatch } from "react-hook-form";
import { BLOCK_LIMITS, type PricingBlockValues } from "../../../../shared/blocks";
import { DISCOUNT_TYPES, PRICING_UNITS } from "../../../../shared/enums";
import type { RichDocument } from "../../../../shared/rich-text";
import { blockTotals, recurringIntervalOf } from "../../../../shared/totals";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { SelectField } from "../../../components/ui/field";
import { TextField } from "../../../components/ui/field";
import { useTranslation } from "../../../i18n";
import { useZodForm } from "../../../lib/form";
import { type PricingFormValues, type StoredPricingBlock, newLine, pricingFormFromStored, pricingFormSchema, pricingInputFromForm } from "../block-values";
import { type SaveResult, useBlockSave } from "../hooks/use-block-save";
import { LineItemFields } from "./line-item-fields";
import { LazyRichTextEditor } from "./lazy-rich-text-editor";
import { SaveBar } from "./save-bar";
import { SortableBlocks } from "./sortable-blocks";
import { TotalsSummary } from "./totals-summary";

export type PricingContext = {
  /** The QUOTE's language (templates: the account's): money is typed and shown the way it writes it. */
  language: string;
  currency: string;
  /** VAT rates offered, the default first (shared/blocks.ts vatPresets(country)). */
  vatRates: readonly string[];
};

/**
 * A pricing block's form (name, intro, unit, lines, block discount) with live totals from the
 * shared totals module, for a quote block and a pricing template alike.
 */
export function PricingBlockForm({
  initial,
  context,
  onSave,
  onCreated,
  backHref,
  backLabel,
  extraActions,
}: {
  initial: StoredPricingBlock | null;
  context: PricingContext;
  onSave: (input: PricingBlockValues) => Promise<SaveResult>;
  onCreated?: (id: string) => void;
  backHref: string;
  backLabel: string;
  extraActions?: ReactNode;
}) {
  const { t } = useTranslation();
  const { language, currency, vatRates } = context;
  const schema = useMemo(() => pricingFormSchema(language), [language]);
  const form = useZodForm(schema, pricingFormFromStored(initial, language, vatRates[0] ?? "0"));
  const { register, formState, handleSubmit, control } = form;
  const { errors } = formState;
  const lines = useFieldArray({ control, name: "lineItems" });
  // A stable callback, so that memoised lines do not re-render because of it.
  const removeRef = useRef(lines.remove);
  removeRef.current = lines.remove;
  const removeLine = useCallback((index: number) => removeRef.current(index), []);
  const { state, save, leaveDialog } = useBlockSave(form, !initial, onCreated);
  // Only what the form's own layout depends on: a keystroke in a line re-renders that line and
  // the totals (`LiveBlockTotals`), never the whole form and its rich-text editor.
  const [pricingUnit, discountType] = useWatch({ control, name: ["pricingUnit", "discountType"] });
  const canRecur = recurringIntervalOf(pricingUnit ?? "NONE") !== null;
  const lineName = useCallback(
    (id: string) => {
      const index = lines.fields.findIndex((field) => field.id === id);
      return form.getValues(`lineItems.${index}.name`) || t("editor:pricing.lineNumber", { number: index + 1 });
    },
    [lines.fields, form, t],
  );
  const lineErrors = errors.lineItems;
  const lineHandleLabel = useCallback((_field: unknown, index: number) => t("editor:dnd.lineHandle", { number: index + 1 }), [t]);
  // Stable while typing, so that the memoised lines re-render only through their own subscriptions.
  const renderLine = useCallback(
    (field: { id: string }, handle: ReactNode) => {
      const index = lines.fields.findIndex((f) => f.id === field.id);
      return (
        <LineItemFields
          index={index}
          form={form}
          errors={lineErrors?.[index]}
          language={language}
          currency={currency}
          vatRates={vatRates}
          canRecur={canRecur}
          handle={handle}
          onRemove={removeLine}
        />
      );
    },
    [lines.fields, form, lineErrors, language, currency, vatRates, canRecur, removeLine],
  );
  // Moved in the form; the new order is saved with the block (one transaction, like every line).
  const moveLine = lines.move;
  const onReorder = useCallback((_ids: string[], { from, to }: { from: number; to: number }) => moveLine(from, to), [moveLine]);

  return (
    <form
      noValidate
      onSubmit={handleSubmit((valid) => save(() => onSave(valid)))}
      className="space-y-5 rounded-xl border border-slate-200 bg-white p-4 sm:p-6"
      data-testid="pricing-block-form"
    >
      {errors.root?.server ? <Alert>{errors.root.server.message}</Alert> : null}
      <p className="text-xs text-slate-500">{t("editor:pricing.typingHint", { example: language === "NL" ? "1.234,50" : "1,234.50" })}</p>
      <div className="grid gap-4 sm:grid-cols-[1fr_12rem]">
        <TextField label={t("editor:fields.name")} required maxLength={BLOCK_LIMITS.nameMax} error={errors.name?.message} {...register("name")} />
        <SelectField
          label={t("editor:pricing.unit")}
          error={errors.pricingUnit?.message}
          options={PRICING_UNITS.map((u) => ({ value: u, label: t(`editor:pricing.units.${u}`) }))}
          {...register("pricingUnit")}
        />
      </div>
      <Controller
        control={control}
        name="content"
        render={({ field }) => <LazyRichTextEditor label={t("editor:pricing.intro")} value={field.value as RichDocument | null} onChange={field.onChange} />}
      />
      {errors.content?.message ? <p className="text-sm font-medium text-red-700">{errors.content.message}</p> : null}

      <fieldset className="space-y-3">
        <legend className="text-base font-semibold text-slate-900">{t("editor:pricing.lines")}</legend>
        {errors.lineItems?.message || errors.lineItems?.root?.message ? <Alert>{errors.lineItems?.message ?? errors.lineItems?.root?.message}</Alert> : null}
        {lines.fields.length === 0 ? <p className="text-sm text-slate-500">{t("editor:pricing.noLines")}</p> : null}
        <SortableBlocks kind="line" items={lines.fields} nameOf={lineName} onReorder={onReorder} handleLabel={lineHandleLabel} renderItem={renderLine} />
        <Button
          variant="secondary"
          onClick={() => lines.append(newLine(vatRates[0] ?? "0", language))}
          disabled={lines.fields.length >= BLOCK_LIMITS.linesPerBlock}
          data-testid="add-line"
        >
          {t("editor:pricing.addLine")}
        </Button>
      </fieldset>

      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-2 text-base font-semibold text-slate-900">{t("editor:pricing.blockDiscount")}</legend>
        <SelectField
          label={t("editor:pricing.discountType")}
          options={[
            { value: "", label: t("editor:pricing.noDiscount") },
            ...DISCOUNT_TYPES.map((d) => ({ value: d, label: t(`editor:pricing.discountTypes.${d}`) })),
          ]}
          {...register("discountType")}
        />
        {discountType ? (
          <TextField
            label={discountType === "PERCENTAGE" ? t("editor:pricing.discountPercent") : t("editor:pricing.discountAmount", { currency })}
            inputMode="decimal"
            autoComplete="off"
            error={errors.discountValue?.message}
            data-testid="block-discount-value"
            {...register("discountValue")}
          />
        ) : null}
      </fieldset>

      <section aria-labelledby="block-totals-title" className="border-t border-slate-200 pt-4">
        <h3 id="block-totals-title" className="mb-2 text-base font-semibold text-slate-900">
          {t("editor:totals.title")}
        </h3>
        <LiveBlockTotals control={control} language={language} currency={currency} />
      </section>
      <SaveBar state={state} backHref={backHref} backLabel={backLabel} extra={extraActions} />
      {leaveDialog}
    </form>
  );
}

/** The block's totals, recomputed from the form's values on every change (this component only). */
const LiveBlockTotals = memo(function LiveBlockTotals({ control, language, currency }: { control: unknown; language: string; currency: string }) {
  const values = useWatch({ control: control as Control<PricingFormValues> }) as PricingFormValues;
  const totals = useMemo(() => blockTotals(pricingInputFromForm({ ...values, lineItems: values.lineItems ?? [] }, language)), [values, language]);
  return <TotalsSummary totals={totals} language={language} currency={currency} detailed testId="block-totals" />;
});
