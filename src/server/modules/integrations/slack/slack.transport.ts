/**
 * The `slack` kind's transport (issue 24, decision 054): one Block Kit message (slack.message.ts)
 * to the channel's incoming webhook, in the account's language.
 *
 * - About one message per second per channel (Slack's limit for incoming webhooks): each send
 *   claims the channel's next slot atomically (`config.nextSendMs`, +1 s per message) and waits
 *   for it; a slot more than MAX_WAIT_MS away is not waited for in the worker — the attempt fails
 *   with that reason and the job retries on its schedule.
 * - `quote.viewed` is one event per new visitor; Slack gets only the quote's first view: a later
 *   view is recorded as skipped (204, with the reason) and not sent.
 * - Slack's answers: 200 "ok" delivered; 404/410 (channel_not_found, no_service, channel_is_archived,
 *   team_disabled) and 403 (invalid_token, action_prohibited) → the channel is disabled (REVOKED)
 *   and the owners are mailed; 429 → the job waits for Retry-After; anything else is retried.
 */
import { and, asc, desc, eq, sql } from "drizzle-orm";
import type { Locale } from "../../../../shared/locales";
import { queryRows } from "../../../db/client";
import { accounts, domainEvents, quoteSignatures } from "../../../db/schema";
import { WebhookAddressError, resolveWebhookAddress } from "../../webhooks/webhooks.address";
import { decryptSecret, requireWebhookKey } from "../../webhooks/webhooks.crypto";
import { type HttpOutcome, postWebhook } from "../../webhooks/webhooks.http";
import type { Transport, TransportInput, TransportOutcome } from "../transport";
import { type SlackEventBody, buildSlackMessage } from "./slack.message";
import { deliveryError } from "../../../../shared/delivery-errors";

/** The spacing of messages to one channel. */
export const SLACK_SEND_INTERVAL_MS = 1000;
/** The longest a worker waits for a channel's slot before giving the attempt back to the job's schedule. */
export const MAX_WAIT_MS = 20_000;

const fail = (error: string): TransportOutcome => ({ statusCode: null, latencyMs: 0, responseBody: null, error, retryAfterMs: null });

/** Claims the channel's next send slot; returns how long to wait for it (0: now). */
async function claimSlot(input: TransportInput): Promise<number> {
  const now = Date.now();
  const [row] = await queryRows<{ next: string | number }>(
    input.db,
    sql`update webhook_endpoints
        set config = jsonb_set(coalesce(config, '{}'::jsonb), '{nextSendMs}',
          to_jsonb(greatest(coalesce((config->>'nextSendMs')::bigint, 0), ${now}::bigint) + ${SLACK_SEND_INTERVAL_MS}::bigint))
        where id = ${input.endpoint.id} and account_id = ${input.endpoint.accountId}
        returning (config->>'nextSendMs')::bigint as next`,
  );
  if (!row) return 0;
  const slot = Number(row.next) - SLACK_SEND_INTERVAL_MS;
  return Math.max(0, slot - now);
}

/** Whether this quote.viewed event is the quote's first (Slack hears about the first view only). */
async function isFirstView(input: TransportInput, quoteId: string): Promise<boolean> {
  if (!input.message.eventId) return true;
  const [first] = await input.db
    .select({ id: domainEvents.id })
    .from(domainEvents)
    .where(and(eq(domainEvents.accountId, input.message.accountId), eq(domainEvents.quoteId, quoteId), eq(domainEvents.type, "quote.viewed")))
    .orderBy(asc(domainEvents.occurredAt), asc(domainEvents.id))
    .limit(1);
  return !first || first.id === input.message.eventId;
}

/** Slack's answers that mean the channel or the app is gone: the owner must act (REVOKED). */
export function isRevokedAnswer(statusCode: number | null): boolean {
  return statusCode === 404 || statusCode === 410 || statusCode === 403;
}

export function createSlackTransport(post: typeof postWebhook = postWebhook, sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))): Transport {
  return {
    kind: "slack",
    send: async (input) => {
      const { db, endpoint, message, webhooks, publicUrl } = input;
      let body: SlackEventBody;
      try {
        body = JSON.parse(input.body) as SlackEventBody;
      } catch {
        return fail(deliveryError.bodyNotJson());
      }
      const quoteId = body.data?.quote?.id;
      if (message.eventType === "quote.viewed" && quoteId && !(await isFirstView(input, quoteId))) {
        return { statusCode: 204, latencyMs: 0, responseBody: null, error: deliveryError.slackNotFirstView(), retryAfterMs: null };
      }
      // "Customer signed": the account's own signature (the owner's act) is not news to the channel.
      if (message.eventType === "quote.signature_added" && body.data?.signature?.kind !== "CUSTOMER") {
        return { statusCode: 204, latencyMs: 0, responseBody: null, error: deliveryError.slackNotCustomerSignature(), retryAfterMs: null };
      }
      const [account] = await db
        .select({ language: accounts.language, timeZone: accounts.timeZone })
        .from(accounts)
        .where(eq(accounts.id, message.accountId))
        .limit(1);
      const locale: Locale = account?.language === "NL" ? "nl" : "en";
      let signerName: string | null = null;
      if (message.eventType === "quote.signed" && quoteId) {
        const [signature] = await db
          .select({ name: quoteSignatures.name })
          .from(quoteSignatures)
          .where(and(eq(quoteSignatures.accountId, message.accountId), eq(quoteSignatures.quoteId, quoteId), eq(quoteSignatures.kind, "CUSTOMER")))
          .orderBy(desc(quoteSignatures.signedAt))
          .limit(1);
        signerName = signature?.name ?? null;
      }
      const payload = JSON.stringify(buildSlackMessage(body, { locale, timeZone: account?.timeZone ?? "Europe/Amsterdam", publicUrl, signerName }));

      let outcome: HttpOutcome;
      try {
        const url = new URL(decryptSecret(requireWebhookKey(webhooks), endpoint.id, endpoint.secretEncrypted));
        const address = await resolveWebhookAddress(url, webhooks.allowPrivate);
        const wait = await claimSlot(input);
        if (wait > MAX_WAIT_MS) return fail(deliveryError.slackRateLimit({ seconds: String(Math.ceil(wait / 1000)) }));
        if (wait > 0) await sleep(wait);
        outcome = await post(url, address, { "content-type": "application/json; charset=utf-8", "user-agent": "Offerly-Slack/1.0" }, payload);
      } catch (error) {
        return fail(error instanceof WebhookAddressError ? error.message : `${(error as Error).name}: ${(error as Error).message}`);
      }
      return isRevokedAnswer(outcome.statusCode) ? { ...outcome, disable: "REVOKED" } : outcome;
    },
  };
}

export const slackTransport = createSlackTransport();
