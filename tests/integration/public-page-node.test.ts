import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { quoteAuditEvents } from "../../src/server/db/schema";
import { type PublicPageCache, createPublicPageCache } from "../../src/server/modules/public-quote/page-cache";
import { type TestApp, createTestApp } from "../support/app";
import { type SignedIn, signUp } from "../support/auth";
import { CODINGS, type PagePaths, decodedBody, listenBothWays } from "../support/page-paths";
import { addBlocks, createCustomer, createQuote, transition } from "../support/quotes";

/**
 * A cached public quote page is answered from node:http, ahead of Hono (decision 068). The same
 * requests, over real sockets, to the product's listener (`nodeListener`) and to the Hono app
 * alone must get the same status, headers and bytes (the compressed forms too, read undecoded),
 * and the node:http path must really be the one that answered the hits. Runs on both databases.
 */
let t: TestApp;
let cache: PublicPageCache;
let sender: SignedIn;
let paths: PagePaths;

beforeAll(async () => {
  t = await createTestApp({
    ssr: true,
    env: { NODE_ENV: "production" },
    publicPageCache: (db, log) => {
      cache = createPublicPageCache({ db, log });
      return cache;
    },
  });
  sender = await signUp(t, { company: "Node Page Co", name: "Nora Node" });
  paths = await listenBothWays(t.app, { "user-agent": "Node Path Test" });
});
afterAll(async () => {
  await paths?.close();
  await t.close();
});

async function live(overrides: Record<string, unknown> = {}) {
  const customer = await createCustomer(t, sender);
  const quote = await createQuote(t, sender, customer.id, overrides);
  await addBlocks(t, quote.id);
  const published = await transition(t, sender, "publishQuote", quote.id);
  if (published.errors) throw new Error(JSON.stringify(published.errors));
  return { ...quote, path: new URL(quote.url).pathname };
}

const both = (path: string, headers: Record<string, string> = {}) => paths.both(path, headers);

describe("the public page from node:http (decision 068)", () => {
  it("answers a hit as the Hono route does: status, headers and bytes, in every coding and both languages", async () => {
    for (const language of ["ENG", "NL"]) {
      const quote = await live({ language });
      // The first view is a miss: handed to Hono (which renders and stores), the same answer either way.
      const first = await both(quote.path, { "accept-language": "en" });
      expect(first.nodeTook).toBe(false);
      expect(first.node.status).toBe(200);
      for (const [acceptEncoding, coding] of CODINGS) {
        const extras: Record<string, string>[] = [{}, { cookie: "i18n_redirected=nl" }, { "accept-language": "nl" }];
        for (const extra of extras) {
          const sent = { "accept-encoding": acceptEncoding, ...extra };
          const { node, hono, nodeTook } = await both(quote.path, sent);
          if (node.status !== 200) {
            // A locale redirect (an English page asked for in Dutch): not this path's, the same from both.
            expect(nodeTook).toBe(false);
            expect(node).toEqual(hono);
            continue;
          }
          expect(nodeTook, JSON.stringify(sent)).toBe(true);
          expect(node.headers).toEqual(hono.headers);
          expect(node.body.equals(hono.body)).toBe(true);
          expect(node.headers["content-encoding"]).toBe(coding);
          expect(node.headers["content-length"]).toBe(String(node.body.length));
          expect(node.headers["cache-control"]).toBe("private, no-store");
          // Never revalidated by a browser (no-store): no validator.
          expect(node.headers.etag).toBeUndefined();
          expect(node.headers.vary).toBe("Cookie, Accept-Language, Accept-Encoding");
          expect(node.headers["referrer-policy"]).toBe("no-referrer");
          // No inline script runs on the page: its script-src allows none (no nonce, hash or 'unsafe-inline').
          expect(String(node.headers["content-security-policy"])).toContain("; script-src 'self'; ");
          expect(String(node.headers["content-security-policy"])).not.toContain("nonce");
          expect(decodedBody(node)).toContain('data-testid="quote-document"');
        }
      }
      // Each language's page, in its own language.
      const page = await both(quote.path, { "accept-encoding": "gzip" });
      expect(page.nodeTook).toBe(true);
      expect(decodedBody(page.node)).toContain(`<html lang="${language === "NL" ? "nl" : "en"}"`);
    }
  });

  it("stores each coding once: every one decodes to the same bytes as the page itself", async () => {
    const quote = await live();
    await both(quote.path);
    const plain = await paths.node(quote.path, {});
    expect(plain.headers["content-encoding"]).toBeUndefined();
    const text = plain.body.toString("utf8");
    expect(text).toContain('data-testid="quote-document"');
    for (const [acceptEncoding, coding] of CODINGS) {
      const raw = await paths.node(quote.path, { "accept-encoding": acceptEncoding });
      expect(raw.headers["content-encoding"]).toBe(coding);
      if (coding) expect(raw.body.length).toBeLessThan(plain.body.length / 2);
      expect(decodedBody(raw)).toBe(text);
    }
  });

  it("records the customer's view on a hit, as the Hono route does", async () => {
    const quote = await live();
    await paths.hono(quote.path, { "user-agent": "First Browser" });
    const before = paths.taken();
    await paths.node(quote.path, { "user-agent": "Fast Browser" });
    expect(paths.taken()).toBe(before + 1);
    const views = await t.db
      .select({ userAgent: quoteAuditEvents.userAgent })
      .from(quoteAuditEvents)
      .where(and(eq(quoteAuditEvents.quoteId, quote.id), eq(quoteAuditEvents.event, "VIEWED")))
      .orderBy(quoteAuditEvents.seq);
    expect(views.map((v) => v.userAgent)).toEqual(["First Browser", "Fast Browser"]);
  });

  it("never serves what changed from the cache: a decline, then a withdrawal (404), each seen at once through node:http", async () => {
    const quote = await live();
    await both(quote.path);
    const hit = await both(quote.path);
    expect(hit.nodeTook).toBe(true);
    expect(decodedBody(hit.node)).toContain('data-testid="signing"');
    const declined = await t.gql('mutation ($n: String!) { declineQuote(nanoId: $n, reason: "Too dear") { declinedAt } }', { n: quote.nanoId });
    expect(declined.errors).toBeUndefined();
    const changed = await both(quote.path);
    expect(changed.nodeTook).toBe(false);
    expect(decodedBody(changed.node)).toContain("Too dear");
    expect(decodedBody(changed.node)).not.toContain('data-testid="signing"');
    // Stored again: the next view is a hit with the new page.
    const again = await both(quote.path);
    expect(again.nodeTook).toBe(true);
    expect(decodedBody(again.node)).toContain("Too dear");
    expect(again.node.headers).toEqual(again.hono.headers);
    await transition(t, sender, "withdrawQuote", quote.id);
    const withdrawn = await both(quote.path);
    expect(withdrawn.nodeTook).toBe(false);
    expect([withdrawn.node.status, withdrawn.hono.status]).toEqual([404, 404]);
    expect(decodedBody(withdrawn.node)).not.toContain("Too dear");
  });

  it("leaves signed-in callers, query strings and other methods to Hono", async () => {
    const quote = await live();
    await both(quote.path);
    expect((await both(quote.path)).nodeTook).toBe(true);
    const preview = await both(quote.path, { cookie: sender.cookie });
    expect(preview.nodeTook).toBe(false);
    expect(decodedBody(preview.node)).toContain('data-testid="preview-banner"');
    const withQuery = await both(`${quote.path}?conversation=questionSent`);
    expect(withQuery.nodeTook).toBe(false);
    expect(withQuery.node.status).toBe(200);
    // A rendered page keeps its per-response nonce.
    expect(String(withQuery.node.headers["content-security-policy"])).toMatch(/'nonce-[^']+'/);
    const bearer = await both(quote.path, { authorization: "Bearer not-a-session" });
    expect(bearer.nodeTook).toBe(false);
    expect(bearer.node.status).toBe(200);
  });
});
