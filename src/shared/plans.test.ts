import { describe, expect, it } from "vitest";
import {
  COMING_LATER,
  FEATURES,
  PLANS,
  PRICES,
  TRIAL_DAYS,
  effectivePlan,
  hasFeature,
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
    expect(yearlyPricePerMonthCents("BASIC")).toBe(4083);
    expect(yearlyPricePerMonthCents("PRO")).toBe(8250);
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
  });

  it("marks the features that are not built yet", () => {
    expect([...COMING_LATER].sort()).toEqual(["customDomain", "docusign", "integrations"]);
  });

  it("runs a 14-day trial with the trial plan's features", () => {
    expect(TRIAL_DAYS).toBe(14);
    expect(trialEndsAt(new Date("2026-01-01T10:00:00Z")).toISOString()).toBe("2026-01-15T10:00:00.000Z");
    expect(effectivePlan({ subscriptionPlan: "STARTER", trial: true })).toBe("PRO");
    expect(effectivePlan({ subscriptionPlan: "BASIC", trial: false })).toBe("BASIC");
  });

  it("recognises plan and interval names", () => {
    expect(isPlan("PRO")).toBe(true);
    expect(isPlan("pro")).toBe(false);
    expect(isPlan("TRIAL")).toBe(false);
    expect(isInterval("YEARLY")).toBe(true);
    expect(isInterval("WEEKLY")).toBe(false);
  });
});
