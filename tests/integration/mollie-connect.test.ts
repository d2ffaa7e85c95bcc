import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accounts, mollieConnections } from "../../src/server/db/schema";
import { mollieAccessToken } from "../../src/server/modules/integrations/mollie/mollie-connect.service";
import { type TestApp, createTestApp } from "../support/app";
import { type SignedInAs, signIn } from "../support/auth";
import { type MollieStub, startMollieStub, trustStub } from "../support/mollie-stub";

/**
 * The owner's own Mollie account (issue 26, slice C; decision 057): "Connect with Mollie" (Mollie
 * Connect OAuth against the stub's token endpoint: authorization_code, then refresh_token), and a
 * pasted API key checked with one call to the Mollie API; tokens stored encrypted; owners and
 * admins only; Basic and Pro.
 */
let t: TestApp;
let plain: TestApp;
let mollie: MollieStub;
let untrust: () => void;

beforeAll(async () => {
  untrust = trustStub();
  mollie = await startMollieStub({ deliver: () => Promise.resolve(new Response(null, { status: 200 })) });
  t = await createTestApp({
    env: {
      MOLLIE_API_URL: mollie.url,
      MOLLIE_CONNECT_CLIENT_ID: mollie.connect.clientId,
      MOLLIE_CONNECT_CLIENT_SECRET: mollie.connect.clientSecret,
      MOLLIE_CONNECT_AUTHORIZE_URL: mollie.connect.authorizeUrl,
      MOLLIE_CONNECT_TOKEN_URL: mollie.connect.tokenUrl,
    },
  });
  plain = await createTestApp({ env: { MOLLIE_API_URL: mollie.url } });
});
afterAll(async () => {
  await t?.close();
  await plain?.close();
  await mollie?.close();
  untrust?.();
});

type Errors = { errors?: { message: string; extensions?: Record<string, unknown> }[] };
const SETTINGS = "{ mollie { connectAvailable connectUrl connection { method mode displayName connectedAt } } }";
const PASTE = "mutation ($apiKey: String!) { connectMollieApiKey(apiKey: $apiKey) { method mode displayName } }";
const DISCONNECT = "mutation { disconnectMollie }";
type Settings = { mollie: { connectAvailable: boolean; connectUrl: string; connection: { method: string; mode: string; displayName: string | null } | null } };

async function connectWithMollie(app: TestApp, user: SignedInAs, organization = "Studio Noord B.V.", locale = "en") {
  const start = await app.fetch(`/api/integrations/mollie/connect?account=${user.accountId}&locale=${locale}`, { headers: { cookie: user.cookie } });
  expect(start.status).toBe(302);
  const authorize = start.headers.get("location") ?? "";
  if (!authorize.startsWith(mollie.connect.authorizeUrl)) return { authorize, back: start, location: authorize };
  const callback = new URL(mollie.consent(authorize, organization));
  expect(callback.pathname).toBe("/api/integrations/mollie/callback");
  const back = await app.fetch(`${callback.pathname}${callback.search}`, { headers: { cookie: user.cookie } });
  return { authorize, back, location: back.headers.get("location") ?? "" };
}

describe("Connect with Mollie (OAuth)", () => {
  it("sends the owner to Mollie's consent screen with a signed state, exchanges the code, and stores the tokens encrypted", async () => {
    const owner = await signIn(t, "owner");
    const settings = await t.gql<Settings>(SETTINGS, {}, owner.headers());
    expect(settings.data?.mollie).toMatchObject({ connectAvailable: true, connection: null });
    expect(settings.data?.mollie.connectUrl).toBe(`/api/integrations/mollie/connect?account=${owner.accountId}`);

    const { authorize, back, location } = await connectWithMollie(t, owner, "Studio Noord B.V.", "nl");
    const asked = new URL(authorize);
    expect(asked.searchParams.get("client_id")).toBe(mollie.connect.clientId);
    expect(asked.searchParams.get("redirect_uri")).toBe("http://offerly.test/api/integrations/mollie/callback");
    expect(asked.searchParams.get("scope")).toContain("payments.write");
    expect(asked.searchParams.get("state")).toMatch(/^[\w-]+\.[\w-]+$/);
    expect(back.status).toBe(302);
    expect(location).toBe("/nl/app/settings/integrations?mollie=connected");
    expect(mollie.tokenRequests.at(-1)).toEqual({ grantType: "authorization_code", status: 200 });

    const read = await t.gql<Settings>(SETTINGS, {}, owner.headers());
    expect(read.data?.mollie.connection).toMatchObject({ method: "OAUTH", mode: "test", displayName: "Studio Noord B.V." });
    const [row] = await t.db.select().from(mollieConnections).where(eq(mollieConnections.accountId, owner.accountId));
    expect(row.accessTokenEncrypted).toMatch(/^v1\./);
    expect(row.accessTokenEncrypted).not.toContain("access_");
    expect(row.refreshTokenEncrypted).not.toContain("refresh_");
    expect(row.accessTokenExpiresAt!.getTime()).toBeGreaterThan(Date.now() + 3500_000);

    // Fresh: the stored token as it is. Near its expiry: refreshed once (grant_type=refresh_token).
    const fresh = await mollieAccessToken(t.db, t.config, owner.accountId);
    expect(fresh?.token).toMatch(/^access_/);
    expect(mollie.accepts(fresh!.token)).toBe(true);
    const later = new Date(Date.now() + 58 * 60_000);
    const refreshed = await mollieAccessToken(t.db, t.config, owner.accountId, fetch, later);
    expect(mollie.tokenRequests.at(-1)).toEqual({ grantType: "refresh_token", status: 200 });
    expect(refreshed?.token).not.toBe(fresh?.token);
    expect(mollie.accepts(refreshed!.token)).toBe(true);
    expect(mollie.accepts(fresh!.token)).toBe(false);
    const again = await mollieAccessToken(t.db, t.config, owner.accountId, fetch, later);
    expect(again?.token).toBe(refreshed?.token);
    expect(mollie.tokenRequests.filter((r) => r.grantType === "refresh_token")).toHaveLength(1);

    expect((await t.gql<{ disconnectMollie: boolean }>(DISCONNECT, {}, owner.headers())).data?.disconnectMollie).toBe(true);
    expect(await mollieAccessToken(t.db, t.config, owner.accountId)).toBeNull();
  });

  it("refuses a forged or foreign state, a used code, a member, a denial, and a Starter account", async () => {
    const owner = await signIn(t, "owner");
    const start = await t.fetch(`/api/integrations/mollie/connect?account=${owner.accountId}`, { headers: { cookie: owner.cookie } });
    const authorize = start.headers.get("location")!;
    const callback = new URL(mollie.consent(authorize));
    // Another signed-in user cannot complete the owner's flow.
    const stranger = await signIn(t, "owner");
    const foreign = await t.fetch(`${callback.pathname}${callback.search}`, { headers: { cookie: stranger.cookie } });
    expect(foreign.headers.get("location")).toBe("/app/settings/integrations?mollie=error&reason=state");
    // A forged state.
    const forged = new URL(callback);
    forged.searchParams.set("state", `${callback.searchParams.get("state")!.split(".")[0]}.AAAA`);
    expect((await t.fetch(`${forged.pathname}${forged.search}`, { headers: { cookie: owner.cookie } })).headers.get("location")).toContain("reason=state");
    // The owner completes it; the same code again fails at Mollie.
    expect((await t.fetch(`${callback.pathname}${callback.search}`, { headers: { cookie: owner.cookie } })).headers.get("location")).toContain(
      "mollie=connected",
    );
    const used = await t.fetch(`${callback.pathname}${callback.search}`, { headers: { cookie: owner.cookie } });
    expect(used.headers.get("location")).toContain("reason=failed&error=invalid_grant");
    // Declined on Mollie's screen.
    const denied = await t.fetch(`/api/integrations/mollie/callback?error=access_denied&state=${encodeURIComponent(callback.searchParams.get("state")!)}`, {
      headers: { cookie: owner.cookie },
    });
    expect(denied.headers.get("location")).toContain("reason=denied");

    const member = await signIn(t, "member");
    const asMember = await t.fetch(`/api/integrations/mollie/connect?account=${member.accountId}`, { headers: { cookie: member.cookie } });
    expect(asMember.headers.get("location")).toBe("/app/settings/integrations?mollie=error&reason=state");
    expect(((await t.gql(SETTINGS, {}, member.headers())) as Errors).errors?.[0].extensions?.code).toBe("FORBIDDEN");

    const starter = await signIn(t, "owner");
    await t.db
      .update(accounts)
      .set({ subscriptionPlan: "STARTER", subscriptionInterval: "MONTHLY", expiredAt: new Date(Date.now() + 30 * 86_400_000) })
      .where(eq(accounts.id, starter.accountId));
    const { location } = await connectWithMollie(t, starter);
    expect(location).toBe("/app/settings/integrations?mollie=error&reason=plan");
  });
});

describe("a pasted API key (no Connect app configured)", () => {
  it("is checked with one call to Mollie and stored encrypted; a wrong or rejected key gets a message in EN and NL", async () => {
    const owner = await signIn(plain, "owner");
    expect((await plain.gql<Settings>(SETTINGS, {}, owner.headers())).data?.mollie.connectAvailable).toBe(false);
    const key = mollie.addOwnerApiKey("Bakkerij de Vries");
    const before = mollie.requests.length;
    const connected = await plain.gql<{ connectMollieApiKey: { method: string; mode: string; displayName: string } }>(
      PASTE,
      { apiKey: ` ${key} ` },
      owner.headers(),
    );
    expect(connected.errors).toBeUndefined();
    expect(connected.data?.connectMollieApiKey).toEqual({ method: "API_KEY", mode: "test", displayName: "Bakkerij de Vries" });
    expect(mollie.requests.slice(before).map((r) => `${r.method} ${r.path}`)).toEqual(["GET /v2/profiles/me"]);
    const [row] = await plain.db.select().from(mollieConnections).where(eq(mollieConnections.accountId, owner.accountId));
    expect(row.accessTokenEncrypted).not.toContain(key);
    expect((await mollieAccessToken(plain.db, plain.config, owner.accountId))?.token).toBe(key);

    const malformed = (await plain.gql(PASTE, { apiKey: "sk_live_123" }, owner.headers())) as Errors;
    expect(malformed.errors?.[0].extensions).toMatchObject({ code: "BAD_USER_INPUT", fields: { apiKey: expect.stringContaining("test_ or live_") } });
    const rejected = (await plain.gql(PASTE, { apiKey: `test_${"x".repeat(30)}` }, { ...owner.headers(), "accept-language": "nl" })) as Errors;
    expect(rejected.errors?.[0].message).toBe(
      "Mollie accepteerde deze API-sleutel niet. Controleer of je de hele sleutel van je eigen account hebt gekopieerd.",
    );
    // "Connect with Mollie" without an app: back to the screen, which offers the key instead.
    const start = await plain.fetch(`/api/integrations/mollie/connect?account=${owner.accountId}`, { headers: { cookie: owner.cookie } });
    expect(start.headers.get("location")).toBe("/app/settings/integrations?mollie=error&reason=failed");
  });
});
