import type { Currency, MolliePaymentStatus, PaymentMode, QuotePaymentStatus } from "./enums";
import type { PaymentTerms } from "./payment-terms";
import type { FrozenRecurring } from "./quote-subscriptions";
import { centsToString } from "./totals";

/**
 * The customer's payment of a quote (issue 26, decision 058). Pure: shared by the server, the
 * public page and the owner's screens.
 */

/** Payment terms as frozen into a version's JSON document (the fixed amount as a cents string: JSON has no bigint). */
export type StoredPaymentTerms = {
  mode: PaymentMode;
  percent: number | null;
  fixedCents: string | null;
  payToAccept: boolean;
  startRecurring: boolean;
};

/** The terms from a quote row's five payment columns (decision 057). */
export function paymentTermsFromColumns(quote: {
  paymentMode: PaymentMode;
  paymentPercent: number | null;
  paymentFixedCents: number | null;
  paymentPayToAccept: boolean;
  paymentStartRecurring: boolean;
}): PaymentTerms {
  return {
    mode: quote.paymentMode,
    percent: quote.paymentPercent,
    fixedCents: quote.paymentFixedCents === null ? null : BigInt(quote.paymentFixedCents),
    payToAccept: quote.paymentPayToAccept,
    startRecurring: quote.paymentStartRecurring,
  };
}

export function storePaymentTerms(terms: PaymentTerms): StoredPaymentTerms {
  return { ...terms, fixedCents: terms.fixedCents === null ? null : terms.fixedCents.toString() };
}

export function readPaymentTerms(stored: StoredPaymentTerms): PaymentTerms {
  return { ...stored, fixedCents: stored.fixedCents === null ? null : BigInt(stored.fixedCents) };
}

/**
 * What a customer's signature freezes when the terms ask a payment: the terms as they were, and the
 * amount for their selection incl. VAT (exact decimal string and cents string), in the quote's currency.
 */
export type FrozenPayment = {
  terms: StoredPaymentTerms;
  amount: string;
  amountCents: string;
  currency: Currency;
  payToAccept: boolean;
  /**
   * With `startRecurring` and selected recurring lines (decision 061): the subscriptions the paid
   * payment starts, one per interval. The payment is then Mollie's `sequenceType: first`.
   */
  recurring?: FrozenRecurring[];
  /** No one-off amount to pay: the payment is the first period of the recurring lines (their sum). */
  firstPeriod?: boolean;
};

/**
 * The payment's state as the customer and the owner see it, from Mollie's status of the latest
 * attempt: none yet → DUE; open, pending, authorized → OPEN; paid → PAID; failed, expired,
 * canceled → FAILED (the customer may try again).
 */
export function quotePaymentStatus(latest: MolliePaymentStatus | null): QuotePaymentStatus {
  if (latest === null) return "DUE";
  if (latest === "paid") return "PAID";
  if (latest === "failed" || latest === "expired" || latest === "canceled") return "FAILED";
  return "OPEN";
}

/** Mollie statuses that are final (a webhook never moves a payment out of one). */
export const FINAL_MOLLIE_STATUSES: readonly MolliePaymentStatus[] = ["paid", "failed", "expired", "canceled"];

/** A quote version's payment as the public page, `publicQuote.payment` and the owner's quote show it. */
export type QuotePaymentView = {
  status: QuotePaymentStatus;
  /** The terms' mode (a deposit or the FULL one-off total). */
  mode: PaymentMode;
  /** Exact, two decimals, in `currency`, incl. VAT: frozen with the customer's signature. */
  amount: string;
  currency: Currency;
  payToAccept: boolean;
  /** Mollie's hosted checkout while the payment is OPEN. */
  checkoutUrl: string | null;
  paidAt: Date | null;
  versionNumber: number | null;
  /** The deposit invoice of the paid payment (downloaded at the quote's link + /invoice). */
  invoiceNumber: string | null;
  /** The payment is the first period of the recurring lines (no one-off amount asked; decision 061). */
  firstPeriod: boolean;
  /** The subscriptions the paid payment starts (decision 061): interval, amount incl. VAT, agreed start. */
  recurring: FrozenRecurring[];
};

type SignatureFacts = { id: string; kind: string; versionNumber: number | null; payment: FrozenPayment | null };
type AttemptFacts = {
  signatureId: string;
  versionNumber: number | null;
  status: MolliePaymentStatus;
  amountCents: bigint;
  checkoutUrl: string | null;
  paidAt: Date | null;
  invoiceNumber?: string | null;
};

/**
 * The payment of the version shown: the amount frozen with the latest customer signature of that
 * version that asks one (the selection the page shows), and the state of the version's latest
 * attempt (a paid attempt wins: the version is paid). Null when nothing is asked.
 */
export function quotePaymentView(
  versionNumber: number | null,
  signatures: readonly SignatureFacts[],
  attempts: readonly AttemptFacts[],
): QuotePaymentView | null {
  const signature = [...signatures].reverse().find((s) => s.kind === "CUSTOMER" && s.versionNumber === versionNumber && s.payment);
  if (!signature?.payment) return null;
  const ofVersion = attempts.filter((a) => a.versionNumber === versionNumber);
  const paid = ofVersion.find((a) => a.status === "paid");
  const latest = paid ?? ofVersion.at(-1) ?? null;
  const status = quotePaymentStatus(latest?.status ?? null);
  return {
    status,
    mode: signature.payment.terms.mode,
    amount: paid ? centsToString(paid.amountCents) : signature.payment.amount,
    currency: signature.payment.currency,
    payToAccept: signature.payment.payToAccept,
    checkoutUrl: status === "OPEN" ? (latest?.checkoutUrl ?? null) : null,
    paidAt: paid?.paidAt ?? null,
    versionNumber,
    invoiceNumber: paid?.invoiceNumber ?? null,
    firstPeriod: signature.payment.firstPeriod ?? false,
    recurring: signature.payment.recurring ?? [],
  };
}
