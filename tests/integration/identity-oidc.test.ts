import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestApp, createTestApp } from "../support/app";
import { sessionCookieFrom, signUp } from "../support/auth";
import { type TestOidcProvider, startOidcProvider } from "../support/oidc";

let oidc: TestOidcProvider;
let t: TestApp;
beforeAll(async () => {
  oidc = await startOidcProvider("http://offerly.test/api/auth/google/callback");
  t = await createTestApp({
    env: { OIDC_GOOGLE_CLIENT_ID: oidc.clientId, OIDC_GOOGLE_CLIENT_SECRET: oidc.clientSecret, OIDC_GOOGLE_ISSUER: oidc.issuer },
  });
});
afterAll(async () => {
  await t.close();
  await oidc.stop();
});

async function googleSignIn(login: string, query = "") {
  const start = await t.fetch(`/api/auth/google${query}`);
  expect(start.status).toBe(302);
  const authorizationUrl = start.headers.get("location")!;
  expect(authorizationUrl.startsWith(oidc.issuer)).toBe(true);
  const params = new URL(authorizationUrl).searchParams;
  expect(params.get("code_challenge_method")).toBe("S256");
  expect(params.get("state")).toBeTruthy();
  expect(params.get("nonce")).toBeTruthy();
  const callback = await oidc.completeLogin(authorizationUrl, login);
  return t.fetch(callback.pathname + callback.search);
}

describe("Google sign-in (OpenID Connect against a local provider)", () => {
  it("creates the user on first sign-in and sends them to /complete-profile", async () => {
    const response = await googleSignIn("gina");
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/complete-profile");
    const cookie = sessionCookieFrom(response)!;
    const me = await t.gql("{ me { email name } }", {}, { cookie });
    expect(me.data).toEqual({ me: { email: "gina@example.test", name: "User gina" } });
  });

  it("signs a returning user with an account into /app (or the return path), Dutch included", async () => {
    const first = await googleSignIn("hugo");
    await t.gql('mutation { signUp(input: { name: "Hugo", companyName: "Hugo BV" }) { id } }', {}, { cookie: sessionCookieFrom(first)! });
    const again = await googleSignIn("hugo", "?locale=nl");
    expect(again.headers.get("location")).toBe("/nl/app");
    const back = await googleSignIn("hugo", `?returnTo=${encodeURIComponent("/app/quotes")}`);
    expect(back.headers.get("location")).toBe("/app/quotes");
    for (const returnTo of ["https://evil.example/", "/.//evil.example/phish", "/%2e//evil.example", "/a/..//evil.example", "/./\\evil.example"]) {
      const evil = await googleSignIn("hugo", `?returnTo=${encodeURIComponent(returnTo)}`);
      expect(evil.headers.get("location")).toBe("/app");
    }
  });

  it("links to the existing user with the same verified e-mail", async () => {
    const byLink = await signUp(t, { email: "ivy@example.test" });
    const byGoogle = await googleSignIn("ivy");
    const me = await t.gql<{ me: { id: string } }>("{ me { id } }", {}, { cookie: sessionCookieFrom(byGoogle)! });
    expect(me.data?.me.id).toBe(byLink.userId);
    expect(byGoogle.headers.get("location")).toBe("/app");
  });

  it("refuses a callback with an unknown state, without a session", async () => {
    const response = await t.fetch("/api/auth/google/callback?code=abc&state=forged");
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/auth/sign-in?error=oidc-failed");
    expect(sessionCookieFrom(response)).toBeUndefined();
  });

  it("refuses a replayed callback", async () => {
    const start = await t.fetch("/api/auth/google");
    const callback = await oidc.completeLogin(start.headers.get("location")!, "jan");
    expect(sessionCookieFrom(await t.fetch(callback.pathname + callback.search))).toBeDefined();
    const replay = await t.fetch(callback.pathname + callback.search);
    expect(replay.headers.get("location")).toBe("/auth/sign-in?error=oidc-failed");
    expect(sessionCookieFrom(replay)).toBeUndefined();
  });
});

describe("without Google configured", () => {
  it("sends /api/auth/google back to the sign-in page", async () => {
    const plain = await createTestApp({ database: t.database });
    const response = await plain.fetch("/api/auth/google");
    expect(response.headers.get("location")).toBe("/auth/sign-in");
  });
});
