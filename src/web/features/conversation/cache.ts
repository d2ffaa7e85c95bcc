import type { Cache, UpdatesConfig } from "@urql/exchange-graphcache";

/** Publishing or withdrawing clears a decline and (re)schedules the reminder: fetch them again. */
export function invalidateConversation(cache: Cache, quoteId: string) {
  for (const field of ["decline", "reminder", "conversation"]) cache.invalidate({ __typename: "Quote", id: quoteId }, field);
}

/**
 * Sending a quote adds a SENT entry to its conversation: the quote's `conversation` is fetched
 * again. Answers and reminder settings update their own entities (they come back with their id).
 */
export const conversationUpdates: NonNullable<UpdatesConfig["Mutation"]> = {
  sendQuoteToCustomer: (_result, args, cache) => {
    cache.invalidate({ __typename: "Quote", id: String(args.id) }, "conversation");
  },
};

/** Types of this feature without an identity of their own: embedded in their quote. */
export const conversationKeys = {
  QuoteDecline: () => null,
  QuoteReminder: () => null,
  PublicQuoteQuestion: () => null,
} as const;
