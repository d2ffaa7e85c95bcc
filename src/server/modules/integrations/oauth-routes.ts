import type { Hono } from "hono";
import { type Locale, localizePath } from "../../../shared/locales";
import type { Config } from "../../config";
import type { Database } from "../../db/client";
import { isUuid } from "../../db/ids";
import { AppError } from "../../errors";
import type { AuthState } from "../../graphql/context";
import type { Logger } from "../../logger";
import { canManage } from "./oauth-callback";

export type OAuthRouteDeps = { db: Database; config: Config; log: Logger; authenticate: (request: Request, db: Database) => Promise<AuthState> };

/** What a provider's `complete…` tells after its callback: connected, or why not (shown on the page). */
export type OAuthCallbackOutcome = { locale: Locale } & ({ ok: true } | { ok: false; reason: string; error?: string });

type CallbackInput = { state: string | null; code: string | null; error: string | null; userId: string | null };

/** Settings → Integrations in the user's language, with the outcome in its query (the cards read it). */
export function integrationsPage(locale: Locale, params: Record<string, string>): string {
  return `${localizePath("/app/settings/integrations", locale)}?${new URLSearchParams(params).toString()}`;
}

/**
 * The OAuth round trip of an integration connected with the owner's account at a provider (Slack,
 * Mollie, DocuSign), registered on the provider's Hono app (mounted at /api/integrations/<provider>):
 * - `GET /connect?account=<id>&locale=en|nl` (when `start` is given): a signed-in owner or admin of
 *   the account goes to the provider's consent screen (302); anything else back to Settings →
 *   Integrations with `<provider>=error&reason=state` (or `plan`/`failed` when `start` refuses).
 * - `GET /callback?code&state` (or `?error=access_denied&state`): the provider's redirect back; the
 *   session's user must be the one the signed state names (checked by `complete`). The answer is a
 *   redirect to Settings → Integrations with `<provider>=connected` (and `connected(outcome)`'s
 *   values) or `<provider>=error&reason=…&error=…` (the provider's error, at most 100 characters).
 */
export function addOAuthRoutes<O extends OAuthCallbackOutcome>(
  app: Hono,
  deps: OAuthRouteDeps,
  provider: { id: "slack" | "mollie" | "docusign"; name: string },
  steps: {
    start?: (accountId: string, userId: string, locale: Locale) => Promise<string>;
    complete: (input: CallbackInput) => Promise<O>;
    connected?: (outcome: Extract<O, { ok: true }>) => Record<string, string>;
  },
): void {
  const { start } = steps;
  if (start) {
    app.get("/connect", async (c) => {
      const locale = c.req.query("locale") === "nl" ? "nl" : "en";
      const accountId = c.req.query("account") ?? "";
      const auth = await deps.authenticate(c.req.raw, deps.db);
      const userId = auth.user?.id ?? null;
      if (!userId || !isUuid(accountId) || !(await canManage(deps.db, accountId, userId)))
        return c.redirect(integrationsPage(locale, { [provider.id]: "error", reason: "state" }), 302);
      try {
        return c.redirect(await start(accountId, userId, locale), 302);
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        const reason = error.messageKey.startsWith("billing:") ? "plan" : "failed";
        return c.redirect(integrationsPage(locale, { [provider.id]: "error", reason }), 302);
      }
    });
  }

  app.get("/callback", async (c) => {
    const auth = await deps.authenticate(c.req.raw, deps.db);
    const userId = auth.user?.id ?? null;
    const outcome = await steps.complete({
      state: c.req.query("state") ?? null,
      code: c.req.query("code") ?? null,
      error: c.req.query("error") ?? null,
      userId,
    });
    if (outcome.ok) {
      const extra = steps.connected?.(outcome as Extract<O, { ok: true }>) ?? {};
      return c.redirect(integrationsPage(outcome.locale, { [provider.id]: "connected", ...extra }), 302);
    }
    deps.log.warn({ userId, reason: outcome.reason, error: outcome.error }, `${provider.name} connection not completed`);
    const params: Record<string, string> = { [provider.id]: "error", reason: outcome.reason };
    if (outcome.error) params.error = outcome.error.slice(0, 100);
    return c.redirect(integrationsPage(outcome.locale, params), 302);
  });
}
