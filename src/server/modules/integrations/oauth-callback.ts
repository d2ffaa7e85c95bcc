import { and, eq, inArray } from "drizzle-orm";
import type { Locale } from "../../../shared/locales";
import type { GatedFeature } from "../../../shared/plans";
import type { Config } from "../../config";
import type { Executor } from "../../db/client";
import { accountUsers } from "../../db/schema";
import { assertEntitled } from "../billing/entitlements";
import { requireWebhookKey } from "../webhooks/webhooks.crypto";
import { type OAuthState, verifyOAuthState } from "./oauth-state";

/** What an integration's OAuth callback receives: the provider's query and the session's user. */
export type OAuthCallbackParams = { state: string | null; code: string | null; error: string | null; userId: string | null };

/** Why a callback did not connect (the integrations page says it): shared by every provider. */
export type OAuthRefusal = { locale: Locale; ok: false; reason: "state" | "denied" | "failed" | "plan"; error?: string };

/** Whether the user is (still) an owner or admin of the account. */
export async function canManage(db: Executor, accountId: string, userId: string): Promise<boolean> {
  const [member] = await db
    .select({ role: accountUsers.role })
    .from(accountUsers)
    .where(and(eq(accountUsers.accountId, accountId), eq(accountUsers.userId, userId), inArray(accountUsers.role, ["owner", "admin"])))
    .limit(1);
  return Boolean(member);
}

/**
 * The checks every integration's OAuth callback makes before it exchanges the code (decisions 054,
 * 057, 059), in this order: the server has its webhook key (else `failed`, `not_configured`); the
 * provider's app is configured, and the state is ours (this integration's `label`), unexpired and
 * names the signed-in user (else `state`); that user is still an owner or admin of the account
 * (else `state`); the provider gave a code (else `denied`); the account's plan includes `feature`
 * (else `plan`). Then: the key, the state, the locale for the redirect back, and the code.
 */
export async function openOAuthCallback(
  db: Executor,
  config: Pick<Config, "webhooks">,
  params: OAuthCallbackParams,
  check: { label: string; configured: boolean; feature: GatedFeature; now?: Date },
): Promise<{ ok: true; key: Buffer; state: OAuthState; locale: Locale; code: string } | OAuthRefusal> {
  const now = check.now ?? new Date();
  let key: Buffer;
  try {
    key = requireWebhookKey(config.webhooks);
  } catch {
    return { locale: "en", ok: false, reason: "failed", error: "not_configured" };
  }
  const state = params.state ? verifyOAuthState(key, check.label, params.state, now) : null;
  const locale: Locale = state?.locale === "nl" ? "nl" : "en";
  if (!check.configured || !state || !params.userId || state.userId !== params.userId) return { locale, ok: false, reason: "state" };
  if (!(await canManage(db, state.accountId, state.userId))) return { locale, ok: false, reason: "state" };
  if (params.error || !params.code) return { locale, ok: false, reason: "denied" };
  try {
    await assertEntitled(db, state.accountId, check.feature, now);
  } catch {
    return { locale, ok: false, reason: "plan" };
  }
  return { ok: true, key, state, locale, code: params.code };
}
