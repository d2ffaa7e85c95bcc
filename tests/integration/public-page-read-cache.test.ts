import { and, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { accounts, quoteBlocks, quoteConversationEntries } from "../../src/server/db/schema";
import { type PublicReadCache, createPublicReadCache } from "../../src/server/modules/public-quote/read-cache";
import { todayIso } from "../../src/shared/quote-status";
import { type TestApp, createTestApp } from "../support/app";
import { type SignedIn, signUp } from "../support/auth";
import { addBlocks, createCustomer, createQuote, insertFailedPayment, transition } from "../support/quotes";

/**
 * The public page's read models kept under their page stamp (decision 095): the rendered page (past
 * the page cache: a query string) from an app with the cache is byte for byte the page an app
 * without it renders over the same database (nonce aside), after every kind of change the page
 * shows — made the way the app makes it, straight in the database, or by the clock alone. The
 * second of two identical requests must come from the cache (a hit), and the first after a change
 * must read again (its stamp differs).
 */

let withReads: TestApp;
let without: TestApp;
let reads: PublicReadCache;
let sender: SignedIn;

beforeAll(async () => {
  reads = createPublicReadCache();
  withReads = await createTestApp({ ssr: true, env: { NODE_ENV: "production" }, publicReads: reads });
  without = await createTestApp({ ssr: true, env: { NODE_ENV: "production" }, database: withReads.database, publicReads: null });
  sender = await signUp(withReads, { company: "Reads Co", name: "Rita Reads" });
});
afterAll(async () => {
  await without?.close();
  await withReads?.close();
});
afterEach(() => {
  vi.useRealTimers();
});

async function live(owner: SignedIn = sender, overrides: Record<string, unknown> = {}) {
  const customer = await createCustomer(withReads, owner, { name: "Ada Customer" });
  const quote = await createQuote(withReads, owner, customer.id, overrides);
  await addBlocks(withReads, quote.id);
  const published = await transition(withReads, owner, "publishQuote", quote.id);
  if (published.errors) throw new Error(JSON.stringify(published.errors));
  return { ...quote, rendered: `${new URL(quote.url).pathname}?utm_source=reads` };
}

const normalise = (html: string) => html.replace(/nonce="[^"]*"/g, 'nonce="N"');

async function page(app: TestApp, path: string, headers: Record<string, string> = {}) {
  const response = await app.fetch(path, { headers: { accept: "text/html", "user-agent": "Reads Test", ...headers } });
  return { status: response.status, cacheControl: response.headers.get("cache-control"), body: normalise(await response.text()) };
}

/**
 * The rendered page twice from the app with the cache and once from the app without it: the same
 * status, Cache-Control and bytes. `expected`: what the cache must have done for the first request
 * ("read": not from the cache; "kept": from it). The second of the two always comes from it when
 * the link is available. Returns the page.
 */
async function same(path: string, expected: "read" | "kept", headers: Record<string, string> = {}) {
  const before = reads.stats();
  const first = await page(withReads, path, headers);
  const middle = reads.stats();
  const second = await page(withReads, path, headers);
  const after = reads.stats();
  const plain = await page(without, path, headers);
  expect(second.body).toBe(first.body);
  expect(first.body).toBe(plain.body);
  expect([first.status, second.status]).toEqual([plain.status, plain.status]);
  expect([first.cacheControl, second.cacheControl]).toEqual([plain.cacheControl, plain.cacheControl]);
  expect(middle.hits - before.hits).toBe(expected === "kept" ? 1 : 0);
  if (plain.status === 200) expect(after.hits - middle.hits).toBe(1);
  else {
    // Never from a kept model; read at least once a request (twice when the direct render hands it to the router, decision 096).
    expect(after.hits - before.hits).toBe(0);
    expect(after.unavailable - before.unavailable).toBeGreaterThanOrEqual(2);
  }
  return first;
}

const sign = (nanoId: string, name: string) =>
  withReads.gql("mutation ($n: String, $input: CreateQuoteSignatureInput!) { createQuoteSignature(nanoId: $n, input: $input) { status } }", {
    n: nanoId,
    input: { name, signatureKind: "TYPED", signature: name, selection: [], consent: true },
  });

describe("the public page's read-model cache", () => {
  it("renders the same page from a kept read model, and reads again after a signature, a decline and its clearing", async () => {
    const quote = await live();
    const first = await same(quote.rendered, "read");
    expect(first.body).toContain('data-testid="signing"');
    expect((await same(quote.rendered, "kept")).body).toBe(first.body);
    // A customer's signature (the app's mutation): shown at once.
    expect((await sign(quote.nanoId, "Daan de Vries")).errors).toBeUndefined();
    const signed = await same(quote.rendered, "read");
    expect(signed.body).toContain("Daan de Vries");
    expect(signed.body).toContain('data-testid="customer-signed-banner"');
    // A second customer's signature: both names at once.
    expect((await sign(quote.nanoId, "Eva Jansen")).errors).toBeUndefined();
    const both = await same(quote.rendered, "read");
    expect(both.body).toContain("Daan de Vries");
    expect(both.body).toContain("Eva Jansen");
    // A decline inserted straight in the database, then cleared.
    await withReads.db.insert(quoteConversationEntries).values({ accountId: sender.accountId!, quoteId: quote.id, kind: "DECLINE", body: "Straight in" });
    const declined = await same(quote.rendered, "read");
    expect(declined.body).toContain("Straight in");
    await withReads.db.update(quoteConversationEntries).set({ clearedAt: new Date() }).where(eq(quoteConversationEntries.quoteId, quote.id));
    expect((await same(quote.rendered, "read")).body).not.toContain("Straight in");
    expect(reads.stats().stale).toBeGreaterThanOrEqual(3);
  });

  it("answers 404 once withdrawn and 410 once expired, never from a kept model, and the new version when published again", async () => {
    const today = todayIso();
    const quote = await live(sender, { quoteDateAt: today, quoteExpirationAt: today });
    await same(quote.rendered, "read");
    await transition(withReads, sender, "withdrawQuote", quote.id);
    expect((await same(quote.rendered, "read")).status).toBe(404);
    expect((await transition(withReads, sender, "publishQuote", quote.id)).errors).toBeUndefined();
    expect((await same(quote.rendered, "read")).status).toBe(200);
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + 86_400_000);
    const expired = await same(quote.rendered, "read");
    expect(expired.status).toBe(410);
    expect(expired.body).not.toContain("Introduction");
  });

  it("follows the plan and its end by the clock alone, and a payment made straight in the database", async () => {
    const owner = await signUp(withReads, { company: "Plan Reads Co" });
    const quote = await live(owner);
    const account = eq(accounts.id, owner.accountId!);
    const [{ updatedAt }] = await withReads.db.select({ updatedAt: accounts.updatedAt }).from(accounts).where(account);
    expect((await same(quote.rendered, "read")).body).not.toContain('data-testid="watermark"');
    // Starter, updated_at untouched: the watermark and no signing.
    await withReads.db
      .update(accounts)
      .set({ subscriptionPlan: "STARTER", subscriptionInterval: "MONTHLY", expiredAt: new Date(Date.now() + 30 * 86_400_000), updatedAt })
      .where(account);
    const starter = await same(quote.rendered, "read");
    expect(starter.body).toContain('data-testid="watermark"');
    expect(starter.body).not.toContain('data-testid="signing"');
    // Pro ending in an hour: signing now, not two hours later (nothing in the database changes).
    await withReads.db
      .update(accounts)
      .set({ subscriptionPlan: "PRO", expiredAt: new Date(Date.now() + 3_600_000), updatedAt })
      .where(account);
    expect((await same(quote.rendered, "read")).body).toContain('data-testid="signing"');
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + 2 * 3_600_000);
    expect((await same(quote.rendered, "read")).body).not.toContain('data-testid="signing"');
    vi.useRealTimers();
    await withReads.db
      .update(accounts)
      .set({ expiredAt: new Date(Date.now() + 30 * 86_400_000), updatedAt })
      .where(account);
    await same(quote.rendered, "read");
    // A payment row written by SQL (the Mollie webhook's table): read again, the same page as without the cache.
    await insertFailedPayment(withReads, owner.accountId!, quote.id);
    await same(quote.rendered, "read");
  });

  it("keeps a model per ?changesSince=, and never serves or keeps the sender's preview", async () => {
    const quote = await live();
    await same(quote.rendered, "read");
    await transition(withReads, sender, "withdrawQuote", quote.id);
    await withReads.db
      .update(quoteBlocks)
      .set({ name: "Foreword" })
      .where(and(eq(quoteBlocks.quoteId, quote.id), eq(quoteBlocks.name, "Introduction")));
    expect((await transition(withReads, sender, "publishQuote", quote.id)).errors).toBeUndefined();
    const plain = await same(quote.rendered, "read");
    expect(plain.body).toContain("Foreword");
    const marked = await same(`${new URL(quote.url).pathname}?changesSince=1`, "read");
    expect(marked.body).toContain("data-change=");
    expect(plain.body).not.toContain("data-change=");
    expect((await same(`${new URL(quote.url).pathname}?changesSince=1`, "kept")).body).toBe(marked.body);
    // Signed in: read every time (membership is not in the stamp), the preview banner shown.
    const before = reads.stats();
    const preview = await page(withReads, quote.rendered, { cookie: sender.cookie });
    const again = await page(withReads, quote.rendered, { cookie: sender.cookie });
    expect(reads.stats()).toEqual(before);
    expect(preview.body).toContain('data-testid="preview-banner"');
    expect(again.body).toBe(preview.body);
    expect((await page(without, quote.rendered, { cookie: sender.cookie })).body).toBe(preview.body);
  });

  it("keeps its models within its byte bound", async () => {
    // A model of these quotes is counted at ~5.7 KB: four fit in 24,000 bytes (each under a quarter), six do not.
    const small = createPublicReadCache({ maxBytes: 24_000 });
    const app = await createTestApp({ ssr: true, env: { NODE_ENV: "production" }, database: withReads.database, publicReads: small });
    try {
      const quotes = [];
      for (let i = 0; i < 6; i++) {
        const quote = await live();
        quotes.push(quote);
        expect((await page(app, quote.rendered)).status).toBe(200);
      }
      const stats = small.stats();
      expect(stats.misses).toBe(6);
      expect(stats.bytes).toBeLessThanOrEqual(24_000);
      expect(stats.entries).toBeGreaterThanOrEqual(2);
      expect(stats.entries).toBeLessThan(6);
      // The most recent is kept, the first is not (least recently used out first).
      await page(app, quotes[5].rendered);
      expect(small.stats().hits).toBe(1);
      await page(app, quotes[0].rendered);
      expect(small.stats().misses).toBe(7);
    } finally {
      await app.close();
    }
  });
});
