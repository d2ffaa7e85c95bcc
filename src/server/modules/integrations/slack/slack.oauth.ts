/**
 * "Add to Slack" (decision 054): Slack's OAuth v2 with only the `incoming-webhook` scope. Slack
 * shows the person a channel picker and, after our callback exchanges the code (oauth.v2.access),
 * returns that channel's incoming-webhook URL.
 *
 * The `state` parameter is ours, signed (HMAC-SHA256 with a key derived from the server's webhook
 * key) and bound to the account and the user who started, with a nonce and an expiry of 10 minutes.
 * The callback accepts it only for the same signed-in user, who must still be an owner or admin of
 * that account; a code is single use at Slack.
 */
import type { SlackConfig } from "../../../config";
import { OAUTH_STATE_TTL_MS, type OAuthState, signOAuthState, verifyOAuthState } from "../oauth-state";

export const SLACK_STATE_TTL_MS = OAUTH_STATE_TTL_MS;
export const SLACK_CALLBACK_PATH = "/api/integrations/slack/callback";
/** Slack's label for the signed state (oauth-state.ts); the same key and format as before it moved there. */
export const SLACK_STATE_LABEL = "offerly:slack-oauth-state:v1";
const TIMEOUT_MS = 15_000;

/** `locale`: the screen's language, for the redirect back. */
export type SlackState = OAuthState;

export function signSlackState(webhookKey: Buffer, state: Omit<SlackState, "nonce" | "expiresAt">, now: Date = new Date()): string {
  return signOAuthState(webhookKey, SLACK_STATE_LABEL, state, now);
}

/** The state's content when its signature is ours and it has not expired; else null. */
export function verifySlackState(webhookKey: Buffer, value: string, now: Date = new Date()): SlackState | null {
  return verifyOAuthState(webhookKey, SLACK_STATE_LABEL, value, now);
}

export function slackRedirectUri(publicUrl: string): string {
  return `${publicUrl}${SLACK_CALLBACK_PATH}`;
}

/** Where "Add to Slack" sends the browser. */
export function slackAuthorizeUrl(slack: SlackConfig & { app: NonNullable<SlackConfig["app"]> }, publicUrl: string, state: string): string {
  const url = new URL(`${slack.apiUrl}/oauth/v2/authorize`);
  url.searchParams.set("client_id", slack.app.clientId);
  url.searchParams.set("scope", "incoming-webhook");
  url.searchParams.set("redirect_uri", slackRedirectUri(publicUrl));
  url.searchParams.set("state", state);
  return url.toString();
}

export type SlackOAuthResult =
  | {
      ok: true;
      teamName: string | null;
      teamId: string | null;
      webhook: { channel: string; channelId: string | null; url: string; configurationUrl: string | null };
    }
  | { ok: false; error: string };

/**
 * oauth.v2.access: a form-encoded POST with the client's id and secret in HTTP Basic auth; Slack
 * answers 200 with `{ ok: false, error }` for a bad or used code.
 */
export async function exchangeSlackCode(
  slack: SlackConfig & { app: NonNullable<SlackConfig["app"]> },
  publicUrl: string,
  code: string,
  fetchImpl: typeof fetch = fetch,
): Promise<SlackOAuthResult> {
  const basic = Buffer.from(`${encodeURIComponent(slack.app.clientId)}:${encodeURIComponent(slack.app.clientSecret)}`).toString("base64");
  let response: Response;
  try {
    response = await fetchImpl(`${slack.apiUrl}/api/oauth.v2.access`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", authorization: `Basic ${basic}` },
      body: new URLSearchParams({ code, redirect_uri: slackRedirectUri(publicUrl) }).toString(),
      redirect: "error",
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (error) {
    return { ok: false, error: `request_failed: ${(error as Error).message}`.slice(0, 200) };
  }
  let json: Record<string, unknown>;
  try {
    json = (await response.json()) as Record<string, unknown>;
  } catch {
    return { ok: false, error: `http_${response.status}` };
  }
  if (json.ok !== true) return { ok: false, error: typeof json.error === "string" ? json.error.slice(0, 100) : `http_${response.status}` };
  const hook = json.incoming_webhook as Record<string, unknown> | undefined;
  const team = json.team as Record<string, unknown> | undefined;
  if (!hook || typeof hook.url !== "string" || typeof hook.channel !== "string") return { ok: false, error: "no_incoming_webhook" };
  return {
    ok: true,
    teamName: typeof team?.name === "string" ? team.name : null,
    teamId: typeof team?.id === "string" ? team.id : null,
    webhook: {
      channel: hook.channel,
      channelId: typeof hook.channel_id === "string" ? hook.channel_id : null,
      url: hook.url,
      configurationUrl: typeof hook.configuration_url === "string" ? hook.configuration_url : null,
    },
  };
}
