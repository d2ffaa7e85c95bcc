import crypto from "node:crypto";
import { and, count, desc, eq, isNull, sql } from "drizzle-orm";
import { API_KEY_LIMITS } from "../../../shared/api-keys";
import type { AccountRole } from "../../../shared/enums";
import { API_KEY_PREFIX, type ApiKeyRole } from "../../../shared/events";
import type { Executor } from "../../db/client";
import { isUuid } from "../../db/ids";
import { accounts, apiKeys, users } from "../../db/schema";
import { AppError } from "../../errors";
import type { ApiKeyCaller } from "../../graphql/context";
import { hashToken } from "../../tokens";
import { assertEntitled, entitlementRefusal } from "../billing/entitlements";

/**
 * API keys (issue 23, decision 050). A key is `ofr_live_` + 32 random bytes (base64url, 43
 * characters); only its SHA-256 is stored, with the first characters for display. Every request
 * with a key looks it up (no cache), so a revoke or an expiry holds at once on every app server.
 */
export type ApiKeyRow = {
  id: string;
  name: string;
  role: ApiKeyRole;
  prefix: string;
  createdAt: Date;
  createdByName: string | null;
  lastUsedAt: Date | null;
  expiresAt: Date | null;
  revokedAt: Date | null;
};

export const apiKeyNotFound = () => new AppError("NOT_FOUND", "apiKeys:errors.notFound");

/** The shape of a key: the prefix and 43 base64url characters. */
const KEY_PATTERN = /^ofr_live_[A-Za-z0-9_-]{43}$/;
/** Characters of the key kept for display: the prefix and 6 more (36 bits: recognisable, not guessable). */
const DISPLAY_LENGTH = API_KEY_PREFIX.length + 6;
/** last_used_at is written at most once per this many seconds per key. */
export const LAST_USED_RESOLUTION_SECONDS = 60;

/** The account role an API key acts with: ADMIN → admin; READ_ONLY → member (and no mutation, refused centrally). */
export function accountRoleOfKey(role: ApiKeyRole): AccountRole {
  return role === "ADMIN" ? "admin" : "member";
}

/** Whether a bearer token is meant as an API key (then it is never tried as a session). */
export function looksLikeApiKey(token: string): boolean {
  return token.startsWith("ofr_");
}

export function newApiKey(): string {
  return API_KEY_PREFIX + crypto.randomBytes(32).toString("base64url");
}

const rowColumns = {
  id: apiKeys.id,
  name: apiKeys.name,
  role: apiKeys.role,
  prefix: apiKeys.prefix,
  createdAt: apiKeys.createdAt,
  createdByName: sql<string | null>`coalesce(${users.name}, ${users.email})`,
  lastUsedAt: apiKeys.lastUsedAt,
  expiresAt: apiKeys.expiresAt,
  revokedAt: apiKeys.revokedAt,
};

/** The account's keys, newest first (revoked ones too: the list is their history). */
export async function listApiKeys(db: Executor, accountId: string): Promise<ApiKeyRow[]> {
  return db
    .select(rowColumns)
    .from(apiKeys)
    .leftJoin(users, eq(users.id, apiKeys.createdByUserId))
    .where(eq(apiKeys.accountId, accountId))
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
}

async function getApiKey(db: Executor, accountId: string, id: string): Promise<ApiKeyRow | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db
    .select(rowColumns)
    .from(apiKeys)
    .leftJoin(users, eq(users.id, apiKeys.createdByUserId))
    .where(and(eq(apiKeys.accountId, accountId), eq(apiKeys.id, id)));
  return row;
}

/**
 * A new key for the account, made by a person (`userId`). Returns the row and the full key: the
 * only time it exists outside the caller's hands. Plan feature `developerApi`; at most
 * API_KEY_LIMITS.perAccount live keys.
 */
export async function createApiKey(
  db: Executor,
  accountId: string,
  userId: string,
  input: { name: string; role: ApiKeyRole; expiresAt: Date | null },
): Promise<{ apiKey: ApiKeyRow; key: string }> {
  return db.transaction(async (tx) => {
    await assertEntitled(tx, accountId, "developerApi");
    // One account at a time: two concurrent creations cannot both slip under the limit.
    await tx.select({ id: accounts.id }).from(accounts).where(eq(accounts.id, accountId)).for("update");
    const [{ live }] = await tx
      .select({ live: count() })
      .from(apiKeys)
      .where(and(eq(apiKeys.accountId, accountId), isNull(apiKeys.revokedAt), sql`(${apiKeys.expiresAt} is null or ${apiKeys.expiresAt} > now())`));
    if (live >= API_KEY_LIMITS.perAccount) throw new AppError("CONFLICT", "apiKeys:errors.tooMany", { max: API_KEY_LIMITS.perAccount });
    const key = newApiKey();
    const [created] = await tx
      .insert(apiKeys)
      .values({
        accountId,
        name: input.name,
        role: input.role,
        keyHash: hashToken(key),
        prefix: key.slice(0, DISPLAY_LENGTH),
        createdByUserId: userId,
        expiresAt: input.expiresAt,
      })
      .returning({ id: apiKeys.id });
    const apiKey = await getApiKey(tx, accountId, created.id);
    return { apiKey: apiKey!, key };
  });
}

/** Revokes a key of the account (idempotent: a revoked key keeps its first revocation time). */
export async function revokeApiKey(db: Executor, accountId: string, id: string): Promise<ApiKeyRow> {
  if (!isUuid(id)) throw apiKeyNotFound();
  const [updated] = await db
    .update(apiKeys)
    .set({ revokedAt: sql`coalesce(${apiKeys.revokedAt}, now())` })
    .where(and(eq(apiKeys.accountId, accountId), eq(apiKeys.id, id)))
    .returning({ id: apiKeys.id });
  if (!updated) throw apiKeyNotFound();
  return (await getApiKey(db, accountId, id))!;
}

/**
 * The caller behind a bearer token that looks like an API key: the live key and its account (one
 * query, by the key's hash), or null when it is malformed, unknown, revoked or expired. The key's
 * `refusal` is set when the account may not use the API now (plan without `developerApi`, or an
 * expired trial or subscription). Touches last_used_at at most once a minute.
 */
export async function authenticateApiKey(db: Executor, token: string): Promise<ApiKeyCaller | null> {
  if (!KEY_PATTERN.test(token)) return null;
  const [row] = await db
    .select({
      id: apiKeys.id,
      accountId: apiKeys.accountId,
      name: apiKeys.name,
      role: apiKeys.role,
      stale: sql<boolean>`(${apiKeys.lastUsedAt} is null or ${apiKeys.lastUsedAt} < now() - make_interval(secs => ${LAST_USED_RESOLUTION_SECONDS}))`,
      subscriptionPlan: accounts.subscriptionPlan,
      subscriptionInterval: accounts.subscriptionInterval,
      expiredAt: accounts.expiredAt,
    })
    .from(apiKeys)
    .innerJoin(accounts, eq(accounts.id, apiKeys.accountId))
    .where(and(eq(apiKeys.keyHash, hashToken(token)), isNull(apiKeys.revokedAt), sql`(${apiKeys.expiresAt} is null or ${apiKeys.expiresAt} > now())`))
    .limit(1);
  if (!row) return null;
  if (row.stale) {
    // Conditional: of concurrent requests, one writes.
    await db
      .update(apiKeys)
      .set({ lastUsedAt: sql`now()` })
      .where(
        and(
          eq(apiKeys.id, row.id),
          sql`(${apiKeys.lastUsedAt} is null or ${apiKeys.lastUsedAt} < now() - make_interval(secs => ${LAST_USED_RESOLUTION_SECONDS}))`,
        ),
      );
  }
  return {
    id: row.id,
    name: row.name,
    role: row.role,
    accountId: row.accountId,
    refusal: entitlementRefusal(row, "developerApi"),
  };
}
