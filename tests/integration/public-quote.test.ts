import { createHash } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { quoteAuditEvents } from "../../src/server/db/schema";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadPublicQuote } from "../../src/server/modules/public-quote/public-quote.service";
import { type TestApp, createTestApp } from "../support/app";
import { type SignedIn, signUp } from "../support/auth";
import { addBlocks, createCustomer, createQuote, publishOn, transition } from "../support/quotes";

let t: TestApp;
let owner: SignedIn;
let customerId: string;

beforeAll(async () => {
  t = await createTestApp();
  owner = await signUp(t, { company: "Public Co" });
  customerId = (await createCustomer(t, owner)).id;
});
afterAll(async () => {
  await t.close();
});

describe("public quote availability (checked on every read)", () => {
  it("is not available as a draft, available when published, not available again when withdrawn", async () => {
    const quote = await createQuote(t, owner, customerId);
    await addBlocks(t, quote.id);
    expect(await loadPublicQuote(t.db, quote.nanoId)).toEqual({ availability: "NOT_AVAILABLE", view: null });

    await transition(t, owner, "publishQuote", quote.id);
    const live = await loadPublicQuote(t.db, quote.nanoId);
    expect(live.availability).toBe("AVAILABLE");
    expect(live.view).toMatchObject({
      quoteId: quote.id,
      document: { totals: { oneOff: expect.objectContaining({ totalExclVat: "1019.99" }) }, customer: { name: "Acme BV" } },
    });
    expect(live.view?.document.blocks.map((b) => b.name)).toEqual(["Introduction", "Work"]);

    await transition(t, owner, "withdrawQuote", quote.id);
    expect(await loadPublicQuote(t.db, quote.nanoId)).toEqual({ availability: "NOT_AVAILABLE", view: null });
    await transition(t, owner, "publishQuote", quote.id);
    expect((await loadPublicQuote(t.db, quote.nanoId)).availability).toBe("AVAILABLE");
  });

  it("is expired after the expiration date, and stays available once signed", async () => {
    const quote = await createQuote(t, owner, customerId, { quoteDateAt: "2026-01-01", quoteExpirationAt: "2026-01-31" });
    await publishOn(t, owner, quote.id, "2026-01-15");
    expect((await loadPublicQuote(t.db, quote.nanoId, { today: "2026-01-31" })).availability).toBe("AVAILABLE");
    expect(await loadPublicQuote(t.db, quote.nanoId, { today: "2026-02-01" })).toEqual({ availability: "EXPIRED", view: null });
    await t.db.execute(sql`update quotes set status = 'SIGNED' where id = ${quote.id}`);
    expect((await loadPublicQuote(t.db, quote.nanoId, { today: "2026-02-01" })).availability).toBe("AVAILABLE");
  });

  it("is not available for unknown or malformed links", async () => {
    expect((await loadPublicQuote(t.db, "A".repeat(24))).availability).toBe("NOT_AVAILABLE");
    expect((await loadPublicQuote(t.db, "short")).availability).toBe("NOT_AVAILABLE");
    expect((await loadPublicQuote(t.db, "x'; drop table quotes; --xxxxxxxx")).availability).toBe("NOT_AVAILABLE");
  });
});

describe("the public page (server-rendered, no app JavaScript)", () => {
  let page: TestApp;
  let sender: Awaited<ReturnType<typeof signUp>>;
  beforeAll(async () => {
    page = await createTestApp({ ssr: true, env: { NODE_ENV: "production" } });
    sender = await signUp(page, { company: "Page Co" });
  });
  afterAll(async () => {
    await page.close();
  });

  async function live(overrides: Record<string, unknown> = {}) {
    const customer = await createCustomer(page, sender);
    const quote = await createQuote(page, sender, customer.id, overrides);
    await addBlocks(page, quote.id);
    await transition(page, sender, "publishQuote", quote.id);
    return quote;
  }
  const get = async (path: string, headers: Record<string, string> = {}) => {
    const response = await page.fetch(path, { headers: { accept: "text/html", "user-agent": "Page Test", ...headers } });
    return { response, body: await response.text() };
  };

  it("renders the quote with its blocks, anchors, totals and signing form, and only the island script", async () => {
    const quote = await live();
    const { response, body } = await get(new URL(quote.url).pathname);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    expect(body).toContain("Website redesign");
    expect(body).toMatch(/data-block-id="[0-9a-f-]{36}"/);
    expect(body).toMatch(/id="block-[0-9a-f-]{36}"/);
    expect(body).toMatch(/href="#block-[0-9a-f-]{36}"/); // the table of contents
    expect(body).toContain('data-testid="signing"');
    expect(body).toContain(`/quote/website-redesign/${quote.nanoId}/pdf`);
    // Words (issue 28 §4): without recurring lines the grand total is named once ("Total incl. VAT",
    // not followed by a "Total" of the same amount); the signing form's heading is not its button's words.
    const text = body.replace(/<!-- -->/g, "").replace(/<script[^>]*>.*?<\/script>/gs, ""); // the page, not the island's labels
    expect(text.match(/Total incl\. VAT/g)).toHaveLength(1);
    expect(text).not.toMatch(/<dt[^>]*>Total<\/dt>/);
    expect(text).toMatch(/<summary[^>]*>Sign this quote<\/summary>/);
    expect(text).toMatch(/<h2[^>]*>Your signature<\/h2>/);
    expect(text.match(/>Sign this quote</g)).toHaveLength(1);
    // No hydration: no app modules, no React Router context; one module script, the island's.
    expect(body).not.toContain("__reactRouterContext");
    expect(body).not.toContain('rel="modulepreload"');
    expect([...body.matchAll(/<script[^>]*\ssrc="([^"]+)"/g)].map((m) => m[1])).toEqual([expect.stringMatching(/^\/assets\/island\/quote-[A-Z0-9]+\.js$/)]);
    // The stored page (decision 068) has no nonce: an inline script that would run is allowed by its
    // hash in the CSP; the island's JSON never runs.
    const csp = response.headers.get("content-security-policy") ?? "";
    expect(csp).not.toContain("'nonce-");
    expect(body).not.toMatch(/\snonce=/);
    for (const [, attributes = "", content = ""] of body.matchAll(/<script(?![^>]*\ssrc=)([^>]*)>([\s\S]*?)<\/script>/g)) {
      if (/\stype="application\/json"/.test(attributes)) continue;
      expect(csp).toContain(`'sha256-${createHash("sha256").update(content).digest("base64")}'`);
    }
    // Internal ids stay on the server.
    expect(body).not.toContain(quote.id);
    expect(body).not.toContain(sender.accountId!);
  });

  it("links a Dutch quote's PDF under /nl, where the page is (issue 28)", async () => {
    const quote = await live({ language: "NL" });
    const { response, body } = await get(`/nl/quote/website-redesign/${quote.nanoId}`);
    expect(response.status).toBe(200);
    expect(body).toContain(`href="/nl/quote/website-redesign/${quote.nanoId}/pdf"`);
  });

  it("says what changed since a customer signed an earlier version, without script; and since the version a browser says it saw (?changesSince)", async () => {
    const quote = await live();
    const path = new URL(quote.url).pathname;
    const sign = "mutation ($n: String!, $i: CreateQuoteSignatureInput!) { createQuoteSignature(nanoId: $n, input: $i) { versionNumber } }";
    const signed = await page.gql(sign, {
      n: quote.nanoId,
      i: { name: "Daan", signatureKind: "TYPED", signature: "Daan", selection: [], consent: true, version: 1 },
    });
    expect(signed.errors).toBeUndefined();
    expect((await get(path)).body).not.toContain('data-testid="version-changes"');
    await transition(page, sender, "withdrawQuote", quote.id);
    await page.db.execute(
      sql`update quote_line_items set price_cents = 15000 where name = 'Design' and block_id in (select id from quote_blocks where quote_id = ${quote.id})`,
    );
    await transition(page, sender, "publishQuote", quote.id);
    const after = await get(path);
    expect(after.body).toContain('data-testid="version-changes"');
    expect(after.body).toContain("Changed since it was signed (version 1 → version 2)");
    expect(after.body).toContain('data-change="changed"');
    // The island's JSON names the version the form will sign.
    expect(after.body).toMatch(/"version":2/);
    // A browser that saw version 1 of another quote asks with ?changesSince=1.
    const other = await live();
    await transition(page, sender, "withdrawQuote", other.id);
    await transition(page, sender, "publishQuote", other.id);
    const otherPath = new URL(other.url).pathname;
    expect((await get(otherPath)).body).not.toContain('data-testid="version-changes"');
    const since = await get(`${otherPath}?changesSince=1`);
    expect(since.response.status).toBe(200);
    // Nothing changed between the two versions: no banner, and a bad number is ignored.
    expect(since.body).not.toContain("Changed since you last viewed");
    expect((await get(`${otherPath}?changesSince=abc`)).response.status).toBe(200);
  });

  it("records the customer's view once per browser, and not the sender's own preview", async () => {
    const quote = await live();
    const path = new URL(quote.url).pathname;
    await get(path);
    await get(path);
    const preview = await get(path, { cookie: sender.cookie });
    expect(preview.body).toContain('data-testid="preview-banner"');
    expect(preview.body).not.toContain('data-testid="signing"');
    const events = await page.db.select().from(quoteAuditEvents).where(eq(quoteAuditEvents.quoteId, quote.id)).orderBy(quoteAuditEvents.seq);
    expect(events.map((e) => e.event)).toEqual(["PUBLISHED", "VIEWED"]);
    expect(events[1].userAgent).toBe("Page Test");
  });

  it("answers 404 for unknown, draft and withdrawn links and 410 for expired ones, in the quote's language", async () => {
    expect((await get(`/quote/x/${"A".repeat(24)}`)).response.status).toBe(404);
    const quote = await live();
    await transition(page, sender, "withdrawQuote", quote.id);
    const withdrawn = await get(new URL(quote.url).pathname);
    expect(withdrawn.response.status).toBe(404);
    expect(withdrawn.body).toContain("Please contact the company that sent it to you.");
    const old = await createQuote(page, sender, (await createCustomer(page, sender)).id, {
      quoteDateAt: "2026-01-01",
      quoteExpirationAt: "2026-01-31",
      language: "NL",
    });
    await publishOn(page, sender, old.id, "2026-01-10");
    const expired = await get(new URL(old.url).pathname);
    expect(expired.response.status).toBe(410);
    expect(expired.body).toContain("Deze offerte is verlopen");
  });
});
