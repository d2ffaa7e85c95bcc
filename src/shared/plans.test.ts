import { describe, expect, it } from "vitest";
import {
  FEATURES,
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
  planFeatures,
  priceCents,
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
  });

  it("includes every lower plan's features in each higher plan", () => {
    for (let i = 1; i < PLANS.length; i++) {
      for (const feature of planFeatures(PLANS[i - 1])) expect(hasFeature(PLANS[i], feature)).toBe(true);
    }
    expect(planFeatures("PRO")).toEqual([...FEATURES]);
    expect(planFeatures("STARTER")).toEqual(["quotes", "blocks", "templates", "publicLink", "pdf", "tracking", "statistics", "team"]);
  });

  it("calls available only what the product has today (flip a flag when a feature lands)", () => {
    expect(FEATURES.filter(isFeatureAvailable)).toEqual(["quotes", "blocks", "templates", "publicLink", "team"]);
    for (const feature of ["signing", "tracking", "pdf", "statistics", "styling"] as const) {
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
