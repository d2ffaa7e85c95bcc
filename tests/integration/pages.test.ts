import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestApp, createTestApp } from "../support/app";
import { signUp } from "../support/auth";
import { createTestDatabase } from "../support/db";

// The server-rendered shell, from the production build (npm test builds it first).
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ ssr: true, env: { NODE_ENV: "production" } });
});
afterAll(async () => {
  await t.close();
});

const html = async (path: string, headers: Record<string, string> = {}) => {
  const response = await t.fetch(path, { headers });
  return { response, body: await response.text() };
};

describe("pages", () => {
  it("render English at / and Dutch at /nl with lang, canonical and hreflang", async () => {
    const en = await html("/", { cookie: "i18n_redirected=en" });
    expect(en.response.status).toBe(200);
    expect(en.body).toContain('<html lang="en">');
    expect(en.body).toContain('<link rel="canonical" href="http://offerly.test/"/>');
    expect(en.body).toContain('<link rel="alternate" hrefLang="nl" href="http://offerly.test/nl"/>');
    expect(en.body).toContain('<link rel="alternate" hrefLang="x-default" href="http://offerly.test/"/>');
    const nl = await html("/nl/pricing");
    expect(nl.body).toContain('<html lang="nl">');
    expect(nl.body).toContain('<link rel="canonical" href="http://offerly.test/nl/pricing"/>');
    expect(nl.body).toContain('<link rel="alternate" hrefLang="en" href="http://offerly.test/pricing"/>');
  });

  it("redirect a first Dutch visit to /nl and remember it in the cookie", async () => {
    const response = await t.fetch("/features?x=1", { headers: { "accept-language": "nl-BE,nl;q=0.9,en;q=0.5" } });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/nl/features?x=1");
    expect(response.headers.get("set-cookie")).toBe("i18n_redirected=nl; Max-Age=31536000; Path=/; SameSite=Lax");
  });

  it("never redirect API, health and file paths", async () => {
    for (const path of ["/api/nothing", "/healthz", "/icons/logo.svg"]) {
      const response = await t.fetch(path, { headers: { "accept-language": "nl" } });
      expect(response.status, path).not.toBe(302);
    }
    const api = await t.fetch("/api/nothing");
    expect(api.status).toBe(404);
    expect(await api.json()).toMatchObject({ error: { code: "not-found" } });
  });

  it("answer an unknown path with 404 and the path, in the page's language", async () => {
    const en = await html("/no/such/page");
    expect(en.response.status).toBe(404);
    expect(en.body).toContain("Page Not Found: /no/such/page");
    const nl = await html("/nl/bestaat-niet");
    expect(nl.response.status).toBe(404);
    expect(nl.body).toContain("Pagina niet gevonden: /nl/bestaat-niet");
  });

  it("carry a CSP whose nonce is on every inline script, and no inline script without it", async () => {
    // A page rendered per response (the sign-in page hydrates: React Router's inline scripts).
    const { response, body } = await html("/auth/sign-in");
    const csp = response.headers.get("content-security-policy")!;
    const nonce = /'nonce-([^']+)'/.exec(csp)![1];
    expect(csp).not.toContain("unsafe-inline' 'unsafe-eval"); // production is strict
    expect(csp).toMatch(/script-src 'self' 'nonce-/);
    const scripts = [...body.matchAll(/<script([^>]*)>/g)].map((m) => m[1]);
    expect(scripts.filter((attrs) => !/\ssrc=/.test(attrs)).length).toBeGreaterThan(0);
    for (const attrs of scripts) expect(attrs).toContain(`nonce="${nonce}"`);
    // A fresh nonce per response.
    const again = (await t.fetch("/auth/sign-in")).headers.get("content-security-policy")!;
    expect(again).not.toContain(nonce);
  });

  it("serve a marketing page as stored bytes: no nonce, a CSP that lets no inline script run (decision 092)", async () => {
    const first = await html("/pricing");
    const second = await html("/pricing");
    expect(second.body).toBe(first.body);
    const csp = second.response.headers.get("content-security-policy")!;
    expect(csp).not.toContain("nonce");
    expect(csp).not.toContain("unsafe-inline' 'unsafe-eval");
    // Its scripts: the island's data (JSON, never run) and its module file (same origin).
    expect(csp).toContain("; script-src 'self'; ");
    const scripts = [...second.body.matchAll(/<script([^>]*)>/g)].map((m) => m[1]);
    expect(scripts.length).toBe(2);
    for (const attrs of scripts) {
      expect(attrs).not.toContain("nonce");
      expect(attrs).toMatch(/type="application\/json"|\ssrc="\/assets\/island\/marketing-[\w-]+\.js"/);
    }
  });

  it("keep HTML uncached, hashed assets cached for a year, icons served", async () => {
    const { response } = await html("/");
    expect(response.headers.get("cache-control")).toBe("no-cache");
    // The marketing pages load only their island; an app page names the app's hashed modules.
    const { body } = await html("/auth/sign-in");
    const asset = /href="(\/assets\/[^"]+\.js)"/.exec(body)![1];
    const script = await t.fetch(asset);
    expect(script.status).toBe(200);
    expect(script.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const icon = await t.fetch("/icons/logo.svg");
    expect(icon.status).toBe(200);
    expect(icon.headers.get("content-type")).toContain("image/svg+xml");
    // A page without an icon of its own makes the browser ask for /favicon.ico: the logo.
    const favicon = await t.fetch("/favicon.ico", { redirect: "manual" });
    expect(favicon.status).toBe(301);
    expect(favicon.headers.get("location")).toBe("/icons/logo.svg");
  });

  it("send no referrer from public quote pages", async () => {
    const response = await t.fetch("/quote/some-quote/abcdefghijklmnopqrstuv");
    expect(response.headers.get("referrer-policy")).toBe("no-referrer");
    expect((await t.fetch("/pricing")).headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
  });
});

describe("guards (checked on the server before the page renders)", () => {
  it("send a visitor from /app to sign-in with a return path", async () => {
    const response = await t.fetch("/app/quotes?status=DRAFT");
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(`/auth/sign-in?returnTo=${encodeURIComponent("/app/quotes?status=DRAFT")}`);
    const nl = await t.fetch("/nl/app");
    expect(nl.headers.get("location")).toBe(`/nl/auth/sign-in?returnTo=${encodeURIComponent("/nl/app")}`);
    expect((await t.fetch("/complete-profile")).headers.get("location")).toMatch(/^\/auth\/sign-in\?returnTo=/);
  });

  it("let visitors open the auth pages, accept-invite and /auth", async () => {
    expect((await t.fetch("/auth/sign-in")).status).toBe(200);
    // Without a token: a heading that says what the link is for, and what to do (issue 28), in both languages.
    const invite = await t.fetch("/accept-invite");
    expect(invite.status).toBe(200);
    const inviteBody = await invite.text();
    expect(inviteBody.match(/<h1[\s>].*?<\/h1>/gs)).toEqual([expect.stringContaining(">Team invitation</h1>")]);
    expect(inviteBody).toContain("Open it with the link in your invitation e-mail.");
    expect(inviteBody).not.toContain("Something went wrong");
    const inviteNl = await (await t.fetch("/nl/accept-invite")).text();
    expect(inviteNl.match(/<h1[\s>].*?<\/h1>/gs)).toEqual([expect.stringContaining(">Uitnodiging voor een team</h1>")]);
    const auth = await t.fetch("/auth");
    expect(auth.status).toBe(302);
    expect(auth.headers.get("location")).toBe("/auth/sign-in");
  });

  it("render the app for a signed-in user and send them away from the auth pages", async () => {
    const user = await signUp(t, { company: "Guard Co" });
    const app = await t.fetch("/app", { headers: { cookie: user.cookie } });
    expect(app.status).toBe(200);
    const body = await app.text();
    expect(body).toContain("Guard Co");
    expect(body).toContain('content="noindex"');
    // A heading on the pages whose data comes later or not at all (issue 28): a version, a wrong customer id.
    const headings = async (path: string) => ((await (await t.fetch(path, { headers: { cookie: user.cookie } })).text()).match(/<h1[\s>]/g) ?? []).length;
    expect(await headings("/app/quotes/00000000-0000-4000-8000-000000000000/versions/1")).toBe(1);
    expect(await headings("/app/customers/mutate/00000000-0000-4000-8000-000000000000")).toBe(1);
    expect(await headings("/app/customers/mutate/not-an-id")).toBe(1);
    const signIn = await t.fetch("/auth/sign-in", { headers: { cookie: user.cookie } });
    expect(signIn.status).toBe(302);
    expect(signIn.headers.get("location")).toBe("/app");
  });

  it("send a user without an account to /complete-profile, and one with an account away from it", async () => {
    const fresh = await signUp(t, { company: null });
    expect((await t.fetch("/app", { headers: { cookie: fresh.cookie } })).headers.get("location")).toBe("/complete-profile");
    expect((await t.fetch("/complete-profile", { headers: { cookie: fresh.cookie } })).status).toBe(200);
    const done = await signUp(t);
    expect((await t.fetch("/complete-profile", { headers: { cookie: done.cookie } })).headers.get("location")).toBe("/app");
  });
});

describe("when the database is down", () => {
  it("/healthz answers 503, and GraphQL answers a masked error without details", async () => {
    const database = await createTestDatabase();
    const down = await createTestApp({ database, env: { NODE_ENV: "production" } });
    const user = await signUp(down);
    await database.close();
    const health = await down.fetch("/healthz");
    expect(health.status).toBe(503);
    const result = await down.gql("{ me { id } }", {}, { cookie: user.cookie });
    const text = JSON.stringify(result);
    expect(result.status).toBeGreaterThanOrEqual(500);
    expect(text).not.toMatch(/stack|select|sessions|pglite|ECONN/i);
  });
});

describe("the account switcher", () => {
  it("lists every account of the user and follows the offerly_account cookie", async () => {
    const { accountUsers } = await import("../../src/server/db/schema");
    const ann = await signUp(t, { company: "Ann Studio" });
    const bob = await signUp(t, { company: "Bob Agency" });
    // Ann is also a member of Bob's account (team invites come with the team issue).
    await t.db.insert(accountUsers).values({ accountId: bob.accountId!, userId: ann.userId, role: "member" });
    const first = await (await t.fetch("/app", { headers: { cookie: ann.cookie } })).text();
    expect(first).toContain('data-testid="account-switcher"');
    expect(first).toMatch(/<option value="[^"]+" selected="">Ann Studio<\/option>/);
    const second = await (await t.fetch("/app", { headers: { cookie: `${ann.cookie}; offerly_account=${bob.accountId}` } })).text();
    expect(second).toMatch(/<option value="[^"]+" selected="">Bob Agency<\/option>/);
    // A cookie naming an account that is not Ann's falls back to her first account.
    const foreign = await signUp(t, { company: "Stranger BV" });
    const third = await (await t.fetch("/app", { headers: { cookie: `${ann.cookie}; offerly_account=${foreign.accountId}` } })).text();
    expect(third).toMatch(/selected="">Ann Studio</);
    expect(third).not.toContain("Stranger BV");
  });
});
