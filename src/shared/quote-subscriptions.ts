import type { QuoteSubscriptionStatus, RecurringInterval } from "./enums";

/**
 * A quote's recurring lines as Mollie subscriptions (issue 26 item 4, decision 061). Pure: shared
 * by the server, the public page and the owner's screens.
 *
 * - One subscription per interval of the selected recurring lines (MONTH, QUARTER, YEAR), each
 *   charging that interval's recurring total incl. VAT.
 * - The agreed start is one interval after the signing date (the customer's signature that froze
 *   the payment), in UTC; a day that does not exist in the target month becomes that month's last day.
 */

/** Mollie's interval string for a recurring line's unit (Mollie: "… months", at most 12 months). */
export const MOLLIE_INTERVAL: Record<RecurringInterval, string> = { MONTH: "1 month", QUARTER: "3 months", YEAR: "12 months" };

const MONTHS_OF: Record<RecurringInterval, number> = { MONTH: 1, QUARTER: 3, YEAR: 12 };

/** "2026-01-31" + n months → "2026-02-28" (clamped to the month's last day). */
export function addMonthsIso(iso: string, months: number): string {
  const [y, m, d] = iso.split("-").map(Number);
  const index = y * 12 + (m - 1) + months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${String(year).padStart(4, "0")}-${String(month).padStart(2, "0")}-${String(Math.min(d, last)).padStart(2, "0")}`;
}

/** The agreed first charge of an interval's subscription: one interval after the signing date (UTC). */
export function subscriptionStartDate(signedAt: Date, interval: RecurringInterval): string {
  return addMonthsIso(signedAt.toISOString().slice(0, 10), MONTHS_OF[interval]);
}

/** Mollie's subscription status as ours. */
export function quoteSubscriptionStatus(mollieStatus: string): QuoteSubscriptionStatus {
  switch (mollieStatus) {
    case "pending":
      return "PENDING";
    case "active":
      return "ACTIVE";
    case "suspended":
      return "SUSPENDED";
    case "canceled":
      return "CANCELED";
    case "completed":
      return "COMPLETED";
    default:
      return "PENDING";
  }
}

/** A recurring charge frozen with the customer's signature: an interval's total incl. VAT and its agreed start. */
export type FrozenRecurring = { interval: RecurringInterval; amount: string; amountCents: string; startDate: string };

/** A quote's subscription as the public page, the owner's quote page and the API show it. */
export type QuoteSubscriptionView = {
  id: string;
  interval: RecurringInterval;
  /** Exact, two decimals, incl. VAT, in `currency`: charged every interval. */
  amount: string;
  currency: string;
  status: QuoteSubscriptionStatus;
  startDate: string;
  /** Mollie's `nextPaymentDate` (an active subscription), as last read from Mollie. */
  nextPaymentDate: string | null;
  /** Paid charges of the subscription so far (the first payment not included). */
  paymentsCount: number;
  canceledAt: Date | null;
};
