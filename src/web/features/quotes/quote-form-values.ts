import { z } from "zod";
import type { PaymentMode } from "../../../shared/enums";
import { type FormatLanguage, formatMoneyInput, parseMoneyInput } from "../../../shared/format";
import { type PaymentTerms, paymentTermsOutput } from "../../../shared/payment-terms";
import { ZQuoteInput } from "../../../shared/quotes";
import type { PaymentTermsInput } from "../../graphql/generated/graphql";

/**
 * What the quote form holds, and the way to the GraphQL input. The payment section's fixed amount
 * is held AS TYPED in the quote's language ("1.234,50" in Dutch), like the block editor's money;
 * the form's schema reads it into an exact decimal and then applies the server's own rules
 * (`ZQuoteInput` with `ZPaymentTermsInput`), so a field shows the message the server would send.
 */
export type PaymentTermsFormValues = { mode: PaymentMode | string; percent: string; amount: string; payToAccept: boolean; startRecurring: boolean };

export type QuoteFormValues = {
  name: string;
  customerId: string;
  language: string;
  currency: string;
  quoteDateAt: string;
  quoteExpirationAt: string;
  signable: boolean;
  paymentTerms: PaymentTermsFormValues;
};

/** Text that did not read as money: kept recognisable so that the server's rule refuses it. */
const UNREADABLE = "?";

/** Stored terms (Quote.paymentTerms) as form values, the amount written in the quote's language. */
export function paymentTermsForm(
  terms: { mode: PaymentMode; percent?: number | null; amount?: string | null; payToAccept: boolean; startRecurring: boolean } | null | undefined,
  language: FormatLanguage | string,
): PaymentTermsFormValues {
  return {
    mode: terms?.mode ?? "NONE",
    percent: terms?.percent ? String(terms.percent) : "",
    amount: terms?.amount ? formatMoneyInput(terms.amount, language) : "",
    payToAccept: terms?.payToAccept ?? false,
    startRecurring: terms?.startRecurring ?? false,
  };
}

function readTerms(values: PaymentTermsFormValues, language: string) {
  const amountText = values.amount.trim();
  return {
    mode: values.mode,
    percent: values.percent.replace(/[\s%]/g, ""),
    amount: amountText === "" ? "" : (parseMoneyInput(amountText, language) ?? `${UNREADABLE}${amountText}`),
    payToAccept: values.payToAccept,
    startRecurring: values.startRecurring,
  };
}

/** The quote form's schema: typed values read, then the server's rules (same paths, same messages). */
export const quoteFormSchema = z
  .object({
    name: z.string(),
    customerId: z.string(),
    language: z.string(),
    currency: z.string(),
    quoteDateAt: z.string(),
    quoteExpirationAt: z.string(),
    signable: z.boolean(),
    paymentTerms: z.object({ mode: z.string(), percent: z.string(), amount: z.string(), payToAccept: z.boolean(), startRecurring: z.boolean() }),
  })
  .transform((values) => ({ ...values, paymentTerms: readTerms(values.paymentTerms, values.language) }) as z.input<typeof ZQuoteInput>)
  .pipe(ZQuoteInput);

/** The validated terms as the GraphQL PaymentTermsInput. */
export function paymentTermsInput(terms: PaymentTerms): PaymentTermsInput {
  const out = paymentTermsOutput(terms);
  return { ...out, percent: out.percent === null ? null : String(out.percent) };
}
