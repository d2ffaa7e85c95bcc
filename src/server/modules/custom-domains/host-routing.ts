import { eq } from "drizzle-orm";
import { type DocumentNode, Kind, parse } from "graphql";
import type { Context, MiddlewareHandler } from "hono";
import type { Config } from "../../config";
import type { Database } from "../../db/client";
import { quotes } from "../../db/schema";
import { BODY_LIMITS } from "../../http/body-limit";
import type { Logger } from "../../logger";
import { normaliseDomain } from "../../../shared/custom-domains";
import { servingDomain } from "./custom-domains.service";

/** The custom domain a request was accepted on (set on the request the gate re-dispatches). */
export type CustomDomainHost = { accountId: string; domain: string };
const accepted = new WeakMap<Request, CustomDomainHost>();

/** The custom domain this request arrived on, or undefined on the main host. */
export const customDomainOf = (request: Request): CustomDomainHost | undefined => accepted.get(request);

const LOOPBACK_HOST = /^(localhost|127(\.\d{1,3}){3}|\[?::1\]?)$/;

/** The request's host name (Host header, else the URL's), lower case, without port. */
export function requestHost(request: Request): string {
  return hostName(request.headers.get("host") ?? new URL(request.url).host);
}

/** A Host header's name: lower case, without port or trailing dot. */
export function hostName(raw: string): string {
  return normaliseDomain(raw.replace(/:\d+$/, ""));
}

/** The main host: PUBLIC_URL's, and loopback names (health checks, the TLS ask, development, tests). */
export function isMainHost(config: Pick<Config, "publicUrl">, host: string): boolean {
  return host === new URL(config.publicUrl).hostname.toLowerCase() || LOOPBACK_HOST.test(host);
}

/** What the customer's quote page may load or post on a custom domain (everything else is a 404). */
const QUOTE_PATH = /^(?:\/nl)?\/quote\/[^/]+\/([A-Za-z0-9_-]{22,})(?:\/(?:pdf|question|decline|pay|invoice))?\/?$/;
const STATIC_PATH = /^\/(?:assets|icons|files)\/|^\/favicon\.ico$/;
const PUBLIC_APIS = new Set(["/api/beacon", "/api/quote-options"]);
/** GraphQL root fields the public quote page calls (the island's signing form). */
const PUBLIC_GRAPHQL_FIELDS = new Set(["createQuoteSignature"]);

function onlyPublicFields(document: DocumentNode): boolean {
  const operations = document.definitions.filter((d) => d.kind === Kind.OPERATION_DEFINITION);
  if (operations.length !== 1 || document.definitions.length !== 1) return false;
  const [operation] = operations;
  if (operation?.kind !== Kind.OPERATION_DEFINITION || operation.operation !== "mutation") return false;
  return operation.selectionSet.selections.every((s) => s.kind === Kind.FIELD && PUBLIC_GRAPHQL_FIELDS.has(s.name.value));
}

const notFoundAnswer = () =>
  new Response('<!DOCTYPE html><html><head><meta charset="utf-8"><title>Not found</title></head><body><h1>Not found</h1></body></html>', {
    status: 404,
    headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" },
  });

/**
 * Routing by Host (issue 25, decision 060), the first middleware of the app:
 * - the main host (PUBLIC_URL's, loopback names) goes on as before;
 * - an active custom domain of a Pro account answers only the public quote pages of its own
 *   account (page, PDF, the customer's forms), static assets and files, the statistics beacons,
 *   the option reports and the signing mutation on /graphql; everything else is a 404. The request
 *   goes on without its Cookie header and the answer loses any Set-Cookie: no session there;
 * - any other host gets 421 Misdirected Request.
 * `dispatch` runs the app again for the accepted request (the gate lets it through).
 */
export function hostRouting(deps: {
  config: Config;
  db: Database;
  log: Logger;
  dispatch: (request: Request, env: unknown) => Response | Promise<Response>;
}): MiddlewareHandler {
  return async (c: Context, next) => {
    if (accepted.has(c.req.raw)) return next();
    const host = requestHost(c.req.raw);
    if (isMainHost(deps.config, host)) return next();
    let serving: CustomDomainHost | null;
    try {
      serving = await servingDomain(deps.db, host);
    } catch (error) {
      deps.log.error({ err: error, host }, "could not look up a custom domain");
      return new Response("Unavailable", { status: 503, headers: { "Retry-After": "5", "Content-Type": "text/plain; charset=utf-8" } });
    }
    if (!serving)
      return new Response("Misdirected Request", { status: 421, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });

    const { method } = c.req;
    const path = c.req.path;
    const read = method === "GET" || method === "HEAD";
    let body: string | undefined;
    const quoteMatch = QUOTE_PATH.exec(path);
    if (quoteMatch) {
      // Only this account's quotes: another account's link on this domain is a 404.
      const [quote] = await deps.db
        .select({ accountId: quotes.accountId })
        .from(quotes)
        .where(eq(quotes.nanoId, quoteMatch[1] ?? ""))
        .limit(1);
      if (quote && quote.accountId !== serving.accountId) return notFoundAnswer();
      if (!read && method !== "POST") return notFoundAnswer();
    } else if (STATIC_PATH.test(path)) {
      if (!read) return notFoundAnswer();
    } else if (PUBLIC_APIS.has(path)) {
      if (method !== "POST") return notFoundAnswer();
    } else if (path === "/graphql") {
      if (method !== "POST") return notFoundAnswer();
      const length = Number(c.req.header("content-length") ?? "0");
      if (length > BODY_LIMITS.graphql) return notFoundAnswer();
      body = await c.req.raw.text();
      try {
        const query = (JSON.parse(body) as { query?: unknown }).query;
        if (typeof query !== "string" || !onlyPublicFields(parse(query, { noLocation: true }))) return notFoundAnswer();
      } catch {
        return notFoundAnswer();
      }
    } else {
      return notFoundAnswer();
    }

    const headers = new Headers(c.req.raw.headers);
    headers.delete("cookie");
    headers.delete("authorization");
    headers.delete("account");
    const init: RequestInit & { duplex?: "half" } = { method, headers };
    if (!read) {
      init.body = body ?? c.req.raw.body;
      if (body === undefined) init.duplex = "half";
    }
    const forwarded = new Request(c.req.raw.url, init);
    accepted.set(forwarded, serving);
    const answer = await deps.dispatch(forwarded, c.env);
    const response = new Response(answer.body, answer);
    response.headers.delete("set-cookie");
    return response;
  };
}

/** Whether the caller is on this machine and not forwarded by a proxy (the TLS ask endpoint). */
export function isLoopbackCaller(request: Request, env: unknown): boolean {
  const address = (env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming?.socket?.remoteAddress;
  if (!address || request.headers.has("x-forwarded-for") || request.headers.has("forwarded")) return false;
  return address === "::1" || address.startsWith("127.") || address.startsWith("::ffff:127.");
}
