import { cacheExchange } from "@urql/exchange-graphcache";
import { Client, type CombinedError, fetchExchange, mapExchange } from "urql";
import type { Locale } from "../../shared/locales";
import { billingKeys, billingUpdates } from "../features/billing/cache";
import { planRequiredIn, reportPlanRequired } from "../features/billing/entitlement";
import { conversationKeys, conversationUpdates } from "../features/conversation/cache";
import { customerKeys, customerUpdates } from "../features/customers/cache";
import { developersKeys, developersUpdates } from "../features/developers/cache";
import { integrationsUpdates } from "../features/integrations/cache";
import { editorKeys, editorUpdates } from "../features/editor/cache";
import { quoteKeys, quoteUpdates } from "../features/quotes/cache";
import { settingsKeys, settingsUpdates } from "../features/settings/cache";
import { statisticsKeys } from "../features/statistics/cache";
import { teamKeys, teamUpdates } from "../features/team/cache";
import { templateKeys, templateUpdates } from "../features/templates/cache";

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

/**
 * Types without an id of their own are embedded in their parent instead of cached by identity
 * (SPEC §7: account users and users; pages of results). Only types that exist in schema.graphql:
 * a unit test checks each name.
 */
export const CACHE_KEYS = {
  AccountUser: () => null,
  User: () => null,
  AccountPage: () => null,
  ...customerKeys,
  ...quoteKeys,
  ...conversationKeys,
  ...settingsKeys,
  ...billingKeys,
  ...teamKeys,
  ...editorKeys,
  ...templateKeys,
  ...statisticsKeys,
  ...developersKeys,
};

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
          // A feature outside the plan, refused by the server's entitlement check: the upgrade prompt.
          const planRequired = planRequiredIn(error);
          if (planRequired) reportPlanRequired(planRequired);
        },
      }),
      cacheExchange({
        keys: CACHE_KEYS,
        updates: {
          Mutation: {
            ...customerUpdates,
            ...quoteUpdates,
            ...settingsUpdates,
            ...billingUpdates,
            ...teamUpdates,
            ...editorUpdates,
            ...templateUpdates,
            ...conversationUpdates,
            ...developersUpdates,
            ...integrationsUpdates,
          },
        },
      }),
      fetchExchange,
    ],
  });
}
