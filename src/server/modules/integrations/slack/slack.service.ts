/**
 * Connecting Slack channels (issue 24, decision 054): by "Add to Slack" (OAuth v2, see
 * slack.oauth.ts) or by pasting an incoming-webhook URL (a server without a Slack app). Each
 * channel is a `slack` row of webhook_endpoints: the webhook URL (a credential) encrypted in
 * `secret_encrypted`, a display form in `url`, the channel and workspace in `config`. Connecting
 * needs the plan feature `integrations` and an owner or admin (GraphQL checks the role; the OAuth
 * callback checks it again for the user the state names).
 */
import crypto from "node:crypto";
import { and, count, eq } from "drizzle-orm";
import { SLACK_DEFAULT_EVENT_TYPES, SLACK_LIMITS, type SlackEventType, type TSlackConnectInput, ZSlackConnectInput } from "../../../../shared/integrations";
import type { Config } from "../../../config";
import type { Executor } from "../../../db/client";
import { webhookEndpoints } from "../../../db/schema";
import { AppError } from "../../../errors";
import { parseInput } from "../../../graphql/validation";
import { assertEntitled } from "../../billing/entitlements";
import { WebhookKeyError, encryptSecret, requireWebhookKey } from "../../webhooks/webhooks.crypto";
import { deliveriesPaused } from "../../webhooks/webhooks.service";
import type { IntegrationRow } from "../integrations.service";
import { type OAuthCallbackParams, openOAuthCallback } from "../oauth-callback";
import { SLACK_STATE_LABEL, exchangeSlackCode, signSlackState, slackAuthorizeUrl } from "./slack.oauth";
import { displaySlackUrl, isAllowedSlackWebhookUrl } from "./slack.urls";

export type SlackChannelConfig = {
  channel: string | null;
  channelId: string | null;
  team: string | null;
  teamId: string | null;
  configurationUrl: string | null;
  source: "oauth" | "pasted";
  /** The earliest moment the next message may go to this channel (about one per second: slack.transport.ts). */
  nextSendAt?: string;
};

function keyOrRefuse(config: Config): Buffer {
  try {
    return requireWebhookKey(config.webhooks);
  } catch (error) {
    if (error instanceof WebhookKeyError) throw new AppError("FORBIDDEN", "integrations:errors.notConfigured");
    throw error;
  }
}

async function createSlackChannel(
  db: Executor,
  config: Config,
  accountId: string,
  userId: string | null,
  channel: Omit<SlackChannelConfig, "nextSendAt"> & { url: string; eventTypes: readonly SlackEventType[] },
): Promise<IntegrationRow> {
  const key = keyOrRefuse(config);
  const [{ total }] = await db
    .select({ total: count() })
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.accountId, accountId), eq(webhookEndpoints.kind, "slack")));
  if (total >= SLACK_LIMITS.channels) throw new AppError("CONFLICT", "integrations:errors.tooManyChannels", { max: SLACK_LIMITS.channels });
  const id = crypto.randomUUID();
  const { url, eventTypes, ...rest } = channel;
  const settings: SlackChannelConfig = rest;
  const [row] = await db
    .insert(webhookEndpoints)
    .values({
      id,
      accountId,
      kind: "slack",
      config: settings,
      url: displaySlackUrl(url),
      eventTypes: [...eventTypes],
      enabled: true,
      secretEncrypted: encryptSecret(key, id, url),
      createdByUserId: userId,
    })
    .returning();
  return { ...row, kind: "slack", deliveriesPaused: await deliveriesPaused(db, accountId, "integrations") };
}

/** A channel from a pasted incoming-webhook URL (https://hooks.slack.com/services/… only, decision 054). */
export async function connectSlackWebhook(
  db: Executor,
  config: Config,
  accountId: string,
  userId: string | null,
  rawInput: TSlackConnectInput,
): Promise<IntegrationRow> {
  const input = parseInput(ZSlackConnectInput, rawInput);
  await assertEntitled(db, accountId, "integrations");
  if (!isAllowedSlackWebhookUrl(input.url, config.slack, config.webhooks)) {
    throw new AppError("BAD_USER_INPUT", "integrations:errors.slackUrlNotAllowed", {}, { url: { key: "integrations:errors.slackUrlNotAllowed" } });
  }
  return createSlackChannel(db, config, accountId, userId, {
    url: input.url,
    eventTypes: input.eventTypes ?? SLACK_DEFAULT_EVENT_TYPES,
    channel: input.channel,
    channelId: null,
    team: null,
    teamId: null,
    configurationUrl: null,
    source: "pasted",
  });
}

/** Where "Add to Slack" sends the browser: Slack's consent screen with a state bound to this account and user. */
export async function startSlackOAuth(db: Executor, config: Config, accountId: string, userId: string, locale: "en" | "nl"): Promise<string> {
  const app = config.slack.app;
  if (!app) throw new AppError("FORBIDDEN", "integrations:errors.slackNotConfigured");
  await assertEntitled(db, accountId, "integrations");
  const state = signSlackState(keyOrRefuse(config), { accountId, userId, locale });
  return slackAuthorizeUrl({ ...config.slack, app }, config.publicUrl, state);
}

export type SlackCallbackOutcome = { locale: "en" | "nl" } & (
  | { ok: true; channel: string }
  | { ok: false; reason: "state" | "denied" | "failed" | "plan" | "url" | "limit"; error?: string }
);

/**
 * Slack's redirect back: the state must be ours, unexpired, for this signed-in user, who is still
 * an owner or admin of the account it names; then the code is exchanged and the channel stored.
 */
export async function completeSlackOAuth(db: Executor, config: Config, params: OAuthCallbackParams, fetchImpl?: typeof fetch): Promise<SlackCallbackOutcome> {
  const app = config.slack.app;
  const opened = await openOAuthCallback(db, config, params, { label: SLACK_STATE_LABEL, configured: Boolean(app), feature: "integrations" });
  if (!opened.ok) return opened;
  const { state, locale, code } = opened;
  if (!app) return { locale, ok: false, reason: "state" }; // checked above (configured); narrows the type
  const result = await exchangeSlackCode({ ...config.slack, app }, config.publicUrl, code, fetchImpl);
  if (!result.ok) return { locale, ok: false, reason: "failed", error: result.error };
  if (!isAllowedSlackWebhookUrl(result.webhook.url, config.slack, config.webhooks)) return { locale, ok: false, reason: "url" };
  try {
    await createSlackChannel(db, config, state.accountId, state.userId, {
      url: result.webhook.url,
      eventTypes: SLACK_DEFAULT_EVENT_TYPES,
      channel: result.webhook.channel,
      channelId: result.webhook.channelId,
      team: result.teamName,
      teamId: result.teamId,
      configurationUrl: result.webhook.configurationUrl,
      source: "oauth",
    });
  } catch (error) {
    if (error instanceof AppError && error.messageKey === "integrations:errors.tooManyChannels") return { locale, ok: false, reason: "limit" };
    throw error;
  }
  return { locale, ok: true, channel: result.webhook.channel };
}
