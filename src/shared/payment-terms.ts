import { z } from "zod";
import { PAYMENT_MODES, type PaymentMode, type RecurringInterval } from "./enums";
import { type QuoteDocumentData, documentTotalsBlock } from "./quote-document";
import { type TotalsCents, centsToString, computeTotalsCents, divRoundHalfAwayFromZero, priceToCents } from "./totals";

/**
 * A quote's payment terms (issue 26, decision 057): what the customer pays when accepting.
 *
 * - `mode`: NONE (nothing), DEPOSIT_PERCENT (a whole percentage, 1–100, of the one-off total),
 *   DEPOSIT_FIXED (a fixed amount in the quote's currency, incl. VAT) or FULL (the one-off total).
 * - `payToAccept`: payment is part of accepting (the customer pays before the quote counts as
 *   accepted) instead of offered after signing. Only meaningful when something is to be paid.
 * - `startRecurring`: the recurring lines (MONTH / QUARTER / YEAR) start a subscription after
 *   acceptance, charging each interval's recurring total incl. VAT.
 *
 * Every amount is computed from the quote's blocks with the customer's SELECTED optional lines,
 * incl. VAT, by src/shared/totals.ts (one-off and recurring parts apart). Pure: no Node or DOM.
 */
export { PAYMENT_MODES, type PaymentMode } from "./enums";

export const PAYMENT_LIMITS = {
  percentMin: 1,
  percentMax: 100,
  /** A fixed deposit is more than 0 and at most 10^9 in the quote's currency (the price limit). */
  fixedMaxCents: 100_000_000_000n,
} as const;

/** Payment terms as stored and as the API returns them (the fixed amount in cents). */
export type PaymentTerms = {
  mode: PaymentMode;
  /** DEPOSIT_PERCENT only: whole percent, 1–100. */
  percent: number | null;
  /** DEPOSIT_FIXED only: cents in the quote's currency, incl. VAT, > 0. */
  fixedCents: bigint | null;
  payToAccept: boolean;
  startRecurring: boolean;
};

export const NO_PAYMENT_TERMS: PaymentTerms = { mode: "NONE", percent: null, fixedCents: null, payToAccept: false, startRecurring: false };

const percentMessage = "quotes:validation.paymentPercentInvalid";
const amountMessage = "quotes:validation.paymentAmountInvalid";

/**
 * The GraphQL PaymentTermsInput and the editor's Payment section: `mode` and `percent` arrive as
 * strings (decision 002: a wrong value gets a translated field message), `amount` as an exact
 * decimal money string ("250.00"). Values the mode does not use are dropped; `payToAccept` is
 * false when there is nothing to pay (NONE without recurring payments).
 */
export const ZPaymentTermsInput = z
  .object({
    mode: z.enum(PAYMENT_MODES, { error: "quotes:validation.paymentModeInvalid" }),
    percent: z.union([z.string(), z.number()]).nullish(),
    amount: z.string().nullish(),
    payToAccept: z.boolean().nullish(),
    startRecurring: z.boolean().nullish(),
  })
  .transform((input, ctx): PaymentTerms => {
    let percent: number | null = null;
    let fixedCents: bigint | null = null;
    if (input.mode === "DEPOSIT_PERCENT") {
      const text = String(input.percent ?? "").trim();
      const value = /^\d{1,3}$/.test(text) ? Number(text) : Number.NaN;
      if (!(value >= PAYMENT_LIMITS.percentMin && value <= PAYMENT_LIMITS.percentMax)) {
        ctx.issues.push({ code: "custom", message: percentMessage, path: ["percent"], input: input.percent });
        return z.NEVER;
      }
      percent = value;
    }
    if (input.mode === "DEPOSIT_FIXED") {
      const cents = priceToCents(input.amount ?? "");
      if (cents === undefined || cents <= 0n || cents > PAYMENT_LIMITS.fixedMaxCents) {
        ctx.issues.push({ code: "custom", message: amountMessage, path: ["amount"], input: input.amount });
        return z.NEVER;
      }
      fixedCents = cents;
    }
    const startRecurring = input.startRecurring ?? false;
    const somethingToPay = input.mode !== "NONE" || startRecurring;
    return { mode: input.mode, percent, fixedCents, payToAccept: somethingToPay && (input.payToAccept ?? false), startRecurring };
  });
export type TPaymentTermsInput = z.input<typeof ZPaymentTermsInput>;

/** Whether two sets of terms are the same (an unchanged value needs no plan check). */
export function samePaymentTerms(a: PaymentTerms, b: PaymentTerms): boolean {
  return (
    a.mode === b.mode && a.percent === b.percent && a.fixedCents === b.fixedCents && a.payToAccept === b.payToAccept && a.startRecurring === b.startRecurring
  );
}

/** Whether the terms ask anything of the customer (a one-off payment or a subscription). */
export function asksPayment(terms: PaymentTerms): boolean {
  return terms.mode !== "NONE" || terms.startRecurring;
}

/** What the customer pays, in cents of the quote's currency, incl. VAT. */
export type PaymentDue = {
  mode: PaymentMode;
  /** The one-off total incl. VAT of the selected lines (what FULL pays, what a deposit is part of). */
  oneOffTotalCents: bigint;
  /** To pay now (at or after acceptance): 0 for NONE. */
  amountCents: bigint;
  /** DEPOSIT_FIXED larger than the one-off total: the total is paid instead (never more). */
  capped: boolean;
  /** With `startRecurring`: each interval's recurring total incl. VAT (the subscription's charge). */
  recurring: { interval: RecurringInterval; amountCents: bigint }[];
  payToAccept: boolean;
};

/**
 * The amount due from a quote's totals (computeTotalsCents over the selected lines):
 * - NONE: 0;
 * - DEPOSIT_PERCENT: one-off total incl. VAT × percent / 100, rounded half away from zero to the cent;
 * - DEPOSIT_FIXED: the fixed amount, but never more than the one-off total incl. VAT (`capped`):
 *   the customer's choice of options can make the total smaller than the deposit the owner set;
 * - FULL: the one-off total incl. VAT.
 * Recurring totals are never part of `amountCents` (one-off and recurring are never summed); with
 * `startRecurring` each interval's total incl. VAT is listed in `recurring`.
 */
export function paymentDueFromTotals(totals: TotalsCents, terms: PaymentTerms): PaymentDue {
  const oneOff = totals.oneOff.totalInclVat;
  let amount = 0n;
  let capped = false;
  if (terms.mode === "FULL") amount = oneOff;
  else if (terms.mode === "DEPOSIT_PERCENT") amount = divRoundHalfAwayFromZero(oneOff * BigInt(terms.percent ?? 0), 100n);
  else if (terms.mode === "DEPOSIT_FIXED") {
    const fixed = terms.fixedCents ?? 0n;
    capped = fixed > oneOff;
    amount = capped ? oneOff : fixed;
  }
  const recurring = terms.startRecurring
    ? totals.recurring.filter((p) => p.totalInclVat > 0n).map((p) => ({ interval: p.interval, amountCents: p.totalInclVat }))
    : [];
  return { mode: terms.mode, oneOffTotalCents: oneOff, amountCents: amount, capped, recurring, payToAccept: terms.payToAccept };
}

/**
 * The amount due for a quote document (the frozen version, or the editor's blocks) with the
 * customer's selection: exactly the optional lines in `selection` count (null: the quote's
 * default selection, as the owner ticked them).
 */
export function paymentDue(doc: Pick<QuoteDocumentData, "blocks">, selection: Iterable<string> | null, terms: PaymentTerms): PaymentDue {
  return paymentDueFromTotals(selectedTotalsCents(doc, selection), terms);
}

/** The document's totals in cents with the customer's selection (null: the default selection). */
export function selectedTotalsCents(doc: Pick<QuoteDocumentData, "blocks">, selection: Iterable<string> | null): TotalsCents {
  const chosen = selection === null ? null : new Set(selection);
  const blocks = doc.blocks.flatMap((block) => {
    if (!block.pricing) return [];
    const lines = chosen ? block.pricing.lines.map((li) => (li.optional ? { ...li, selected: chosen.has(li.id) } : li)) : block.pricing.lines;
    return [documentTotalsBlock({ ...block.pricing, lines })];
  });
  return computeTotalsCents(blocks);
}

/** Terms as the API returns them (`Quote.paymentTerms`): the fixed amount as an exact decimal string. */
export function paymentTermsOutput(terms: PaymentTerms) {
  return {
    mode: terms.mode,
    percent: terms.percent,
    amount: terms.fixedCents === null ? null : centsToString(terms.fixedCents),
    payToAccept: terms.payToAccept,
    startRecurring: terms.startRecurring,
  };
}
