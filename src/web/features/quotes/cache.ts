import type { UpdatesConfig } from "@urql/exchange-graphcache";
import { invalidateList } from "../../graphql/cache";
import { invalidateConversation } from "../conversation/cache";

/**
 * SPEC §7 freshness: creating, duplicating or deleting a quote refetches the quotes list and the
 * customers list (customer totals move); publishing and withdrawing change the status filters.
 */
export const quoteUpdates: NonNullable<UpdatesConfig["Mutation"]> = {
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
  publishQuote: (_result, args, cache) => {
    invalidateList(cache, "quotes");
    invalidateConversation(cache, String(args.id));
    // A new version (decision 032).
    cache.invalidate({ __typename: "Quote", id: String(args.id) }, "quoteVersions");
  },
  withdrawQuote: (_result, args, cache) => {
    invalidateList(cache, "quotes");
    invalidateConversation(cache, String(args.id));
  },
  // A signature or "mark as signed" changes the quote's state (src/shared/quote-state.ts) everywhere.
  createQuoteSignature: (_result, args, cache) => {
    if (args.quoteId) cache.invalidate({ __typename: "Quote", id: String(args.quoteId) }, "lifecycle");
    invalidateList(cache, "quotes");
  },
  updateQuoteToSigned: (_result, args, cache) => {
    cache.invalidate({ __typename: "Quote", id: String(args.id) }, "lifecycle");
    invalidateList(cache, "quotes");
  },
};

/** Types of this feature without an identity of their own: embedded in their parent. */
export const quoteKeys = {
  QuotePage: () => null,
  QuoteCustomerDetails: () => null,
  QuoteLifecycle: () => null,
  PaymentTerms: () => null,
  PaymentDue: () => null,
  RecurringPaymentDue: () => null,
} as const;
