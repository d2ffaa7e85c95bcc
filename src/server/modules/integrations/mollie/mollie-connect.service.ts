/**
 * The owner's own Mollie account (issue 26; decision 057): the money of the owner's customers goes
 * to the owner's Mollie account, never Offerly's subscription key.
 *
 * - "Connect with Mollie" (Mollie Connect, OAuth 2) when MOLLIE_CONNECT_CLIENT_ID/SECRET are set:
 *   `/api/integrations/mollie/connect` sends the browser to Mollie's consent screen with a signed
 *   `state` bound to the account and the user (as Slack's, decision 054); the callback exchanges the
 *   code at the token endpoint (HTTP Basic client id/secret, `grant_type=authorization_code`) and
 *   stores the access token (an hour) and the refresh token, encrypted. `mollieAccessToken`
 *   refreshes the access token (`grant_type=refresh_token`) when it is about to expire.
 * - Otherwise (self-hosted): a pasted API key of the owner's own account, checked with one call to
 *   the Mollie API (`GET profiles/me`), stored encrypted.
 * Tokens and keys are encrypted like webhook secrets (webhooks.crypto.ts), bound to the account.
 */
import { eq } from "drizzle-orm";
import type { Config, MollieConnectConfig } from "../../../config";
import type { Executor } from "../../../db/client";
import { mollieConnections } from "../../../db/schema";
import { AppError } from "../../../errors";
import { assertEntitled } from "../../billing/entitlements";
import { type OAuthCallbackParams, openOAuthCallback } from "../oauth-callback";
import { OAUTH_STATE_TTL_MS, type OAuthState, signOAuthState } from "../oauth-state";
import { WebhookKeyError, decryptSecret, encryptSecret, requireWebhookKey } from "../../webhooks/webhooks.crypto";

export const MOLLIE_CONNECT_PATH = "/api/integrations/mollie";
export const MOLLIE_STATE_TTL_MS = OAUTH_STATE_TTL_MS;
/** What Offerly asks of the owner's Mollie account (payments, their customers, mandates and subscriptions). */
export const MOLLIE_CONNECT_SCOPES = [
  "payments.read",
  "payments.write",
  "customers.read",
  "customers.write",
  "mandates.read",
  "mandates.write",
  "subscriptions.read",
  "subscriptions.write",
  "profiles.read",
  "organizations.read",
] as const;
/** An access token this close to its expiry is refreshed first. */
const REFRESH_MARGIN_MS = 5 * 60_000;
const TIMEOUT_MS = 15_000;
/** Mollie API keys: test_ or live_ and 30 letters and digits. */
const API_KEY_PATTERN = /^(test|live)_[A-Za-z0-9]{30}$/;

export type MollieConnectionRow = typeof mollieConnections.$inferSelect;
type Locale = "en" | "nl";
type MollieState = OAuthState;

/** The server's webhook key (integrations' secrets and OAuth states), or a FORBIDDEN "not configured". */
export function keyOrRefuse(config: Pick<Config, "webhooks">): Buffer {
  try {
    return requireWebhookKey(config.webhooks);
  } catch (error) {
    if (error instanceof WebhookKeyError) throw new AppError("FORBIDDEN", "integrations:errors.notConfigured");
    throw error;
  }
}

const aad = (accountId: string, part: "access" | "refresh") => `mollie-connection:${accountId}:${part}`;
const STATE_LABEL = "offerly:mollie-connect-state:v1";

export function signMollieState(key: Buffer, state: Omit<MollieState, "nonce" | "expiresAt">, now: Date = new Date()): string {
  return signOAuthState(key, STATE_LABEL, state, now);
}

export const mollieRedirectUri = (publicUrl: string) => `${publicUrl.replace(/\/+$/, "")}${MOLLIE_CONNECT_PATH}/callback`;

export async function callJson(fetchImpl: typeof fetch, url: string, init: RequestInit): Promise<{ status: number; json: Record<string, unknown> | null }> {
  try {
    const response = await fetchImpl(url, { ...init, redirect: "error", signal: AbortSignal.timeout(TIMEOUT_MS) });
    let json: Record<string, unknown> | null = null;
    try {
      json = (await response.json()) as Record<string, unknown>;
    } catch {
      json = null;
    }
    return { status: response.status, json };
  } catch {
    return { status: 0, json: null };
  }
}

/** Mollie's token endpoint: the client's id and secret in HTTP Basic auth, a form-encoded body. */
async function tokenRequest(connect: MollieConnectConfig, body: Record<string, string>, fetchImpl: typeof fetch) {
  const app = connect.app!;
  const basic = Buffer.from(`${encodeURIComponent(app.clientId)}:${encodeURIComponent(app.clientSecret)}`).toString("base64");
  const { status, json } = await callJson(fetchImpl, connect.tokenUrl, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", authorization: `Basic ${basic}`, accept: "application/json" },
    body: new URLSearchParams(body).toString(),
  });
  if (status !== 200 || !json || typeof json.access_token !== "string" || typeof json.refresh_token !== "string" || typeof json.expires_in !== "number") {
    return { ok: false as const, error: typeof json?.error === "string" ? json.error.slice(0, 100) : `http_${status}` };
  }
  return { ok: true as const, accessToken: json.access_token, refreshToken: json.refresh_token, expiresIn: json.expires_in };
}

async function upsertConnection(
  db: Executor,
  key: Buffer,
  values: Omit<typeof mollieConnections.$inferInsert, "accessTokenEncrypted" | "refreshTokenEncrypted"> & { accessToken: string; refreshToken: string | null },
) {
  const { accessToken, refreshToken, ...rest } = values;
  const row = {
    ...rest,
    accessTokenEncrypted: encryptSecret(key, aad(values.accountId, "access"), accessToken),
    refreshTokenEncrypted: refreshToken === null ? null : encryptSecret(key, aad(values.accountId, "refresh"), refreshToken),
    updatedAt: new Date(),
  };
  const [saved] = await db
    .insert(mollieConnections)
    .values(row)
    .onConflictDoUpdate({ target: mollieConnections.accountId, set: { ...row, createdAt: new Date() } })
    .returning();
  return saved;
}

export async function getMollieConnection(db: Executor, accountId: string): Promise<MollieConnectionRow | null> {
  const [row] = await db.select().from(mollieConnections).where(eq(mollieConnections.accountId, accountId)).limit(1);
  return row ?? null;
}

/** A pasted API key of the owner's own Mollie account: checked with one call to Mollie, stored encrypted. */
export async function connectMollieApiKey(
  db: Executor,
  config: Config,
  accountId: string,
  userId: string | null,
  apiKey: string,
  fetchImpl: typeof fetch = fetch,
): Promise<MollieConnectionRow> {
  const value = apiKey.trim();
  if (!API_KEY_PATTERN.test(value)) {
    throw new AppError("BAD_USER_INPUT", "integrations:errors.mollieKeyInvalid", {}, { apiKey: { key: "integrations:errors.mollieKeyInvalid" } });
  }
  await assertEntitled(db, accountId, "payments");
  const key = keyOrRefuse(config);
  const { status, json } = await callJson(fetchImpl, `${config.mollieConnect.apiUrl}profiles/me`, {
    method: "GET",
    headers: { authorization: `Bearer ${value}`, accept: "application/hal+json" },
  });
  if (status === 401 || status === 403) {
    throw new AppError("BAD_USER_INPUT", "integrations:errors.mollieKeyRejected", {}, { apiKey: { key: "integrations:errors.mollieKeyRejected" } });
  }
  if (status !== 200 || !json) throw new AppError("CONFLICT", "integrations:errors.mollieUnreachable");
  return upsertConnection(db, key, {
    accountId,
    method: "API_KEY",
    mode: value.startsWith("live_") ? "live" : "test",
    displayName: typeof json.name === "string" ? json.name.slice(0, 200) : null,
    accessToken: value,
    refreshToken: null,
    accessTokenExpiresAt: null,
    connectedByUserId: userId,
  });
}

/** Where "Connect with Mollie" sends the browser: Mollie's consent screen, with a state bound to this account and user. */
export async function startMollieConnect(db: Executor, config: Config, accountId: string, userId: string, locale: Locale): Promise<string> {
  const app = config.mollieConnect.app;
  if (!app) throw new AppError("FORBIDDEN", "integrations:errors.mollieConnectNotConfigured");
  await assertEntitled(db, accountId, "payments");
  const state = signMollieState(keyOrRefuse(config), { accountId, userId, locale });
  const url = new URL(config.mollieConnect.authorizeUrl);
  url.searchParams.set("client_id", app.clientId);
  url.searchParams.set("redirect_uri", mollieRedirectUri(config.publicUrl));
  url.searchParams.set("state", state);
  url.searchParams.set("scope", MOLLIE_CONNECT_SCOPES.join(" "));
  url.searchParams.set("response_type", "code");
  url.searchParams.set("approval_prompt", "auto");
  return url.toString();
}

export type MollieCallbackOutcome = { locale: Locale } & ({ ok: true } | { ok: false; reason: "state" | "denied" | "failed" | "plan"; error?: string });

/**
 * Mollie's redirect back: the state must be ours, unexpired, for this signed-in user, who is still
 * an owner or admin of the account it names; then the code is exchanged and the tokens stored.
 */
export async function completeMollieConnect(
  db: Executor,
  config: Config,
  params: OAuthCallbackParams,
  fetchImpl: typeof fetch = fetch,
  now: Date = new Date(),
): Promise<MollieCallbackOutcome> {
  const opened = await openOAuthCallback(db, config, params, { label: STATE_LABEL, configured: Boolean(config.mollieConnect.app), feature: "payments", now });
  if (!opened.ok) return opened;
  const { key, state, locale, code } = opened;
  const token = await tokenRequest(
    config.mollieConnect,
    { grant_type: "authorization_code", code, redirect_uri: mollieRedirectUri(config.publicUrl) },
    fetchImpl,
  );
  if (!token.ok) return { locale, ok: false, reason: "failed", error: token.error };
  const organisation = await callJson(fetchImpl, `${config.mollieConnect.apiUrl}organizations/me`, {
    method: "GET",
    headers: { authorization: `Bearer ${token.accessToken}`, accept: "application/hal+json" },
  });
  const name = organisation.status === 200 && typeof organisation.json?.name === "string" ? organisation.json.name.slice(0, 200) : null;
  await upsertConnection(db, key, {
    accountId: state.accountId,
    method: "OAUTH",
    mode: organisation.json?.mode === "test" ? "test" : "live",
    displayName: name,
    accessToken: token.accessToken,
    refreshToken: token.refreshToken,
    accessTokenExpiresAt: new Date(now.getTime() + token.expiresIn * 1000),
    connectedByUserId: state.userId,
  });
  return { locale, ok: true };
}

/**
 * The token to call Mollie with for the account's own Mollie account, or null when none is
 * connected: the API key, or the OAuth access token — refreshed first (`grant_type=refresh_token`,
 * the row locked so that concurrent calls refresh once) when it expires within 5 minutes.
 */
export async function mollieAccessToken(
  db: Executor,
  config: Config,
  accountId: string,
  fetchImpl: typeof fetch = fetch,
  now: Date = new Date(),
): Promise<{ token: string; mode: "test" | "live" } | null> {
  const key = keyOrRefuse(config);
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(mollieConnections).where(eq(mollieConnections.accountId, accountId)).for("update");
    if (!row) return null;
    const access = decryptSecret(key, aad(accountId, "access"), row.accessTokenEncrypted);
    if (row.method === "API_KEY" || !row.accessTokenExpiresAt || row.accessTokenExpiresAt.getTime() - now.getTime() > REFRESH_MARGIN_MS) {
      return { token: access, mode: row.mode };
    }
    if (!config.mollieConnect.app || !row.refreshTokenEncrypted) throw new AppError("CONFLICT", "integrations:errors.mollieReconnect");
    const refresh = decryptSecret(key, aad(accountId, "refresh"), row.refreshTokenEncrypted);
    const token = await tokenRequest(config.mollieConnect, { grant_type: "refresh_token", refresh_token: refresh }, fetchImpl);
    if (!token.ok) throw new AppError("CONFLICT", "integrations:errors.mollieReconnect");
    await tx
      .update(mollieConnections)
      .set({
        accessTokenEncrypted: encryptSecret(key, aad(accountId, "access"), token.accessToken),
        refreshTokenEncrypted: encryptSecret(key, aad(accountId, "refresh"), token.refreshToken),
        accessTokenExpiresAt: new Date(now.getTime() + token.expiresIn * 1000),
        updatedAt: now,
      })
      .where(eq(mollieConnections.accountId, accountId));
    return { token: token.accessToken, mode: row.mode };
  });
}

/** Forgets the owner's Mollie connection (the tokens are deleted; Mollie's app authorisation stays until revoked there). */
export async function disconnectMollie(db: Executor, accountId: string): Promise<boolean> {
  const deleted = await db.delete(mollieConnections).where(eq(mollieConnections.accountId, accountId)).returning({ accountId: mollieConnections.accountId });
  return deleted.length > 0;
}
