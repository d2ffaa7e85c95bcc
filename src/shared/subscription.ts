/**
 * Subscription state as SPEC §4 derives it from an account's interval and expiry. Pure.
 */
import { TRIAL_DAYS, trialEndsAt } from "./plans";

export { TRIAL_DAYS, trialEndsAt };
const DAY_MS = 24 * 60 * 60 * 1000;

export type SubscriptionInput = { subscriptionInterval: string | null; expiredAt: Date | string | null };

/** A trial is an account without a subscription interval. */
export function isTrial(s: SubscriptionInput): boolean {
  return !s.subscriptionInterval;
}

export function isExpired(s: SubscriptionInput, now: Date = new Date()): boolean {
  return s.expiredAt !== null && new Date(s.expiredAt).getTime() < now.getTime();
}

/**
 * Whole days until expiry: 0 when past; undefined for a trial or a subscription without expiry
 * (SPEC §4). The trial's own countdown uses trialDaysLeft.
 */
export function daysLeft(s: SubscriptionInput, now: Date = new Date()): number | undefined {
  if (isTrial(s) || s.expiredAt === null) return undefined;
  return remainingDays(new Date(s.expiredAt), now);
}

/**
 * The trial's countdown: the days it still runs, counting the day in progress (rounded up), so a
 * new account reads "14 days left" of its 14-day trial, not 13 a second after signing up, and the
 * last day reads "1 day left", as "expires today" says, not "0 days left". 0 once expired.
 * (SPEC §4's `days left` is for paid subscriptions, whole days: `daysLeft`.)
 */
export function trialDaysLeft(s: SubscriptionInput, now: Date = new Date()): number | undefined {
  if (!isTrial(s) || s.expiredAt === null) return undefined;
  const remaining = new Date(s.expiredAt).getTime() - now.getTime();
  return remaining <= 0 ? 0 : Math.ceil(remaining / DAY_MS);
}

/** Expires today: the remaining time, rounded up, is exactly one day. */
export function expiresToday(s: SubscriptionInput, now: Date = new Date()): boolean {
  if (s.expiredAt === null) return false;
  const remaining = new Date(s.expiredAt).getTime() - now.getTime();
  return remaining > 0 && Math.ceil(remaining / DAY_MS) === 1;
}

function remainingDays(expiredAt: Date, now: Date): number {
  const remaining = expiredAt.getTime() - now.getTime();
  return remaining <= 0 ? 0 : Math.floor(remaining / DAY_MS);
}

/**
 * Whether the account may create and publish: a running trial or a paid period that has not
 * ended. An account with no expiry at all is treated as active (legacy rows; new accounts always
 * get one). The server's entitlement check (billing/entitlements.ts) and the app's modal use this.
 */
export function isActive(s: SubscriptionInput, now: Date = new Date()): boolean {
  return !isExpired(s, now);
}

/** The end of a paid period that starts at `start`: one calendar month or year later (UTC). */
export function addInterval(start: Date, interval: "MONTHLY" | "YEARLY"): Date {
  const end = new Date(start.getTime());
  const day = end.getUTCDate();
  end.setUTCDate(1);
  end.setUTCMonth(end.getUTCMonth() + (interval === "YEARLY" ? 12 : 1));
  // 31 January + 1 month = 28/29 February, never 3 March.
  const lastDay = new Date(Date.UTC(end.getUTCFullYear(), end.getUTCMonth() + 1, 0)).getUTCDate();
  end.setUTCDate(Math.min(day, lastDay));
  return end;
}
