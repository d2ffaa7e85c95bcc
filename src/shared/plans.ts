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
  pdf: { plans: PLANS, available: true },
  tracking: { plans: PLANS, available: true },
  statistics: { plans: PLANS, available: true },
  team: { plans: PLANS, available: true },
  signing: { plans: ["BASIC", "PRO"], available: true },
  styling: { plans: ["BASIC", "PRO"], available: true },
  /** Signed outbound webhooks, API keys and the REST API (issue 23): what every integration builds on. */
  developerApi: { plans: ["BASIC", "PRO"], available: true },
  /** Slack, Harvest and Zapier (issue 24): Settings → Integrations. */
  integrations: { plans: ["BASIC", "PRO"], available: true },
  /**
   * Payment terms on quotes, the owner's own Mollie account and the customer's payment on the
   * public quote (issue 26, decisions 057 and 058): available since the customer can pay end to end.
   */
  payments: { plans: ["BASIC", "PRO"], available: true },
  /** DocuSign signing (issue 25, decision 059): connect, send, Connect completion, end to end. */
  docusign: { plans: ["PRO"], available: true },
  /** Quote links on the account's own domain with on-demand TLS (issue 25, decision 060). */
  customDomain: { plans: ["PRO"], available: true },
  noWatermark: { plans: ["PRO"], available: true },
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

/**
 * The entitlement refusal: `extensions.reason` of a FORBIDDEN GraphQL error from `assertEntitled`
 * (with `extensions.feature` and `extensions.plan`, the cheapest plan that has it). The web app
 * shows the upgrade prompt for any error that carries it.
 */
export const PLAN_REQUIRED = "PLAN_REQUIRED";

/** Features gated on the server by `assertEntitled` (billing/entitlements.ts), with the plans that include them. */
export const GATED_FEATURES = [
  "quotes",
  "signing",
  "styling",
  "developerApi",
  "integrations",
  "payments",
  "docusign",
  "customDomain",
  "noWatermark",
] as const satisfies readonly Feature[];
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

/** Plans from the least to the most features: a move up is an upgrade. */
export const PLAN_RANK: Readonly<Record<Plan, number>> = { STARTER: 0, BASIC: 1, PRO: 2 };

/**
 * How a running subscription moves to another plan and interval (decision 029):
 * - UPGRADE (a plan with more features): now, for a prorated payment for the rest of the period
 *   already paid; the new interval, if any, from the end of that period;
 * - SCHEDULED (a plan with fewer features, or only another interval): from the end of the period
 *   already paid, nothing to pay now;
 * - UNCHANGED: the plan and interval it already has and renews at.
 */
export type PlanChangeKind = "UPGRADE" | "SCHEDULED" | "UNCHANGED";

export function planChangeKind(
  current: { plan: Plan; interval: Interval },
  renewal: { plan: Plan; interval: Interval },
  target: { plan: Plan; interval: Interval },
): PlanChangeKind {
  if (PLAN_RANK[target.plan] > PLAN_RANK[current.plan]) return "UPGRADE";
  if (target.plan === renewal.plan && target.interval === renewal.interval)
    return target.plan === current.plan && target.interval === current.interval ? "UNCHANGED" : "SCHEDULED";
  return "SCHEDULED";
}

/** The smallest upgrade charge, excl. VAT (a payment provider's minimum; decision 029). */
export const MIN_UPGRADE_NET_CENTS = 100;

/**
 * What an upgrade costs for the rest of the period already paid, excl. VAT: the price difference
 * in the current interval times the share of the period left (by the millisecond), rounded half
 * up to the cent, never less than MIN_UPGRADE_NET_CENTS.
 */
export function proratedUpgradeNetCents(input: { from: Plan; to: Plan; interval: Interval; periodStart: Date; periodEnd: Date; now: Date }): number {
  const difference = priceCents(input.to, input.interval) - priceCents(input.from, input.interval);
  const period = input.periodEnd.getTime() - input.periodStart.getTime();
  const left = Math.min(Math.max(input.periodEnd.getTime() - input.now.getTime(), 0), period);
  if (difference <= 0 || period <= 0) return MIN_UPGRADE_NET_CENTS;
  return Math.max(MIN_UPGRADE_NET_CENTS, divideRounded(difference * left, period));
}

/** The plan-change form (billing/update for a subscriber) and the changeSubscription input. */
export const ZChangeSubscriptionInput = z.object({
  plan: z.enum(PLANS),
  interval: z.enum(INTERVALS),
  /** A downgrade that drops signing while published quotes await a signature needs this (decision 029). */
  confirmPendingSignatures: z.boolean().nullish(),
});
export type TChangeSubscriptionInput = z.infer<typeof ZChangeSubscriptionInput>;
