import type { UseFormReturn } from "react-hook-form";
import { PAYMENT_MODES } from "../../../../shared/enums";
import { formatMoney } from "../../../../shared/format";
import { CheckboxField } from "../../../components/ui/checkbox";
import { SelectField, TextField } from "../../../components/ui/field";
import type { QuoteFieldsFragment } from "../../../graphql/generated/graphql";
import { useTranslation } from "../../../i18n";
import { UpgradePrompt } from "../../billing/components/upgrade-prompt";
import type { QuoteFormValues } from "../quote-form-values";

/**
 * The quote form's "Payment" section (issue 26): no payment, a deposit (a percentage or a fixed
 * amount incl. VAT) or the full one-off total; pay to accept or after signing; recurring lines as a
 * subscription. `locked` (a plan without payments): shown disabled with the upgrade prompt; the
 * form then leaves the terms as they are. The amount due is the server's (Quote.paymentDue), for the
 * saved terms and the options ticked by default.
 */
export function PaymentTermsFields({
  form,
  quote,
  locked,
  canUpgrade,
}: {
  form: UseFormReturn<QuoteFormValues, unknown, unknown>;
  quote?: QuoteFieldsFragment;
  locked: boolean;
  canUpgrade: boolean;
}) {
  const { t } = useTranslation();
  const { register, watch, formState } = form;
  const errors = formState.errors.paymentTerms;
  const [mode, startRecurring, currency, language] = watch(["paymentTerms.mode", "paymentTerms.startRecurring", "currency", "language"]);
  const nothingToPay = mode === "NONE" && !startRecurring;
  const unsaved = Boolean(formState.dirtyFields.paymentTerms && Object.values(formState.dirtyFields.paymentTerms).some(Boolean));
  return (
    <fieldset className="space-y-4 rounded-lg border border-slate-200 p-4" data-testid="payment-terms" disabled={locked}>
      <legend className="px-1 text-sm font-semibold text-slate-900">{t("quotes:payment.title")}</legend>
      {locked ? <UpgradePrompt feature="payments" canUpgrade={canUpgrade} /> : null}
      <p className="text-sm text-slate-600">{t("quotes:payment.intro")}</p>
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          label={t("quotes:payment.mode")}
          error={errors?.mode?.message}
          options={PAYMENT_MODES.map((m) => ({ value: m, label: t(`quotes:payment.modes.${m}`) }))}
          {...register("paymentTerms.mode")}
        />
        {mode === "DEPOSIT_PERCENT" ? (
          <TextField
            label={t("quotes:payment.percent")}
            hint={t("quotes:payment.percentHint")}
            inputMode="numeric"
            autoComplete="off"
            error={errors?.percent?.message}
            {...register("paymentTerms.percent")}
          />
        ) : null}
        {mode === "DEPOSIT_FIXED" ? (
          <TextField
            label={t("quotes:payment.amount", { currency })}
            hint={t("quotes:payment.amountHint")}
            inputMode="decimal"
            autoComplete="off"
            error={errors?.amount?.message}
            {...register("paymentTerms.amount")}
          />
        ) : null}
      </div>
      <CheckboxField
        label={t("quotes:payment.payToAccept")}
        hint={t("quotes:payment.payToAcceptHint")}
        disabled={locked || nothingToPay}
        {...register("paymentTerms.payToAccept")}
      />
      <CheckboxField label={t("quotes:payment.startRecurring")} hint={t("quotes:payment.startRecurringHint")} {...register("paymentTerms.startRecurring")} />
      {quote && !locked && !unsaved && !nothingToPay ? <AmountDue quote={quote} currency={currency} language={language} /> : null}
      <p className="text-xs text-slate-500">{t("quotes:payment.note")}</p>
    </fieldset>
  );
}

function AmountDue({ quote, currency, language }: { quote: QuoteFieldsFragment; currency: string; language: string }) {
  const { t } = useTranslation();
  const due = quote.paymentDue;
  const money = (amount: string) => formatMoney(amount, currency, language);
  return (
    <div className="rounded-md bg-slate-50 p-3 text-sm text-slate-700" data-testid="payment-due" aria-live="polite">
      {quote.paymentTerms.mode === "NONE" ? null : <p>{t("quotes:payment.due", { amount: money(due.amount), total: money(due.oneOffTotal) })}</p>}
      {due.capped ? <p className="mt-1 text-amber-800">{t("quotes:payment.capped")}</p> : null}
      {due.recurring.map((r) => (
        <p key={r.interval} className="mt-1">
          {t(`quotes:payment.recurring.${r.interval}`, { amount: money(r.amount) })}
        </p>
      ))}
    </div>
  );
}
