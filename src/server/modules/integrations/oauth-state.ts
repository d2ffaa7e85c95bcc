/**
 * The `state` of an integration's OAuth redirect (decisions 054, 057, 059): ours, signed with
 * HMAC-SHA256 under a key derived from the server's webhook key and a per-integration label, bound
 * to the account and the user who started, with a nonce and a 10-minute expiry. The callback
 * accepts it only for the same signed-in user (who must still be an owner or admin).
 */
import crypto from "node:crypto";

export const OAUTH_STATE_TTL_MS = 10 * 60_000;
export type OAuthState = { accountId: string; userId: string; locale: "en" | "nl"; expiresAt: number; nonce: string };

const derive = (key: Buffer, label: string) => crypto.createHmac("sha256", key).update(label).digest();

/** `label`: the integration's own (e.g. "offerly:mollie-connect-state:v1"), so one integration's state never passes another's callback. */
export function signOAuthState(key: Buffer, label: string, state: Omit<OAuthState, "nonce" | "expiresAt">, now: Date = new Date()): string {
  const payload: OAuthState = { ...state, expiresAt: now.getTime() + OAUTH_STATE_TTL_MS, nonce: crypto.randomBytes(16).toString("base64url") };
  const body = Buffer.from(JSON.stringify(payload)).toString("base64url");
  return `${body}.${crypto.createHmac("sha256", derive(key, label)).update(body).digest("base64url")}`;
}

/** The state's content when its signature is ours (for this label) and it has not expired; else null. */
export function verifyOAuthState(key: Buffer, label: string, value: string, now: Date = new Date()): OAuthState | null {
  const [body, mac, extra] = value.split(".");
  if (!body || !mac || extra !== undefined || value.length > 1000) return null;
  const expected = crypto.createHmac("sha256", derive(key, label)).update(body).digest();
  const given = Buffer.from(mac, "base64url");
  if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) return null;
  try {
    const state = JSON.parse(Buffer.from(body, "base64url").toString("utf8")) as OAuthState;
    if (typeof state.accountId !== "string" || typeof state.userId !== "string" || typeof state.expiresAt !== "number") return null;
    return state.expiresAt > now.getTime() ? state : null;
  } catch {
    return null;
  }
}
