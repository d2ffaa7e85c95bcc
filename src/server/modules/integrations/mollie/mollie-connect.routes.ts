import { Hono } from "hono";
import { addOAuthRoutes, type OAuthRouteDeps } from "../oauth-routes";
import { completeMollieConnect, startMollieConnect } from "./mollie-connect.service";

/**
 * "Connect with Mollie" (issue 26; decision 057):
 * - `GET /api/integrations/mollie/connect?account=<id>&locale=en|nl`: a signed-in owner or admin of
 *   the account is sent to Mollie's consent screen (302); anything else back to Settings →
 *   Integrations with `mollie=error&reason=…`.
 * - `GET /api/integrations/mollie/callback?code&state` (or `?error=access_denied&state`): Mollie's
 *   redirect back; the answer is a redirect to Settings → Integrations with `mollie=connected` or
 *   `mollie=error&reason=…`, which the screen shows.
 */
export function mollieConnectRoutes(deps: OAuthRouteDeps) {
  const app = new Hono();
  addOAuthRoutes(
    app,
    deps,
    { id: "mollie", name: "Mollie" },
    {
      start: (accountId, userId, locale) => startMollieConnect(deps.db, deps.config, accountId, userId, locale),
      complete: (input) => completeMollieConnect(deps.db, deps.config, input),
    },
  );
  return app;
}
