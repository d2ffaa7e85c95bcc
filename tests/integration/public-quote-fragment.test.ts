import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accounts, customers, quoteBlocks, quoteLineItems, quotes } from "../../src/server/db/schema";
import { type QuoteFragmentCache, createQuoteFragmentCache } from "../../src/server/modules/public-quote/fragment-cache";
import { type TestApp, createTestApp } from "../support/app";
import { type SignedIn, signUp } from "../support/auth";
import { addBlocks, createCustomer, createQuote, transition } from "../support/quotes";

/**
 * The quote document's fragment cache (decision 088): the rendered public page (past the page
 * cache: a query string, a signed-in preview, ?changesSince) served by an app with the cache, cold
 * and warm, is byte for byte the page an app without it renders over the same database (nonce
 * aside) — after every change of what the document is rendered from. Each change must change the
 * document's HTML (a new entry), never serve the one kept before it.
 */

let withCache: TestApp;
let without: TestApp;
let fragments: QuoteFragmentCache;
let sender: SignedIn;

beforeAll(async () => {
  fragments = createQuoteFragmentCache();
  withCache = await createTestApp({ ssr: true, env: { NODE_ENV: "production" }, quoteFragments: fragments });
  without = await createTestApp({ ssr: true, env: { NODE_ENV: "production" }, database: withCache.database, quoteFragments: null });
  sender = await signUp(withCache, { company: "Fragment Co", name: "Fiona Fragment" });
});
afterAll(async () => {
  await without?.close();
  await withCache?.close();
});

async function live(overrides: Record<string, unknown> = {}) {
  const customer = await createCustomer(withCache, sender, { name: "Ada Customer" });
  const quote = await createQuote(withCache, sender, customer.id, overrides);
  const pricing = await addBlocks(withCache, quote.id);
  await withCache.db.insert(quoteLineItems).values({ blockId: pricing.id, position: 3, name: "Support", priceCents: 4_950, amount: "2", optional: true });
  const published = await transition(withCache, sender, "publishQuote", quote.id);
  if (published.errors) throw new Error(JSON.stringify(published.errors));
  return { ...quote, customerId: customer.id, path: new URL(quote.url).pathname };
}

const normalise = (html: string) => html.replace(/nonce="[^"]*"/g, 'nonce="N"');
/** The document's part of the page. */
const documentOf = (html: string) => /<article [^>]*data-testid="quote-document".*?<\/article>/s.exec(html)?.[0] ?? "";

async function page(app: TestApp, path: string, headers: Record<string, string> = {}) {
  const response = await app.fetch(path, { headers: { accept: "text/html", "user-agent": "Fragment Test", ...headers } });
  return { status: response.status, cacheControl: response.headers.get("cache-control"), body: normalise(await response.text()) };
}

/**
 * The page from the app with the cache twice (the first may fill it, the second must come from it)
 * and from the app without it: the same status, headers' Cache-Control and bytes. Returns the page.
 */
async function same(path: string, headers: Record<string, string> = {}) {
  const before = fragments.stats();
  const first = await page(withCache, path, headers);
  const second = await page(withCache, path, headers);
  const after = fragments.stats();
  const plain = await page(without, path, headers);
  expect(first.status).toBe(200);
  expect(after.hits - before.hits).toBeGreaterThanOrEqual(1); // the second render at least took the kept document
  expect(second.body).toBe(first.body);
  expect(first.body).toBe(plain.body);
  expect([first.cacheControl, second.cacheControl]).toEqual([plain.cacheControl, plain.cacheControl]);
  expect(documentOf(first.body)).not.toBe("");
  return first.body;
}

describe("the quote document's fragment cache", () => {
  it("renders the same bytes cold and warm, as a customer, with changes marked and as the sender's preview", async () => {
    const quote = await live();
    const customer = await same(`${quote.path}?utm_source=fragment`);
    expect(customer).toContain('data-testid="signing"');
    expect(customer).toContain("Support");
    // The sender's preview: the lines are not selectable, so another document.
    const preview = await same(`${quote.path}?utm_source=fragment`, { cookie: sender.cookie });
    expect(preview).toContain('data-testid="preview-banner"');
    expect(documentOf(preview)).not.toBe(documentOf(customer));
    // A second version, seen after the first (?changesSince=1): the changed block is marked.
    await transition(withCache, sender, "withdrawQuote", quote.id);
    await withCache.db
      .update(quoteBlocks)
      .set({ name: "Foreword" })
      .where(and(eq(quoteBlocks.quoteId, quote.id), eq(quoteBlocks.name, "Introduction")));
    expect((await transition(withCache, sender, "publishQuote", quote.id)).errors).toBeUndefined();
    const republished = await same(`${quote.path}?utm_source=fragment`);
    expect(documentOf(republished)).toContain("Foreword");
    expect(documentOf(republished)).not.toContain("Introduction");
    const marked = await same(`${quote.path}?changesSince=1`);
    expect(documentOf(marked)).toContain("data-change=");
    expect(documentOf(marked)).not.toBe(documentOf(republished));
  });

  it("follows the published styling and a signature's choice of options", async () => {
    const quote = await live();
    const first = await same(`${quote.path}?utm_source=fragment`);
    // A new link colour shows with the next version.
    await withCache.db.update(accounts).set({ linkColor: "#c2410c" }).where(eq(accounts.id, sender.accountId!));
    await transition(withCache, sender, "withdrawQuote", quote.id);
    expect((await transition(withCache, sender, "publishQuote", quote.id)).errors).toBeUndefined();
    const styled = await same(`${quote.path}?utm_source=fragment`);
    expect(styled).toContain("--quote-link:#c2410c");
    expect(first).not.toContain("--quote-link:#c2410c");
    // Signed without the optional line: the document shows the choice and its totals, not selectable.
    const signed = await withCache.gql(
      "mutation ($n: String, $input: CreateQuoteSignatureInput!) { createQuoteSignature(nanoId: $n, input: $input) { status } }",
      {
        n: quote.nanoId,
        input: { name: "Daan de Vries", signatureKind: "TYPED", signature: "Daan de Vries", selection: [], consent: true },
      },
    );
    expect(signed.errors).toBeUndefined();
    const after = await same(`${quote.path}?utm_source=fragment`);
    expect(after).toContain("Daan de Vries");
    // The options' choice to the cent: 1,118.99 with Support (2 × 49.50), 1,019.99 without.
    expect(documentOf(styled)).toContain('data-quote-total="true">€1,118.99');
    expect(documentOf(after)).toContain('data-quote-total="true">€1,019.99');
    expect(documentOf(after)).not.toBe(documentOf(styled));
  });

  it("follows the customer, expiration date and currency of each version: never the kept document", async () => {
    const quote = await live();
    const before = documentOf(await same(`${quote.path}?utm_source=fragment`));
    expect(before).toContain("Ada Customer");
    // Each a new version (a published version never changes: its rows are append-only).
    const changes: [() => Promise<unknown>, string][] = [
      () => withCache.db.update(customers).set({ name: "Bea Buyer" }).where(eq(customers.id, quote.customerId)),
      () => withCache.db.update(quotes).set({ expirationDate: "2031-03-14" }).where(eq(quotes.id, quote.id)),
      () => withCache.db.update(quotes).set({ currency: "USD" }).where(eq(quotes.id, quote.id)),
    ].map((change, i) => [change, ["Bea Buyer", "2031", "$1,118.99"][i]]);
    let previous = before;
    for (const [change, shown] of changes) {
      await transition(withCache, sender, "withdrawQuote", quote.id);
      await change();
      expect((await transition(withCache, sender, "publishQuote", quote.id)).errors).toBeUndefined();
      const changed = documentOf(await same(`${quote.path}?utm_source=fragment`));
      expect(changed).toContain(shown);
      expect(changed).not.toBe(previous);
      previous = changed;
    }
  });

  it("renders a Dutch quote the same", async () => {
    const quote = await live({ language: "NL" });
    const body = await same(`${quote.path}?utm_source=fragment`);
    expect(documentOf(body)).toContain('lang="nl"');
  });

  it("keeps the documents within its byte bound, least recently used out first", () => {
    const small = createQuoteFragmentCache({ maxBytes: 4_000 });
    const html = (c: string) => c.repeat(400); // 866 bytes counted: four fit
    for (const key of ["a", "b", "c", "d"]) small.set(key, html(key));
    expect(small.get("a")).toBe(html("a")); // a is now the most recent
    small.set("e", html("e"));
    expect(small.get("b")).toBeUndefined();
    for (const key of ["a", "c", "d", "e"]) expect(small.get(key)).toBe(html(key));
    expect(small.stats().bytes).toBeLessThanOrEqual(4_000);
    small.set("huge", "h".repeat(2_000)); // more than a quarter of the bound: not kept
    expect(small.get("huge")).toBeUndefined();
  });
});
