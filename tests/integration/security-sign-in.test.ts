import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestApp, createTestApp } from "../support/app";
import { requestLink, sessionCookieFrom, signUp, uniqueEmail, verifyLink } from "../support/auth";
import { lastMailTo, outboxFiles, readMail, signInToken } from "../support/mail";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { TRUST_PROXY: "true" } });
});
afterAll(async () => {
  await t.close();
});

const proofFrom = (response: Response) => /offerly_link_proof=([^;]+)/.exec(response.headers.get("set-cookie") ?? "")?.[1];
const mailsTo = (email: string) =>
  outboxFiles(t.dataDir)
    .map(readMail)
    .filter((m) => m.to.includes(email));

describe("per-address sign-in limit: against mail bombing, never against the owner", () => {
  it("stops mails to an address asked for by strangers, while the owner can still sign in and re-send from their browser", async () => {
    const email = uniqueEmail("victim");
    // The owner asks for a link first: their browser keeps the proof cookie.
    const own = await requestLink(t, { email }, { "x-forwarded-for": "198.51.100.1" });
    expect(own.status).toBe(202);
    const proof = proofFrom(own)!;
    expect(own.headers.get("set-cookie")).toMatch(/HttpOnly/);

    // An attacker asks for links for the same address from other addresses until refused.
    const attack: Response[] = [];
    for (let i = 0; i < 4; i++) attack.push(await requestLink(t, { email }, { "x-forwarded-for": `203.0.113.${i + 1}` }));
    expect(attack.map((r) => r.status)).toEqual([202, 202, 429, 429]);
    for (const refused of attack.slice(2)) {
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(Number(refused.headers.get("retry-after"))).toBeLessThanOrEqual(600);
      expect(await refused.json()).toMatchObject({ error: { code: "too-many-links" } });
    }
    expect(mailsTo(email)).toHaveLength(3);

    // The owner's browser may still ask for a fresh link (up to the address's hard cap).
    const again = await requestLink(t, { email }, { cookie: `offerly_link_proof=${proof}`, "x-forwarded-for": "198.51.100.1" });
    expect(again.status).toBe(202);
    expect(mailsTo(email)).toHaveLength(4);
    // A forged or someone else's proof does not help.
    const forged = await requestLink(t, { email }, { cookie: `offerly_link_proof=${"x".repeat(43)}` });
    expect(forged.status).toBe(429);

    // And every link already in the owner's inbox signs them in while the address is limited.
    const verified = await verifyLink(t, { email, token: signInToken(lastMailTo(t.dataDir, email)) });
    expect(verified.status).toBe(200);
    expect(sessionCookieFrom(verified)).toBeTruthy();
  });

  it("caps even the owner's browser, so the mailbox cannot be flooded through proofs", async () => {
    const email = uniqueEmail("cap");
    const first = await requestLink(t, { email });
    const cookie = `offerly_link_proof=${proofFrom(first)}`;
    const statuses = [first.status];
    for (let i = 0; i < 6; i++) statuses.push((await requestLink(t, { email }, { cookie })).status);
    expect(statuses).toEqual([202, 202, 202, 202, 202, 429, 429]);
    expect(mailsTo(email)).toHaveLength(5);
  });

  it("sends Retry-After with every 429 (per-IP link requests and verifications too)", async () => {
    let last: Response | undefined;
    for (let i = 0; i < 31; i++) last = await requestLink(t, { email: uniqueEmail("ip") }, { "x-forwarded-for": "192.0.2.77" });
    expect(last!.status).toBe(429);
    expect(Number(last!.headers.get("retry-after"))).toBeGreaterThan(0);
    for (let i = 0; i < 61; i++) last = await verifyLink(t, { email: "a@example.test", token: "y".repeat(43) }, { "x-forwarded-for": "192.0.2.78" });
    expect(last!.status).toBe(429);
    expect(Number(last!.headers.get("retry-after"))).toBeGreaterThan(0);
  });
});

describe("the sign-in e-mail", () => {
  it("greets a known user without a name without an empty name, in both languages", async () => {
    const email = uniqueEmail("noname");
    await signUp(t, { email, company: null }); // a user with no name (like a first link without sign-up)
    await requestLink(t, { email });
    expect(lastMailTo(t.dataDir, email).decoded).toMatch(/\bHi,/);
    expect(lastMailTo(t.dataDir, email).decoded).not.toMatch(/Hi ,/);
    await requestLink(t, { email }, { "accept-language": "nl" });
    expect(lastMailTo(t.dataDir, email).decoded).toMatch(/\bHoi,/);
    expect(lastMailTo(t.dataDir, email).decoded).not.toMatch(/Hoi ,/);
  });

  it("tells someone who signs up again that they already have an account, greets them by their stored name and keeps their data", async () => {
    const email = uniqueEmail("again");
    const first = await signUp(t, { email, name: "Anna Original", company: "Original BV" });
    await requestLink(t, { email, signUp: { name: "Mallory Typed", companyName: "Other Company" } });
    const mail = lastMailTo(t.dataDir, email).decoded;
    expect(mail).toContain("Hi Anna Original,");
    expect(mail).not.toContain("Mallory Typed");
    expect(mail).toContain("You already have an Offerly account with this e-mail address");
    await requestLink(t, { email, signUp: { name: "Mallory Typed", companyName: "Other Company" } }, { "accept-language": "nl" });
    expect(lastMailTo(t.dataDir, email).decoded).toContain("Je hebt al een Offerly-account met dit e-mailadres");

    const verified = await verifyLink(t, { email, token: signInToken(lastMailTo(t.dataDir, email)) });
    const cookie = sessionCookieFrom(verified)!;
    const me = await t.gql<{ me: { id: string; name: string } }>("{ me { id name } }", {}, { cookie });
    expect(me.data?.me).toEqual({ id: first.userId, name: "Anna Original" });
    const accounts = await t.gql<{ accounts: { items: { name: string }[] } }>("{ accounts { items { name } } }", {}, { cookie });
    expect(accounts.data?.accounts.items.map((a) => a.name)).toEqual(["Original BV"]);
  });
});

describe("/api/auth answers in our own words", () => {
  it("translates every field error (no zod default English), by Accept-Language", async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ email: 42 }, "email", "Vul je e-mailadres in."],
      [{ email: "a@b.example", signUp: "yes" }, "signUp", "Deze waarde is niet geldig."],
      [{ email: "a@b.example", signUp: { name: 7, companyName: "X" } }, "signUp.name", "Vul je naam in."],
      [{ email: "a@b.example", returnTo: "/".repeat(3000) }, "returnTo", "Deze waarde is niet geldig."],
    ];
    for (const [body, field, dutch] of cases) {
      const response = await requestLink(t, body, { "accept-language": "nl" });
      expect(response.status).toBe(400);
      const json = (await response.json()) as { error: { fields: Record<string, string> } };
      expect(json.error.fields[field]).toBe(dutch);
      expect(JSON.stringify(json)).not.toMatch(/Invalid input|expected|Too (big|small)/i);
    }
    const token = await verifyLink(t, { email: "a@b.example", token: "short" });
    const json = (await token.json()) as { error: { code: string; fields: Record<string, string> } };
    expect(json.error.code).toBe("invalid-action-code");
    expect(json.error.fields.token).toBe("This sign-in link is invalid or has already been used. Request a new one.");
    const array = await t.fetch("/api/auth/email-link", { method: "POST", headers: { "content-type": "application/json" }, body: "[1]" });
    expect((await array.json()) as unknown).toMatchObject({ error: { fields: { email: "Please enter your e-mail address." } } });
    const form = await t.fetch("/api/auth/email-link", { method: "POST", headers: { "content-type": "text/plain", "accept-language": "nl" }, body: "{}" });
    expect(form.status).toBe(415);
    expect(await form.json()).toMatchObject({ error: { code: "unsupported-media-type", message: "Stuur JSON (application/json)." } });
  });
});
