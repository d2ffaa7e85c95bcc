/**
 * Subscription plans, prices and what each plan includes (SPEC §9). Pure constants and functions:
 * the pricing page, billing and the server's plan checks all read this one module.
 *
 * Prices are integer euro cents, excluding VAT. Yearly costs ten months ("2 months free").
 */

import { z } from "zod";
import { type Interval, type Plan, INTERVALS, PLANS } from "./enums";
import { isPlausibleVatNumber, normaliseVatNumber } from "./vat-rules";

export { INTERVALS, type Interval, PLANS, type Plan } from "./enums";

/** The free trial: every new account, no credit card needed. */
export const TRIAL_DAYS = 14;
/** What a trial account may use while the trial runs (the whole product, so people can judge it). */
export const TRIAL_PLAN: Plan = "PRO";

export const PRICE_CURRENCY = "EUR" as const;
export const PRICES_INCLUDE_VAT = false;

/** Months a yearly subscription is cheaper than twelve monthly payments. */
export const YEARLY_FREE_MONTHS = 2;

/** Price per interval in euro cents, excluding VAT. */
export const PRICES: Readonly<Record<Plan, Readonly<Record<Interval, number>>>> = {
  STARTER: { MONTHLY: 1_400, YEARLY: 14_000 },
  BASIC: { MONTHLY: 4_900, YEARLY: 49_000 },
  PRO: { MONTHLY: 9_900, YEARLY: 99_000 },
};

/**
 * What the plans offer, in the order the pricing page lists it. `plans`: which plans include the
 * feature (SPEC: Basic adds signing, styling and integrations; Pro adds DocuSign, a custom domain
 * and no watermark). `available`: whether the product has it today. The site never ticks or
 * promises a feature that is not available: it says "coming soon" instead. When a feature lands,
 * flip its flag here (and the test beside this file).
 */
const FEATURE_TABLE = {
  quotes: { plans: PLANS, available: true },
  blocks: { plans: PLANS, available: true },
  templates: { plans: PLANS, available: true },
  publicLink: { plans: PLANS, available: true },
  pdf: { plans: PLANS, available: false },
  tracking: { plans: PLANS, available: false },
  statistics: { plans: PLANS, available: false },
  team: { plans: PLANS, available: true },
  signing: { plans: ["BASIC", "PRO"], available: false },
  styling: { plans: ["BASIC", "PRO"], available: false },
  integrations: { plans: ["BASIC", "PRO"], available: false },
  docusign: { plans: ["PRO"], available: false },
  customDomain: { plans: ["PRO"], available: false },
  noWatermark: { plans: ["PRO"], available: false },
} as const satisfies Record<string, { plans: readonly Plan[]; available: boolean }>;

export type Feature = keyof typeof FEATURE_TABLE;
export const FEATURES = Object.keys(FEATURE_TABLE) as Feature[];

/** Whether the product offers the feature today (else the site says "coming soon"). */
export function isFeatureAvailable(feature: Feature): boolean {
  return FEATURE_TABLE[feature].available;
}

/** The integrations each integration feature stands for (names of other companies' products). */
export const INTEGRATIONS: Readonly<Partial<Record<Feature, readonly string[]>>> = {
  integrations: ["Slack", "Harvest", "Zapier"],
  docusign: ["DocuSign"],
};

export function isPlan(value: unknown): value is Plan {
  return typeof value === "string" && (PLANS as readonly string[]).includes(value);
}

export function isInterval(value: unknown): value is Interval {
  return typeof value === "string" && (INTERVALS as readonly string[]).includes(value);
}

export function priceCents(plan: Plan, interval: Interval): number {
  return PRICES[plan][interval];
}

/**
 * What a yearly subscription costs per month, in cents, rounded to the nearest cent (half up):
 * €140 / 12 = €11.666… → €11.67. Never truncated, so twelve of them are never shown as less than
 * the yearly price by a cent per month.
 */
export function yearlyPricePerMonthCents(plan: Plan): number {
  return divideRounded(PRICES[plan].YEARLY, 12);
}

/** a / b for non-negative integers, rounded half up, in integer arithmetic (no float error). */
export function divideRounded(a: number, b: number): number {
  return Math.floor((2 * a + b) / (2 * b));
}

/** Cents saved per year by paying yearly instead of monthly. */
export function yearlySavingCents(plan: Plan): number {
  return PRICES[plan].MONTHLY * 12 - PRICES[plan].YEARLY;
}

/** The yearly discount in whole percent (rounded down, so it never overstates it). */
export function yearlyDiscountPercent(plan: Plan): number {
  return Math.floor((yearlySavingCents(plan) * 100) / (PRICES[plan].MONTHLY * 12));
}

export function planFeatures(plan: Plan): Feature[] {
  return FEATURES.filter((feature) => hasFeature(plan, feature));
}

/** Whether the plan includes the feature (once it is available: see isFeatureAvailable). */
export function hasFeature(plan: Plan, feature: Feature): boolean {
  return (FEATURE_TABLE[feature].plans as readonly Plan[]).includes(plan);
}

/** The cheapest plan that includes a feature (for "upgrade to …" messages). */
export function lowestPlanWith(feature: Feature): Plan {
  return PLANS.find((plan) => hasFeature(plan, feature))!;
}

/** Quotes of a plan without `noWatermark` carry the Offerly watermark. */
export function showsWatermark(plan: Plan): boolean {
  return !hasFeature(plan, "noWatermark");
}

/**
 * The plan whose features apply to an account. Trial is ONE fact (decision 021): an account
 * without a subscription interval is on trial (SPEC §4) and gets the trial plan's features; the
 * stored `subscriptionPlan` is then "TRIAL" (a database check keeps the two in step).
 */
export function effectivePlan(account: { subscriptionPlan: string; subscriptionInterval: string | null }): Plan {
  if (!account.subscriptionInterval || !isPlan(account.subscriptionPlan)) return TRIAL_PLAN;
  return account.subscriptionPlan;
}

/** Features gated on the server by `assertEntitled` (billing/entitlements.ts), with the plans that include them. */
export const GATED_FEATURES = ["quotes", "signing", "styling", "integrations", "docusign", "customDomain", "noWatermark"] as const satisfies readonly Feature[];
export type GatedFeature = (typeof GATED_FEATURES)[number];

/** Whether an account's effective plan includes the feature (ignores expiry: see subscription.ts). */
export function planIncludes(account: { subscriptionPlan: string; subscriptionInterval: string | null }, feature: Feature): boolean {
  return hasFeature(effectivePlan(account), feature);
}

/** When a trial that started at `startedAt` ends. */
export function trialEndsAt(startedAt: Date): Date {
  return new Date(startedAt.getTime() + TRIAL_DAYS * 24 * 60 * 60 * 1000);
}

/** The plan-selection form (billing/update) and the createFirstSubscriptionPayment input. */
export const ZCreateFirstSubscriptionPaymentInput = z.object({
  plan: z.enum(PLANS),
  interval: z.enum(INTERVALS),
  vatNumber: z.preprocess(
    (v) => (typeof v === "string" ? normaliseVatNumber(v) || null : (v ?? null)),
    z
      .string()
      .refine((v) => isPlausibleVatNumber(v), "billing:errors.invalidVatNumber")
      .nullable(),
  ),
});
export type TCreateFirstSubscriptionPaymentInput = z.infer<typeof ZCreateFirstSubscriptionPaymentInput>;
