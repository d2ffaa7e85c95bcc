import { describe, expect, it } from "vitest";
import { TRIAL_DAYS, addInterval, daysLeft, expiresToday, isActive, isExpired, isTrial, trialDaysLeft, trialEndsAt } from "./subscription";

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
  });

  it("the trial's days left count the day in progress: 14 right after sign-up, 1 on the last day, 0 once over", () => {
    const trial = (days: number) => ({ subscriptionInterval: null, expiredAt: inDays(days) });
    expect(trialDaysLeft(trial(14), now)).toBe(14);
    expect(trialDaysLeft(trial(14 - 1 / 86_400), now)).toBe(14); // a second after sign-up
    expect(trialDaysLeft(trial(5.5), now)).toBe(6);
    expect(trialDaysLeft(trial(1), now)).toBe(1);
    expect(trialDaysLeft(trial(0.1), now)).toBe(1);
    expect(expiresToday(trial(0.1), now)).toBe(true); // "expires today" and "1 day left" agree
    expect(trialDaysLeft(trial(-0.1), now)).toBe(0);
    expect(trialDaysLeft({ subscriptionInterval: "MONTHLY", expiredAt: inDays(5) }, now)).toBeUndefined();
  });
});

describe("subscription state at midnight and across time zones", () => {
  const midnight = new Date("2026-12-01T00:00:00Z");
  const paid = (expiredAt: Date | string) => ({ subscriptionInterval: "MONTHLY", expiredAt });

  it("one second before an expiry at midnight: expires today, 0 whole days left, not expired", () => {
    const before = new Date(midnight.getTime() - 1000);
    expect(expiresToday(paid(midnight), before)).toBe(true);
    expect(daysLeft(paid(midnight), before)).toBe(0);
    expect(isExpired(paid(midnight), before)).toBe(false);
    expect(isActive(paid(midnight), before)).toBe(true);
  });

  it("at the exact instant of expiry it is not yet expired (strictly past), and nothing remains", () => {
    expect(isExpired(paid(midnight), midnight)).toBe(false);
    expect(expiresToday(paid(midnight), midnight)).toBe(false);
    expect(daysLeft(paid(midnight), midnight)).toBe(0);
  });

  it("one millisecond after expiry: expired, 0 days left, not active", () => {
    const after = new Date(midnight.getTime() + 1);
    expect(isExpired(paid(midnight), after)).toBe(true);
    expect(isActive(paid(midnight), after)).toBe(false);
    expect(daysLeft(paid(midnight), after)).toBe(0);
  });

  it("exactly one day before expiry: expires today (rounded up is one), one whole day left", () => {
    const dayBefore = new Date(midnight.getTime() - 86_400_000);
    expect(expiresToday(paid(midnight), dayBefore)).toBe(true);
    expect(daysLeft(paid(midnight), dayBefore)).toBe(1);
    expect(expiresToday(paid(midnight), new Date(dayBefore.getTime() - 1))).toBe(false);
  });

  it("counts instants, not calendar dates: the same moment written in any offset gives the same state", () => {
    const amsterdam = "2026-12-01T01:00:00+01:00"; // = midnight UTC
    const newYork = "2026-11-30T19:00:00-05:00"; // = midnight UTC
    const tokyo = "2026-12-01T09:00:00+09:00"; // = midnight UTC
    const now = new Date("2026-11-28T12:00:00-08:00"); // 20:00 UTC on the 28th
    const expected = daysLeft(paid(midnight), now);
    expect(expected).toBe(2);
    for (const expiredAt of [amsterdam, newYork, tokyo]) {
      expect(daysLeft(paid(expiredAt), now), expiredAt).toBe(expected);
      expect(expiresToday(paid(expiredAt), now), expiredAt).toBe(false);
    }
    // A user in Tokyo (already 1 December locally) still has 4 hours left: not expired.
    const tokyoMorning = new Date("2026-12-01T08:00:00+09:00");
    expect(isExpired(paid(tokyo), tokyoMorning)).toBe(false);
    expect(expiresToday(paid(tokyo), tokyoMorning)).toBe(true);
  });

  it("a trial crossing a daylight-saving change still lasts exactly 14 × 24 hours", () => {
    const start = new Date("2026-10-20T10:00:00+02:00"); // Amsterdam summer time; DST ends 25 October
    expect(trialEndsAt(start).getTime() - start.getTime()).toBe(14 * 86_400_000);
    expect(trialDaysLeft({ subscriptionInterval: null, expiredAt: trialEndsAt(start) }, start)).toBe(14);
  });

  it("adds calendar months and years in UTC, clamping to the month's last day", () => {
    expect(addInterval(new Date("2026-01-31T10:00:00Z"), "MONTHLY").toISOString()).toBe("2026-02-28T10:00:00.000Z");
    expect(addInterval(new Date("2028-01-31T10:00:00Z"), "MONTHLY").toISOString()).toBe("2028-02-29T10:00:00.000Z");
    expect(addInterval(new Date("2026-12-15T00:00:00Z"), "MONTHLY").toISOString()).toBe("2027-01-15T00:00:00.000Z");
    expect(addInterval(new Date("2028-02-29T00:00:00Z"), "YEARLY").toISOString()).toBe("2029-02-28T00:00:00.000Z");
    expect(addInterval(new Date("2026-11-22T09:00:00Z"), "YEARLY").toISOString()).toBe("2027-11-22T09:00:00.000Z");
  });
});
