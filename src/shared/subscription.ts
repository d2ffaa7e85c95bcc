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

export function trialDaysLeft(s: SubscriptionInput, now: Date = new Date()): number | undefined {
  if (!isTrial(s) || s.expiredAt === null) return undefined;
  return remainingDays(new Date(s.expiredAt), now);
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
