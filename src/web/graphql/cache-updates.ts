import type { Cache, UpdatesConfig } from "@urql/exchange-graphcache";

/** Drops every cached page of a list field (all argument combinations), so that it is refetched. */
function invalidateList(cache: Cache, fieldName: string) {
  for (const field of cache.inspectFields("Query")) {
    if (field.fieldName === fieldName) cache.invalidate("Query", field.fieldName, field.arguments);
  }
}

/**
 * SPEC §7 freshness: after creating or deleting a customer or quote, the matching list is
 * refetched. Quote changes also move customer totals, and a deleted customer leaves its quotes
 * without a customer, so both lists go.
 */
export const customerAndQuoteUpdates: UpdatesConfig = {
  Mutation: {
    createCustomer: (_result, _args, cache) => invalidateList(cache, "customers"),
    deleteCustomer: (_result, args, cache) => {
      cache.invalidate({ __typename: "Customer", id: String(args.id) });
      invalidateList(cache, "customers");
      invalidateList(cache, "quotes");
    },
    createQuote: (_result, _args, cache) => {
      invalidateList(cache, "quotes");
      invalidateList(cache, "customers");
    },
    duplicateQuote: (_result, _args, cache) => {
      invalidateList(cache, "quotes");
      invalidateList(cache, "customers");
    },
    deleteQuote: (_result, args, cache) => {
      cache.invalidate({ __typename: "Quote", id: String(args.id) });
      invalidateList(cache, "quotes");
      invalidateList(cache, "customers");
    },
    // Status filters (draft / published) change with these.
    publishQuote: (_result, _args, cache) => invalidateList(cache, "quotes"),
    withdrawQuote: (_result, _args, cache) => invalidateList(cache, "quotes"),
  },
};

/** Types without an identity of their own: embedded in their parent. */
export const customerAndQuoteKeys = {
  CustomerPage: () => null,
  QuotePage: () => null,
  QuoteCustomerDetails: () => null,
};
