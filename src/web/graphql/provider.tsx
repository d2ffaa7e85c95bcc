import { useMemo } from "react";
import { Provider } from "urql";
import { useLocale } from "../i18n";
import { createGraphQLClient } from "./client";

/**
 * The GraphQL client for the signed-in areas (marketing pages do not load it). A new client —
 * and so an empty cache — whenever the selected account changes.
 */
export function GraphQLProvider({ accountId, children }: { accountId: string | null; children: React.ReactNode }) {
  const locale = useLocale();
  const client = useMemo(
    () =>
      createGraphQLClient({
        locale,
        accountId,
        onUnauthenticated: () => {
          if (typeof window !== "undefined") window.location.reload(); // the server-side guard sends a visitor to sign-in
        },
      }),
    [locale, accountId],
  );
  return <Provider value={client}>{children}</Provider>;
}
