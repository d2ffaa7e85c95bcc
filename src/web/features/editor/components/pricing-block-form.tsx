import { type ReactNode, useCallback, useMemo, useRef } from "react";
import { Controller, useFieldArray, useWatch } from "react-hook-form";
import { BLOCK_LIMITS, type PricingBlockValues } from "../../../../shared/blocks";
import { DISCOUNT_TYPES, PRICING_UNITS } from "../../../../shared/enums";
import { formatMoney } from "../../../../shared/format";
import type { RichDocument } from "../../../../shared/rich-text";
import { blockTotals, lineTotal, recurringIntervalOf } from "../../../../shared/totals";
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
  const values = useWatch({ control }) as PricingFormValues;
  const input = pricingInputFromForm({ ...values, lineItems: values.lineItems ?? [] }, language);
  const totals = blockTotals(input);
  const canRecur = recurringIntervalOf(values.pricingUnit ?? "NONE") !== null;
  const money = (amount: string) => formatMoney(amount, currency, language);

  return (
    <form noValidate onSubmit={handleSubmit((valid) => save(() => onSave(valid)))} className="space-y-5 rounded-xl border border-slate-200 bg-white p-4 sm:p-6" data-testid="pricing-block-form">
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
        render={({ field }) => <LazyRichTextEditor label={t("editor:pricing.intro")} value={field.value as RichDocument | null} onChange={(doc) => field.onChange(doc)} />}
      />
      {errors.content?.message ? <p className="text-sm font-medium text-red-700">{errors.content.message}</p> : null}

      <fieldset className="space-y-3">
        <legend className="text-base font-semibold text-slate-900">{t("editor:pricing.lines")}</legend>
        {errors.lineItems?.message || errors.lineItems?.root?.message ? <Alert>{errors.lineItems?.message ?? errors.lineItems?.root?.message}</Alert> : null}
        {lines.fields.length === 0 ? <p className="text-sm text-slate-500">{t("editor:pricing.noLines")}</p> : null}
        <ol className="space-y-3">
          {lines.fields.map((field, index) => (
            <LineItemFields
              key={field.id}
              index={index}
              form={form}
              errors={errors.lineItems?.[index]}
              language={language}
              vatRates={vatRates}
              canRecur={canRecur}
              total={money(lineTotal(input.lineItems[index] ?? { price: "", amount: "", vatRate: "" }))}
              onRemove={removeLine}
            />
          ))}
        </ol>
        <Button variant="secondary" onClick={() => lines.append(newLine(vatRates[0] ?? "0", language))} disabled={lines.fields.length >= BLOCK_LIMITS.linesPerBlock} data-testid="add-line">
          {t("editor:pricing.addLine")}
        </Button>
      </fieldset>

      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-2 text-base font-semibold text-slate-900">{t("editor:pricing.blockDiscount")}</legend>
        <SelectField
          label={t("editor:pricing.discountType")}
          options={[{ value: "", label: t("editor:pricing.noDiscount") }, ...DISCOUNT_TYPES.map((d) => ({ value: d, label: t(`editor:pricing.discountTypes.${d}`) }))]}
          {...register("discountType")}
        />
        {values.discountType ? (
          <TextField
            label={values.discountType === "PERCENTAGE" ? t("editor:pricing.discountPercent") : t("editor:pricing.discountAmount", { currency })}
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
        <TotalsSummary totals={totals} language={language} currency={currency} detailed testId="block-totals" />
      </section>
      <SaveBar state={state} backHref={backHref} backLabel={backLabel} extra={extraActions} />
      {leaveDialog}
    </form>
  );
}
