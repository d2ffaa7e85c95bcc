import { type ReactNode, memo } from "react";
import { type FieldErrors, type UseFormReturn, useWatch } from "react-hook-form";
import { BLOCK_LIMITS } from "../../../../shared/blocks";
import { DISCOUNT_TYPES } from "../../../../shared/enums";
import { formatDecimalInput, formatMoney } from "../../../../shared/format";
import { lineTotal } from "../../../../shared/totals";
import { CheckboxField } from "../../../components/ui/checkbox";
import { SelectField, TextField } from "../../../components/ui/field";
import { useTranslation } from "../../../i18n";
import { type LineFormValues, type PricingFormValues, lineInputFromForm } from "../block-values";

/** What a line's own render depends on (its total already formatted). */
type LineView = Pick<LineFormValues, "name" | "vatRate" | "discountType" | "optional" | "recurring"> & { total: string };

// The form's input and output types differ (typed text vs exact decimals); the fields only register paths.
type PricingForm = UseFormReturn<PricingFormValues, unknown, unknown>;

/**
 * One line of a pricing block: name, description, price, amount, VAT, discount, optional (and
 * selected by default), recurring. Two columns on a phone and a tablet, four from 768 px. Memoised, with its
 * own subscription to its values and its own total: typing in one line re-renders that line only
 * (and the block's totals). `handle` is the drag handle that reorders the lines.
 */
export const LineItemFields = memo(function LineItemFields({
  index,
  form,
  errors,
  language,
  vatRates,
  currency,
  canRecur,
  handle,
  onRemove,
}: {
  index: number;
  form: unknown;
  errors: FieldErrors<PricingFormValues["lineItems"][number]> | undefined;
  language: string;
  vatRates: readonly string[];
  currency: string;
  canRecur: boolean;
  handle: ReactNode;
  onRemove: (index: number) => void;
}) {
  const { t } = useTranslation();
  const { register, control } = form as PricingForm;
  const path = <K extends string>(key: K) => `lineItems.${index}.${key}` as const;
  // Only what this line shows, computed from its values: react-hook-form re-renders the line when
  // that changes, not on every signal whose name starts like this line's ("lineItems.1" also hears
  // "lineItems.10.price") nor on typing a description.
  const line = useWatch({
    control,
    name: `lineItems.${index}`,
    compute: (values: unknown) => {
      const v = values as LineFormValues | undefined;
      if (!v) return undefined;
      const shown: LineView = {
        name: v.name,
        vatRate: v.vatRate,
        discountType: v.discountType,
        optional: v.optional,
        recurring: v.recurring,
        total: formatMoney(lineTotal(lineInputFromForm(v, language)), currency, language),
      };
      return shown;
    },
  }) as LineView | undefined;
  const vatOptions = [...vatRates.map((r) => formatDecimalInput(r, language))];
  if (line?.vatRate && !vatOptions.includes(line.vatRate)) vatOptions.push(line.vatRate);
  const name = line?.name || t("editor:pricing.lineNumber", { number: index + 1 });
  const total = line?.total ?? "";

  return (
    <fieldset className="min-w-0 rounded-lg border border-slate-200 p-3" aria-label={name}>
      <div className="grid gap-3 sm:grid-cols-[1fr_auto]">
        <div className="flex items-end gap-1">
          <div className="pb-0.5">{handle}</div>
          <TextField
            className="min-w-0 flex-1"
            label={t("editor:line.name")}
            maxLength={BLOCK_LIMITS.nameMax}
            error={errors?.name?.message}
            data-testid="line-name"
            {...register(path("name") as "lineItems.0.name")}
          />
        </div>
        <div className="flex items-end justify-between gap-3 sm:justify-end">
          <p className="pb-2 text-sm tabular-nums text-slate-700">
            <span className="sr-only">{t("editor:line.total")}: </span>
            <span data-testid="line-total">{total}</span>
          </p>
          <button
            type="button"
            onClick={() => onRemove(index)}
            className="rounded-md px-3 py-2 text-sm font-semibold text-red-700 hover:bg-red-50"
            aria-label={t("editor:line.remove", { name })}
          >
            {t("editor:line.removeShort")}
          </button>
        </div>
      </div>
      <TextField
        className="mt-3"
        label={t("editor:line.description")}
        maxLength={BLOCK_LIMITS.descriptionMax}
        error={errors?.description?.message}
        {...register(path("description") as "lineItems.0.description")}
      />
      {/* Two columns up to 768 px, four from there; on a phone the discount's select has a row of its
          own, so that "No discount" / "Geen korting" is never cut off beside the VAT. */}
      <div className="mt-3 grid grid-cols-2 gap-3 md:grid-cols-4">
        <TextField
          label={t("editor:line.price")}
          inputMode="decimal"
          autoComplete="off"
          error={errors?.price?.message}
          data-testid="line-price"
          {...register(path("price") as "lineItems.0.price")}
        />
        <TextField
          label={t("editor:line.amount")}
          inputMode="decimal"
          autoComplete="off"
          error={errors?.amount?.message}
          data-testid="line-amount"
          {...register(path("amount") as "lineItems.0.amount")}
        />
        <SelectField
          label={t("editor:line.vat")}
          error={errors?.vatRate?.message}
          options={vatOptions.map((r) => ({ value: r, label: `${r} %` }))}
          data-testid="line-vat"
          {...register(path("vatRate") as "lineItems.0.vatRate")}
        />
        <SelectField
          className="col-span-2 sm:col-span-1"
          label={t("editor:line.discountType")}
          options={[
            { value: "", label: t("editor:pricing.noDiscount") },
            ...DISCOUNT_TYPES.map((d) => ({ value: d, label: t(`editor:pricing.discountTypes.${d}`) })),
          ]}
          data-testid="line-discount-type"
          {...register(path("discountType") as "lineItems.0.discountType")}
        />
        {line?.discountType ? (
          <TextField
            className="col-span-2 sm:col-span-1"
            label={line.discountType === "PERCENTAGE" ? t("editor:pricing.discountPercent") : t("editor:line.discountAmount")}
            inputMode="decimal"
            autoComplete="off"
            error={errors?.discountValue?.message}
            data-testid="line-discount-value"
            {...register(path("discountValue") as "lineItems.0.discountValue")}
          />
        ) : null}
      </div>
      <div className="mt-3 flex flex-wrap gap-x-6 gap-y-2">
        <CheckboxField
          label={t("editor:line.optional")}
          hint={t("editor:line.optionalHint")}
          data-testid="line-optional"
          {...register(path("optional") as "lineItems.0.optional")}
        />
        {line?.optional ? (
          <CheckboxField label={t("editor:line.selected")} data-testid="line-selected" {...register(path("selected") as "lineItems.0.selected")} />
        ) : null}
        {canRecur || line?.recurring ? (
          <CheckboxField label={t("editor:line.recurring")} data-testid="line-recurring" {...register(path("recurring") as "lineItems.0.recurring")} />
        ) : null}
      </div>
      {errors?.recurring?.message ? <p className="mt-1 text-sm font-medium text-red-700">{errors.recurring.message}</p> : null}
    </fieldset>
  );
});
