import { describe, expect, it } from "vitest";
import {
  FEATURES,
  MIN_UPGRADE_NET_CENTS,
  PLANS,
  PRICES,
  TRIAL_DAYS,
  divideRounded,
  effectivePlan,
  hasFeature,
  isFeatureAvailable,
  isInterval,
  isPlan,
  lowestPlanWith,
  planChangeKind,
  planFeatures,
  priceCents,
  proratedUpgradeNetCents,
  showsWatermark,
  trialEndsAt,
  yearlyDiscountPercent,
  yearlyPricePerMonthCents,
  yearlySavingCents,
} from "./plans";

describe("plans", () => {
  it("has the SPEC's plans and prices in euro cents", () => {
    expect(PLANS).toEqual(["STARTER", "BASIC", "PRO"]);
    expect(priceCents("BASIC", "MONTHLY")).toBe(4900);
    expect(priceCents("BASIC", "YEARLY")).toBe(49000);
    expect(priceCents("PRO", "MONTHLY")).toBe(9900);
    expect(priceCents("PRO", "YEARLY")).toBe(99000);
    expect(priceCents("STARTER", "MONTHLY")).toBe(1400);
    expect(priceCents("STARTER", "YEARLY")).toBe(14000);
  });

  it("keeps every price an integer number of cents", () => {
    for (const plan of PLANS) for (const cents of Object.values(PRICES[plan])) expect(Number.isInteger(cents)).toBe(true);
  });

  it("makes yearly two months cheaper, a discount of 16%", () => {
    for (const plan of PLANS) {
      expect(yearlySavingCents(plan)).toBe(2 * PRICES[plan].MONTHLY);
      expect(yearlyDiscountPercent(plan)).toBe(16);
    }
    expect(yearlyPricePerMonthCents("BASIC")).toBe(4083); // 490 / 12 = 40.833…
    expect(yearlyPricePerMonthCents("PRO")).toBe(8250);
  });

  it("rounds the monthly share of a yearly price to the nearest cent, never truncating it", () => {
    expect(yearlyPricePerMonthCents("STARTER")).toBe(1167); // 140 / 12 = 11.666…, not 11.66
    for (const plan of PLANS) expect(Math.abs(yearlyPricePerMonthCents(plan) * 12 - PRICES[plan].YEARLY)).toBeLessThanOrEqual(6);
    expect(divideRounded(14_000, 12)).toBe(1167);
    expect(divideRounded(49_000, 12)).toBe(4083);
    expect(divideRounded(5, 2)).toBe(3); // half up
    expect(divideRounded(7, 2)).toBe(4);
    expect(divideRounded(1, 3)).toBe(0);
    expect(divideRounded(2, 3)).toBe(1);
  });

  it("gives Basic signing, styling and integrations; Pro DocuSign, custom domain and no watermark", () => {
    expect(hasFeature("STARTER", "signing")).toBe(false);
    expect(hasFeature("BASIC", "signing")).toBe(true);
    expect(hasFeature("BASIC", "styling")).toBe(true);
    expect(hasFeature("BASIC", "integrations")).toBe(true);
    expect(hasFeature("BASIC", "docusign")).toBe(false);
    expect(hasFeature("PRO", "docusign")).toBe(true);
    expect(hasFeature("PRO", "customDomain")).toBe(true);
    expect(showsWatermark("STARTER")).toBe(true);
    expect(showsWatermark("BASIC")).toBe(true);
    expect(showsWatermark("PRO")).toBe(false);
    expect(lowestPlanWith("signing")).toBe("BASIC");
    expect(lowestPlanWith("customDomain")).toBe("PRO");
    // Payment terms and the owner's Mollie account (issue 26): Basic and Pro, like signing.
    expect(hasFeature("STARTER", "payments")).toBe(false);
    expect(hasFeature("BASIC", "payments")).toBe(true);
    expect(lowestPlanWith("payments")).toBe("BASIC");
  });

  it("includes every lower plan's features in each higher plan", () => {
    for (let i = 1; i < PLANS.length; i++) {
      for (const feature of planFeatures(PLANS[i - 1])) expect(hasFeature(PLANS[i], feature)).toBe(true);
    }
    expect(planFeatures("PRO")).toEqual([...FEATURES]);
    expect(planFeatures("STARTER")).toEqual(["quotes", "blocks", "templates", "publicLink", "pdf", "tracking", "statistics", "team"]);
  });

  it("calls available only what the product has today (flip a flag when a feature lands)", () => {
    expect(FEATURES.filter(isFeatureAvailable)).toEqual([
      "quotes",
      "blocks",
      "templates",
      "publicLink",
      "pdf",
      "tracking",
      "statistics",
      "team",
      "signing",
      "styling",
      "developerApi",
      "integrations",
      "payments",
      "docusign",
      "customDomain",
      "noWatermark",
    ]);
    for (const feature of [] as const) {
      expect(isFeatureAvailable(feature), feature).toBe(false);
    }
  });

  it("runs a 14-day trial with the trial plan's features", () => {
    expect(TRIAL_DAYS).toBe(14);
    expect(trialEndsAt(new Date("2026-01-01T10:00:00Z")).toISOString()).toBe("2026-01-15T10:00:00.000Z");
    expect(effectivePlan({ subscriptionPlan: "TRIAL", subscriptionInterval: null })).toBe("PRO");
    expect(effectivePlan({ subscriptionPlan: "BASIC", subscriptionInterval: "YEARLY" })).toBe("BASIC");
    expect(effectivePlan({ subscriptionPlan: "STARTER", subscriptionInterval: "MONTHLY" })).toBe("STARTER");
  });

  it("recognises plan and interval names", () => {
    expect(isPlan("PRO")).toBe(true);
    expect(isPlan("pro")).toBe(false);
    expect(isPlan("TRIAL")).toBe(false);
    expect(isInterval("YEARLY")).toBe(true);
    expect(isInterval("WEEKLY")).toBe(false);
  });
});

describe("plan changes (decision 029)", () => {
  const at = (iso: string) => new Date(iso);
  it("classifies a move: up is an upgrade now, anything else waits for the period end", () => {
    const current = { plan: "BASIC", interval: "MONTHLY" } as const;
    expect(planChangeKind(current, current, { plan: "PRO", interval: "MONTHLY" })).toBe("UPGRADE");
    expect(planChangeKind(current, current, { plan: "PRO", interval: "YEARLY" })).toBe("UPGRADE");
    expect(planChangeKind(current, current, { plan: "STARTER", interval: "MONTHLY" })).toBe("SCHEDULED");
    expect(planChangeKind(current, current, { plan: "BASIC", interval: "YEARLY" })).toBe("SCHEDULED");
    expect(planChangeKind(current, current, current)).toBe("UNCHANGED");
    // A downgrade already scheduled: asking for it again, or for the current terms back.
    const scheduled = { plan: "STARTER", interval: "MONTHLY" } as const;
    expect(planChangeKind(current, scheduled, scheduled)).toBe("SCHEDULED");
    expect(planChangeKind(current, scheduled, current)).toBe("SCHEDULED");
  });

  it("prorates an upgrade by the share of the paid period left, half up, never under the minimum", () => {
    const period = { from: "BASIC", to: "PRO", interval: "MONTHLY", periodStart: at("2026-03-01T00:00:00Z"), periodEnd: at("2026-04-01T00:00:00Z") } as const;
    expect(proratedUpgradeNetCents({ ...period, now: period.periodStart })).toBe(5_000);
    // Half of March (15.5 of 31 days) left: €25.00.
    expect(proratedUpgradeNetCents({ ...period, now: at("2026-03-16T12:00:00Z") })).toBe(2_500);
    // 10 days of 31 left: 5000 × 10/31 = 1612.90… → 1613.
    expect(proratedUpgradeNetCents({ ...period, now: at("2026-03-22T00:00:00Z") })).toBe(1_613);
    // The last hour, or after the end: the minimum charge.
    expect(proratedUpgradeNetCents({ ...period, now: at("2026-03-31T23:00:00Z") })).toBe(MIN_UPGRADE_NET_CENTS);
    expect(proratedUpgradeNetCents({ ...period, now: at("2026-05-01T00:00:00Z") })).toBe(MIN_UPGRADE_NET_CENTS);
    // Before the start (clock skew) never charges more than the whole difference.
    expect(proratedUpgradeNetCents({ ...period, now: at("2026-02-01T00:00:00Z") })).toBe(5_000);
    // Yearly Starter → Pro, a quarter left: (99000 − 14000) / 4.
    expect(
      proratedUpgradeNetCents({
        from: "STARTER",
        to: "PRO",
        interval: "YEARLY",
        periodStart: at("2026-01-01T00:00:00Z"),
        periodEnd: at("2027-01-01T00:00:00Z"),
        now: new Date(Date.UTC(2026, 0, 1) + 0.75 * 365 * 86_400_000),
      }),
    ).toBe(21_250);
  });
});
