/**
 * Settings → Integrations (issue 24, decision 053): the account's integration connections — rows
 * of webhook_endpoints whose kind is not `webhook` — with their state, the last deliveries from the
 * delivery log, disconnecting, re-enabling and the events each one gets. Every function takes a
 * required `accountId` and filters by it. Reading and disconnecting work on any plan (a downgraded
 * account keeps its connections and sees that deliveries are paused); connecting, re-enabling and
 * changing need the plan feature `integrations`. Owners and admins only (the GraphQL fields check).
 * Connecting is the kind's own module (slack/, harvest/).
 */
import { and, desc, eq, ne } from "drizzle-orm";
import { type IntegrationKind, ZIntegrationEventsInput } from "../../../shared/integrations";
import type { Executor } from "../../db/client";
import { isUuid } from "../../db/ids";
import { webhookDeliveries, webhookEndpoints } from "../../db/schema";
import { AppError } from "../../errors";
import { parseInput } from "../../graphql/validation";
import { assertEntitled } from "../billing/entitlements";
import { deliveriesPaused } from "../webhooks/webhooks.service";
import type { EndpointRecord } from "./transport";

export type IntegrationRow = EndpointRecord & { kind: IntegrationKind; deliveriesPaused: boolean };
export type IntegrationDeliveryRow = typeof webhookDeliveries.$inferSelect;

export const integrationNotFound = () => new AppError("NOT_FOUND", "integrations:errors.notFound");

/** The rows Settings → Integrations sees: never a `webhook` endpoint (the Developers screen's). */
const isIntegration = ne(webhookEndpoints.kind, "webhook");

/** How many recent attempts a card shows. */
export const RECENT_DELIVERIES = 5;

export async function listIntegrations(db: Executor, accountId: string, kind?: IntegrationKind | null): Promise<IntegrationRow[]> {
  const [rows, paused] = await Promise.all([
    db
      .select()
      .from(webhookEndpoints)
      .where(and(eq(webhookEndpoints.accountId, accountId), kind ? eq(webhookEndpoints.kind, kind) : isIntegration))
      .orderBy(webhookEndpoints.createdAt, webhookEndpoints.id),
    deliveriesPaused(db, accountId, "integrations"),
  ]);
  return rows.map((row) => ({ ...row, kind: row.kind as IntegrationKind, deliveriesPaused: paused }));
}

export async function getIntegration(db: Executor, accountId: string, id: string): Promise<EndpointRecord | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.accountId, accountId), eq(webhookEndpoints.id, id), isIntegration))
    .limit(1);
  return row;
}

async function withPaused(db: Executor, accountId: string, row: EndpointRecord): Promise<IntegrationRow> {
  return { ...row, kind: row.kind as IntegrationKind, deliveriesPaused: await deliveriesPaused(db, accountId, "integrations") };
}

/** Disconnects (deletes the connection and its log); returns its id. Deliveries still queued end without a request. */
export async function disconnectIntegration(db: Executor, accountId: string, id: string): Promise<string> {
  if (!isUuid(id)) throw integrationNotFound();
  const rows = await db
    .delete(webhookEndpoints)
    .where(and(eq(webhookEndpoints.accountId, accountId), eq(webhookEndpoints.id, id), isIntegration))
    .returning({ id: webhookEndpoints.id });
  if (rows.length === 0) throw integrationNotFound();
  return rows[0].id;
}

/** Switches a connection on or off by hand; enabling clears why it was disabled (REVOKED, FAILING, MANUAL). */
export async function setIntegrationEnabled(db: Executor, accountId: string, id: string, enabled: boolean): Promise<IntegrationRow> {
  const current = await getIntegration(db, accountId, id);
  if (!current) throw integrationNotFound();
  if (enabled) await assertEntitled(db, accountId, "integrations");
  const [row] = await db
    .update(webhookEndpoints)
    .set({
      enabled,
      disabledReason: enabled ? null : (current.disabledReason ?? "MANUAL"),
      disabledAt: enabled ? null : (current.disabledAt ?? new Date()),
      updatedAt: new Date(),
    })
    .where(and(eq(webhookEndpoints.accountId, accountId), eq(webhookEndpoints.id, current.id)))
    .returning();
  if (!row) throw integrationNotFound();
  return withPaused(db, accountId, row);
}

/** The events a connection gets (a Slack channel: SLACK_EVENT_TYPES). */
export async function updateIntegrationEvents(db: Executor, accountId: string, id: string, rawEventTypes: string[]): Promise<IntegrationRow> {
  const { eventTypes } = parseInput(ZIntegrationEventsInput, { eventTypes: rawEventTypes });
  const current = await getIntegration(db, accountId, id);
  if (!current) throw integrationNotFound();
  await assertEntitled(db, accountId, "integrations");
  const [row] = await db
    .update(webhookEndpoints)
    .set({ eventTypes: [...eventTypes], updatedAt: new Date() })
    .where(and(eq(webhookEndpoints.accountId, accountId), eq(webhookEndpoints.id, current.id)))
    .returning();
  if (!row) throw integrationNotFound();
  return withPaused(db, accountId, row);
}

/** A connection's last attempts, newest first (the card's "last deliveries"). */
export async function recentIntegrationDeliveries(
  db: Executor,
  accountId: string,
  endpointId: string,
  first: number = RECENT_DELIVERIES,
): Promise<IntegrationDeliveryRow[]> {
  return db
    .select()
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.accountId, accountId), eq(webhookDeliveries.endpointId, endpointId)))
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(Math.max(1, Math.min(50, first)));
}

/** "Connected as …": what the card names a connection by (a Slack channel and workspace, a Harvest account). */
export function integrationLabel(row: Pick<EndpointRecord, "kind" | "config" | "url">): { label: string; detail: string | null } {
  const config = (row.config ?? {}) as Record<string, unknown>;
  const text = (value: unknown) => (typeof value === "string" && value.trim() ? value : null);
  if (row.kind === "slack") return { label: text(config.channel) ?? row.url, detail: text(config.team) };
  if (row.kind === "harvest") return { label: text(config.accountName) ?? text(config.accountId) ?? row.url, detail: text(config.userName) };
  return { label: row.url, detail: null };
}
