/**
 * One attempt of one message to one endpoint (the deliver-webhook job, decisions 048 and 053):
 * check the endpoint and the plan feature of its kind, write the attempt to the log, hand the
 * sending to the kind's transport (a signed POST, a Slack message, Harvest records), record the
 * answer, then decide: 2xx done; a transport's `disable` (a webhook's 410: GONE; a provider's
 * refusal: REVOKED, with an e-mail to the owners) switches the endpoint off; anything else is
 * retried on the schedule with jitter, or after the receiver's Retry-After (429, 5xx); after the
 * last attempt the endpoint is disabled (FAILING) and the owners get an e-mail.
 */
import { and, eq, lt, ne } from "drizzle-orm";
import type { z } from "zod";
import { translator } from "../../../shared/i18n/server";
import { type Locale, localizePath } from "../../../shared/locales";
import type { WebhookConfig } from "../../config";
import type { Database, Executor } from "../../db/client";
import { accountUsers, accounts, users, webhookDeliveries, webhookEndpoints } from "../../db/schema";
import { PermanentJobError, RetryJobError } from "../../jobs/define";
import { enqueue } from "../../jobs/queue";
import { sendMailJob } from "../../jobs/send-mail";
import type { Logger } from "../../logger";
import { renderEmail } from "../../mail/layout";
import { entitlementRefusal } from "../billing/entitlements";
import type { EndpointRecord, TransportOutcome } from "../integrations/transport";
import { transports } from "../integrations/transports";
import { loadEventBody } from "./webhooks.events";
import type { HttpOutcome } from "./webhooks.http";
import { RETRY_SCHEDULE_MS, type deliverWebhookJob } from "./webhooks.jobs";
import { featureOfKind } from "./webhooks.service";
import { deliveryError } from "../../../shared/delivery-errors";

export type DeliveryMessage = z.output<(typeof deliverWebhookJob)["schema"]>;

export type DeliveryDeps = {
  db: Database;
  log: Logger;
  webhooks: WebhookConfig;
  publicUrl: string;
  job: { id: string; attempt: number; maxAttempts: number };
  /** For tests: the transports by kind (default: modules/integrations/transports.ts) and the clock. */
  transports?: typeof transports;
  now?: () => Date;
};

/** Waits no longer than this for a Retry-After (a receiver asking for a week gets a day). */
export const MAX_RETRY_AFTER_MS = 24 * 3600_000;

/** The wait after attempt `attempt` failed: the schedule ±20 %. */
export function scheduledDelayMs(attempt: number, random: () => number = Math.random): number {
  const base = RETRY_SCHEDULE_MS[Math.min(attempt, RETRY_SCHEDULE_MS.length) - 1] ?? RETRY_SCHEDULE_MS[RETRY_SCHEDULE_MS.length - 1];
  return Math.round(base * (0.8 + 0.4 * random()));
}

/** The wait before the next attempt: the receiver's Retry-After on 429 and 5xx (at least 1 s, at most a day), else the schedule. */
export function nextDelayMs(outcome: Pick<HttpOutcome, "statusCode" | "retryAfterMs">, attempt: number): number {
  const honours = outcome.statusCode === 429 || (outcome.statusCode !== null && outcome.statusCode >= 500);
  if (honours && outcome.retryAfterMs !== null) return Math.min(MAX_RETRY_AFTER_MS, Math.max(1000, outcome.retryAfterMs));
  return scheduledDelayMs(attempt);
}

export async function deliverWebhook(message: DeliveryMessage, deps: DeliveryDeps): Promise<void> {
  const { db, log, job } = deps;
  const now = deps.now?.() ?? new Date();
  // The endpoint and its account's plan in one statement.
  const [found] = await db
    .select({
      endpoint: webhookEndpoints,
      plan: { subscriptionPlan: accounts.subscriptionPlan, subscriptionInterval: accounts.subscriptionInterval, expiredAt: accounts.expiredAt },
    })
    .from(webhookEndpoints)
    .innerJoin(accounts, eq(accounts.id, webhookEndpoints.accountId))
    .where(and(eq(webhookEndpoints.accountId, message.accountId), eq(webhookEndpoints.id, message.endpointId)))
    .limit(1);
  // Deleted, or disabled since the message was queued (a test or resend goes to a disabled endpoint too).
  if (!found) return;
  const { endpoint } = found;
  if (!endpoint.enabled && !message.manual) return;
  // A downgraded account keeps its endpoints, but nothing is delivered (the screen says deliveriesPaused).
  const feature = featureOfKind(endpoint.kind);
  if (entitlementRefusal(found.plan, feature, now) !== null) {
    log.info({ jobId: job.id, endpointId: endpoint.id, feature }, "webhook not delivered: the account's plan lacks the feature");
    // A test or resend asked for before the downgrade: its PENDING row says why nothing was sent.
    await db
      .update(webhookDeliveries)
      .set({
        status: "FAILED",
        error: feature === "developerApi" ? deliveryError.planNoDeveloperApi() : deliveryError.planNoIntegrations(),
        finishedAt: new Date(),
      })
      .where(and(eq(webhookDeliveries.jobId, job.id), eq(webhookDeliveries.status, "PENDING")));
    return;
  }

  const row = await attemptRow(db, message, job);
  const record = async (outcome: Partial<HttpOutcome> & { status: "SUCCEEDED" | "FAILED" }) => {
    await db
      .update(webhookDeliveries)
      .set({
        status: outcome.status,
        statusCode: outcome.statusCode ?? null,
        latencyMs: outcome.latencyMs ?? null,
        responseBody: outcome.responseBody ?? null,
        error: outcome.error?.slice(0, 500) ?? null,
        finishedAt: new Date(),
      })
      .where(eq(webhookDeliveries.id, row.id));
  };

  const body = message.testBody ?? (message.eventId ? await loadEventBody(db, message.accountId, message.eventId) : null);
  if (body === null) {
    await record({ status: "FAILED", error: deliveryError.eventGone() });
    throw new PermanentJobError(deliveryError.eventGone());
  }

  const transport = (deps.transports ?? transports)[endpoint.kind];
  let outcome: TransportOutcome;
  if (!transport)
    outcome = { statusCode: null, latencyMs: 0, responseBody: null, error: `No transport for endpoints of kind ${endpoint.kind}`, retryAfterMs: null };
  else {
    try {
      outcome = await transport.send({ db, log, webhooks: deps.webhooks, publicUrl: deps.publicUrl, now, endpoint, message, body, job });
    } catch (error) {
      // A transport returns what the destination answered; a throw is our own failure (retried).
      outcome = { statusCode: null, latencyMs: 0, responseBody: null, error: `${(error as Error).name}: ${(error as Error).message}`, retryAfterMs: null };
    }
  }

  const ok = outcome.statusCode !== null && outcome.statusCode >= 200 && outcome.statusCode < 300 && !outcome.disable;
  await record({ ...outcome, status: ok ? "SUCCEEDED" : "FAILED" });
  if (ok) return;

  if (outcome.disable) {
    const reason = outcome.disable;
    await db.transaction(async (tx) => {
      // A revoked credential needs the owner to act: they get an e-mail (a 410 from a webhook receiver is its own choice).
      if ((await disableEndpoint(tx, endpoint.accountId, endpoint.id, reason)) && reason === "REVOKED") await mailOwners(tx, deps.publicUrl, endpoint, reason);
    });
    log.warn({ jobId: job.id, endpointId: endpoint.id, kind: endpoint.kind, reason, statusCode: outcome.statusCode }, "endpoint disabled by its answer");
    return;
  }
  const what = outcome.statusCode !== null ? `answered ${outcome.statusCode}` : (outcome.error ?? "failed");
  if (job.attempt >= job.maxAttempts) {
    await db.transaction(async (tx) => {
      if (await disableEndpoint(tx, endpoint.accountId, endpoint.id, "FAILING")) await mailOwners(tx, deps.publicUrl, endpoint, "FAILING");
    });
    throw new PermanentJobError(`Webhook delivery ${what}; attempts exhausted, endpoint disabled`);
  }
  throw new RetryJobError(`Webhook delivery ${what}`, nextDelayMs(outcome, job.attempt));
}

/**
 * The log row of this attempt: the PENDING row a request wrote for attempt 1 (test, resend), or a
 * new one. An earlier attempt of this job left PENDING (its worker died mid-request) is closed as failed.
 */
async function attemptRow(db: Database, message: DeliveryMessage, job: DeliveryDeps["job"]) {
  // Attempt numbers only grow (a claim counts one), so only a retry can find an earlier attempt left open.
  if (job.attempt > 1) {
    await db
      .update(webhookDeliveries)
      .set({ status: "FAILED", error: deliveryError.interrupted(), finishedAt: new Date() })
      .where(and(eq(webhookDeliveries.jobId, job.id), eq(webhookDeliveries.status, "PENDING"), lt(webhookDeliveries.attempt, job.attempt)));
  }
  // Only a test or resend has a row already (written by the request, for attempt 1).
  if (message.manual && job.attempt === 1) {
    const [existing] = await db
      .select({ id: webhookDeliveries.id })
      .from(webhookDeliveries)
      .where(and(eq(webhookDeliveries.jobId, job.id), eq(webhookDeliveries.attempt, 1), eq(webhookDeliveries.status, "PENDING")))
      .limit(1);
    if (existing) return existing;
  }
  const [row] = await db
    .insert(webhookDeliveries)
    .values({
      accountId: message.accountId,
      endpointId: message.endpointId,
      webhookId: message.webhookId,
      eventId: message.eventId ?? null,
      eventType: message.eventType,
      testBody: message.testBody ?? null,
      jobId: job.id,
      attempt: job.attempt,
    })
    .returning({ id: webhookDeliveries.id });
  return row;
}

/** Product names (not translated) for the e-mails. */
const KIND_NAMES: Record<EndpointRecord["kind"], string> = { webhook: "Webhook", slack: "Slack", harvest: "Harvest" };

/** Disables an enabled endpoint; true only for the call that disabled it (one e-mail however many messages fail). */
async function disableEndpoint(db: Executor, accountId: string, endpointId: string, reason: "GONE" | "FAILING" | "REVOKED"): Promise<boolean> {
  const rows = await db
    .update(webhookEndpoints)
    .set({ enabled: false, disabledReason: reason, disabledAt: new Date(), updatedAt: new Date() })
    .where(and(eq(webhookEndpoints.accountId, accountId), eq(webhookEndpoints.id, endpointId), eq(webhookEndpoints.enabled, true)))
    .returning({ id: webhookEndpoints.id });
  return rows.length > 0;
}

/**
 * "A webhook endpoint was disabled" (retries ran out) or "an integration lost its access" (the
 * provider refused our credentials): one e-mail per owner, in the owner's language, with a button
 * to the screen where it is fixed (Developers for webhooks, Integrations for the others).
 */
async function mailOwners(tx: Executor, publicUrl: string, endpoint: EndpointRecord, reason: "FAILING" | "REVOKED"): Promise<void> {
  const { accountId, url } = endpoint;
  const [account] = await tx.select({ name: accounts.name }).from(accounts).where(eq(accounts.id, accountId)).limit(1);
  const owners = await tx
    .select({ email: users.email, name: users.name, locale: users.locale })
    .from(accountUsers)
    .innerJoin(users, eq(users.id, accountUsers.userId))
    .where(and(eq(accountUsers.accountId, accountId), eq(accountUsers.role, "owner"), ne(users.email, "")));
  for (const owner of owners) {
    const locale: Locale = owner.locale === "nl" ? "nl" : "en";
    const t = translator(locale);
    const vars = { company: account?.name ?? "", url, integration: KIND_NAMES[endpoint.kind] };
    const mail = reason === "REVOKED" ? "revoked" : "failing";
    const screen = endpoint.kind === "webhook" ? "/app/settings/developers" : "/app/settings/integrations";
    const { html, text } = renderEmail({
      lang: locale,
      preheader: t(`webhooks:email.${mail}.preheader`, vars),
      heading: t(`webhooks:email.${mail}.heading`, vars),
      paragraphs: [
        owner.name ? t("webhooks:email.greeting", { name: owner.name }) : t("webhooks:email.greetingNoName"),
        t(`webhooks:email.${mail}.body`, vars),
      ],
      button: { label: t(`webhooks:email.${mail}.button`), url: `${publicUrl}${localizePath(screen, locale)}` },
      footer: t("webhooks:email.footer"),
    });
    await enqueue(tx, sendMailJob, { to: owner.email, subject: t(`webhooks:email.${mail}.subject`, vars), html, text });
  }
}
