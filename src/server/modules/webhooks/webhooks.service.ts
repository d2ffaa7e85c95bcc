/**
 * Outbound webhooks (issue 23, decision 048): endpoints, their secrets, the delivery log, test
 * events and resends. Every function takes a required `accountId`. Reads and deletion work on any
 * plan (a downgraded account keeps its configuration and sees `deliveriesPaused`); creating,
 * changing, rotating, testing and resending need the plan feature `developerApi`.
 * The GraphQL fields (webhooks.graphql.ts) and the REST API (src/server/rest) call these.
 */
import crypto from "node:crypto";
import { and, count, desc, eq, gte, lt, or, sql } from "drizzle-orm";
import { TEST_EVENT_TYPE } from "../../../shared/events";
import {
  type TWebhookEndpointInput,
  WEBHOOK_LIMITS,
  type WebhookEndpointKind,
  type WebhookEndpointValues,
  ZWebhookEndpointInput,
} from "../../../shared/webhooks";
import type { WebhookConfig } from "../../config";
import type { Executor } from "../../db/client";
import { isUuid } from "../../db/ids";
import { accounts, domainEvents, webhookDeliveries, webhookEndpoints } from "../../db/schema";
import { AppError } from "../../errors";
import { parseInput } from "../../graphql/validation";
import { enqueue } from "../../jobs/queue";
import { assertEntitled, entitlementRefusal } from "../billing/entitlements";
import { WebhookAddressError, checkWebhookUrl } from "./webhooks.address";
import { WebhookKeyError, decryptSecret, encryptSecret, generateWebhookSecret, requireWebhookKey } from "./webhooks.crypto";
import { deliverWebhookJob } from "./webhooks.jobs";

/** Who acts: a signed-in member (GraphQL) or an API key (REST). */
export type WebhookActor = { userId?: string | null; apiKeyId?: string | null };

type EndpointRecord = typeof webhookEndpoints.$inferSelect;
/** An endpoint as the API shows it: the stored row (the secret still encrypted) and whether deliveries are paused by the plan. */
export type WebhookEndpointRow = EndpointRecord & { deliveriesPaused: boolean };
export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect;

/** How long deliveries are signed with the previous secret too after a rotation. */
export const ROTATION_GRACE_MS = 24 * 3600_000;

export const webhookEndpointNotFound = () => new AppError("NOT_FOUND", "webhooks:notFound");
export const webhookDeliveryNotFound = () => new AppError("NOT_FOUND", "webhooks:deliveryNotFound");

/** `msg_` + the event id's hex (the Standard Webhooks message id, the same for every attempt). */
export function webhookIdOf(eventId: string): string {
  return `msg_${eventId.replace(/-/g, "")}`;
}

function keyOrRefuse(config: WebhookConfig): Buffer {
  try {
    return requireWebhookKey(config);
  } catch (error) {
    if (error instanceof WebhookKeyError) throw new AppError("FORBIDDEN", "webhooks:errors.notConfigured");
    throw error;
  }
}

/** The URL's rules (https in production, no private or local host), as a message for the form. */
function checkUrl(url: string, config: WebhookConfig): void {
  try {
    checkWebhookUrl(url, config.allowPrivate);
  } catch (error) {
    if (error instanceof WebhookAddressError)
      throw new AppError("BAD_USER_INPUT", "webhooks:errors.urlNotAllowed", {}, { url: { key: "webhooks:errors.urlNotAllowed" } });
    throw error;
  }
}

/**
 * The Developers screen, its GraphQL fields and the REST API see and change `webhook` endpoints
 * only; Slack channels and Harvest connections are the same rows with another kind, managed in
 * Settings → Integrations (modules/integrations, decision 053).
 */
const isWebhook = eq(webhookEndpoints.kind, "webhook");

/** The plan feature that lets an endpoint of this kind deliver. */
export function featureOfKind(kind: WebhookEndpointKind): "developerApi" | "integrations" {
  return kind === "webhook" ? "developerApi" : "integrations";
}

/** Whether the account's plan stops deliveries now (no developerApi — or `feature` —, or an expired trial or subscription). */
export async function deliveriesPaused(db: Executor, accountId: string, feature: "developerApi" | "integrations" = "developerApi"): Promise<boolean> {
  const [account] = await db
    .select({ subscriptionPlan: accounts.subscriptionPlan, subscriptionInterval: accounts.subscriptionInterval, expiredAt: accounts.expiredAt })
    .from(accounts)
    .where(eq(accounts.id, accountId))
    .limit(1);
  return !account || entitlementRefusal(account, feature) !== null;
}

export async function listWebhookEndpoints(db: Executor, accountId: string): Promise<WebhookEndpointRow[]> {
  const [rows, paused] = await Promise.all([
    db
      .select()
      .from(webhookEndpoints)
      .where(and(eq(webhookEndpoints.accountId, accountId), isWebhook))
      .orderBy(webhookEndpoints.createdAt, webhookEndpoints.id),
    deliveriesPaused(db, accountId),
  ]);
  return rows.map((row) => ({ ...row, deliveriesPaused: paused }));
}

export async function getWebhookEndpoint(db: Executor, accountId: string, id: string): Promise<EndpointRecord | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.accountId, accountId), eq(webhookEndpoints.id, id), isWebhook))
    .limit(1);
  return row;
}

async function withPaused(db: Executor, accountId: string, row: EndpointRecord): Promise<WebhookEndpointRow> {
  return { ...row, deliveriesPaused: await deliveriesPaused(db, accountId) };
}

/**
 * A new endpoint and its secret (`whsec_…`, shown to the caller; stored encrypted). The REST API's
 * `POST /api/v1/webhooks` answers `{ id, secret }` from this.
 */
export async function createWebhookEndpoint(
  db: Executor,
  accountId: string,
  actor: WebhookActor,
  rawInput: TWebhookEndpointInput,
  config: WebhookConfig,
): Promise<{ endpoint: WebhookEndpointRow; secret: string }> {
  // Validated here too: the REST API and GraphQL reach the same rule (parsing twice changes nothing).
  const input = parseInput(ZWebhookEndpointInput, rawInput);
  await assertEntitled(db, accountId, "developerApi");
  checkUrl(input.url, config);
  const key = keyOrRefuse(config);
  const [{ total }] = await db
    .select({ total: count() })
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.accountId, accountId), isWebhook));
  if (total >= WEBHOOK_LIMITS.endpoints) throw new AppError("CONFLICT", "webhooks:errors.tooManyEndpoints", { max: WEBHOOK_LIMITS.endpoints });
  const id = crypto.randomUUID();
  const secret = generateWebhookSecret();
  const enabled = input.enabled;
  const [row] = await db
    .insert(webhookEndpoints)
    .values({
      id,
      accountId,
      url: input.url,
      description: input.description ?? null,
      eventTypes: [...input.eventTypes],
      enabled,
      disabledReason: enabled ? null : "MANUAL",
      disabledAt: enabled ? null : new Date(),
      secretEncrypted: encryptSecret(key, id, secret),
      createdByUserId: actor.userId ?? null,
    })
    .returning();
  return { endpoint: await withPaused(db, accountId, row), secret };
}

/**
 * Changes an endpoint. Enabling clears the reason it was disabled (GONE, FAILING, MANUAL);
 * disabling by hand records MANUAL (an endpoint the server disabled keeps its reason).
 */
export async function updateWebhookEndpoint(
  db: Executor,
  accountId: string,
  _actor: WebhookActor,
  id: string,
  rawInput: TWebhookEndpointInput,
  config: WebhookConfig,
): Promise<WebhookEndpointRow> {
  const input: WebhookEndpointValues = parseInput(ZWebhookEndpointInput, rawInput);
  const current = await getWebhookEndpoint(db, accountId, id);
  if (!current) throw webhookEndpointNotFound();
  await assertEntitled(db, accountId, "developerApi");
  checkUrl(input.url, config);
  const disabling = !input.enabled;
  const [row] = await db
    .update(webhookEndpoints)
    .set({
      url: input.url,
      description: input.description,
      eventTypes: [...input.eventTypes],
      enabled: input.enabled,
      disabledReason: disabling ? (current.disabledReason ?? "MANUAL") : null,
      disabledAt: disabling ? (current.disabledAt ?? new Date()) : null,
      updatedAt: new Date(),
    })
    .where(and(eq(webhookEndpoints.accountId, accountId), eq(webhookEndpoints.id, current.id)))
    .returning();
  if (!row) throw webhookEndpointNotFound();
  return withPaused(db, accountId, row);
}

/** Deletes an endpoint (and its log); returns its id. Deliveries still queued for it end without a request. */
export async function deleteWebhookEndpoint(db: Executor, accountId: string, _actor: WebhookActor, id: string): Promise<string> {
  if (!isUuid(id)) throw webhookEndpointNotFound();
  const rows = await db
    .delete(webhookEndpoints)
    .where(and(eq(webhookEndpoints.accountId, accountId), eq(webhookEndpoints.id, id), isWebhook))
    .returning({ id: webhookEndpoints.id });
  if (rows.length === 0) throw webhookEndpointNotFound();
  return rows[0].id;
}

/**
 * A new secret; the current one becomes the previous one and keeps signing (a second signature)
 * until `previousSecretExpiresAt` (24 h), so receivers can switch without losing a delivery.
 * Rotating again during the grace period drops the older previous secret.
 */
export async function rotateWebhookEndpointSecret(
  db: Executor,
  accountId: string,
  _actor: WebhookActor,
  id: string,
  config: WebhookConfig,
  now: Date = new Date(),
): Promise<WebhookEndpointRow> {
  const current = await getWebhookEndpoint(db, accountId, id);
  if (!current) throw webhookEndpointNotFound();
  await assertEntitled(db, accountId, "developerApi");
  const key = keyOrRefuse(config);
  const secret = generateWebhookSecret();
  const [row] = await db
    .update(webhookEndpoints)
    .set({
      secretEncrypted: encryptSecret(key, current.id, secret),
      previousSecretEncrypted: current.secretEncrypted,
      previousSecretExpiresAt: new Date(now.getTime() + ROTATION_GRACE_MS),
      updatedAt: now,
    })
    .where(and(eq(webhookEndpoints.accountId, accountId), eq(webhookEndpoints.id, current.id)))
    .returning();
  if (!row) throw webhookEndpointNotFound();
  return withPaused(db, accountId, row);
}

/** The endpoint's current secret in clear (the screen's "Reveal"; GraphQL resolves it only when asked). */
export function revealWebhookSecret(config: WebhookConfig, endpoint: Pick<EndpointRecord, "id" | "secretEncrypted">): string {
  return decryptSecret(keyOrRefuse(config), endpoint.id, endpoint.secretEncrypted);
}

/** The secrets that sign a delivery now: the current one, and the previous one during its grace period. */
export function signingSecrets(
  key: Buffer,
  endpoint: Pick<EndpointRecord, "id" | "secretEncrypted" | "previousSecretEncrypted" | "previousSecretExpiresAt">,
  now: Date = new Date(),
): string[] {
  const secrets = [decryptSecret(key, endpoint.id, endpoint.secretEncrypted)];
  if (endpoint.previousSecretEncrypted && endpoint.previousSecretExpiresAt && endpoint.previousSecretExpiresAt > now) {
    secrets.push(decryptSecret(key, endpoint.id, endpoint.previousSecretEncrypted));
  }
  return secrets;
}

// ---- The delivery log -----------------------------------------------------------------------------

const logStart = (now: Date) => new Date(now.getTime() - WEBHOOK_LIMITS.logDays * 24 * 3600_000);

/** An opaque cursor: the last row's time and id. */
function encodeCursor(row: Pick<WebhookDeliveryRow, "createdAt" | "id">): string {
  return Buffer.from(`${row.createdAt.toISOString()}|${row.id}`).toString("base64url");
}

function decodeCursor(cursor: string): { createdAt: Date; id: string } | null {
  const [time, id] = Buffer.from(cursor, "base64url").toString("utf8").split("|");
  const createdAt = new Date(time ?? "");
  return id && isUuid(id) && !Number.isNaN(createdAt.getTime()) ? { createdAt, id } : null;
}

export type WebhookDeliveryView = WebhookDeliveryRow & { cursor: string };

/** An endpoint's attempts of the last 30 days, newest first; `after`: the cursor of the last row of the previous page. */
export async function listWebhookDeliveries(
  db: Executor,
  accountId: string,
  endpointId: string,
  options: { first?: number | null; after?: string | null } = {},
  now: Date = new Date(),
): Promise<WebhookDeliveryView[]> {
  const endpoint = await getWebhookEndpoint(db, accountId, endpointId);
  if (!endpoint) throw webhookEndpointNotFound();
  const first = Math.min(Math.max(Math.trunc(options.first ?? 50), 1), WEBHOOK_LIMITS.deliveriesPage);
  const after = options.after ? decodeCursor(options.after) : null;
  if (options.after && !after) throw new AppError("BAD_USER_INPUT", "api:invalidInput");
  const rows = await db
    .select()
    .from(webhookDeliveries)
    .where(
      and(
        eq(webhookDeliveries.accountId, accountId),
        eq(webhookDeliveries.endpointId, endpoint.id),
        gte(webhookDeliveries.createdAt, logStart(now)),
        after
          ? or(lt(webhookDeliveries.createdAt, after.createdAt), and(eq(webhookDeliveries.createdAt, after.createdAt), lt(webhookDeliveries.id, after.id)))
          : undefined,
      ),
    )
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(first);
  return rows.map((row) => ({ ...row, cursor: encodeCursor(row) }));
}

/** Queues a message for an endpoint and writes its PENDING first attempt (what the screen shows at once). */
async function queueManualDelivery(
  db: Executor,
  accountId: string,
  endpointId: string,
  message: { webhookId: string; eventType: string; eventId?: string | null; testBody?: string | null },
): Promise<WebhookDeliveryView> {
  const run = async (tx: Executor) => {
    const jobId = await enqueue(tx, deliverWebhookJob, {
      accountId,
      endpointId,
      webhookId: message.webhookId,
      eventType: message.eventType,
      ...(message.eventId ? { eventId: message.eventId } : {}),
      ...(message.testBody ? { testBody: message.testBody } : {}),
      manual: true,
    });
    const [row] = await tx
      .insert(webhookDeliveries)
      .values({
        accountId,
        endpointId,
        webhookId: message.webhookId,
        eventId: message.eventId ?? null,
        eventType: message.eventType,
        testBody: message.testBody ?? null,
        jobId,
        attempt: 1,
      })
      .returning();
    return { ...row, cursor: encodeCursor(row) };
  };
  return db.transaction(run);
}

/** The body of a test message: a Standard Webhooks envelope of type `webhook.test`. */
export function testEventBody(endpointId: string, now: Date = new Date()): string {
  return JSON.stringify({
    type: TEST_EVENT_TYPE,
    timestamp: now.toISOString(),
    data: { endpointId, message: "A test event from Offerly. Your endpoint received and can verify it." },
  });
}

/** "Send test event": a `webhook.test` message to this endpoint (enabled or not), through the same delivery job. */
export async function sendTestWebhookEvent(db: Executor, accountId: string, _actor: WebhookActor, id: string): Promise<WebhookDeliveryView> {
  const endpoint = await getWebhookEndpoint(db, accountId, id);
  if (!endpoint) throw webhookEndpointNotFound();
  await assertEntitled(db, accountId, "developerApi");
  const messageId = crypto.randomUUID();
  return queueManualDelivery(db, accountId, endpoint.id, {
    webhookId: webhookIdOf(messageId),
    eventType: TEST_EVENT_TYPE,
    testBody: testEventBody(endpoint.id),
  });
}

/** "Resend": the same message again (the same webhook-id and body), as a new delivery with its own attempts. */
export async function resendWebhookDelivery(
  db: Executor,
  accountId: string,
  _actor: WebhookActor,
  deliveryId: string,
  now: Date = new Date(),
): Promise<WebhookDeliveryView> {
  if (!isUuid(deliveryId)) throw webhookDeliveryNotFound();
  const [delivery] = await db
    .select()
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.accountId, accountId), eq(webhookDeliveries.id, deliveryId), gte(webhookDeliveries.createdAt, logStart(now))))
    .limit(1);
  if (!delivery) throw webhookDeliveryNotFound();
  await assertEntitled(db, accountId, "developerApi");
  if (delivery.eventId ? !(await eventExists(db, accountId, delivery.eventId)) : !delivery.testBody) {
    throw new AppError("CONFLICT", "webhooks:errors.resendUnavailable");
  }
  return queueManualDelivery(db, accountId, delivery.endpointId, {
    webhookId: delivery.webhookId,
    eventType: delivery.eventType,
    eventId: delivery.eventId,
    testBody: delivery.testBody,
  });
}

/** Whether a domain event is still stored (a resend of it needs it). Reads the table directly: the event writer's module lists this module's subscriber. */
async function eventExists(db: Executor, accountId: string, eventId: string): Promise<boolean> {
  const [event] = await db
    .select({ id: domainEvents.id })
    .from(domainEvents)
    .where(and(eq(domainEvents.accountId, accountId), eq(domainEvents.id, eventId)))
    .limit(1);
  return Boolean(event);
}

/** Deletes log rows older than 30 days; returns how many. */
export async function deleteOldWebhookDeliveries(db: Executor, now: Date = new Date()): Promise<number> {
  const rows = await db
    .delete(webhookDeliveries)
    .where(lt(webhookDeliveries.createdAt, logStart(now)))
    .returning({ id: webhookDeliveries.id });
  return rows.length;
}

/** For account data (export): an account's endpoints without their secrets. */
export async function exportWebhookEndpoints(db: Executor, accountId: string) {
  return db
    .select({
      id: webhookEndpoints.id,
      kind: webhookEndpoints.kind,
      url: webhookEndpoints.url,
      description: webhookEndpoints.description,
      eventTypes: webhookEndpoints.eventTypes,
      enabled: webhookEndpoints.enabled,
      disabledReason: webhookEndpoints.disabledReason,
      createdAt: webhookEndpoints.createdAt,
      updatedAt: webhookEndpoints.updatedAt,
      deliveriesLast30Days: sql<number>`(select count(*)::int from webhook_deliveries d where d.endpoint_id = ${webhookEndpoints.id})`,
    })
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.accountId, accountId))
    .orderBy(webhookEndpoints.createdAt);
}
