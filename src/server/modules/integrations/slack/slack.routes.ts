import { Hono } from "hono";
import { localizePath } from "../../../../shared/locales";
import type { Config } from "../../../config";
import type { Database } from "../../../db/client";
import type { AuthState } from "../../../graphql/context";
import type { Logger } from "../../../logger";
import { completeSlackOAuth } from "./slack.service";

/**
 * `GET /api/integrations/slack/callback?code&state` (or `?error=access_denied&state`): where Slack
 * sends the browser back after "Add to Slack" (decision 054). The session's user must be the one
 * the signed state names; the answer is a redirect to Settings → Integrations with the outcome
 * (`slack=connected&channel=…` or `slack=error&reason=…`), which the screen shows.
 */
export function slackRoutes(deps: { db: Database; config: Config; log: Logger; authenticate: (request: Request, db: Database) => Promise<AuthState> }) {
  const app = new Hono();
  app.get("/callback", async (c) => {
    const auth = await deps.authenticate(c.req.raw, deps.db);
    const outcome = await completeSlackOAuth(deps.db, deps.config, {
      state: c.req.query("state") ?? null,
      code: c.req.query("code") ?? null,
      error: c.req.query("error") ?? null,
      userId: auth.user?.id ?? null,
    });
    const params = new URLSearchParams();
    if (outcome.ok) {
      params.set("slack", "connected");
      params.set("channel", outcome.channel.slice(0, 100));
    } else {
      params.set("slack", "error");
      params.set("reason", outcome.reason);
      if (outcome.error) params.set("error", outcome.error.slice(0, 100));
      deps.log.warn({ userId: auth.user?.id ?? null, reason: outcome.reason, error: outcome.error }, "Slack connection not completed");
    }
    return c.redirect(`${localizePath("/app/settings/integrations", outcome.locale)}?${params.toString()}`, 302);
  });
  return app;
}
