import { cacheExchange } from "@urql/exchange-graphcache";
import { Client, type CombinedError, fetchExchange, mapExchange } from "urql";
import type { Locale } from "../../shared/locales";
import { customerAndQuoteKeys, customerAndQuoteUpdates } from "./cache-updates";

/** Every GraphQL request carries this header; the server refuses requests without it (CSRF). */
export const CSRF_HEADER = { "x-graphql-csrf": "1" };

/**
 * SPEC §8: GraphQL errors are combined into one error whose message lists `[Network]` and
 * `[GraphQL]` lines (urql's CombinedError does exactly that, and reports a response with neither
 * data nor errors as "No Content"); they are logged as GRAPHQL ERROR.
 */
export function logGraphQLError(error: CombinedError): void {
  console.error("GRAPHQL ERROR", error.message);
}

export function isUnauthenticated(error: CombinedError | undefined): boolean {
  return Boolean(error?.graphQLErrors.some((e) => e.extensions?.code === "UNAUTHENTICATED"));
}

export function createGraphQLClient(options: { locale: Locale; accountId: string | null; onUnauthenticated?: () => void }) {
  return new Client({
    url: "/graphql",
    preferGetMethod: false,
    fetchOptions: () => ({
      credentials: "same-origin",
      headers: {
        ...CSRF_HEADER,
        "accept-language": options.locale,
        ...(options.accountId ? { account: options.accountId } : {}),
      },
    }),
    exchanges: [
      mapExchange({
        onError(error) {
          logGraphQLError(error);
          if (isUnauthenticated(error)) options.onUnauthenticated?.();
        },
      }),
      cacheExchange({
        // SPEC §7: public quote, public account, account user and user records are not cached by
        // identity (they have no stable id of their own); pages of results are embedded too.
        keys: {
          PublicQuote: () => null,
          PublicAccount: () => null,
          AccountUser: () => null,
          User: () => null,
          AccountPage: () => null,
          ...customerAndQuoteKeys,
        },
        updates: { ...customerAndQuoteUpdates },
      }),
      fetchExchange,
    ],
  });
}
