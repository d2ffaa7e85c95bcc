/**
 * Harvest connections (issue 24, decision 055): a `harvest` row of webhook_endpoints subscribed to
 * quote.signed, its personal access token encrypted in secret_encrypted, its settings in config
 * ({ harvestAccountId, create, accountName, userName }). One connection per account: connecting
 * again (a new token after a revocation) replaces the token and switches it back on.
 * Owners and admins (the GraphQL fields check the role), with the plan feature `integrations`.
 * Disconnecting and the delivery log are the generic integrations service's (Settings → Integrations).
 */
import crypto from "node:crypto";
import { and, eq } from "drizzle-orm";
import {
  type HarvestConfig,
  type HarvestCreate,
  type THarvestConnectInput,
  ZHarvestConnectInput,
  ZHarvestCreate,
  harvestConfigOf,
} from "../../../../shared/harvest";
import type { WebhookConfig } from "../../../config";
import type { Executor } from "../../../db/client";
import { webhookEndpoints } from "../../../db/schema";
import { AppError } from "../../../errors";
import { parseInput } from "../../../graphql/validation";
import { assertEntitled } from "../../billing/entitlements";
import { WebhookKeyError, encryptSecret, requireWebhookKey } from "../../webhooks/webhooks.crypto";
import { deliveriesPaused } from "../../webhooks/webhooks.service";
import { HARVEST_DEFAULT_API_URL, type HarvestCompany, type HarvestCredentials, type HarvestUser, harvestRequest } from "./harvest.api";

type EndpointRecord = typeof webhookEndpoints.$inferSelect;
export type HarvestConnectionView = HarvestConfig & {
  id: string;
  url: string;
  enabled: boolean;
  disabledReason: EndpointRecord["disabledReason"];
  deliveriesPaused: boolean;
  createdAt: Date;
};

/** The event a connection acts on. */
export const HARVEST_EVENT_TYPES = ["quote.signed"];

const isHarvest = eq(webhookEndpoints.kind, "harvest");

function view(row: EndpointRecord, paused: boolean): HarvestConnectionView {
  return {
    ...harvestConfigOf(row.config),
    id: row.id,
    url: row.url,
    enabled: row.enabled,
    disabledReason: row.disabledReason,
    deliveriesPaused: paused,
    createdAt: row.createdAt,
  };
}

async function findRow(db: Executor, accountId: string): Promise<EndpointRecord | undefined> {
  const [row] = await db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.accountId, accountId), isHarvest))
    .orderBy(webhookEndpoints.createdAt)
    .limit(1);
  return row;
}

export async function getHarvestConnection(db: Executor, accountId: string): Promise<HarvestConnectionView | null> {
  const row = await findRow(db, accountId);
  return row ? view(row, await deliveriesPaused(db, accountId, "integrations")) : null;
}

function keyOrRefuse(config: WebhookConfig): Buffer {
  try {
    return requireWebhookKey(config);
  } catch (error) {
    if (error instanceof WebhookKeyError) throw new AppError("FORBIDDEN", "webhooks:errors.notConfigured");
    throw error;
  }
}

/** Asks Harvest who the token is (GET /v2/company and /v2/users/me); a refusal is the form's error. */
async function checkToken(credentials: HarvestCredentials): Promise<{ company: HarvestCompany; user: HarvestUser }> {
  const company = await harvestRequest<HarvestCompany>(credentials, "GET", "/v2/company");
  const user = company.ok ? await harvestRequest<HarvestUser>(credentials, "GET", "/v2/users/me") : company;
  for (const result of [company, user]) {
    if (result.ok) continue;
    if (result.statusCode === 401 || result.statusCode === 403 || result.statusCode === 404)
      throw new AppError("BAD_USER_INPUT", "harvest:errors.invalidToken", {}, { token: { key: "harvest:errors.invalidToken" } });
    if (result.statusCode === null) throw new AppError("CONFLICT", "harvest:errors.unreachable");
    throw new AppError("CONFLICT", "harvest:errors.rejected", { status: result.statusCode });
  }
  if (!company.ok || !user.ok) throw new AppError("CONFLICT", "harvest:errors.unreachable");
  return { company: company.body, user: user.body };
}

/** Connects (or connects again) with a personal access token and account id, checked with Harvest first. */
export async function connectHarvest(
  db: Executor,
  accountId: string,
  actor: { userId: string | null },
  rawInput: THarvestConnectInput,
  config: WebhookConfig,
): Promise<HarvestConnectionView> {
  const input = parseInput(ZHarvestConnectInput, rawInput);
  await assertEntitled(db, accountId, "integrations");
  const key = keyOrRefuse(config);
  const apiUrl = config.harvestApiUrl ?? HARVEST_DEFAULT_API_URL;
  const { company, user } = await checkToken({ apiUrl, token: input.token, accountId: input.accountId });
  const settings: HarvestConfig = {
    harvestAccountId: input.accountId,
    create: input.create,
    accountName: company.name?.slice(0, 200) ?? null,
    userName: user.email?.slice(0, 320) ?? null,
  };
  const url = (typeof company.base_uri === "string" && /^https?:\/\//.test(company.base_uri) ? company.base_uri : `${apiUrl}/v2`).slice(0, 2000);
  const existing = await findRow(db, accountId);
  let row: EndpointRecord | undefined;
  if (existing) {
    [row] = await db
      .update(webhookEndpoints)
      .set({
        url,
        config: settings,
        eventTypes: HARVEST_EVENT_TYPES,
        secretEncrypted: encryptSecret(key, existing.id, input.token),
        enabled: true,
        disabledReason: null,
        disabledAt: null,
        updatedAt: new Date(),
      })
      .where(and(eq(webhookEndpoints.accountId, accountId), eq(webhookEndpoints.id, existing.id)))
      .returning();
  } else {
    const id = crypto.randomUUID();
    [row] = await db
      .insert(webhookEndpoints)
      .values({
        id,
        accountId,
        kind: "harvest",
        config: settings,
        url,
        description: "Harvest",
        eventTypes: HARVEST_EVENT_TYPES,
        secretEncrypted: encryptSecret(key, id, input.token),
        createdByUserId: actor.userId,
      })
      .returning();
  }
  if (!row) throw new AppError("NOT_FOUND", "harvest:errors.notConnected");
  return view(row, false);
}

/** Changes what a signed quote becomes (project, estimate or both). */
export async function updateHarvest(db: Executor, accountId: string, create: HarvestCreate): Promise<HarvestConnectionView> {
  const value = parseInput(ZHarvestCreate, create);
  const current = await findRow(db, accountId);
  if (!current) throw new AppError("NOT_FOUND", "harvest:errors.notConnected");
  await assertEntitled(db, accountId, "integrations");
  const [row] = await db
    .update(webhookEndpoints)
    .set({ config: { ...harvestConfigOf(current.config), create: value }, updatedAt: new Date() })
    .where(and(eq(webhookEndpoints.accountId, accountId), eq(webhookEndpoints.id, current.id), isHarvest))
    .returning();
  if (!row) throw new AppError("NOT_FOUND", "harvest:errors.notConnected");
  return view(row, false);
}
