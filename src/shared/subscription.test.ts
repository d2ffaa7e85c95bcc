import { describe, expect, it } from "vitest";
import { TRIAL_DAYS, daysLeft, expiresToday, isExpired, isTrial, trialDaysLeft, trialEndsAt } from "./subscription";

const now = new Date("2026-11-22T12:00:00Z");
const inDays = (d: number) => new Date(now.getTime() + d * 86_400_000);

describe("subscription state (SPEC §4)", () => {
  it("a trial has no interval and lasts 14 days", () => {
    expect(TRIAL_DAYS).toBe(14);
    expect(trialEndsAt(now).toISOString()).toBe("2026-12-06T12:00:00.000Z");
    expect(isTrial({ subscriptionInterval: null, expiredAt: inDays(3) })).toBe(true);
    expect(isTrial({ subscriptionInterval: "MONTHLY", expiredAt: inDays(3) })).toBe(false);
  });

  it("is expired when expiredAt is in the past", () => {
    expect(isExpired({ subscriptionInterval: "YEARLY", expiredAt: inDays(-0.01) }, now)).toBe(true);
    expect(isExpired({ subscriptionInterval: "YEARLY", expiredAt: inDays(0.01) }, now)).toBe(false);
    expect(isExpired({ subscriptionInterval: "YEARLY", expiredAt: null }, now)).toBe(false);
  });

  it("expires today when the remaining time rounded up is exactly one day", () => {
    expect(expiresToday({ subscriptionInterval: null, expiredAt: inDays(0.5) }, now)).toBe(true);
    expect(expiresToday({ subscriptionInterval: null, expiredAt: inDays(1) }, now)).toBe(true);
    expect(expiresToday({ subscriptionInterval: null, expiredAt: inDays(1.01) }, now)).toBe(false);
    expect(expiresToday({ subscriptionInterval: null, expiredAt: inDays(-0.5) }, now)).toBe(false);
  });

  it("days left: whole days, 0 when past, undefined for a trial or no expiry", () => {
    expect(daysLeft({ subscriptionInterval: "MONTHLY", expiredAt: inDays(10.9) }, now)).toBe(10);
    expect(daysLeft({ subscriptionInterval: "MONTHLY", expiredAt: inDays(-2) }, now)).toBe(0);
    expect(daysLeft({ subscriptionInterval: null, expiredAt: inDays(5) }, now)).toBeUndefined();
    expect(daysLeft({ subscriptionInterval: "MONTHLY", expiredAt: null }, now)).toBeUndefined();
    expect(trialDaysLeft({ subscriptionInterval: null, expiredAt: inDays(5.5) }, now)).toBe(5);
  });
});
