import type { UpdatesConfig } from "@urql/exchange-graphcache";
import { invalidateList } from "../../graphql/cache";

/**
 * SPEC §7 freshness: after creating or deleting a customer the list is refetched; a deleted
 * customer leaves its quotes without a customer, so the quotes list goes too.
 */
export const customerUpdates: NonNullable<UpdatesConfig["Mutation"]> = {
  createCustomer: (_result, _args, cache) => invalidateList(cache, "customers"),
  deleteCustomer: (_result, args, cache) => {
    cache.invalidate({ __typename: "Customer", id: String(args.id) });
    invalidateList(cache, "customers");
    invalidateList(cache, "quotes");
  },
};

/** Types of this feature without an identity of their own: embedded in their parent. */
export const customerKeys = {
  CustomerPage: () => null,
} as const;
