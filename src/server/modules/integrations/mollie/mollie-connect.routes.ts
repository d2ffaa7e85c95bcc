import { Hono } from "hono";
import { localizePath } from "../../../../shared/locales";
import type { Config } from "../../../config";
import type { Database } from "../../../db/client";
import { isUuid } from "../../../db/ids";
import { AppError } from "../../../errors";
import type { AuthState } from "../../../graphql/context";
import type { Logger } from "../../../logger";
import { canManage, completeMollieConnect, startMollieConnect } from "./mollie-connect.service";

/**
 * "Connect with Mollie" (issue 26; decision 057):
 * - `GET /api/integrations/mollie/connect?account=<id>&locale=en|nl`: a signed-in owner or admin of
 *   the account is sent to Mollie's consent screen (302); anything else back to Settings →
 *   Integrations with `mollie=error&reason=…`.
 * - `GET /api/integrations/mollie/callback?code&state` (or `?error=access_denied&state`): Mollie's
 *   redirect back; the answer is a redirect to Settings → Integrations with `mollie=connected` or
 *   `mollie=error&reason=…`, which the screen shows.
 */
export function mollieConnectRoutes(deps: { db: Database; config: Config; log: Logger; authenticate: (request: Request, db: Database) => Promise<AuthState> }) {
  const app = new Hono();
  const back = (locale: "en" | "nl", params: Record<string, string>) =>
    `${localizePath("/app/settings/integrations", locale)}?${new URLSearchParams(params).toString()}`;

  app.get("/connect", async (c) => {
    const locale = c.req.query("locale") === "nl" ? "nl" : "en";
    const accountId = c.req.query("account") ?? "";
    const auth = await deps.authenticate(c.req.raw, deps.db);
    const userId = auth.user?.id ?? null;
    if (!userId || !isUuid(accountId) || !(await canManage(deps.db, accountId, userId)))
      return c.redirect(back(locale, { mollie: "error", reason: "state" }), 302);
    try {
      return c.redirect(await startMollieConnect(deps.db, deps.config, accountId, userId, locale), 302);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      const reason = error.messageKey.startsWith("billing:") ? "plan" : "failed";
      return c.redirect(back(locale, { mollie: "error", reason }), 302);
    }
  });

  app.get("/callback", async (c) => {
    const auth = await deps.authenticate(c.req.raw, deps.db);
    const outcome = await completeMollieConnect(deps.db, deps.config, {
      state: c.req.query("state") ?? null,
      code: c.req.query("code") ?? null,
      error: c.req.query("error") ?? null,
      userId: auth.user?.id ?? null,
    });
    if (outcome.ok) return c.redirect(back(outcome.locale, { mollie: "connected" }), 302);
    deps.log.warn({ userId: auth.user?.id ?? null, reason: outcome.reason, error: outcome.error }, "Mollie connection not completed");
    return c.redirect(back(outcome.locale, { mollie: "error", reason: outcome.reason, ...(outcome.error ? { error: outcome.error.slice(0, 100) } : {}) }), 302);
  });
  return app;
}
