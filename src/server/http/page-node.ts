import crypto from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { type Locale, decideLocale, localeCookieHeader, readCookie } from "../../shared/locales";
import type { Config } from "../config";
import type { ReadDb } from "../db/replica";
import type { Logger } from "../logger";
import { sessionCookieName } from "../modules/identity/sessions";
import type { MarketingPageCache } from "../modules/marketing/page-cache";
import type { PageStamp, PublicPageCache } from "../modules/public-quote/page-cache";
import type { CachedAnswer } from "./stored-page";
import { clientAddressFrom, requestIdFrom } from "./request";
import { loggablePath, securityHeaders } from "./security";

/**
 * A cached public quote page (decision 068) or marketing page (decision 092) answered from node:http,
 * ahead of Hono, as decision 038 answers `POST /graphql`. For the quote page: a hit needs its stamp query, the view statement the cache has not seen
 * yet, and its stored bytes, not Hono's middleware chain and the Fetch-API adapters. The same
 * rules as the Hono route in app.ts through the same functions (locale decision and its cookie,
 * the caller's address, the request id, security headers, the cache's own headers and coding), and
 * the same log line; tests/integration/public-page-node.test.ts sends the same requests both ways
 * and compares status, headers and body.
 *
 * Anything else goes through Hono (`false`): another method, a query string, a body, a session
 * cookie or bearer token (the caller may be signed in: the page differs), a locale redirect, a miss
 * or an unavailable link (the stamp read here is handed on in `knownStamps`, not read twice), and
 * any error. A marketing page needs no query at all: its stored bytes while they are fresh
 * (`MarketingPageCache.lookup`); a miss goes to Hono, which renders and stores it.
 */
export type PublicPageNodeDeps = {
  config: Config;
  log: Logger;
  cache: PublicPageCache;
  /** The marketing pages' cache (decision 092); none: only quote pages take this path. */
  marketing?: MarketingPageCache;
  /** Where the request's reads go (the read replica, or the primary when the request asks for a fresh answer). */
  readDb: (request: Request) => ReadDb;
};

export type PublicPageNodeHandler = {
  /** Whether this path may be able to answer (cheap, synchronous: method, path, body, credentials). */
  takes: (req: IncomingMessage) => boolean;
  /** Answers and resolves true, or resolves false (nothing written) for Hono to answer. */
  handle: (req: IncomingMessage, res: ServerResponse) => Promise<boolean>;
};

/** The stamp the node:http path read for a request it handed to Hono (a miss, 404 or 410). */
export const knownStamps = new WeakMap<object, PageStamp | null>();

const PAGE_PATH = /^(?:\/nl)?\/quote\/[^/?]+\/[A-Za-z0-9_-]{22,64}$/;

/** `Request`-shaped enough for the replica's choice (it reads two headers). */
function headerReader(req: IncomingMessage): Request {
  const get = (name: string): string | null => {
    const value = req.headers[name.toLowerCase()];
    if (value === undefined) return null;
    return Array.isArray(value) ? value.join(", ") : value;
  };
  return { headers: { get } } as unknown as Request;
}

export function createPublicPageNodeHandler(deps: PublicPageNodeDeps): PublicPageNodeHandler {
  const { config, log, cache } = deps;
  const sessionCookie = sessionCookieName(config);
  const secure = config.publicUrl.startsWith("https://");
  const marketing = deps.marketing;
  /** The security headers of a stored page, by the kind of page and its script hashes (the same for every quote path). */
  const securityFor = new Map<string, [string, string][]>();

  function takes(req: IncomingMessage): boolean {
    // req.url carries the query string: a path with one matches neither pattern.
    if (req.method !== "GET" || !req.url || !(PAGE_PATH.test(req.url) || marketing?.isPagePath(req.url))) return false;
    const headers = req.headers;
    if (headers["content-length"] !== undefined || headers["transfer-encoding"] !== undefined) return false;
    if (headers.authorization?.toLowerCase().startsWith("bearer ")) return false;
    return !readCookie(headers.cookie, sessionCookie);
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<boolean> {
    const started = performance.now();
    const pathname = req.url ?? "";
    const headers = req.headers;
    const decision = decideLocale({ pathname, search: "", cookieHeader: headers.cookie, acceptLanguage: headers["accept-language"] });
    if (decision.kind !== "render") return false;
    if (!PAGE_PATH.test(pathname)) {
      // A marketing page: its stored bytes while fresh, else Hono renders (and stores) it.
      const answer = marketing?.lookup({
        pathname,
        locale: decision.locale,
        acceptEncoding: headers["accept-encoding"],
        ifNoneMatch: headers["if-none-match"],
      });
      if (!answer) return false;
      send(req, res, { answer, pathname, quote: false, setCookie: decision.setCookie, started });
      return true;
    }
    let hit: Awaited<ReturnType<PublicPageCache["lookup"]>>;
    try {
      hit = await cache.lookup({
        pathname,
        locale: decision.locale,
        evidence: {
          ip: clientAddressFrom(headers["x-forwarded-for"], req.socket.remoteAddress, config.trustProxy) ?? null,
          userAgent: headers["user-agent"] ?? null,
        },
        acceptEncoding: headers["accept-encoding"],
        readDb: deps.readDb(headerReader(req)),
      });
    } catch {
      // Hono answers (and logs) the same failure as it always has.
      return false;
    }
    if (!hit) return false;
    if (!("answer" in hit)) {
      knownStamps.set(req, hit.stamp);
      return false;
    }
    send(req, res, { answer: hit.answer, pathname, quote: true, setCookie: decision.setCookie, started });
    return true;
  }

  /** Writes a stored answer with the headers the Hono route would add: security, locale cookie, request id; and its log line. */
  function send(
    req: IncomingMessage,
    res: ServerResponse,
    options: { answer: CachedAnswer; pathname: string; quote: boolean; setCookie: Locale | undefined; started: number },
  ) {
    const { answer, pathname } = options;
    const key = `${options.quote ? "quote" : "page"} ${answer.scriptHashes.join(" ")}`;
    let security = securityFor.get(key);
    if (!security) {
      security = Object.entries(securityHeaders({ config, scriptHashes: answer.scriptHashes, path: pathname }));
      securityFor.set(key, security);
    }
    const out: Record<string, string> = {};
    for (const [name, value] of answer.headers) out[name] = value;
    for (const [name, value] of security) out[name] = value;
    if (options.setCookie) out["Set-Cookie"] = localeCookieHeader(options.setCookie, secure);
    const requestId = requestIdFrom(req.headers["x-request-id"], config.trustProxy) ?? crypto.randomUUID();
    out["X-Request-Id"] = requestId;
    res.writeHead(answer.status, out);
    res.end(answer.body);
    log.info({ requestId, method: "GET", path: loggablePath(pathname), status: answer.status, ms: Math.round(performance.now() - options.started) }, "request");
  }

  return { takes, handle };
}
