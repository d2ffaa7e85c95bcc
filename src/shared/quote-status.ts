/**
 * Quote lifecycle (SPEC §4), as pure rules shared by the server, the database trigger's tests and
 * the screens:
 *
 *   DRAFT ──publish──▶ PUBLISHED ──sign──▶ SIGNED (final)
 *     ▲                   │
 *     └────withdraw───────┘   (signatures stay with their version; publishing makes version n + 1)
 *
 * Only drafts can be edited or deleted. "Expired" is not stored: a published quote whose
 * expiration date has passed is shown as expired (its public link says so). Signed quotes never
 * expire; drafts are drafts whatever their dates.
 */

import type { QuoteDisplayStatus, QuoteStatus } from "./enums";

export { QUOTE_DISPLAY_STATUSES, QUOTE_STATUSES, type QuoteDisplayStatus, type QuoteStatus } from "./enums";

const TRANSITIONS: Record<QuoteStatus, readonly QuoteStatus[]> = {
  DRAFT: ["PUBLISHED"],
  PUBLISHED: ["DRAFT", "SIGNED"],
  SIGNED: [],
};

export function canTransition(from: QuoteStatus, to: QuoteStatus): boolean {
  return TRANSITIONS[from].includes(to);
}

/** Title, customer, dates, settings, blocks and line items change only on a draft. */
export function isEditable(status: QuoteStatus): boolean {
  return status === "DRAFT";
}

export function canDelete(status: QuoteStatus): boolean {
  return status === "DRAFT";
}

export function canPublish(status: QuoteStatus): boolean {
  return canTransition(status, "PUBLISHED");
}

/**
 * A published quote goes back to draft to be changed, even when customers signed it: their
 * signatures stay with the version they signed, and publishing again makes a new version
 * (decision 032). A SIGNED quote is final.
 */
export function canWithdraw(status: QuoteStatus): boolean {
  return canTransition(status, "DRAFT");
}

/** Today's date as YYYY-MM-DD in UTC (the server's notion of "today" for expiry). */
export function todayIso(now?: Date): string {
  if (now) return now.toISOString().slice(0, 10);
  // Today's date, made once a day (lists ask it for every quote and field): the UTC day of Date.now().
  const day = Math.floor(Date.now() / 86_400_000);
  if (day !== todayMemo.day) {
    todayMemo.day = day;
    todayMemo.iso = new Date(day * 86_400_000).toISOString().slice(0, 10);
  }
  return todayMemo.iso;
}
const todayMemo = { day: Number.NaN, iso: "" };

/** The expiration date is the last day the quote is valid: expired from the day after. */
export function isExpired(quote: { status: QuoteStatus; expirationDate: string }, today: string = todayIso()): boolean {
  return quote.status === "PUBLISHED" && quote.expirationDate < today;
}

export function displayStatus(quote: { status: QuoteStatus; expirationDate: string }, today: string = todayIso()): QuoteDisplayStatus {
  return isExpired(quote, today) ? "EXPIRED" : quote.status;
}

/**
 * What the public link shows: the quote when it is published or signed, "expired" when a published
 * quote is past its date, and "not available" for drafts (never published, or withdrawn).
 */
export type PublicAvailability = "AVAILABLE" | "EXPIRED" | "NOT_AVAILABLE";
export function publicAvailability(quote: { status: QuoteStatus; expirationDate: string }, today: string = todayIso()): PublicAvailability {
  if (quote.status === "DRAFT") return "NOT_AVAILABLE";
  return isExpired(quote, today) ? "EXPIRED" : "AVAILABLE";
}

/**
 * What publishing a draft would lead to. `errors` are refused by the server (a quote expired the
 * moment it goes live); `warnings` are for the screens to show before publishing (no blocks: the
 * customer would see an empty quote of 0.00).
 */
export function publishProblems(
  quote: { expirationDate: string; blockCount: number },
  today: string = todayIso(),
): { errors: "expiredOnPublish"[]; warnings: "noBlocksOnPublish"[] } {
  return {
    errors: quote.expirationDate < today ? ["expiredOnPublish"] : [],
    warnings: quote.blockCount === 0 ? ["noBlocksOnPublish"] : [],
  };
}
