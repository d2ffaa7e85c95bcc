import type { UpdatesConfig } from "@urql/exchange-graphcache";

/** SPEC §7: cancelling the subscription refetches the account (and the billing overview). */
export const billingUpdates: NonNullable<UpdatesConfig["Mutation"]> = {
  cancelSubscription: (_result, _args, cache) => {
    cache.invalidate("Query", "billing");
    cache.invalidate("Query", "account");
  },
};

/** Types of this feature without an identity of their own: embedded in their parent. */
export const billingKeys = {
  Billing: () => null,
  AccountSubscription: () => null,
  PaymentResult: () => null,
  CancelSubscriptionResult: () => null,
} as const;
