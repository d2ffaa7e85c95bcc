import crypto from "node:crypto";
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from "node:http";
import { type ExecutionResult, GraphQLError } from "graphql";
import { maskError } from "graphql-yoga";
import type { Locale } from "../../shared/locales";
import type { Config } from "../config";
import type { RequestContext } from "../graphql/context";
import type { PlainParams } from "../graphql/prepared-execution";
import { type GraphQLHandler, graphqlPluginHookGaps, pluginSetOf, preparedExecutionOf } from "../graphql/yoga";
import type { Logger } from "../logger";
import { BODY_LIMITS, drainRefusedBody } from "./body-limit";
import { GRAPHQL_VARY, corsHeaders, isAllowedOrigin, isForeignOrigin } from "./cors";
import { apiLocale, clientAddressFrom, graphqlErrorBody, internalErrorBody, payloadTooLargeMessage, requestIdFrom } from "./request";
import { loggablePath, securityHeaders } from "./security";

/**
 * `POST /graphql` with a JSON body, answered from node:http (decision 038): the hottest route skips
 * Hono's middleware chain and the Fetch-API request/response adapters (≈ 15–20 % of a small query's
 * CPU, decision 037) but keeps every rule of the Hono route in app.ts, through the same functions:
 * body limit (413), foreign origin and CSRF header (403), invalid JSON (400), all in the caller's
 * language; the same request context, the same Yoga instance and plugins (cost, budget, armor,
 * error translation) and Yoga's own result processing (status and headers from `extensions.http`,
 * content negotiation); security headers, CORS, `Cache-Control: private, no-store`, `Vary`, the
 * request id and the log line. tests/integration/graphql-http-parity.test.ts sends the same
 * requests both ways and compares status, headers and body.
 *
 * Anything else — GET, OPTIONS, uploads, a body that is not one operation object, an Accept header
 * asking for a stream — goes through Hono as before (`fallback`).
 *
 * A query this server has already validated, run and compiled is executed by the prepared path
 * (graphql/prepared-execution.ts, decision 093) instead of Yoga's operation stage: the same rules
 * through the same functions (graphql/rules.ts); the result processing below is the same for both.
 */
export type GraphQLNodeDeps = {
  config: Config;
  log: Logger;
  yoga: GraphQLHandler;
  requestContext: (request: Request, requestId: string, locale: Locale) => Promise<RequestContext>;
  /** The Hono app's fetch: answers what this path does not take, after the body was read. */
  fallback: (request: Request, env: { incoming: IncomingMessage; outgoing: ServerResponse }) => Response | Promise<Response>;
};

/** Answers the request and returns true, or returns false when the Hono app should answer it. */
export type GraphQLNodeHandler = (req: IncomingMessage, res: ServerResponse) => boolean;

/** Accept headers whose first choice the regular JSON result processor answers. */
const JSON_ACCEPT = /^\s*(application\/graphql-response\+json|application\/json|\*\/\*)\s*(;|,|$)/i;

/** One operation as a JSON object: what `getResultForParams` takes without Yoga's request parsing. */
function isPlainOperation(body: unknown): body is PlainParams {
  if (typeof body !== "object" || body === null || Array.isArray(body)) return false;
  const b = body as Record<string, unknown>;
  for (const key of Object.keys(b)) if (key !== "query" && key !== "variables" && key !== "operationName" && key !== "extensions") return false;
  const objectOrNull = (v: unknown) => v === undefined || v === null || (typeof v === "object" && !Array.isArray(v));
  return (
    typeof b.query === "string" &&
    objectOrNull(b.variables) &&
    objectOrNull(b.extensions) &&
    (b.operationName === undefined || b.operationName === null || typeof b.operationName === "string")
  );
}

/** Yoga's result processors build their answer with `new fetchAPI.Response(body, init)`: this one keeps the parts. */
class CapturedResponse {
  constructor(
    readonly body: unknown,
    readonly init: { status?: number; headers?: Record<string, string> } = {},
  ) {}
}

type ResultProcessHook = (payload: {
  request: Request;
  acceptableMediaTypes: string[];
  result: unknown;
  setResult: (result: unknown) => void;
  resultProcessor: unknown;
  setResultProcessor: (processor: (result: unknown, fetchAPI: unknown, accepted: string) => unknown, accepted: string) => void;
  serverContext: unknown;
}) => unknown;

type YogaInternals = {
  getResultForParams: (payload: { params: unknown; request: Request }, context: unknown) => Promise<unknown>;
  onResultProcessHooks: ResultProcessHook[];
  maskedErrorsOpts: { errorMessage: string; isDev: boolean } | null;
};

/** The body as text, or null past `max` bytes (read with the stream's events: an async iterator per request cost ~1 %). */
function readBody(req: IncomingMessage, max: number): Promise<string | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > max) {
        req.off("data", onData);
        req.off("end", onEnd);
        req.off("error", onError);
        resolve(null);
        return;
      }
      chunks.push(chunk);
    };
    // As Request.text() decodes: UTF-8, a byte-order mark dropped.
    const onEnd = () => resolve(new TextDecoder().decode(chunks.length === 1 ? chunks[0] : Buffer.concat(chunks)));
    const onError = (error: Error) => reject(error);
    req.on("data", onData);
    req.once("end", onEnd);
    req.once("error", onError);
  });
}

/**
 * The headers of a node request as a read-only `Headers`: what the rules, the request context and
 * Yoga read (`get`, `has`, iteration) straight from node's parsed header object. A `Headers` copy
 * (undici's header list) per request was ~1 % of a small query's CPU.
 */
class NodeHeaders {
  constructor(private readonly raw: IncomingHttpHeaders) {}
  get(name: string): string | null {
    const value = this.raw[name.toLowerCase()];
    if (value === undefined) return null;
    return Array.isArray(value) ? value.join(", ") : value;
  }
  has(name: string): boolean {
    return this.raw[name.toLowerCase()] !== undefined;
  }
  getSetCookie(): string[] {
    return this.raw["set-cookie"] ?? [];
  }
  *entries(): IterableIterator<[string, string]> {
    for (const name of Object.keys(this.raw).sort()) {
      const value = this.get(name);
      if (value !== null) yield [name, value];
    }
  }
  *keys(): IterableIterator<string> {
    for (const [name] of this.entries()) yield name;
  }
  *values(): IterableIterator<string> {
    for (const [, value] of this.entries()) yield value;
  }
  forEach(callback: (value: string, name: string, headers: Headers) => void): void {
    for (const [name, value] of this.entries()) callback(value, name, this as unknown as Headers);
  }
  [Symbol.iterator]() {
    return this.entries();
  }
  set(): never {
    throw new TypeError("the request's headers are read-only");
  }
  append(): never {
    throw new TypeError("the request's headers are read-only");
  }
  delete(): never {
    throw new TypeError("the request's headers are read-only");
  }
}

/**
 * The fast path's `Request`: url, method and headers, which is all the rules, the resolvers
 * (`ctx.request.headers.get(…)`) and Yoga's operation and result stages read. undici's `Request`
 * (URL parsing, a header list, an AbortSignal) was ~3 % of a small query's CPU (decision 066).
 * Anything else a `Request` has is made on first use from a real one (`signal`, `clone`, …),
 * so code that needs more still works.
 */
export function nodeRequest(url: string, raw: IncomingHttpHeaders): Request {
  const headers = new NodeHeaders(raw);
  let real: Request | undefined;
  const full = () => {
    real ??= new Request(url, { method: "POST", headers: raw as Record<string, string> });
    return real;
  };
  return new Proxy({ url, method: "POST", headers } as object, {
    get(target, property) {
      if (property === "url" || property === "method" || property === "headers") return (target as Record<string, unknown>)[property];
      const value = Reflect.get(full(), property);
      return typeof value === "function" ? value.bind(full()) : value;
    },
  }) as Request;
}

export function createGraphQLNodeHandler(deps: GraphQLNodeDeps): GraphQLNodeHandler {
  const { config, log } = deps;
  // This path runs Yoga's operation and result stages, not its request stages: a rule placed in
  // those would be skipped here (as introspection once was). Refuse to start rather than drift.
  const gaps = graphqlPluginHookGaps(pluginSetOf(deps.yoga));
  if (gaps.length)
    throw new Error(`GraphQL plugins use hooks the node:http path does not run (${gaps.join(", ")}): move the rule to a validation or execution hook`);
  const yoga = deps.yoga as unknown as YogaInternals;
  // A query this server has validated, run and compiled before skips Yoga's per-request stages (decision 093).
  const prepared = preparedExecutionOf(deps.yoga);
  const jsonSecurity = securityHeaders({ config, path: "/graphql" });
  const base = `http://${new URL(config.publicUrl).host}`;

  function send(res: ServerResponse, status: number, headers: Record<string, string | string[]>, body: string | Buffer | null) {
    if (body !== null) headers["Content-Length"] = String(Buffer.byteLength(body));
    res.writeHead(status, headers);
    res.end(body ?? undefined);
  }

  /** The headers every /graphql answer gets (app.ts: security headers, CORS, cache, Vary, request id). */
  // The same for every answer, made once (spreading them per request was ~1 % of a small query's CPU).
  const fixedHeaders: [string, string][] = Object.entries({
    ...jsonSecurity,
    "Cache-Control": "private, no-store",
    Vary: ["Origin", ...GRAPHQL_VARY].join(", "),
  });
  function commonHeaders(origin: string | undefined, requestId: string): Record<string, string> {
    const headers: Record<string, string> = {};
    for (const [name, value] of fixedHeaders) headers[name] = value;
    if (isAllowedOrigin(config, origin)) Object.assign(headers, corsHeaders(origin, false));
    headers["X-Request-Id"] = requestId;
    return headers;
  }

  /** The status sent, or null when the Hono app answered (it logged the request itself). */
  async function answer(req: IncomingMessage, res: ServerResponse, requestId: string): Promise<number | null> {
    const locale = apiLocale(req.headers["accept-language"]);
    const origin = req.headers.origin;
    const headers = commonHeaders(origin, requestId);
    const refuse = (status: number, key: string, code: string, extra: Record<string, string> = {}) => {
      send(res, status, { ...headers, "Content-Type": "application/json", ...extra }, graphqlErrorBody(locale, key, code));
      return status;
    };
    const tooLarge = () => {
      drainRefusedBody(req);
      send(
        res,
        413,
        { ...headers, "Content-Type": "application/json", Connection: "close" },
        JSON.stringify({ errors: [{ message: payloadTooLargeMessage(locale, BODY_LIMITS.graphql), extensions: { code: "PAYLOAD_TOO_LARGE" } }] }),
      );
      return 413;
    };
    if (Number(req.headers["content-length"] ?? 0) > BODY_LIMITS.graphql) return tooLarge();

    const request = nodeRequest(base + (req.url ?? "/graphql"), req.headers);
    if (isForeignOrigin(config, request)) return refuse(403, "api:foreignOrigin", "FOREIGN_ORIGIN");
    if (!req.headers["x-graphql-csrf"]) return refuse(403, "api:csrfMissing", "CSRF_HEADER_MISSING");
    const text = await readBody(req, BODY_LIMITS.graphql);
    if (text === null) return tooLarge();
    let params: unknown;
    try {
      params = JSON.parse(text);
    } catch {
      return refuse(400, "api:invalidJson", "BAD_REQUEST");
    }
    if (!isPlainOperation(params)) {
      // Batches, wrong types, extra keys: Yoga's own request handling answers them, through Hono.
      const response = await deps.fallback(
        new Request(base + (req.url ?? "/graphql"), { method: "POST", headers: req.headers as Record<string, string>, body: text }),
        { incoming: req, outgoing: res },
      );
      const out: Record<string, string> = {};
      response.headers.forEach((value, name) => {
        if (name !== "content-length" && name !== "transfer-encoding" && name !== "set-cookie") out[name] = value;
      });
      const cookies = response.headers.getSetCookie();
      send(res, response.status, cookies.length ? { ...out, "set-cookie": cookies } : out, Buffer.from(await response.arrayBuffer()));
      return null;
    }

    let ctx: RequestContext;
    try {
      // A fresh object per request: completed in place rather than copied.
      ctx = await deps.requestContext(request, requestId, locale);
      ctx.clientAddress = clientAddressFrom(req.headers["x-forwarded-for"], req.socket.remoteAddress, config.trustProxy);
      ctx.parsedBody = params;
    } catch (error) {
      log.error({ err: error, requestId }, "could not build the request context");
      return refuse(503, "api:internal", "SERVICE_UNAVAILABLE");
    }

    let result: unknown;
    try {
      result = await (prepared?.(params, request, ctx) ?? yoga.getResultForParams({ params, request }, ctx));
    } catch (error) {
      // What Yoga's handle does with an error thrown outside the resolvers (handleError): masked.
      const masked = yoga.maskedErrorsOpts ? maskError(error, yoga.maskedErrorsOpts.errorMessage, yoga.maskedErrorsOpts.isDev) : error;
      if (masked !== error) log.error({ err: error, requestId }, "graphql");
      result = {
        errors: [masked instanceof GraphQLError ? masked : new GraphQLError((masked as Error).message, { originalError: masked as Error })],
      } satisfies ExecutionResult;
    }

    // Yoga's result processing (process-request.ts processResult): our hooks (useRequestErrorStatus)
    // and Yoga's content negotiation pick the processor, which builds the status, headers and body.
    let processor: ((result: unknown, fetchAPI: unknown, accepted: string) => unknown) | undefined;
    let accepted = "*/*";
    const acceptableMediaTypes: string[] = [];
    for (const hook of yoga.onResultProcessHooks) {
      await hook({
        request,
        acceptableMediaTypes,
        result,
        setResult: (next) => {
          result = next;
        },
        resultProcessor: processor,
        setResultProcessor: (next, mediaType) => {
          processor = next;
          accepted = mediaType;
        },
        serverContext: ctx,
      });
    }
    if (!processor) {
      send(res, 406, { ...headers, accept: acceptableMediaTypes.join("; charset=utf-8, ") }, null);
      return 406;
    }
    const processed = (await processor(result, { Response: CapturedResponse }, accepted)) as CapturedResponse;
    if (!(processed instanceof CapturedResponse) || (processed.body !== null && typeof processed.body !== "string")) {
      throw new Error("the GraphQL result processor did not answer with a string body");
    }
    const status = processed.init.status ?? 200;
    // Yoga's headers (content type), then the common ones over them, as app.ts's middleware sets them.
    const out: Record<string, string> = headers;
    const own = processed.init.headers ?? {};
    for (const name in own) if (!(name in out)) out[name] = own[name];
    if (status === 429 && !Object.keys(out).some((name) => name.toLowerCase() === "retry-after")) out["Retry-After"] = "60";
    send(res, status, out, processed.body);
    return status;
  }

  return (req, res) => {
    if (req.method !== "POST" || req.url !== "/graphql") return false;
    if (!req.headers["content-type"]?.toLowerCase().startsWith("application/json")) return false;
    const accept = req.headers.accept;
    if (accept !== undefined && accept !== "" && !JSON_ACCEPT.test(accept)) return false;

    const started = performance.now();
    const requestId = requestIdFrom(req.headers["x-request-id"], config.trustProxy) ?? crypto.randomUUID();
    void answer(req, res, requestId)
      .catch((error: unknown) => {
        log.error({ err: error, requestId }, "unhandled error");
        if (!res.headersSent) send(res, 500, { "Content-Type": "application/json", "X-Request-Id": requestId }, internalErrorBody());
        else res.destroy();
        return 500;
      })
      .then((status) => {
        if (status === null) return;
        log.info({ requestId, method: "POST", path: loggablePath("/graphql"), status, ms: Math.round(performance.now() - started) }, "request");
      });
    return true;
  };
}
