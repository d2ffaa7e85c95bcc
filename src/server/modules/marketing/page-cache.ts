import type { Locale } from "../../../shared/locales";
import { type CachedAnswer, type StoredPage, answerFrom, respond, storable, storePage } from "../../http/stored-page";
import { createBoundedLru } from "../public-quote/bounded-lru";

/**
 * The marketing pages, stored as bytes (decision 092), as the public quote page is (decision 068).
 * A visitor's page depends on its path and language only: the content is Markdown and code built
 * into the server, the configuration is read once. So a page rendered for one visitor who is not
 * signed in is the page for every such visitor, and it is stored in its stored form (no nonce, CSP
 * by script hashes, br/gzip/deflate made once) and answered from node:http ahead of Hono
 * (http/page-node.ts) or through the page route, with the same headers.
 *
 * - Only these paths, in both languages: home, features, pricing, FAQ, the blog and its posts, the
 *   privacy policy. Not the contact page (its form carries a fresh submission id per render, which
 *   makes a double send store one message) nor the newsletter links (tokens in the query).
 * - Only a GET without a query string (`/pricing?interval=yearly`, `/blog?page=2` are rendered), by
 *   a visitor who is not signed in (a signed-in visitor is offered the app: rendered), on the main
 *   host, and only a 200 HTML page that sets no cookie. The locale cookie is added per request.
 * - A stored page carries a weak ETag (a hash of its bytes): browsers revalidate these pages
 *   (`no-cache`), and a visitor whose copy is current gets a 304 without the page.
 * - An entry is kept for `maxAgeMs` (default one minute): the footer's year is the one thing on
 *   these pages that follows the clock, and a page rendered again once a minute costs nothing.
 *   Nothing else invalidates an entry: a new build is a new process.
 */
export type MarketingPageCacheOptions = {
  /** All entries together (all four forms of each page); 0 disables the cache. Default 8 MiB. */
  maxBytes?: number;
  /** How long a stored page is answered before it is rendered again. Default 60 s. */
  maxAgeMs?: number;
  /** The monotonic clock in ms (tests). Default: performance.now. */
  monotonic?: () => number;
};

export type MarketingPageRequest = {
  request: Request;
  locale: Locale;
  /** This response's CSP nonce (the render's script tags carry it; a stored page drops it). */
  nonce: string;
  /** The request carries a signed-in user: the header differs ("Go to the app"), never stored. */
  signedIn: boolean;
  /** A custom domain's host (decision 060): never stored. */
  customDomain?: string;
  acceptEncoding?: string | null;
  /** The browser's validator of its copy: a 304 when it is the stored page's. */
  ifNoneMatch?: string | null;
  /** Renders the page (React Router): on a miss and whenever the cache stands aside. */
  render: () => Response | Promise<Response>;
};

export type MarketingPageCacheStats = { hits: number; misses: number; bypasses: number; stores: number; entries: number; bytes: number };

/** The marketing pages this cache keeps, in either language (`/nl`, `/nl/pricing`, …). */
const PAGE_PATH = /^(?:\/nl(?=\/|$))?(?:\/(?:features|pricing|faq|blog|privacy-policy|blog\/[a-z0-9-]{1,100})?)?$/;

type Entry = StoredPage & { storedAt: number };

export type MarketingPageCache = ReturnType<typeof createMarketingPageCache>;

export function createMarketingPageCache(options: MarketingPageCacheOptions = {}) {
  const maxBytes = options.maxBytes ?? 8 * 1024 * 1024;
  const maxAgeMs = options.maxAgeMs ?? 60_000;
  const monotonic = options.monotonic ?? (() => performance.now());
  const entries = createBoundedLru<Entry>(maxBytes);
  const counts = { hits: 0, misses: 0, bypasses: 0, stores: 0 };

  const isPagePath = (pathname: string) => maxBytes > 0 && pathname !== "" && PAGE_PATH.test(pathname);
  const keyOf = (locale: Locale, pathname: string) => `${locale} ${pathname}`;

  /** The stored answer for a path, language and coding when one is fresh, else null (counted as a hit when found). */
  function lookup(request: { pathname: string; locale: Locale; acceptEncoding?: string | null; ifNoneMatch?: string | null }): CachedAnswer | null {
    if (!isPagePath(request.pathname)) return null;
    const entry = entries.get(keyOf(request.locale, request.pathname));
    if (!entry || monotonic() - entry.storedAt >= maxAgeMs) return null;
    counts.hits++;
    return answerFrom(entry, request.acceptEncoding, request.ifNoneMatch);
  }

  async function serve(page: MarketingPageRequest): Promise<Response> {
    const url = new URL(page.request.url);
    if (!isPagePath(url.pathname) || page.request.method !== "GET" || url.search !== "" || page.signedIn || page.customDomain || page.nonce.length < 16) {
      counts.bypasses++;
      return page.render();
    }
    const cached = lookup({ pathname: url.pathname, locale: page.locale, acceptEncoding: page.acceptEncoding, ifNoneMatch: page.ifNoneMatch });
    if (cached) return respond(cached);
    counts.misses++;
    const response = await page.render();
    if (!storable(response)) return response;
    // As the page route answers a marketing page to a visitor: browsers revalidate it (decision 092).
    const stored = await storePage(response, { nonce: page.nonce, cacheControl: "no-cache", vary: "Cookie, Accept-Language", etag: true });
    if ("rendered" in stored) return stored.rendered;
    const entry: Entry = { ...stored, storedAt: monotonic() };
    if (entries.set(keyOf(page.locale, url.pathname), entry, entry.bytes)) counts.stores++;
    return respond(answerFrom(entry, page.acceptEncoding, page.ifNoneMatch));
  }

  return {
    serve,
    lookup,
    /** Whether a path is one of the stored marketing pages (both languages); false when the cache is off. */
    isPagePath,
    stats: (): MarketingPageCacheStats => {
      const { entries: stored, bytes } = entries.stats();
      return { ...counts, entries: stored, bytes };
    },
    clear: () => entries.clear(),
  };
}
