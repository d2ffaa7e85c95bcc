/**
 * Subscription plans, prices and what each plan includes (SPEC §9). Pure constants and functions:
 * the pricing page, billing and the server's plan checks all read this one module.
 *
 * Prices are integer euro cents, excluding VAT. Yearly costs ten months ("2 months free").
 */

import { type Interval, type Plan, INTERVALS, PLANS } from "./enums";

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

export const FEATURES = [
  "quoteBuilder",
  "templates",
  "publicLink",
  "tracking",
  "statistics",
  "team",
  "signing",
  "styling",
  "integrations",
  "docusign",
  "customDomain",
  "noWatermark",
] as const;
export type Feature = (typeof FEATURES)[number];

/**
 * Which plans include a feature. SPEC: Basic adds signing, styling (logo, colour, font) and
 * integrations (Slack, Harvest, Zapier); Pro adds DocuSign, a custom domain and no watermark.
 */
const FEATURE_PLANS: Readonly<Record<Feature, readonly Plan[]>> = {
  quoteBuilder: PLANS,
  templates: PLANS,
  publicLink: PLANS,
  tracking: PLANS,
  statistics: PLANS,
  team: PLANS,
  signing: ["BASIC", "PRO"],
  styling: ["BASIC", "PRO"],
  integrations: ["BASIC", "PRO"],
  docusign: ["PRO"],
  customDomain: ["PRO"],
  noWatermark: ["PRO"],
};

/** Features the plans promise that the product does not offer yet: say so wherever they are shown. */
export const COMING_LATER: ReadonlySet<Feature> = new Set<Feature>(["integrations", "docusign", "customDomain"]);

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

/** What a yearly subscription costs per month, in cents, rounded down to the cent. */
export function yearlyPricePerMonthCents(plan: Plan): number {
  return Math.floor(PRICES[plan].YEARLY / 12);
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
  return FEATURES.filter((feature) => FEATURE_PLANS[feature].includes(plan));
}

export function hasFeature(plan: Plan, feature: Feature): boolean {
  return FEATURE_PLANS[feature].includes(plan);
}

/** The cheapest plan that includes a feature (for "upgrade to …" messages). */
export function lowestPlanWith(feature: Feature): Plan {
  return PLANS.find((plan) => hasFeature(plan, feature))!;
}

/** Quotes of a plan without `noWatermark` carry the Offerly watermark. */
export function showsWatermark(plan: Plan): boolean {
  return !hasFeature(plan, "noWatermark");
}

/** The plan whose features apply to an account: the trial plan while trialling. */
export function effectivePlan(account: { subscriptionPlan: Plan; trial: boolean }): Plan {
  return account.trial ? TRIAL_PLAN : account.subscriptionPlan;
}

/** When a trial that started at `startedAt` ends. */
export function trialEndsAt(startedAt: Date): Date {
  return new Date(startedAt.getTime() + TRIAL_DAYS * 24 * 60 * 60 * 1000);
}
