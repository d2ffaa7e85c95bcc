import crypto from "node:crypto";
import zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import { storedFormOf } from "../../http/stored-page";
import { type MarketingPageRequest, createMarketingPageCache } from "./page-cache";

const NONCE = "bm9uY2Utb2YtdGhpcy1yZXNwb25zZQ==";

/** A page as React Router renders it for one response: the nonce on its scripts, a counter to tell renders apart. */
function renderer(options: { status?: number; headers?: Record<string, string>; body?: (n: number) => string } = {}) {
  let renders = 0;
  const render = () => {
    renders += 1;
    const body =
      options.body?.(renders) ??
      `<!DOCTYPE html><html lang="en"><body><h1>Prices</h1><p>render ${renders}</p><script type="application/json" nonce="${NONCE}">{"a":1}</script><script type="module" src="/assets/island/marketing-x.js" nonce="${NONCE}"></script></body></html>`;
    return new Response(body, { status: options.status ?? 200, headers: { "content-type": "text/html; charset=utf-8", ...options.headers } });
  };
  return { render, count: () => renders };
}

function request(path: string, overrides: Partial<MarketingPageRequest> & { method?: string } = {}): Omit<MarketingPageRequest, "render"> {
  const { method, ...rest } = overrides;
  return {
    request: new Request(`http://offerly.test${path}`, { method: method ?? "GET" }),
    locale: "en",
    nonce: NONCE,
    signedIn: false,
    acceptEncoding: "gzip, deflate, br",
    ...rest,
  };
}

describe("the marketing pages' cache (decision 092)", () => {
  it("keeps exactly the visitors' content pages, in both languages", () => {
    const cache = createMarketingPageCache();
    for (const path of [
      "/",
      "/features",
      "/pricing",
      "/faq",
      "/blog",
      "/blog/anatomy-of-a-winning-quote",
      "/privacy-policy",
      "/nl",
      "/nl/pricing",
      "/nl/blog/hoe-je-je-prijs-presenteert",
    ]) {
      expect(cache.isPagePath(path), path).toBe(true);
    }
    for (const path of [
      "/contact",
      "/nl/contact",
      "/pricing?interval=yearly",
      "/blog?page=2",
      "/newsletter/confirm",
      "/app",
      "/nl/app",
      "/auth/sign-in",
      "/quote/a/abcdefghijklmnopqrstuv",
      "/nlx",
      "/blog/a/b",
      "/Pricing",
      "/blog/Upper",
      "/pricing/x",
      "",
    ]) {
      expect(cache.isPagePath(path), path).toBe(false);
    }
    expect(createMarketingPageCache({ maxBytes: 0 }).isPagePath("/pricing")).toBe(false);
  });

  it("renders a page once and then answers its stored form: no nonce, the same bytes, each coding made once", async () => {
    const cache = createMarketingPageCache();
    const page = renderer();
    const first = await cache.serve({ ...request("/pricing"), render: page.render });
    const second = await cache.serve({ ...request("/pricing"), render: page.render });
    expect(page.count()).toBe(1);
    for (const response of [first, second]) {
      expect(response.headers.get("content-encoding")).toBe("br");
      expect(response.headers.get("cache-control")).toBe("no-cache");
      expect(response.headers.get("vary")).toBe("Cookie, Accept-Language, Accept-Encoding");
      // No script runs inline (JSON data and a module file): no hash either.
      expect(storedFormOf(response)).toEqual([]);
    }
    const body = zlib.brotliDecompressSync(Buffer.from(await second.arrayBuffer())).toString("utf8");
    expect(body).toContain("render 1");
    expect(body).not.toContain("nonce");
    const gzip = cache.lookup({ pathname: "/pricing", locale: "en", acceptEncoding: "gzip" });
    expect(gzip?.headers).toContainEqual(["content-encoding", "gzip"]);
    expect(gzip?.headers).toContainEqual(["content-length", String(gzip?.body.length)]);
    expect(zlib.gunzipSync(gzip!.body).toString("utf8")).toBe(body);
    const plain = cache.lookup({ pathname: "/pricing", locale: "en", acceptEncoding: null });
    expect(plain?.headers.some(([name]) => name === "content-encoding")).toBe(false);
    expect(plain?.body.toString("utf8")).toBe(body);
    expect(cache.stats()).toMatchObject({ misses: 1, stores: 1, hits: 3, entries: 1 });
  });

  it("gives a stored page a validator, and a browser whose copy is current a 304 without the page", async () => {
    const cache = createMarketingPageCache();
    const page = renderer();
    const first = await cache.serve({ ...request("/pricing"), render: page.render });
    const etag = first.headers.get("etag");
    expect(etag).toMatch(/^W\/"[\w-]{27}"$/);
    // The same validator in every coding: the page is the same.
    expect(cache.lookup({ pathname: "/pricing", locale: "en", acceptEncoding: "gzip" })?.headers).toContainEqual(["etag", etag]);
    for (const ifNoneMatch of [etag!, `"other", ${etag}`, etag!.slice(2), "*"]) {
      const answer = cache.lookup({ pathname: "/pricing", locale: "en", acceptEncoding: "br", ifNoneMatch });
      expect(answer?.status, ifNoneMatch).toBe(304);
      expect(answer?.body.length).toBe(0);
      expect(answer?.headers.some(([name]) => name === "content-encoding" || name === "content-length")).toBe(false);
      expect(answer?.headers).toContainEqual(["etag", etag]);
      expect(answer?.headers).toContainEqual(["cache-control", "no-cache"]);
    }
    const notModified = await cache.serve({ ...request("/pricing"), ifNoneMatch: etag, render: page.render });
    expect(notModified.status).toBe(304);
    expect(notModified.body).toBeNull();
    expect(storedFormOf(notModified)).toEqual([]);
    expect(cache.lookup({ pathname: "/pricing", locale: "en", ifNoneMatch: 'W/"another-page"' })?.status).toBe(200);
    // Another page, another validator.
    await cache.serve({ ...request("/faq"), render: renderer({ body: () => "<html>FAQ</html>" }).render });
    expect(cache.lookup({ pathname: "/faq", locale: "en", ifNoneMatch: etag })?.status).toBe(200);
    expect(page.count()).toBe(1);
  });

  it("allows a stored page's inline scripts by their hashes", async () => {
    const cache = createMarketingPageCache();
    const code = "window.started = true;";
    const page = renderer({ body: () => `<html><body><script nonce="${NONCE}">${code}</script></body></html>` });
    const response = await cache.serve({ ...request("/"), render: page.render });
    expect(storedFormOf(response)).toEqual([`sha256-${crypto.createHash("sha256").update(code).digest("base64")}`]);
  });

  it("keeps each language apart", async () => {
    const cache = createMarketingPageCache();
    const en = renderer({ body: () => '<html lang="en"></html>' });
    const nl = renderer({ body: () => '<html lang="nl"></html>' });
    await cache.serve({ ...request("/"), render: en.render });
    const dutch = await cache.serve({ ...request("/", { locale: "nl" }), acceptEncoding: null, render: nl.render });
    expect(await dutch.text()).toBe('<html lang="nl"></html>');
    expect(cache.lookup({ pathname: "/", locale: "en" })?.body.toString()).toBe('<html lang="en"></html>');
  });

  it("renders again once an entry is older than its age (the footer's year follows the clock)", async () => {
    let now = 0;
    const cache = createMarketingPageCache({ maxAgeMs: 60_000, monotonic: () => now });
    const page = renderer();
    await cache.serve({ ...request("/faq"), render: page.render });
    now = 59_999;
    expect(cache.lookup({ pathname: "/faq", locale: "en" })).not.toBeNull();
    now = 60_000;
    expect(cache.lookup({ pathname: "/faq", locale: "en" })).toBeNull();
    const again = await cache.serve({ ...request("/faq"), acceptEncoding: null, render: page.render });
    expect(page.count()).toBe(2);
    expect(await again.text()).toContain("render 2");
  });

  it("stands aside for a signed-in visitor, a query string, another method and a custom domain", async () => {
    const cache = createMarketingPageCache();
    const page = renderer();
    await cache.serve({ ...request("/pricing"), render: page.render });
    const aside = [
      request("/pricing", { signedIn: true }),
      request("/pricing?interval=yearly"),
      request("/pricing", { method: "POST" }),
      request("/pricing", { customDomain: "quotes.example.com" }),
      request("/pricing", { nonce: "" }),
      request("/contact"),
    ];
    for (const each of aside) {
      const response = await cache.serve({ ...each, render: page.render });
      expect(storedFormOf(response)).toBeUndefined();
      expect(await response.text()).toContain(`nonce="${NONCE}"`);
    }
    expect(page.count()).toBe(1 + aside.length);
    expect(cache.stats()).toMatchObject({ bypasses: aside.length, entries: 1 });
  });

  it("stores only a 200 HTML page that sets no cookie and names its nonce only in nonce attributes", async () => {
    const cache = createMarketingPageCache();
    const cases = [
      renderer({ status: 404 }),
      renderer({ headers: { "set-cookie": "a=b" } }),
      renderer({ headers: { "content-type": "application/json" }, body: () => "{}" }),
      renderer({ body: () => `<html><body data-nonce="${NONCE}"></body></html>` }),
    ];
    for (const page of cases) {
      const first = await cache.serve({ ...request("/blog"), render: page.render });
      expect(storedFormOf(first)).toBeUndefined();
      await first.text();
      await cache.serve({ ...request("/blog"), render: page.render });
      expect(page.count()).toBe(2);
    }
    expect(cache.stats()).toMatchObject({ stores: 0, entries: 0 });
  });
});
