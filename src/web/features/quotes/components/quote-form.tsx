import { useState } from "react";
import { Link } from "react-router";
import { useMutation, useQuery } from "urql";
import { localTodayIso } from "../../../../shared/format";
import { CURRENCIES, QUOTE_LANGUAGES } from "../../../../shared/money";
import { planIncludes } from "../../../../shared/plans";
import { DEFAULT_VALIDITY_DAYS, QUOTE_NAME_MAX, addDaysIso } from "../../../../shared/quotes";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { CheckboxField } from "../../../components/ui/checkbox";
import { SelectField, TextField } from "../../../components/ui/field";
import { QueryState } from "../../../components/ui/query-state";
import { toast } from "../../../components/ui/toast";
import type { QuoteFieldsFragment, QuoteFormDataQuery as TQuoteFormData } from "../../../graphql/generated/graphql";
import { useLocalizedHref, useTranslation } from "../../../i18n";
import { applyServerErrors, useLeaveGuard, useZodForm } from "../../../lib/form";
import { useAccountPlan } from "../../billing/hooks/use-account-plan";
import { CreateQuoteMutation, QuoteFormDataQuery, UpdateQuoteMutation } from "../operations";
import { type QuoteFormValues, paymentTermsForm, paymentTermsInput, quoteFormSchema } from "../quote-form-values";
import { PaymentTermsFields } from "./payment-terms-fields";
import { BLANK_START, StartFromPicker, startFromInput } from "./start-from";

/** Create a quote (no `quote`) or edit a draft's details. Loads the account's defaults and customers. */
/** `startFromQuoteId`: a new quote starts as a copy of that quote's blocks ("New quote from this" on the list). */
export function QuoteForm({ quote, onSaved, startFromQuoteId }: { quote?: QuoteFieldsFragment; onSaved: (id: string) => void; startFromQuoteId?: string }) {
  const [{ data, fetching, error }, refetch] = useQuery({ query: QuoteFormDataQuery, requestPolicy: "cache-and-network" });
  if (!data) return <QueryState fetching={fetching} error={error} hasData={false} onRetry={() => refetch({ requestPolicy: "network-only" })} />;
  return <QuoteFormFields quote={quote} formData={data} onSaved={onSaved} startFromQuoteId={startFromQuoteId} />;
}

function defaultsFor(quote: QuoteFieldsFragment | undefined, formData: TQuoteFormData): QuoteFormValues {
  if (quote) {
    const { name, language, currency, quoteDateAt, quoteExpirationAt, signable } = quote;
    const paymentTerms = paymentTermsForm(quote.paymentTerms, language);
    return { name, customerId: quote.customer?.id ?? "", language, currency, quoteDateAt, quoteExpirationAt, signable, paymentTerms };
  }
  const today = localTodayIso();
  return {
    name: "",
    customerId: "",
    language: formData.account.language,
    currency: formData.account.currency,
    quoteDateAt: today,
    quoteExpirationAt: addDaysIso(today, DEFAULT_VALIDITY_DAYS),
    signable: true,
    paymentTerms: paymentTermsForm(null, formData.account.language),
  };
}

function QuoteFormFields({
  quote,
  formData,
  onSaved,
  startFromQuoteId,
}: {
  quote?: QuoteFieldsFragment;
  formData: TQuoteFormData;
  onSaved: (id: string) => void;
  startFromQuoteId?: string;
}) {
  const { t } = useTranslation();
  const href = useLocalizedHref();
  const form = useZodForm(quoteFormSchema, defaultsFor(quote, formData));
  const plan = useAccountPlan();
  // A plan without payments (Starter) sees the section disabled and leaves the terms as they are.
  const paymentsLocked = plan.account ? !planIncludes(plan.account, "payments") : false;
  const { register, formState, handleSubmit, watch } = form;
  const { errors } = formState;
  const { allowLeave, leaveDialog } = useLeaveGuard(formState.isDirty && !formState.isSubmitting);
  const [{ fetching: creating }, createQuote] = useMutation(CreateQuoteMutation);
  const [{ fetching: updating }, updateQuote] = useMutation(UpdateQuoteMutation);
  const [startFrom, setStartFrom] = useState(startFromQuoteId ? { ...BLANK_START, mode: "QUOTE" as const, quoteId: startFromQuoteId } : BLANK_START);

  const customers = formData.customers.items;
  // The quote's own customer is always an option, even beyond the first 100.
  const own = quote?.customer && !customers.some((c) => c.id === quote.customer!.id) ? [{ value: quote.customer.id, label: quote.customer.name }] : [];
  const customerOptions = [
    { value: "", label: t("quotes:fields.chooseCustomer"), disabled: true },
    ...own,
    ...customers.map((c) => ({ value: c.id, label: c.companyName && c.companyName !== c.name ? `${c.name} (${c.companyName})` : c.name })),
  ];

  const onSubmit = handleSubmit(async ({ paymentTerms, ...values }) => {
    const input = { ...values, paymentTerms: paymentsLocked || !paymentTerms ? null : paymentTermsInput(paymentTerms) };
    const result = quote ? await updateQuote({ id: quote.id, input }) : await createQuote({ input, startFrom: startFromInput(startFrom) });
    if (result.error || !result.data) {
      toast.error(applyServerErrors(form, result.error, t("errors.generic")));
      return;
    }
    const saved = "createQuote" in result.data ? result.data.createQuote : result.data.updateQuote;
    toast.success(quote ? t("quotes:saved") : t("quotes:created"));
    form.reset(form.getValues()); // what was saved is the new starting point: nothing to lose
    allowLeave();
    onSaved(saved.id);
  });

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4 rounded-xl border border-slate-200 bg-white p-4 sm:p-6" data-testid="quote-form">
      {errors.root?.server ? <Alert>{errors.root.server.message}</Alert> : null}
      <TextField label={t("quotes:fields.name")} required maxLength={QUOTE_NAME_MAX} error={errors.name?.message} {...register("name")} />
      {customers.length === 0 && !quote?.customer ? (
        <Alert kind="info">
          {t("quotes:fields.noCustomers")}{" "}
          <Link to={href("/app/customers/mutate")} className="font-semibold text-brand-700 underline">
            {t("quotes:fields.addCustomer")}
          </Link>
        </Alert>
      ) : null}
      <SelectField label={t("quotes:fields.customer")} error={errors.customerId?.message} options={customerOptions} {...register("customerId")} />
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          label={t("quotes:fields.language")}
          error={errors.language?.message}
          options={QUOTE_LANGUAGES.map((l) => ({ value: l, label: t(`quotes:languages.${l}`) }))}
          {...register("language")}
        />
        <SelectField
          label={t("quotes:fields.currency")}
          error={errors.currency?.message}
          options={CURRENCIES.map((c) => ({ value: c, label: t(`quotes:currencies.${c}`) }))}
          {...register("currency")}
        />
        <TextField label={t("quotes:fields.quoteDate")} type="date" error={errors.quoteDateAt?.message} {...register("quoteDateAt")} />
        <TextField
          id="quote-expiration-at"
          label={t("quotes:fields.expirationDate")}
          type="date"
          min={watch("quoteDateAt") || undefined}
          error={errors.quoteExpirationAt?.message}
          {...register("quoteExpirationAt")}
        />
      </div>
      <CheckboxField label={t("quotes:fields.signable")} hint={t("quotes:fields.signableHint")} {...register("signable")} />
      <PaymentTermsFields form={form} quote={quote} locked={paymentsLocked} canUpgrade={plan.isOwner} />
      {quote ? null : <StartFromPicker value={startFrom} onChange={setStartFrom} />}
      <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
        <Link
          to={href("/app/quotes")}
          viewTransition
          className="inline-flex justify-center rounded-md px-4 py-2 text-sm font-semibold text-slate-700 hover:bg-slate-100"
        >
          {t("quotes:actions.cancel")}
        </Link>
        <Button type="submit" busy={creating || updating}>
          {quote ? t("quotes:actions.save") : t("quotes:actions.create")}
        </Button>
      </div>
      {leaveDialog}
    </form>
  );
}
