import { Hono } from "hono";
import { addOAuthRoutes, type OAuthRouteDeps } from "../oauth-routes";
import { completeSlackOAuth } from "./slack.service";

/**
 * `GET /api/integrations/slack/callback?code&state` (or `?error=access_denied&state`): where Slack
 * sends the browser back after "Add to Slack" (decision 054). The session's user must be the one
 * the signed state names; the answer is a redirect to Settings → Integrations with the outcome
 * (`slack=connected&channel=…` or `slack=error&reason=…`), which the screen shows. "Add to Slack"
 * itself is a link the GraphQL API gives (no /connect route).
 */
export function slackRoutes(deps: OAuthRouteDeps) {
  const app = new Hono();
  addOAuthRoutes(
    app,
    deps,
    { id: "slack", name: "Slack" },
    {
      complete: (input) => completeSlackOAuth(deps.db, deps.config, input),
      connected: (outcome) => ({ channel: outcome.channel.slice(0, 100) }),
    },
  );
  return app;
}
