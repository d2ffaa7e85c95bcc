import type { Cache, UpdatesConfig } from "@urql/exchange-graphcache";

/** The account (plan) and the billing overview are fetched again. */
const refetchPlan = (_result: unknown, _args: unknown, cache: Cache) => {
  cache.invalidate("Query", "billing");
  cache.invalidate("Query", "account");
};

/** SPEC §7: cancelling the subscription refetches the account; so does a plan change (its schedule shows on the overview). */
export const billingUpdates: NonNullable<UpdatesConfig["Mutation"]> = {
  cancelSubscription: refetchPlan,
  changeSubscription: refetchPlan,
};

/** Types of this feature without an identity of their own: embedded in their parent. */
export const billingKeys = {
  Billing: () => null,
  AccountSubscription: () => null,
  PaymentResult: () => null,
  CancelSubscriptionResult: () => null,
  ChangeSubscriptionResult: () => null,
  PlanChangePreview: () => null,
  ScheduledPlanChange: () => null,
} as const;
