import { eq, sql } from "drizzle-orm";
import * as client from "openid-client";
import type { Locale } from "../../../shared/locales";
import type { Config } from "../../config";
import type { Database } from "../../db/client";
import { oidcIdentities, oidcLoginAttempts, users } from "../../db/schema";
import { hashToken, safeReturnPath } from "./tokens";

/**
 * Google sign-in through OpenID Connect (openid-client: discovery, PKCE, state, nonce, ID token
 * validation). Any OIDC issuer works: tests run a real provider (oidc-provider) on loopback.
 */
const ATTEMPT_TTL_MS = 10 * 60 * 1000;
const PROVIDER = "google";

let discovered: { key: string; config: Promise<client.Configuration> } | undefined;

function configuration(config: Config): Promise<client.Configuration> {
  const google = config.google!;
  const key = `${google.issuer}|${google.clientId}`;
  if (!discovered || discovered.key !== key) {
    const local = /^http:\/\/(127\.0\.0\.1|localhost|\[::1\])(:\d+)?$/.test(google.issuer);
    const promise = client.discovery(new URL(google.issuer), google.clientId, google.clientSecret, undefined, {
      // Plain http is allowed only for a provider on this machine (tests and local development).
      execute: local ? [client.allowInsecureRequests] : [],
    });
    discovered = { key, config: promise };
    promise.catch(() => {
      if (discovered?.config === promise) discovered = undefined; // try again on the next sign-in
    });
  }
  return discovered.config;
}

export function redirectUri(config: Config): string {
  return `${config.publicUrl}/api/auth/google/callback`;
}

/** Starts a sign-in: remembers state, nonce and PKCE verifier, returns the provider's URL. */
export async function startOidcSignIn(db: Database, config: Config, input: { returnTo?: string; locale: Locale }): Promise<URL> {
  const oidc = await configuration(config);
  const codeVerifier = client.randomPKCECodeVerifier();
  const state = client.randomState();
  const nonce = client.randomNonce();
  await db.insert(oidcLoginAttempts).values({
    stateHash: hashToken(state),
    codeVerifier,
    nonce,
    returnTo: safeReturnPath(input.returnTo, config.publicUrl) ?? null,
    locale: input.locale,
    expiresAt: new Date(Date.now() + ATTEMPT_TTL_MS),
  });
  return client.buildAuthorizationUrl(oidc, {
    redirect_uri: redirectUri(config),
    scope: "openid email profile",
    code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: "S256",
    state,
    nonce,
    // Google lets a person with several Google accounts pick one; other providers may not know it.
    ...(new URL(config.google!.issuer).hostname === "accounts.google.com" ? { prompt: "select_account" } : {}),
  });
}

export type OidcResult = { userId: string; returnTo: string | null; locale: Locale };

/** Completes a sign-in: checks state, exchanges the code, validates the ID token, finds or creates the user. */
export async function finishOidcSignIn(db: Database, config: Config, callbackUrl: URL): Promise<OidcResult> {
  const state = callbackUrl.searchParams.get("state");
  if (!state) throw new Error("OIDC callback without state");
  const [attempt] = await db
    .delete(oidcLoginAttempts)
    .where(eq(oidcLoginAttempts.stateHash, hashToken(state)))
    .returning();
  if (!attempt || attempt.expiresAt.getTime() < Date.now()) throw new Error("OIDC state unknown or expired");
  await db.delete(oidcLoginAttempts).where(sql`${oidcLoginAttempts.expiresAt} < now()`);

  const oidc = await configuration(config);
  const tokens = await client.authorizationCodeGrant(oidc, callbackUrl, {
    pkceCodeVerifier: attempt.codeVerifier,
    expectedState: state,
    expectedNonce: attempt.nonce,
    idTokenExpected: true,
  });
  const claims = tokens.claims();
  if (!claims) throw new Error("OIDC: no ID token claims");
  let email = typeof claims.email === "string" && claims.email_verified === true ? claims.email.toLowerCase() : undefined;
  let name = typeof claims.name === "string" ? claims.name : undefined;
  if (!email || !name) {
    // Some providers put e-mail and profile only in the userinfo response, not in the ID token.
    const info = await client.fetchUserInfo(oidc, tokens.access_token, claims.sub);
    if (!email && typeof info.email === "string" && info.email_verified === true) email = info.email.toLowerCase();
    if (!name && typeof info.name === "string") name = info.name;
  }
  if (!email) throw new Error("OIDC: the provider did not return a verified e-mail address");
  const displayName = name ? name.slice(0, 100) : null;
  const locale: Locale = attempt.locale === "nl" ? "nl" : "en";

  const userId = await db.transaction(async (tx) => {
    const [linked] = await tx
      .select({ userId: oidcIdentities.userId })
      .from(oidcIdentities)
      .where(sql`${oidcIdentities.provider} = ${PROVIDER} and ${oidcIdentities.subject} = ${claims.sub}`)
      .limit(1);
    if (linked) return linked.userId;
    await tx.insert(users).values({ email, name: displayName, locale }).onConflictDoNothing({ target: users.email });
    const [user] = await tx.select().from(users).where(eq(users.email, email)).limit(1);
    await tx.insert(oidcIdentities).values({ userId: user.id, provider: PROVIDER, subject: claims.sub, email }).onConflictDoNothing();
    return user.id;
  });
  const [user] = await db.select({ disabledAt: users.disabledAt }).from(users).where(eq(users.id, userId)).limit(1);
  if (user.disabledAt) throw new Error("user-disabled");
  return { userId, returnTo: attempt.returnTo, locale };
}
