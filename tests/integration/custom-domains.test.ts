import http from "node:http";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { nodeListener } from "../../src/server/app";
import { accounts, customDomains, jobs } from "../../src/server/db/schema";
import { type TestApp, createTestApp } from "../support/app";
import { type SignedInAs, signIn } from "../support/auth";
import { type TestDnsServer, startDnsServer } from "../support/dns-server";
import { listen } from "../support/listen";
import { outboxFiles, readMail } from "../support/mail";
import { type QuoteResult, addBlocks, createCustomer, createQuote, transition } from "../support/quotes";
import { runJobs } from "../support/team";

/**
 * Custom domains (issue 25, decision 060) through GraphQL and HTTP as real users, against a DNS
 * server the test runs (DNS_SERVERS): adding (sub-domains only, Pro, one per account, a domain once),
 * the verification job and "check now", routing by Host (only the account's public quote pages,
 * no cookies, 421 for unknown hosts), the loopback-only TLS ask endpoint, and a downgrade.
 */

const DOMAIN = "quotes.example.test";
const TARGET = "domains.offerly.test";
const FIELDS = "id domain status serving planAllows records { type name value state } lastCheckedAt nextCheckAt";
type Domain = {
  id: string;
  domain: string;
  status: string;
  serving: boolean;
  planAllows: boolean;
  records: { type: string; name: string; value: string; state: string }[];
};

let t: TestApp;
let dns: TestDnsServer;
let owner: SignedInAs;
let other: SignedInAs;
let quote: QuoteResult;
let otherQuote: QuoteResult;

const onHost = (host: string, path: string, init: RequestInit = {}) =>
  t.app.fetch(new Request(`http://${host}${path}`, { ...init, headers: { host, ...(init.headers as Record<string, string>) } }));
const add = (user: SignedInAs, domain: string) =>
  t.gql<{ addCustomDomain: Domain }>(
    `mutation ($input: AddCustomDomainInput!) { addCustomDomain(input: $input) { ${FIELDS} } }`,
    { input: { domain } },
    user.headers(),
  );
const check = (user: SignedInAs) => t.gql<{ checkCustomDomain: Domain }>(`mutation { checkCustomDomain { ${FIELDS} } }`, {}, user.headers());
const get = (user: SignedInAs) => t.gql<{ customDomain: Domain | null }>(`{ customDomain { ${FIELDS} } }`, {}, user.headers());
const quoteUrl = async (user: SignedInAs, id: string) =>
  (await t.gql<{ quote: { url: string } }>("query ($id: ID!) { quote(id: $id) { url } }", { id }, user.headers())).data?.quote.url;
const setRecords = (token: string) => {
  dns.zone.cname.set(DOMAIN, TARGET);
  dns.zone.txt.set(`_offerly.${DOMAIN}`, [`offerly-verification=${token}`]);
};
const clearRecords = () => {
  dns.zone.cname.delete(DOMAIN);
  dns.zone.txt.delete(`_offerly.${DOMAIN}`);
};

/** A request over a real socket with the Host header given (fetch sets its own). */
function statusOver(base: string, method: string, path: string, headers: Record<string, string>, body?: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.request(`${base}${path}`, { method, headers }, (response) => {
      response.resume();
      response.on("end", () => resolve(response.statusCode ?? 0));
    });
    request.on("error", reject);
    request.end(body);
  });
}

async function publishedQuote(user: SignedInAs): Promise<QuoteResult> {
  const customer = await createCustomer(t, user, { name: "Customer" });
  const created = await createQuote(t, user, customer.id);
  await addBlocks(t, created.id);
  const published = await transition(t, user, "publishQuote", created.id);
  if (!published.data) throw new Error(JSON.stringify(published.errors));
  return published.data.publishQuote;
}

beforeAll(async () => {
  dns = await startDnsServer();
  t = await createTestApp({ ssr: true, env: { DNS_SERVERS: dns.address, CUSTOM_DOMAIN_TARGET: TARGET } });
  owner = await signIn(t, "owner", { company: "Bureau" });
  other = await signIn(t, "owner", { company: "Other" });
  quote = await publishedQuote(owner);
  otherQuote = await publishedQuote(other);
});
afterAll(async () => {
  await t?.close();
  await dns?.close();
});

describe("adding a custom domain", () => {
  it("refuses a bare domain with the reason, in the caller's language, and our own hosts", async () => {
    const apex = await add(owner, "example.test");
    expect(apex.errors?.[0]?.extensions?.code).toBe("BAD_USER_INPUT");
    expect(apex.errors?.[0]?.message).toContain("CNAME");
    const dutch = await t.gql(`mutation { addCustomDomain(input: { domain: "bureau.nl" }) { id } }`, {}, { ...owner.headers(), "accept-language": "nl" });
    expect(dutch.errors?.[0]?.message).toContain("kaal domein");
    expect((await add(owner, "not a domain")).errors?.[0]?.extensions?.code).toBe("BAD_USER_INPUT");
    expect((await add(owner, `x.${TARGET}`)).errors?.[0]?.extensions?.code).toBe("BAD_USER_INPUT");
  });

  it("gives the two records to set and queues the first check; one per account, each domain once", async () => {
    const added = await add(owner, "HTTPS://Quotes.Example.Test/");
    expect(added.errors).toBeUndefined();
    const domain = added.data!.addCustomDomain;
    expect(domain).toMatchObject({ domain: DOMAIN, status: "PENDING", serving: false, planAllows: true });
    expect(domain.records.map((r) => [r.type, r.name, r.state])).toEqual([
      ["CNAME", DOMAIN, "UNCHECKED"],
      ["TXT", `_offerly.${DOMAIN}`, "UNCHECKED"],
    ]);
    expect(domain.records[0]?.value).toBe(TARGET);
    expect(domain.records[1]?.value).toMatch(/^offerly-verification=[A-Za-z0-9_-]{43}$/);
    expect((await add(owner, "other.example.test")).errors?.[0]?.extensions?.code).toBe("CONFLICT");
    expect((await add(other, DOMAIN)).errors?.[0]?.extensions?.code).toBe("CONFLICT");
    const queued = await t.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.name, "verify-custom-domain"), eq(jobs.status, "queued")));
    expect(queued.map((j) => j.payload)).toEqual([{ domainId: domain.id }]);
  });

  it("is scoped to the account and to owners and admins", async () => {
    expect((await get(other)).data?.customDomain).toBeNull();
    const removeOther = await t.gql("mutation { removeCustomDomain }", {}, other.headers());
    expect(removeOther.errors?.[0]?.extensions?.code).toBe("NOT_FOUND");
    // Acting for the owner's account without being a member of it.
    const foreign = await t.gql(`{ customDomain { id } }`, {}, other.headers(owner.accountId));
    expect(foreign.errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
    const member = await signIn(t, "member", { account: owner });
    expect((await get(member)).errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
    expect((await check(member)).errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
    const admin = await signIn(t, "admin", { account: owner });
    expect((await get(admin)).data?.customDomain?.domain).toBe(DOMAIN);
  });
});

describe("verification", () => {
  it("the job finds no records yet, records their state and schedules the next check with back-off", async () => {
    expect(await runJobs(t)).toBeGreaterThanOrEqual(1);
    const [row] = await t.db.select().from(customDomains).where(eq(customDomains.domain, DOMAIN));
    expect(row).toMatchObject({ status: "PENDING", cnameState: "MISSING", txtState: "MISSING", checks: 1 });
    expect(dns.queries).toContain(`5:${DOMAIN}`);
    expect(dns.queries).toContain(`16:_offerly.${DOMAIN}`);
    const [next] = await t.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.name, "verify-custom-domain"), eq(jobs.status, "queued")));
    expect(next?.singletonKey).toBe(`custom-domain:${row!.id}:1`);
    // The second check waits twice the first interval (2 minutes), never sooner.
    expect(next!.runAt.getTime() - row!.lastCheckedAt!.getTime()).toBe(120_000);
  });

  it("a wrong TXT value is shown as wrong; the right records make it active on “check now”", async () => {
    dns.zone.cname.set(DOMAIN, TARGET);
    dns.zone.txt.set(`_offerly.${DOMAIN}`, ["offerly-verification=not-the-token"]);
    const wrong = await check(owner);
    expect(wrong.data?.checkCustomDomain.records.map((r) => r.state)).toEqual(["OK", "WRONG"]);
    expect(wrong.data?.checkCustomDomain.status).toBe("PENDING");
    const [row] = await t.db.select().from(customDomains).where(eq(customDomains.domain, DOMAIN));
    setRecords(row!.token);
    const ok = await check(owner);
    expect(ok.data?.checkCustomDomain).toMatchObject({ status: "ACTIVE", serving: true });
    expect(ok.data?.checkCustomDomain.records.map((r) => r.state)).toEqual(["OK", "OK"]);
  });
});

describe("routing by Host on an active domain", () => {
  it("new public links use the custom domain; links on the main host keep working", async () => {
    const url = await quoteUrl(owner, quote.id);
    expect(url).toBe(`https://${DOMAIN}/quote/${quote.slug}/${quote.nanoId}`);
    expect(await quoteUrl(other, otherQuote.id)).toMatch(/^http:\/\/offerly\.test\/quote\//);
    const main = await t.fetch(`/quote/${quote.slug}/${quote.nanoId}`);
    expect(main.status).toBe(200);
  });

  it("serves the account's public quote, its PDF and forms, without ever reading or setting a cookie", async () => {
    const page = await onHost(DOMAIN, `/quote/${quote.slug}/${quote.nanoId}`, { headers: { cookie: owner.cookie, "accept-language": "en" } });
    expect(page.status).toBe(200);
    expect(page.headers.get("set-cookie")).toBeNull();
    const html = await page.text();
    expect(html).toContain(quote.name);
    expect(html).toContain(`https://${DOMAIN}/quote/`); // the canonical link names the custom domain
    // The owner's cookie was not read: the page is the customer's view (no owner toolbar would show; the statistics count it).
    const pdf = await onHost(DOMAIN, `/quote/${quote.slug}/${quote.nanoId}/pdf`);
    expect([200, 202, 303]).toContain(pdf.status);
    // The deposit invoice's address reaches its route (which says there is none yet), not the gate's 404 page.
    const invoice = await onHost(DOMAIN, `/quote/${quote.slug}/${quote.nanoId}/invoice`);
    expect(invoice.status).toBe(404);
    expect(invoice.headers.get("content-type")).toContain("text/plain");
    const asset = /src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    expect(asset).toBeDefined();
    expect((await onHost(DOMAIN, asset!)).status).toBe(200);
    const question = await onHost(DOMAIN, `/quote/${quote.slug}/${quote.nanoId}/question`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: `https://${DOMAIN}` },
      body: new URLSearchParams({ name: "Customer", email: "c@example.test", body: "Can we start in May?" }).toString(),
    });
    expect(question.status).toBe(303);
    expect(question.headers.get("set-cookie")).toBeNull();
  });

  it("lets the signing mutation through /graphql and nothing else", async () => {
    const gqlOn = (query: string) =>
      onHost(DOMAIN, "/graphql", {
        method: "POST",
        headers: { "content-type": "application/json", "x-graphql-csrf": "1", origin: `https://${DOMAIN}`, cookie: owner.cookie },
        body: JSON.stringify({ query, variables: {} }),
      });
    const me = await gqlOn("{ me { id } }");
    expect(me.status).toBe(404);
    expect((await gqlOn("mutation { removeCustomDomain }")).status).toBe(404);
    const sign = await gqlOn(
      `mutation { createQuoteSignature(nanoId: "${quote.nanoId}", input: { name: "", signatureKind: TYPED, signature: "", selection: [], consent: false, version: 1 }) { id } }`,
    );
    // It reached the API (a GraphQL answer, refused there for its input as on the main host), not the gate's 404.
    expect(sign.status).not.toBe(404);
    expect(sign.headers.get("content-type")).toContain("json");
    const body = (await sign.json()) as { errors?: { message: string }[] };
    expect(body.errors?.length).toBeGreaterThan(0);
  });

  it("answers 404 for the app, sign-in, marketing, other APIs and another account's quote", async () => {
    for (const path of [
      "/app",
      "/app/quotes",
      "/auth/sign-in",
      "/",
      "/pricing",
      "/nl",
      "/api/auth/link",
      "/api/v1/quotes",
      "/healthz",
      "/internal/domains/allow?domain=x",
    ]) {
      const answer = await onHost(DOMAIN, path, { headers: { cookie: owner.cookie } });
      expect({ path, status: answer.status }).toEqual({ path, status: 404 });
      expect(answer.headers.get("set-cookie")).toBeNull();
    }
    expect((await onHost(DOMAIN, `/quote/${otherQuote.slug}/${otherQuote.nanoId}`)).status).toBe(404);
  });

  it("answers 421 for a host it does not serve, and keeps the main and loopback hosts", async () => {
    expect((await onHost("unknown.example.test", `/quote/${quote.slug}/${quote.nanoId}`)).status).toBe(421);
    expect((await onHost(TARGET, "/")).status).toBe(421);
    expect((await onHost("offerly.test", "/healthz")).status).toBe(200);
    expect((await onHost("127.0.0.1:3000", "/healthz")).status).toBe(200);
    expect((await onHost("localhost", "/healthz")).status).toBe(200);
  });
});

describe("the TLS ask endpoint", () => {
  it("answers 200 only for an active domain of a Pro account, to loopback callers not behind the proxy", async () => {
    const server = await listen(nodeListener(t.app));
    try {
      const ask = (domain: string, headers: Record<string, string> = {}) =>
        fetch(`${server.url}/internal/domains/allow?domain=${encodeURIComponent(domain)}`, { headers });
      expect((await ask(DOMAIN)).status).toBe(200);
      expect((await ask("unknown.example.test")).status).toBe(404);
      expect((await ask(DOMAIN, { "x-forwarded-for": "203.0.113.9" })).status).toBe(404);
      // Over a real socket the Host gate also holds: a custom domain's /app is a 404, an unknown host 421.
      expect(await statusOver(server.url, "GET", "/app", { host: DOMAIN })).toBe(404);
      // JSON POSTs to /graphql take the direct node:http path on the main host; not on a custom domain.
      const me = JSON.stringify({ query: "{ me { id } }" });
      expect(await statusOver(server.url, "POST", "/graphql", { host: DOMAIN, "content-type": "application/json", "x-graphql-csrf": "1" }, me)).toBe(404);
      expect(await statusOver(server.url, "GET", "/healthz", { host: "elsewhere.test" })).toBe(421);
      expect(await statusOver(server.url, "GET", "/healthz", { host: "offerly.test" })).toBe(200);
    } finally {
      await server.close();
    }
    // In-process (no socket: not known to be loopback) it is refused.
    expect((await t.fetch(`/internal/domains/allow?domain=${DOMAIN}`)).status).toBe(404);
  });
});

describe("plans and records going away", () => {
  it("a downgrade stops the domain at once: 421 there, no certificate, links back on the main host", async () => {
    await t.db.update(accounts).set({ subscriptionPlan: "BASIC", subscriptionInterval: "MONTHLY" }).where(eq(accounts.id, owner.accountId));
    expect((await onHost(DOMAIN, `/quote/${quote.slug}/${quote.nanoId}`)).status).toBe(421);
    expect(await quoteUrl(owner, quote.id)).toMatch(/^http:\/\/offerly\.test\/quote\//);
    const shown = (await get(owner)).data?.customDomain;
    expect(shown).toMatchObject({ status: "ACTIVE", serving: false, planAllows: false });
    expect((await check(owner)).errors?.[0]?.extensions?.reason).toBe("PLAN_REQUIRED");
    expect((await add(other, "quotes.other.test")).errors).toBeUndefined(); // the trial has Pro
    await t.db.update(accounts).set({ subscriptionPlan: "PRO" }).where(eq(accounts.id, owner.accountId));
    expect((await onHost(DOMAIN, `/quote/${quote.slug}/${quote.nanoId}`)).status).toBe(200);
  });

  it("the scheduled check deactivates a domain whose records are gone and tells the owner", async () => {
    clearRecords();
    await t.db
      .update(jobs)
      .set({ runAt: new Date() })
      .where(and(eq(jobs.name, "verify-custom-domain"), eq(jobs.status, "queued")));
    await runJobs(t);
    const [row] = await t.db.select().from(customDomains).where(eq(customDomains.domain, DOMAIN));
    expect(row).toMatchObject({ status: "INACTIVE", cnameState: "MISSING", txtState: "MISSING" });
    expect((await onHost(DOMAIN, `/quote/${quote.slug}/${quote.nanoId}`)).status).toBe(421);
    const mails = outboxFiles(t.dataDir)
      .map(readMail)
      .filter((m) => m.subject.includes(DOMAIN));
    expect(mails).toHaveLength(1);
    expect(mails[0]?.decoded).toContain("/app/settings/domain");
    // Put back: "check now" activates it again.
    setRecords(row!.token);
    expect((await check(owner)).data?.checkCustomDomain.status).toBe("ACTIVE");
  });

  it("removing the domain sends its links back to the main host and ends its checks", async () => {
    const removed = await t.gql<{ removeCustomDomain: string }>("mutation { removeCustomDomain }", {}, owner.headers());
    expect(removed.errors).toBeUndefined();
    expect(await quoteUrl(owner, quote.id)).toMatch(/^http:\/\/offerly\.test\//);
    expect((await onHost(DOMAIN, "/")).status).toBe(421);
    await t.db
      .update(jobs)
      .set({ runAt: new Date() })
      .where(and(eq(jobs.name, "verify-custom-domain"), eq(jobs.status, "queued")));
    await runJobs(t);
    const left = await t.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.name, "verify-custom-domain"), eq(jobs.status, "queued")));
    expect(left.every((j) => (j.payload as { domainId: string }).domainId !== removed.data?.removeCustomDomain)).toBe(true);
  });
});
