import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { quoteBlocks } from "../../src/server/db/schema";
import { todayIso } from "../../src/shared/quote-status";
import { type TestApp, createTestApp } from "../support/app";
import { type SignedIn, signUp } from "../support/auth";
import { addBlocks, createCustomer, createQuote, transition } from "../support/quotes";

/**
 * The public quote page rendered without React Router (decision 096): for every kind of request
 * the page answers, the production build's app that renders it directly gives what an app that
 * renders it with the router gives over the same database — status, every header (the request id
 * and the CSP's nonce aside) and the bytes of the body (nonce aside). The direct render must have
 * answered the customer's pages (its counter), and handed everything else to the router.
 */

let direct: TestApp;
let routed: TestApp;
let sender: SignedIn;

beforeAll(async () => {
  direct = await createTestApp({ ssr: true, env: { NODE_ENV: "production" } });
  routed = await createTestApp({ ssr: true, env: { NODE_ENV: "production" }, database: direct.database, publicPageDirect: false });
  sender = await signUp(direct, { company: "Direct Co", name: "Dirk Direct" });
});
afterAll(async () => {
  await routed?.close();
  await direct?.close();
});

async function live(overrides: Record<string, unknown> = {}) {
  const customer = await createCustomer(direct, sender, { name: "Ada Customer" });
  const quote = await createQuote(direct, sender, customer.id, overrides);
  await addBlocks(direct, quote.id);
  const published = await transition(direct, sender, "publishQuote", quote.id);
  if (published.errors) throw new Error(JSON.stringify(published.errors));
  return { ...quote, path: new URL(quote.url).pathname };
}

const normalise = (html: string) => html.replace(/nonce="[^"]*"/g, 'nonce="N"');

async function answer(app: TestApp, path: string, headers: Record<string, string>, method: string) {
  const response = await app.fetch(path, { method, headers: { accept: "text/html", "user-agent": "Direct Test", ...headers }, redirect: "manual" });
  const head = Object.fromEntries(
    [...response.headers]
      .filter(([name]) => name !== "x-request-id")
      .map(([name, value]) => [name, name === "content-security-policy" ? value.replace(/'nonce-[^']+'/, "'nonce-N'") : value]),
  );
  return { status: response.status, headers: head, body: normalise(await response.text()) };
}

/**
 * The same request to both apps: the same answer. `by`: who must have answered it in the direct
 * app ("direct": its own render; "handed": the direct render tried and handed it to the router;
 * "router": the router alone, the direct render never tried; "cache": the page cache, no render).
 */
async function same(path: string, by: "direct" | "handed" | "router" | "cache", headers: Record<string, string> = {}, method = "GET") {
  const before = direct.app.publicPageRenders();
  const mine = await answer(direct, path, headers, method);
  const after = direct.app.publicPageRenders();
  const theirs = await answer(routed, path, headers, method);
  expect(mine.status).toBe(theirs.status);
  expect(mine.headers).toEqual(theirs.headers);
  expect(mine.body).toBe(theirs.body);
  expect({ direct: after.direct - before.direct, routed: after.routed - before.routed }).toEqual({
    direct: by === "direct" ? 1 : 0,
    routed: by === "handed" ? 1 : 0,
  });
  return mine;
}

describe("the public page rendered without React Router", () => {
  it("answers a customer's page as the router does: rendered (a query string), first view, and from the page cache", async () => {
    const quote = await live();
    const rendered = await same(`${quote.path}?utm_source=direct`, "direct");
    expect(rendered.status).toBe(200);
    expect(rendered.body).toContain('data-testid="signing"');
    expect(rendered.body).toContain('<link rel="canonical" href="http://offerly.test');
    expect(rendered.body).toContain("<title>");
    // No query string: the first view renders (the direct app stores its render), the next from its cache.
    await same(quote.path, "direct");
    await same(quote.path, "cache");
    // A form's status message, a payment notice and the marks of changes since version 1.
    expect((await same(`${quote.path}?conversation=question-sent`, "direct")).body).toContain('data-testid="public-conversation-status"');
    await same(`${quote.path}?payment=paid`, "direct");
    await transition(direct, sender, "withdrawQuote", quote.id);
    await direct.db
      .update(quoteBlocks)
      .set({ name: "Foreword" })
      .where(and(eq(quoteBlocks.quoteId, quote.id), eq(quoteBlocks.name, "Introduction")));
    expect((await transition(direct, sender, "publishQuote", quote.id)).errors).toBeUndefined();
    expect((await same(`${quote.path}?changesSince=1`, "direct")).body).toContain("data-change=");
  });

  it("answers a Dutch quote on its /nl path, a crawler, and the sender's preview the same", async () => {
    const quote = await live({ language: "NL" });
    expect(quote.path.startsWith("/nl/quote/")).toBe(true);
    const page = await same(`${quote.path}?utm_source=direct`, "direct");
    expect(page.body).toContain('<html lang="nl">');
    await same(`${quote.path}?utm_source=direct`, "direct", { "user-agent": "Googlebot/2.1 (+http://www.google.com/bot.html)" });
    const preview = await same(`${quote.path}?utm_source=direct`, "direct", { cookie: sender.cookie });
    expect(preview.body).toContain('data-testid="preview-banner"');
  });

  it("hands redirects, unknown, withdrawn and expired links to the router", async () => {
    const quote = await live();
    const nanoId = quote.path.split("/").pop()!;
    // Another slug, and the English path of a page whose canonical path is its own: redirected to the canonical path.
    const moved = await same(`/quote/old-title/${nanoId}`, "handed");
    expect(moved.status).toBe(302);
    expect(moved.headers.location).toBe(quote.path);
    // A percent-encoded slug is the router's alone (it decodes params its own way): redirected.
    expect((await same(`/quote/caf%C3%A9/${nanoId}`, "router")).status).toBe(302);
    const dutch = await live({ language: "NL" });
    expect((await same(dutch.path.replace(/^\/nl/, ""), "handed")).status).toBe(302);
    // An unknown link and a withdrawn one: 404.
    expect((await same(`/quote/nothing/${"x".repeat(24)}?utm_source=direct`, "handed")).status).toBe(404);
    await transition(direct, sender, "withdrawQuote", quote.id);
    expect((await same(`${quote.path}?utm_source=direct`, "handed")).status).toBe(404);
    // Past its expiration date: 410.
    const today = todayIso();
    const expiring = await live({ quoteDateAt: today, quoteExpirationAt: today });
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      vi.setSystemTime(Date.now() + 86_400_000);
      expect((await same(`${expiring.path}?utm_source=direct`, "handed")).status).toBe(410);
    } finally {
      vi.useRealTimers();
    }
    // A HEAD request: the router's.
    expect((await same(`${quote.path}?utm_source=direct`, "router", {}, "HEAD")).status).toBe(404);
  });
});
