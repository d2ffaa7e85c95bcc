import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../src/server/db/client";
import { emailLinkTokens, sessions, users } from "../../src/server/db/schema";
import { type TestApp, createTestApp } from "../support/app";
import { requestLink, sessionCookieFrom, signUp, uniqueEmail, verifyLink } from "../support/auth";
import { lastMailTo, outboxFiles, signInToken } from "../support/mail";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const ME = "{ me { id email name } }";

describe("sign-up by e-mail link", () => {
  it("creates the user and a trial account they own, and signs them in", async () => {
    const email = uniqueEmail("ann");
    const requested = await requestLink(t, { email: email.toUpperCase(), signUp: { name: "Ann de Vries", companyName: "Vries Design" } });
    expect(requested.status).toBe(202);
    expect(await requested.json()).toEqual({ status: "EMAIL_SENT" });

    const mail = lastMailTo(t.dataDir, email);
    expect(mail.subject).toBe("Your Offerly sign-in link");
    expect(mail.raw).toMatch(/Content-Type: text\/plain/);
    expect(mail.raw).toMatch(/Content-Type: text\/html/);
    expect(mail.decoded).toContain("Hi Ann de Vries,");
    const token = signInToken(mail);
    expect(token.length).toBeGreaterThanOrEqual(43); // 256 bits, base64url

    // Only the hash is stored.
    const stored = await t.db.select().from(emailLinkTokens).where(eq(emailLinkTokens.email, email));
    expect(stored).toHaveLength(1);
    expect(stored[0].tokenHash).not.toContain(token);
    expect(stored[0].expiresAt.getTime() - Date.now()).toBeGreaterThan(9 * 60_000);
    expect(stored[0].expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(10 * 60_000);

    const verified = await verifyLink(t, { email, token });
    expect(verified.status).toBe(200);
    const body = (await verified.json()) as { status: string; redirectTo: string; isNewUser: boolean };
    expect(body).toMatchObject({ status: "SIGNED_IN", redirectTo: "/app", isNewUser: true });
    const setCookie = verified.headers.get("set-cookie")!;
    expect(setCookie).toMatch(/^offerly_session=[A-Za-z0-9_-]{43}; Max-Age=2592000; Path=\/; HttpOnly; SameSite=Lax$/);
    const cookie = sessionCookieFrom(verified)!;

    const me = await t.gql(ME, {}, { cookie });
    expect(me.data).toEqual({ me: { id: expect.any(String), email, name: "Ann de Vries" } });

    const accounts = await t.gql<{ accounts: { totalCount: number; items: { id: string; name: string }[] } }>(
      "{ accounts { totalCount items { id name } } }",
      {},
      { cookie },
    );
    expect(accounts.data?.accounts.totalCount).toBe(1);
    const accountId = accounts.data!.accounts.items[0].id;

    const account = await t.gql<{ account: Record<string, unknown> }>(
      "{ account { id name language currency subscriptionPlan subscriptionInterval expiredAt identityAccountsUsers { role identityUser { email name } } } }",
      {},
      { cookie, account: accountId },
    );
    expect(account.errors).toBeUndefined();
    expect(account.data?.account).toMatchObject({
      id: accountId,
      name: "Vries Design",
      language: "ENG",
      currency: "EUR",
      subscriptionPlan: "TRIAL",
      subscriptionInterval: null,
      identityAccountsUsers: [{ role: "OWNER", identityUser: { email, name: "Ann de Vries" } }],
    });
    const days = (new Date(account.data!.account.expiredAt as string).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(13.99);
    expect(days).toBeLessThanOrEqual(14);
  });

  it("sends the e-mail in Dutch to a Dutch user, and a Dutch sign-up gets a Dutch account", async () => {
    const email = uniqueEmail("bram");
    await requestLink(t, { email, signUp: { name: "Bram", companyName: "Bram BV" } }, { "accept-language": "nl" });
    const mail = lastMailTo(t.dataDir, email);
    expect(mail.subject).toBe("Je inloglink voor Offerly");
    expect(mail.decoded).toContain("/nl/auth/email-link?token=");
    const verified = await verifyLink(t, { email, token: signInToken(mail) }, { "accept-language": "nl" });
    expect(((await verified.json()) as { redirectTo: string }).redirectTo).toBe("/nl/app");
    const cookie = sessionCookieFrom(verified)!;
    const accounts = await t.gql<{ accounts: { items: { language: string }[] } }>("{ accounts { items { language } } }", {}, { cookie });
    expect(accounts.data?.accounts.items).toEqual([{ language: "NL" }]);
  });

  it("answers the same for known and unknown addresses", async () => {
    const known = await signUp(t);
    const knownEmail = (await t.gql<{ me: { email: string } }>(ME, {}, { cookie: known.cookie })).data!.me.email;
    const a = await requestLink(t, { email: knownEmail });
    const b = await requestLink(t, { email: uniqueEmail("nobody") });
    expect([a.status, b.status]).toEqual([202, 202]);
    expect(await a.text()).toBe(await b.text());
  });

  it("a link for a user without a company leads to /complete-profile, where signUp creates the account", async () => {
    const user = await signUp(t, { company: null });
    expect(user.accountId).toBeNull();
    const bad = await t.gql(
      "mutation($i: SignUpInput!) { signUp(input: $i) { id } }",
      { i: { name: " ", companyName: "X" } },
      { cookie: user.cookie, "accept-language": "nl" },
    );
    expect(bad.errors?.[0]).toMatchObject({ message: "Vul je naam in.", extensions: { code: "BAD_USER_INPUT", fields: { name: "Vul je naam in." } } });

    const done = await t.gql<{ signUp: { id: string; name: string; subscriptionPlan: string } }>(
      "mutation($i: SignUpInput!) { signUp(input: $i) { id name subscriptionPlan } }",
      { i: { name: "Cas", companyName: "Cas & Co" } },
      { cookie: user.cookie },
    );
    expect(done.data?.signUp).toMatchObject({ name: "Cas & Co", subscriptionPlan: "TRIAL" });
    const again = await t.gql("mutation($i: SignUpInput!) { signUp(input: $i) { id } }", { i: { name: "Cas", companyName: "Twice" } }, { cookie: user.cookie });
    expect(again.errors?.[0].extensions?.code).toBe("CONFLICT");
    const me = await t.gql<{ me: { name: string } }>(ME, {}, { cookie: user.cookie });
    expect(me.data?.me.name).toBe("Cas");
  });

  it("signUp refuses a visitor", async () => {
    const result = await t.gql('mutation { signUp(input: { name: "A", companyName: "B" }) { id } }');
    expect(result.errors?.[0].extensions?.code).toBe("UNAUTHENTICATED");
  });

  it("two parallel signUp calls create one account", async () => {
    const user = await signUp(t, { company: null });
    const call = () => t.gql('mutation { signUp(input: { name: "D", companyName: "Double" }) { id } }', {}, { cookie: user.cookie });
    const results = await Promise.all([call(), call(), call()]);
    expect(results.filter((r) => !r.errors).length).toBe(1);
    const accounts = await t.gql<{ accounts: { totalCount: number } }>("{ accounts { totalCount } }", {}, { cookie: user.cookie });
    expect(accounts.data?.accounts.totalCount).toBe(1);
  });
});

describe("sign-in links are single-use, short-lived and tied to one e-mail", () => {
  async function freshLink(email = uniqueEmail()) {
    await requestLink(t, { email });
    return { email, token: signInToken(lastMailTo(t.dataDir, email)) };
  }

  it("refuses a reused link", async () => {
    const { email, token } = await freshLink();
    expect((await verifyLink(t, { email, token })).status).toBe(200);
    const again = await verifyLink(t, { email, token });
    expect(again.status).toBe(400);
    expect(again.headers.get("set-cookie")).toBeNull();
    expect(await again.json()).toMatchObject({ error: { code: "invalid-action-code" } });
  });

  it("refuses an expired link", async () => {
    const { email, token } = await freshLink();
    await t.db
      .update(emailLinkTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(emailLinkTokens.email, email));
    const response = await verifyLink(t, { email, token }, { "accept-language": "nl" });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: { code: "expired-action-code", message: "Deze inloglink is verlopen. Vraag een nieuwe aan." } });
  });

  it("refuses a link for another e-mail without using it up", async () => {
    const { email, token } = await freshLink();
    const wrong = await verifyLink(t, { email: uniqueEmail("other"), token });
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toMatchObject({ error: { code: "email-mismatch" } });
    expect((await verifyLink(t, { email, token })).status).toBe(200);
  });

  it("refuses an unknown or malformed token and a malformed e-mail", async () => {
    const unknown = await verifyLink(t, { email: uniqueEmail(), token: "x".repeat(43) });
    expect(await unknown.json()).toMatchObject({ error: { code: "invalid-action-code" } });
    const short = await verifyLink(t, { email: uniqueEmail(), token: "abc" });
    expect(short.status).toBe(400);
    const badEmail = await requestLink(t, { email: "not-an-email" }, { "accept-language": "nl" });
    expect(badEmail.status).toBe(400);
    expect(await badEmail.json()).toMatchObject({ error: { code: "invalid-email", fields: { email: "Vul een geldig e-mailadres in." } } });
    const notJson = await t.fetch("/api/auth/email-link", { method: "POST", headers: { "content-type": "text/plain" }, body: "email=a@b.c" });
    expect(notJson.status).toBe(415);
    const broken = await t.fetch("/api/auth/email-link", { method: "POST", headers: { "content-type": "application/json" }, body: "{" });
    expect(broken.status).toBe(400);
  });

  it("gives exactly one session to 20 parallel uses of one link", async () => {
    const { email, token } = await freshLink();
    const responses = await Promise.all(Array.from({ length: 20 }, () => verifyLink(t, { email, token })));
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 400)).toHaveLength(19);
    expect(responses.filter((r) => sessionCookieFrom(r))).toHaveLength(1);
    const [{ n }] = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from ${sessions} s join ${users} u on u.id = s.user_id where u.email = ${email}`,
    );
    expect(n).toBe(1);
  });

  it("limits link requests per e-mail address", async () => {
    const email = uniqueEmail("spam");
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await requestLink(t, { email })).status);
    expect(statuses).toEqual([202, 202, 202, 429]);
    const limited = await requestLink(t, { email }, { "accept-language": "nl" });
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await limited.json()).toMatchObject({ error: { code: "too-many-links", message: expect.stringContaining("Gebruik de nieuwste") } });
  });

  it("limits link requests per client IP behind a trusted proxy", async () => {
    const proxied = await createTestApp({ env: { TRUST_PROXY: "true" }, database: t.database });
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) {
      statuses.push((await requestLink(proxied, { email: uniqueEmail("ip") }, { "x-forwarded-for": "203.0.113.9" })).status);
    }
    expect(statuses.slice(0, 30).every((s) => s === 202)).toBe(true);
    expect(statuses[30]).toBe(429);
    // Another address is not affected.
    expect((await requestLink(proxied, { email: uniqueEmail("ip") }, { "x-forwarded-for": "203.0.113.10" })).status).toBe(202);
  });

  it("keeps only same-site return paths", async () => {
    for (const [returnTo, expected] of [
      ["/app/quotes?status=DRAFT", "/app/quotes?status=DRAFT"],
      ["https://evil.example/steal", "/app"],
      ["//evil.example/steal", "/app"],
      ["/\\evil.example", "/app"],
      ["javascript:alert(1)", "/app"],
      // Values that pass a prefix check and only become "//evil.example…" once normalised.
      ["/.//evil.example/phish", "/app"],
      ["/%2e//evil.example", "/app"],
      ["/a/..//evil.example", "/app"],
      ["/./\\evil.example", "/app"],
      ["/app/./quotes/../customers", "/app/customers"],
    ] as const) {
      const email = uniqueEmail("ret");
      await signUp(t, { email });
      await requestLink(t, { email, returnTo });
      const verified = await verifyLink(t, { email, token: signInToken(lastMailTo(t.dataDir, email)) });
      expect(((await verified.json()) as { redirectTo: string }).redirectTo).toBe(expected);
    }
  });
});

describe("sessions", () => {
  it("ignore a forged cookie", async () => {
    const forged = await t.gql(ME, {}, { cookie: "offerly_session=forged-token-value-that-is-long-enough-1234567" });
    expect(forged.data).toEqual({ me: null });
    const scoped = await t.gql("{ account { id } }", {}, { cookie: "offerly_session=forged" });
    expect(scoped.errors?.[0].extensions?.code).toBe("UNAUTHENTICATED");
  });

  it("end at sign-out, on the server", async () => {
    const user = await signUp(t);
    const out = await t.fetch("/api/auth/sign-out", { method: "POST", headers: { "content-type": "application/json", cookie: user.cookie }, body: "{}" });
    expect(out.status).toBe(200);
    expect(out.headers.get("set-cookie")).toMatch(/^offerly_session=; Max-Age=0/);
    expect((await t.gql(ME, {}, { cookie: user.cookie })).data).toEqual({ me: null });
  });

  it("rotate: each sign-in gets a new token, and old sessions stay independent", async () => {
    const email = uniqueEmail("rot");
    const first = await signUp(t, { email });
    await requestLink(t, { email });
    const second = sessionCookieFrom(await verifyLink(t, { email, token: signInToken(lastMailTo(t.dataDir, email)) }))!;
    expect(second).not.toBe(first.cookie);
    expect((await t.gql<{ me: { id: string } }>(ME, {}, { cookie: second })).data?.me.id).toBe(first.userId);
  });

  it("work as a bearer token for non-browser clients", async () => {
    const email = uniqueEmail("api");
    await signUp(t, { email });
    await requestLink(t, { email });
    const verified = await verifyLink(t, { email, token: signInToken(lastMailTo(t.dataDir, email)), returnToken: true });
    const { token } = (await verified.json()) as { token: string };
    const me = await t.gql<{ me: { email: string } }>(ME, {}, { authorization: `Bearer ${token}` });
    expect(me.data?.me.email).toBe(email);
  });

  it("expire after 7 idle days and after 30 days in all", async () => {
    const idle = await signUp(t);
    await t.db
      .update(sessions)
      .set({ lastSeenAt: new Date(Date.now() - 8 * 86_400_000) })
      .where(eq(sessions.userId, idle.userId));
    expect((await t.gql(ME, {}, { cookie: idle.cookie })).data).toEqual({ me: null });

    const old = await signUp(t);
    await t.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, old.userId));
    expect((await t.gql(ME, {}, { cookie: old.cookie })).data).toEqual({ me: null });
  });

  it("sign a disabled user out on the next request, and refuse their next link", async () => {
    const email = uniqueEmail("dis");
    const user = await signUp(t, { email });
    await t.db.update(users).set({ disabledAt: new Date() }).where(eq(users.id, user.userId));
    expect((await t.gql(ME, {}, { cookie: user.cookie })).data).toEqual({ me: null });
    const live = await t.db.select().from(sessions).where(sql`${sessions.userId} = ${user.userId} and ${sessions.revokedAt} is null`);
    expect(live).toHaveLength(0);
    await requestLink(t, { email });
    const refused = await verifyLink(t, { email, token: signInToken(lastMailTo(t.dataDir, email)) });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ error: { code: "user-disabled" } });
  });
});

describe("the Account header", () => {
  it("selects one of the user's accounts and refuses another user's account", async () => {
    const ann = await signUp(t);
    const bob = await signUp(t);
    expect((await t.gql("{ account { id } }", {}, ann.headers())).data).toEqual({ account: { id: ann.accountId } });
    const foreign = await t.gql("{ account { id } }", {}, ann.headers(bob.accountId));
    expect(foreign.data ?? null).toBeNull();
    expect(foreign.errors?.[0].extensions?.code).toBe("FORBIDDEN");
    const missing = await t.gql("{ account { id } }", {}, ann.headers(null));
    expect(missing.errors?.[0].extensions?.code).toBe("FORBIDDEN");
    const malformed = await t.gql("{ account { id } }", {}, { cookie: ann.cookie, account: "'; drop table accounts; --" });
    expect(malformed.errors?.[0].extensions?.code).toBe("FORBIDDEN");
  });

  it("accounts is paginated and capped", async () => {
    const ann = await signUp(t);
    const ok = await t.gql("{ accounts(page: 1, pageSize: 100) { totalCount page pageSize } }", {}, { cookie: ann.cookie });
    expect(ok.data).toEqual({ accounts: { totalCount: 1, page: 1, pageSize: 100 } });
    for (const args of ["page: 0", "pageSize: 101", "pageSize: 0", "page: -3"]) {
      const bad = await t.gql(`{ accounts(${args}) { totalCount } }`, {}, { cookie: ann.cookie });
      expect(bad.errors?.[0].extensions?.code).toBe("BAD_USER_INPUT");
    }
  });
});

describe("outbox", () => {
  it("writes one .eml per e-mail", async () => {
    const before = outboxFiles(t.dataDir).length;
    await requestLink(t, { email: uniqueEmail("count") });
    expect(outboxFiles(t.dataDir).length).toBe(before + 1);
  });
});

describe("over https", () => {
  it("uses a __Host- cookie marked Secure, and reads it back", async () => {
    const https = await createTestApp({ env: { PUBLIC_URL: "https://offerly.example" }, database: t.database });
    const email = uniqueEmail("tls");
    await requestLink(https, { email, signUp: { name: "T", companyName: "TLS BV" } });
    const verified = await verifyLink(https, { email, token: signInToken(lastMailTo(https.dataDir, email)) });
    const setCookie = verified.headers.get("set-cookie")!;
    expect(setCookie).toMatch(/^__Host-offerly_session=[A-Za-z0-9_-]{43}; Max-Age=2592000; Path=\/; HttpOnly; SameSite=Lax; Secure$/);
    const cookie = sessionCookieFrom(verified)!;
    expect((await https.gql<{ me: { email: string } }>(ME, {}, { cookie })).data?.me.email).toBe(email);
    // The plain-http cookie name is not accepted there.
    expect((await https.gql(ME, {}, { cookie: cookie.replace("__Host-", "") })).data).toEqual({ me: null });
    await https.close();
  });
});
