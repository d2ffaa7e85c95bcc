import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type MarketingPageCache, createMarketingPageCache } from "../../src/server/modules/marketing/page-cache";
import { type TestApp, createTestApp } from "../support/app";
import { type SignedIn, signUp } from "../support/auth";
import { CODINGS, type PagePaths, decodedBody, listenBothWays } from "../support/page-paths";

/**
 * The marketing pages as stored bytes (decision 092): the same requests, over real sockets, to the
 * product's listener (`nodeListener`, which answers a stored page from node:http) and to the Hono
 * app alone must get the same status, headers and bytes; the stored page is the page as rendered
 * but for its nonce; signed-in visitors, query strings and the contact form are rendered per request.
 */
let t: TestApp;
let cache: MarketingPageCache;
let uncached: TestApp;
let member: SignedIn;
let paths: PagePaths;

beforeAll(async () => {
  cache = createMarketingPageCache();
  t = await createTestApp({ ssr: true, env: { NODE_ENV: "production" }, marketingPageCache: cache });
  // The same product with the cache off, on the same database: what a render gives.
  uncached = await createTestApp({
    ssr: true,
    env: { NODE_ENV: "production" },
    database: t.database,
    marketingPageCache: createMarketingPageCache({ maxBytes: 0 }),
  });
  member = await signUp(t, { company: "Marketing Node Co", name: "Mara Node" });
  paths = await listenBothWays(t.app);
});
afterAll(async () => {
  await paths?.close();
  await uncached?.close();
  await t?.close();
});

const both = (path: string, headers: Record<string, string> = {}) => paths.both(path, headers);

describe("the marketing pages as stored bytes (decision 092)", () => {
  it("answers a stored page from node:http as the Hono route does: status, headers and bytes, in every coding and both languages", async () => {
    let cookiesSet = 0;
    for (const path of ["/", "/pricing", "/faq", "/blog/anatomy-of-a-winning-quote", "/nl", "/nl/pricing"]) {
      const dutch = path.startsWith("/nl");
      // The first visit renders (through Hono) and stores.
      const first = await both(path, { "accept-language": dutch ? "nl" : "en" });
      expect(first.nodeTook, path).toBe(false);
      expect(first.node.status).toBe(200);
      for (const [acceptEncoding, coding] of CODINGS) {
        for (const extra of [{}, { cookie: "i18n_redirected=nl" }, { cookie: "i18n_redirected=en" }, { "accept-language": "nl" }] as Record<string, string>[]) {
          const sent = { "accept-encoding": acceptEncoding, ...extra };
          const { node, hono, nodeTook } = await both(path, sent);
          if (node.status !== 200) {
            // A locale redirect: not this path's, the same from both (but for its CSP's nonce).
            expect(node.status).toBe(302);
            expect(nodeTook).toBe(false);
            expect(hono.status).toBe(302);
            expect(node.headers.location).toBe(hono.headers.location);
            continue;
          }
          const label = `${path} ${JSON.stringify(sent)}`;
          expect(nodeTook, label).toBe(true);
          expect(node.headers, label).toEqual(hono.headers);
          expect(node.body.equals(hono.body), label).toBe(true);
          expect(node.headers["content-encoding"]).toBe(coding);
          expect(node.headers["content-length"]).toBe(String(node.body.length));
          expect(node.headers["cache-control"]).toBe("no-cache");
          expect(node.headers.vary).toBe("Cookie, Accept-Language, Accept-Encoding");
          expect(node.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
          // The locale cookie, when the locale decision sets one, is added per request on both paths alike.
          if (node.headers["set-cookie"] !== undefined) cookiesSet += 1;
          if (extra.cookie) expect(node.headers["set-cookie"]).toBeUndefined();
          expect(String(node.headers["content-security-policy"])).toContain("; script-src 'self'; ");
          expect(String(node.headers["content-security-policy"])).not.toContain("nonce");
          expect(decodedBody(node)).toContain(`<html lang="${dutch ? "nl" : "en"}"`);
        }
      }
    }
    expect(cookiesSet).toBeGreaterThan(0);
  });

  it("answers a browser whose copy is current with a 304 without the page, the same on both paths", async () => {
    for (const path of ["/pricing", "/nl"]) {
      const headers = { "accept-language": path.startsWith("/nl") ? "nl" : "en", "accept-encoding": "gzip, deflate, br" };
      const full = await both(path, headers);
      const etag = String(full.node.headers.etag);
      expect(etag).toMatch(/^W\/"/);
      expect(full.hono.headers.etag).toBe(etag);
      const revalidated = await both(path, { ...headers, "if-none-match": etag });
      expect(revalidated.nodeTook).toBe(true);
      for (const answer of [revalidated.node, revalidated.hono]) {
        expect(answer.status).toBe(304);
        expect(answer.body.length).toBe(0);
        expect(answer.headers.etag).toBe(etag);
        expect(answer.headers["cache-control"]).toBe("no-cache");
        expect(answer.headers.vary).toBe("Cookie, Accept-Language, Accept-Encoding");
      }
      expect(revalidated.node.headers).toEqual(revalidated.hono.headers);
      // A signed-in visitor's page is rendered: the visitor's validator gets the whole page.
      const signedIn = await both(path, { ...headers, cookie: member.cookie, "if-none-match": etag });
      expect([signedIn.node.status, signedIn.hono.status]).toEqual([200, 200]);
      expect(signedIn.node.headers.etag).toBeUndefined();
    }
  });

  it("stores the page as rendered, but for its nonce", async () => {
    for (const path of ["/features", "/blog", "/privacy-policy", "/nl/faq"]) {
      const headers = { "accept-language": path.startsWith("/nl") ? "nl" : "en", "accept-encoding": "gzip" };
      await both(path, headers);
      const stored = await both(path, headers);
      expect(stored.nodeTook).toBe(true);
      const rendered = await uncached.fetch(path, { headers: { "accept-language": headers["accept-language"] } });
      const nonce = /'nonce-([^']+)'/.exec(rendered.headers.get("content-security-policy") ?? "")?.[1];
      expect(nonce, path).toBeTruthy();
      const page = await rendered.text();
      expect(page).toContain(`nonce="${nonce}"`);
      expect(decodedBody(stored.node)).toBe(page.replaceAll(` nonce="${nonce}"`, ""));
    }
  });

  it("renders for a signed-in visitor, a query string and the contact form, with their own nonce; visitors keep getting the stored page", async () => {
    await both("/pricing", { "accept-language": "en" });
    const signedIn = await both("/pricing", { cookie: `${member.cookie}; i18n_redirected=en` });
    expect(signedIn.nodeTook).toBe(false);
    expect(decodedBody(signedIn.node)).toContain('data-testid="header-go-to-app"');
    expect(signedIn.node.headers["cache-control"]).toBe("private, no-store");
    expect(String(signedIn.node.headers["content-security-policy"])).toMatch(/'nonce-[^']+'/);
    const visitor = await both("/pricing", { cookie: "i18n_redirected=en" });
    expect(visitor.nodeTook).toBe(true);
    expect(decodedBody(visitor.node)).toContain('data-testid="header-start-trial"');
    expect(decodedBody(visitor.node)).not.toContain('data-testid="header-go-to-app"');

    const yearly = await both("/pricing?interval=yearly", { cookie: "i18n_redirected=en" });
    expect(yearly.nodeTook).toBe(false);
    expect(String(yearly.node.headers["content-security-policy"])).toMatch(/'nonce-[^']+'/);
    expect(decodedBody(yearly.node)).not.toBe(decodedBody(visitor.node));

    // The contact form carries a fresh submission id per render: never stored.
    const contact = [await both("/contact", { cookie: "i18n_redirected=en" }), await both("/contact", { cookie: "i18n_redirected=en" })];
    expect(contact.map((c) => c.nodeTook)).toEqual([false, false]);
    const ids = contact.map((c) => /name="submissionId" value="([^"]+)"/.exec(decodedBody(c.node))?.[1]);
    expect(ids[0]).toBeTruthy();
    expect(ids[0]).not.toBe(ids[1]);

    const bearer = await both("/pricing", { authorization: "Bearer not-a-session", cookie: "i18n_redirected=en" });
    expect(bearer.nodeTook).toBe(false);
    expect(bearer.node.status).toBe(200);
    expect(cache.stats().bypasses).toBeGreaterThan(0);
  });
});
