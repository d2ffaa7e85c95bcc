import crypto from "node:crypto";
import path from "node:path";
import type { IncomingMessage, ServerResponse } from "node:http";
import { getRequestListener } from "@hono/node-server";
import { serveStatic } from "@hono/node-server/serve-static";
import { type Context, Hono, type MiddlewareHandler } from "hono";
import { compress } from "hono/compress";
import { type ServerBuild, createRequestHandler } from "react-router";
import { type Locale, decideLocale, localeCookieHeader, splitLocalePath } from "../shared/locales";
import { translator } from "../shared/i18n/server";
import type { Config } from "./config";
import type { Database } from "./db/client";
import { type ReadReplica, primaryReadDb } from "./db/replica";
import { type FileStorage, createFileStorage, filesRoutes } from "./files";
import type { AuthState, RequestContext } from "./graphql/context";
import type { GraphQLLimits } from "./graphql/rules";
import { type GraphQLExecutor, createGraphQLHandler } from "./graphql/yoga";
import { BODY_LIMITS, graphqlBodyLimit, limitBody } from "./http/body-limit";
import { GRAPHQL_VARY, addVary, applyCors, isAllowedOrigin, isForeignOrigin } from "./http/cors";
import { type GraphQLNodeHandler, createGraphQLNodeHandler } from "./http/graphql-node";
import { type PublicPageNodeHandler, createPublicPageNodeHandler, knownStamps } from "./http/page-node";
import { storedFormOf } from "./http/stored-page";
import { type MarketingPageCache, createMarketingPageCache } from "./modules/marketing/page-cache";
import { apiLocale, clientAddressFrom, graphqlErrorBody, internalErrorBody, requestIdFrom } from "./http/request";
import { createNonce, loggablePath, securityHeaders } from "./http/security";
import type { Logger } from "./logger";
import type { Mailer } from "./mail/mailer";
import { devCheckoutRoutes, invoiceRoutes, webhookRoutes } from "./modules/billing/billing.routes";
import { conversationFormRoutes } from "./modules/conversation/conversation.routes";
import { accountDataRoutes } from "./modules/account-data/account-data.routes";
import { authRoutes } from "./modules/identity/auth.routes";
import { optionChangeRoutes } from "./modules/public-quote/option-changes";
import { type PublicPageCache, createPublicPageCache } from "./modules/public-quote/page-cache";
import { type PublicReadCache, createPublicReadCache } from "./modules/public-quote/read-cache";
import type { OfferlyLoadContext } from "../web/context";
import { type QuoteFragmentCache, createQuoteFragmentCache } from "./modules/public-quote/fragment-cache";
import { quotePdfRoutes } from "./modules/public-quote/quote-pdf.routes";
import { authenticate as authenticateSession } from "./modules/identity/sessions";
import { docusignRoutes, docusignWebhookRoutes } from "./modules/integrations/docusign/docusign.routes";
import { mollieConnectRoutes } from "./modules/integrations/mollie/mollie-connect.routes";
import { quotePaymentFormRoutes, quotePaymentWebhookRoutes } from "./modules/quote-payments/quote-payments.routes";
import { slackRoutes } from "./modules/integrations/slack/slack.routes";
import { type BeaconBatchOptions, createBeaconBatcher } from "./modules/statistics/beacon-batch";
import { beaconHandler } from "./modules/statistics/statistics.routes";
import { createWebhookEndpoint, deleteWebhookEndpoint } from "./modules/webhooks/webhooks.service";
import { REST_BASE, type RestWebhooks, restRoutes } from "./rest";
import { configureEventLinks } from "./events/links";
import { customDomainOf, hostName, hostRouting, isLoopbackCaller, isMainHost } from "./modules/custom-domains/host-routing";
import { servingDomain } from "./modules/custom-domains/custom-domains.service";
import { normaliseDomain } from "../shared/custom-domains";

export type AppDeps = {
  config: Config;
  db: Database;
  log: Logger;
  mail: Mailer;
  /** Resolves the caller (session cookie or bearer token, Account header) once per request. */
  authenticate?: (request: Request, db: Database) => Promise<AuthState>;
  /** Server-side rendering: the React Router build (a function in development, for hot reload). */
  ssr?: { build: ServerBuild | (() => Promise<ServerBuild>); mode: "production" | "development" };
  /** Folder of built client files (build/client) to serve; undefined when Vite serves them. */
  staticRoot?: string;
  /** Overrides of the GraphQL depth/cost limits (tests use small ones). */
  graphqlLimits?: Partial<GraphQLLimits>;
  /** graphql-jit for the queries it compiles (the default), or graphql-js for all (decision 089). */
  graphqlExecutor?: GraphQLExecutor;
  /** Health check of the database. */
  ping: () => Promise<void>;
  /** The files adapter; made from the configuration when not given. */
  files?: FileStorage;
  /** DATABASE_READ_URL's replica (decision 036); without it `ctx.readDb` reads `db`. */
  readReplica?: ReadReplica;
  /** The public quote page's cache (decision 033); made here when not given, off in development. */
  publicPageCache?: PublicPageCache;
  /** The marketing pages' cache (decision 092); made here when not given, off in development. */
  marketingPageCache?: MarketingPageCache;
  /** The rendered quote documents' cache (decision 088); made here when not given, off in development; null: off. */
  quoteFragments?: QuoteFragmentCache | null;
  /** The public page's read models kept under their stamp (decision 095); made here when not given, off in development; null: off. */
  publicReads?: PublicReadCache | null;
  /** The public quote page rendered without React Router when it can be (decision 096; default true, production builds only). */
  publicPageDirect?: boolean;
  /** The REST API's cost budget per key (tests use small ones); the GraphQL budget by default. */
  restBudget?: { limit?: number; windowSeconds?: number; leaseUnits?: number };
  /** How POST /api/beacon batches its writes (decision 064; tests use other sizes). */
  beaconBatch?: BeaconBatchOptions;
};

/** `scriptHashes`: the answer is a stored page (decisions 068, 092): its CSP allows these hashes instead of the nonce. */
type Env = { Variables: { requestId: string; nonce: string; scriptHashes?: string[] } };

/** The public page's path with a plain slug (nothing percent-encoded, so as React Router decodes it) and the nanoId (decision 096). */
const DIRECT_PAGE_PATH = /^(?:\/nl)?\/quote\/([A-Za-z0-9_-]{1,200})\/([A-Za-z0-9_-]{22,64})$/;
/** entry.server.tsx's `renderPublicQuote`: null when the answer is not the page (a redirect, 404, 410). */
type RenderPublicQuote = (
  request: Request,
  loadContext: OfferlyLoadContext,
  target: { slug: string; nanoId: string; css: { root: readonly string[]; page: readonly string[] } },
) => Promise<Response | null>;

/** Pages (and their .data loader requests) whose answers are never stored by a cache. */
const PRIVATE_PAGES = /^\/(app|quote|auth|complete-profile|accept-invite)(\/|\.data$|$)/;

/** The language of an API call: the client sends its interface language in Accept-Language. */
/** The caller's address (http/request.ts clientAddressFrom) from a Fetch request and its node socket. */
function clientAddressOf(request: Request, env: unknown, trustProxy: boolean): string | undefined {
  return clientAddressFrom(
    request.headers.get("x-forwarded-for"),
    (env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming?.socket?.remoteAddress,
    trustProxy,
  );
}

export function createApp(deps: AppDeps) {
  const { config, db, log, mail } = deps;
  configureEventLinks(config.publicUrl);
  const app = new Hono<Env>();
  // Routing by Host first (modules/custom-domains, decision 060): the main host goes on; an active
  // custom domain answers only its public quote pages (no cookies); any other host gets 421.
  app.use("*", hostRouting({ config, db, log, dispatch: (request, env) => app.fetch(request, env) }));
  const yoga = createGraphQLHandler({ config, log, limits: deps.graphqlLimits, executor: deps.graphqlExecutor });
  const files = deps.files ?? createFileStorage(config);
  const authenticate = deps.authenticate ?? ((request: Request, database: Database) => authenticateSession(request, database, config));

  /** For rate limits: "unknown" for in-process requests (tests), which have no socket. */
  const clientIp = (c: Context): string => clientAddressOf(c.req.raw, c.env, config.trustProxy) ?? "unknown";

  // REST hooks (POST/DELETE /api/v1/webhooks) through the webhooks service, as the Developers screen.
  const restWebhooks: RestWebhooks = {
    create: async (database, accountId, actor, input) => {
      const { endpoint, secret } = await createWebhookEndpoint(database, accountId, actor, input, config.webhooks);
      return { id: endpoint.id, secret };
    },
    delete: (database, accountId, actor, id) => deleteWebhookEndpoint(database, accountId, actor, id),
  };

  const primaryReads = primaryReadDb(db);
  // Beacons are written in batches (decision 064): the owner of the app closes it before the database.
  const beacons = createBeaconBatcher(db, log, deps.beaconBatch);
  async function requestContext(request: Request, requestId: string, locale: Locale): Promise<RequestContext> {
    const readDb = deps.readReplica?.forRequest(request) ?? primaryReads;
    return { requestId, request, locale, t: translator(locale), db, readDb, config, log, mail, files, auth: await authenticate(request, db) };
  }

  // Request id, timing and one structured log line per request (no query strings: they may hold tokens).
  const requestLog: MiddlewareHandler<Env> = async (c, next) => {
    const started = performance.now();
    const requestId = requestIdFrom(c.req.header("x-request-id"), config.trustProxy) ?? crypto.randomUUID();
    c.set("requestId", requestId);
    try {
      await next();
    } finally {
      c.header("X-Request-Id", requestId);
      log.info(
        { requestId, method: c.req.method, path: loggablePath(c.req.path), status: c.res.status, ms: Math.round(performance.now() - started) },
        "request",
      );
    }
  };

  // Reading-time beacons of the public quote page (modules/statistics, decision 026): the hottest
  // public write, always a 204 without a body. Registered ahead of the middleware below, which it
  // does not need (a page's CSP nonce and security headers, compression, the 429 hint): only the
  // request log line, the /api body limit and, in the route, the Origin check apply.
  app.post(
    "/api/beacon",
    requestLog,
    limitBody(BODY_LIMITS.api, "api"),
    beaconHandler({ beacons, config, log, clientIp: (request, env) => clientAddressOf(request, env, config.trustProxy) ?? "unknown" }),
  );

  app.use("*", requestLog);
  app.use("*", (c, next) => {
    // Only pages carry inline scripts: a /graphql answer (JSON) needs no nonce (jsonSecurityHeaders).
    if (c.req.path !== "/graphql") c.set("nonce", createNonce());
    return next();
  });

  // The same headers for every /graphql answer, computed once (its CSP allows no inline script at all).
  const jsonSecurityHeaders = Object.entries(securityHeaders({ config, path: "/graphql" }));
  app.use("*", async (c, next) => {
    await next();
    const nonce = c.get("nonce");
    const scriptHashes = c.get("scriptHashes");
    const headers =
      nonce === undefined
        ? jsonSecurityHeaders
        : Object.entries(scriptHashes ? securityHeaders({ config, scriptHashes, path: c.req.path }) : securityHeaders({ config, nonce, path: c.req.path }));
    for (const [name, value] of headers) {
      c.res.headers.set(name, value);
    }
  });

  // Pages, scripts, styles and XML go out gzip-compressed (on slow mobile networks this is most of
  // the page's weight). GraphQL is left to Yoga.
  const compressText = compress();
  app.use("*", (c, next) => (c.req.path === "/graphql" ? next() : compressText(c, next)));

  // Every 429 says when to come back (routes that know the exact window set it themselves).
  app.use("*", async (c, next) => {
    await next();
    if (c.res.status === 429 && !c.res.headers.has("Retry-After")) c.res.headers.set("Retry-After", "60");
  });

  // Every /graphql answer, a 413 from its body limit included, gets CORS, no-store and Vary
  // (as the node:http path's answers do: tests/integration/graphql-security-parity.test.ts).
  app.use("/graphql", async (c, next) => {
    await next();
    // In place: assigning c.res would copy the old headers back.
    const origin = c.req.header("origin");
    applyCors(c.res.headers, isAllowedOrigin(config, origin) ? origin : undefined, c.req.method === "OPTIONS");
    c.res.headers.set("Cache-Control", "private, no-store");
    addVary(c.res.headers, ...GRAPHQL_VARY);
  });

  // Body limits, before any route reads a body (413 at once when Content-Length is too large).
  app.use("/graphql", graphqlBodyLimit());
  // The REST API (/api/v1) has the /api limit too, refused as problem details.
  const apiLimit = limitBody(BODY_LIMITS.api, "api");
  const restLimit = limitBody(BODY_LIMITS.api, "problem");
  app.use("/api/*", (c, next) => (c.req.path.startsWith(`${REST_BASE}/`) ? restLimit(c, next) : apiLimit(c, next)));
  const pageFormLimit = limitBody(BODY_LIMITS.pageForm, "page");
  app.use("*", (c, next) => (c.req.path === "/graphql" || c.req.path.startsWith("/api/") ? next() : pageFormLimit(c, next)));

  app.onError((error, c) => {
    log.error({ err: error, requestId: c.get("requestId") }, "unhandled error");
    if (c.req.header("accept")?.includes("text/html")) {
      const { locale } = splitLocalePath(c.req.path);
      const t = translator(locale);
      return c.html(
        `<!DOCTYPE html><html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${t("errors.internalTitle")}</title></head>` +
          `<body style="font-family:system-ui,sans-serif;max-width:36rem;margin:15vh auto;padding:0 1rem;text-align:center"><h1>${t("errors.internalTitle")}</h1><p>${t("errors.internal")}</p><p><a href="${locale === "nl" ? "/nl" : "/"}">${t("errors.backHome")}</a></p></body></html>`,
        500,
      );
    }
    return c.body(internalErrorBody(), 500, { "Content-Type": "application/json" });
  });

  // Caddy's on-demand TLS asks here before it requests a certificate (deploy/Caddyfile): 200 only for
  // an active custom domain of a Pro account. Loopback callers only, never through the proxy.
  app.get("/internal/domains/allow", async (c) => {
    if (!isLoopbackCaller(c.req.raw, c.env)) return c.text("Not found", 404);
    const domain = normaliseDomain(c.req.query("domain") ?? "");
    if (!domain) return c.text("domain is required", 400);
    return (await servingDomain(db, domain)) ? c.text("ok", 200) : c.text("not allowed", 404);
  });

  app.get("/healthz", async (c) => {
    try {
      await deps.ping();
      return c.json({ status: "ok" });
    } catch (error) {
      log.error({ err: error }, "health check failed");
      return c.json({ status: "unavailable" }, 503);
    }
  });

  // GraphQL. Every call must carry the x-graphql-csrf header: a cross-site form or <img> cannot
  // set custom headers, so a cookie session can never be used by another site. No other origin
  // may call it from a browser unless CORS_ORIGINS lists it (http/cors.ts). Answers hold account
  // data: never stored by any cache.
  app.on(["GET", "POST", "OPTIONS"], "/graphql", async (c) => {
    const locale = apiLocale(c.req.header("accept-language"));
    const graphqlError = (key: string, code: string, status: 400 | 403 | 503) =>
      c.body(graphqlErrorBody(locale, key, code), status, { "Content-Type": "application/json" });
    // Preflight: only an allowed origin gets the Access-Control-Allow-* answer it needs (added above).
    if (c.req.method === "OPTIONS") return c.body(null, 204);
    if (isForeignOrigin(config, c.req.raw)) return graphqlError("api:foreignOrigin", "FOREIGN_ORIGIN", 403);
    if (!c.req.header("x-graphql-csrf")) return graphqlError("api:csrfMissing", "CSRF_HEADER_MISSING", 403);
    const request = c.req.raw;
    let parsedBody: unknown;
    if (request.method === "GET") {
      for (const name of ["variables", "extensions"]) {
        const value = c.req.query(name);
        if (value === undefined || value === "") continue;
        try {
          JSON.parse(value);
        } catch {
          return graphqlError("api:invalidJson", "BAD_REQUEST", 400);
        }
      }
    }
    if (request.method === "POST" && request.headers.get("content-type")?.toLowerCase().includes("json")) {
      // Parse errors are answered here, in the caller's language: never the parser's own message.
      // Parsed once: Yoga takes this value (yoga.ts useParsedBody) instead of reading the body again.
      try {
        parsedBody = JSON.parse(await request.text());
      } catch {
        return graphqlError("api:invalidJson", "BAD_REQUEST", 400);
      }
    }
    let ctx: RequestContext;
    try {
      ctx = { ...(await requestContext(request, c.get("requestId"), locale)), clientAddress: clientAddressOf(c.req.raw, c.env, config.trustProxy), parsedBody };
    } catch (error) {
      // The caller could not even be identified (e.g. the database is down): a GraphQL-shaped 503.
      log.error({ err: error, requestId: c.get("requestId") }, "could not build the request context");
      return graphqlError("api:internal", "SERVICE_UNAVAILABLE", 503);
    }
    return yoga.fetch(request, ctx);
  });

  app.route("/api/auth", authRoutes({ db, config, log, mail, clientIp }));
  // The customer's choice of optional lines, as they tick and untick (modules/public-quote/option-changes.ts).
  app.route(
    "/api/quote-options",
    optionChangeRoutes({ db, config, log, authenticate, clientIp: (request, env) => clientAddressOf(request, env, config.trustProxy) ?? "unknown" }),
  );
  // An owner's data export (zip): GET /api/account-data/export?account=<id>.
  app.route("/api/account-data", accountDataRoutes({ db, log, authenticate }));
  // Stored files (logos, later PDFs): GET /files/<area>/<id>.<ext> (src/server/files/files.routes.ts).
  app.route("/files", filesRoutes({ files, log, db, authenticate }));

  // Billing (modules/billing/billing.routes.ts): the payment provider's webhook, invoice downloads,
  // and the development provider's checkout page (only when that provider is active).
  app.route("/api/webhooks", webhookRoutes({ db, config, log, clientIp: (request, env) => clientAddressOf(request, env, config.trustProxy) }));
  // Customers' payments of quotes on the owners' own Mollie accounts (modules/quote-payments, decision 058).
  app.route("/api/webhooks", quotePaymentWebhookRoutes({ db, config, log, clientIp: (request, env) => clientAddressOf(request, env, config.trustProxy) }));
  // DocuSign Connect (modules/integrations/docusign, decision 059): HMAC-checked completion, decline and void.
  app.route("/api/webhooks", docusignWebhookRoutes({ db, config, log, files }));
  app.route("/api/billing/invoices", invoiceRoutes({ db, config, log, authenticate }));
  // "Add to Slack"'s OAuth callback (modules/integrations/slack, decision 054).
  app.route("/api/integrations/slack", slackRoutes({ db, config, log, authenticate }));
  // "Connect with Mollie" (the owner's own Mollie account, issue 26): connect and callback.
  app.route("/api/integrations/mollie", mollieConnectRoutes({ db, config, log, authenticate }));
  // DocuSign (decision 059): connect, callback and the signed documents.
  app.route("/api/integrations/docusign", docusignRoutes({ db, config, log, files, authenticate }));
  if (config.payments.kind === "dev") app.route("/dev/checkout", devCheckoutRoutes({ db, config, log }));

  // The customer's question and decline forms on a public quote (no JavaScript needed): POST, then
  // a 303 back to the quote's page with a status message (modules/conversation).
  const conversationForms = conversationFormRoutes({ db, log, publicUrl: config.publicUrl, clientIp });
  app.route("/quote", conversationForms);
  app.route("/nl/quote", conversationForms);
  // The customer's "Pay" button (a plain form): a 303 to Mollie's checkout, or back with a status.
  const paymentForms = quotePaymentFormRoutes({ db, config, log, clientIp: (c) => clientAddressOf(c.req.raw, c.env, config.trustProxy) ?? "" });
  app.route("/quote", paymentForms);
  app.route("/nl/quote", paymentForms);
  // The public quote's sealed PDF (modules/public-quote, decision 025): GET /quote/:slug/:nanoId/pdf,
  // under the page's own prefix too (/nl/quote/…/pdf for a Dutch quote's page); the PDF is in the
  // quote's language either way, outside the locale redirect.
  const quotePdfs = quotePdfRoutes({ db, log, files, publicUrl: config.publicUrl, clientIp });
  app.route("/quote", quotePdfs);
  app.route("/nl/quote", quotePdfs);

  // The REST API for integrations (src/server/rest, decision 050): API keys only, OpenAPI at /api/v1/openapi.json.
  app.route(REST_BASE, restRoutes({ db, config, log, webhooks: restWebhooks, budget: deps.restBudget }));

  app.all("/api/*", (c) => c.json({ error: { code: "not-found", message: "Not found" } }, 404));

  // Static files: hashed assets are immutable; everything else revalidates.
  if (deps.staticRoot) {
    const root = path.relative(process.cwd(), deps.staticRoot) || ".";
    const cacheFor = (value: string) => async (c: Context, next: () => Promise<void>) => {
      await next();
      if (c.res.status === 200 || c.res.status === 206) c.res.headers.set("Cache-Control", value);
    };
    app.use("/assets/*", cacheFor("public, max-age=31536000, immutable"), serveStatic({ root }));
    app.use("/icons/*", cacheFor("public, max-age=86400"), serveStatic({ root }));
    // Browsers ask for /favicon.ico on pages that name no icon (the PDF's "being prepared" page,
    // error pages, a downloaded file's tab): the logo, not a 404 in every such tab's console.
    app.get("/favicon.ico", (c) => {
      c.header("Cache-Control", "public, max-age=86400");
      return c.redirect("/icons/logo.svg", 301);
    });
  }

  // Pages: locale redirects, then React Router.
  let pageNode: PublicPageNodeHandler | undefined;
  /** Public quote pages rendered directly, and those the direct render handed to the router (decision 096; tests read them). */
  const publicPageRenders = { direct: 0, routed: 0 };
  if (deps.ssr) {
    const handle = createRequestHandler(deps.ssr.build, deps.ssr.mode);
    // Public quote pages: cached rendered HTML, validated by one query on every request (decision 033).
    // The rendered quote documents (decision 088): off in development (a changed component must show at once) and at a bound of 0.
    const fragmentBytes = deps.ssr.mode === "development" ? 0 : config.quoteFragmentCacheBytes;
    const quoteFragments =
      deps.quoteFragments === undefined
        ? fragmentBytes > 0
          ? createQuoteFragmentCache({ maxBytes: fragmentBytes })
          : undefined
        : (deps.quoteFragments ?? undefined);
    // The public page's read models, validated by the page stamp on every request (decision 095): off in development and at a bound of 0.
    const readBytes = deps.ssr.mode === "development" ? 0 : config.publicReadCacheBytes;
    const publicReads =
      deps.publicReads === undefined ? (readBytes > 0 ? createPublicReadCache({ maxBytes: readBytes }) : undefined) : (deps.publicReads ?? undefined);
    // The public page without React Router (decision 096): the production build's entry exports it; development keeps the router.
    const renderDirect =
      deps.publicPageDirect !== false && deps.ssr.mode === "production" && typeof deps.ssr.build === "object"
        ? (deps.ssr.build.entry.module as { renderPublicQuote?: RenderPublicQuote }).renderPublicQuote
        : undefined;
    const manifest = typeof deps.ssr.build === "object" ? deps.ssr.build.assets.routes : {};
    const directCss = (routeId: string) => ({ root: manifest.root?.css ?? [], page: manifest[routeId]?.css ?? [] });
    const publicPages = deps.publicPageCache ?? createPublicPageCache({ db, log }, { maxBytes: deps.ssr.mode === "development" ? 0 : undefined });
    // A cached public page straight from node:http, ahead of Hono (decision 068); nodeListener routes to it.
    // Marketing pages for visitors: stored bytes too, answered on the same path (decision 092).
    const marketingPages = deps.marketingPageCache ?? createMarketingPageCache({ maxBytes: deps.ssr.mode === "development" ? 0 : undefined });
    pageNode = createPublicPageNodeHandler({
      config,
      log,
      cache: publicPages,
      marketing: marketingPages,
      readDb: (request) => deps.readReplica?.forRequest(request) ?? primaryReads,
    });
    app.all("*", async (c) => {
      const url = new URL(c.req.url);
      const decision = decideLocale({
        pathname: url.pathname,
        search: url.search,
        cookieHeader: c.req.header("cookie"),
        acceptLanguage: c.req.header("accept-language"),
      });
      const secure = config.publicUrl.startsWith("https://");
      const isPageRequest = (c.req.method === "GET" || c.req.method === "HEAD") && !url.pathname.endsWith(".data");
      if (decision.kind === "redirect" && isPageRequest) {
        const headers = new Headers({ Location: decision.location, "Cache-Control": "no-store", Vary: "Cookie, Accept-Language" });
        if (decision.setCookie) headers.append("Set-Cookie", localeCookieHeader(decision.setCookie, secure));
        return new Response(null, { status: 302, headers });
      }
      const locale = decision.kind === "render" ? decision.locale : splitLocalePath(url.pathname).locale;
      const ctx = await requestContext(c.req.raw, c.get("requestId"), locale);
      const clientAddress = clientAddressOf(c.req.raw, c.env, config.trustProxy);
      // On a custom domain the page's own links (canonical, alternates) name that domain.
      const onDomain = customDomainOf(c.req.raw);
      const publicConfig = onDomain ? { ...config.public, publicUrl: `https://${onDomain.domain}` } : config.public;
      const loadContext = { locale, nonce: c.get("nonce"), publicConfig, ctx, clientAddress, quoteFragments, publicReads };
      const routed = () => handle(c.req.raw, { ...loadContext, serverData: {} });
      // A public quote link at a plain path: rendered directly, or by the router when the answer is not the page (decision 096).
      const direct = renderDirect && c.req.method === "GET" ? DIRECT_PAGE_PATH.exec(url.pathname) : null;
      const render =
        renderDirect && direct
          ? async () => {
              try {
                const css = directCss(url.pathname.startsWith("/nl/") ? "nl:public-quote" : "public-quote");
                const answer = await renderDirect(c.req.raw, { ...loadContext, serverData: {} }, { slug: direct[1], nanoId: direct[2], css });
                if (answer) {
                  publicPageRenders.direct++;
                  return answer;
                }
              } catch (error) {
                // The router renders it again, with its error page if it fails there too.
                ctx.log.warn({ err: error }, "the public page's direct render failed");
              }
              publicPageRenders.routed++;
              return routed();
            }
          : routed;
      // What both page caches need to know of the request (decisions 068, 092).
      const page = {
        request: c.req.raw,
        locale,
        nonce: c.get("nonce"),
        signedIn: ctx.auth.user !== null,
        customDomain: onDomain?.domain,
        acceptEncoding: c.req.header("accept-encoding"),
        render,
      };
      const response = publicPages.isPagePath(url.pathname)
        ? await publicPages.serve({
            ...page,
            evidence: { ip: clientAddress ?? null, userAgent: c.req.header("user-agent") ?? null },
            readDb: ctx.readDb,
            // Read already by the node:http path for this request (decision 068), or undefined.
            stamp: knownStamps.get((c.env as { incoming?: object } | undefined)?.incoming ?? c.req.raw),
          })
        : marketingPages.isPagePath(url.pathname)
          ? await marketingPages.serve({ ...page, ifNoneMatch: c.req.header("if-none-match") })
          : await render();
      // A stored page (decisions 068, 092) carries its own Cache-Control, Vary and coding; its CSP allows its scripts' hashes, no nonce.
      const scriptHashes = storedFormOf(response);
      if (scriptHashes) c.set("scriptHashes", scriptHashes);
      if (decision.kind === "render" && decision.setCookie && isPageRequest) {
        response.headers.append("Set-Cookie", localeCookieHeader(decision.setCookie, secure));
      }
      // Anything for a signed-in user, the app, the sign-in pages and public quotes (secret links)
      // is private and never stored; public marketing pages for visitors only revalidate.
      const privateAnswer = ctx.auth.user !== null || PRIVATE_PAGES.test(splitLocalePath(url.pathname).path);
      if (scriptHashes) {
        // Its headers are the stored page's, the same on the node:http path.
      } else if (privateAnswer) {
        response.headers.set("Cache-Control", "private, no-store");
        response.headers.append("Vary", "Cookie, Accept-Language");
      } else if (response.headers.get("content-type")?.startsWith("text/html")) {
        response.headers.set("Cache-Control", "no-cache");
        response.headers.append("Vary", "Cookie, Accept-Language");
      }
      return response;
    });
  }

  // POST /graphql with JSON from node:http without Hono (decision 038); nodeListener routes to it.
  const graphqlNode: GraphQLNodeHandler = createGraphQLNodeHandler({ config, log, yoga, requestContext, fallback: (request, env) => app.fetch(request, env) });
  return Object.assign(app, { graphqlNode, pageNode, config, beacons, publicPageRenders: () => ({ ...publicPageRenders }) });
}

/**
 * The app as a node:http request listener (main.ts, and tests that need a real server): JSON
 * GraphQL POSTs through the node:http path, everything else through Hono.
 */
export function nodeListener(app: ReturnType<typeof createApp>): (req: IncomingMessage, res: ServerResponse) => void {
  const hono = getRequestListener(app.fetch);
  return (req, res) => {
    // Only the main host takes the direct /graphql path; a custom domain's requests go through the Host gate.
    const onMainHost = isMainHost(app.config, hostName(req.headers.host ?? "localhost"));
    if (!onMainHost) return void hono(req, res);
    if (app.graphqlNode(req, res)) return;
    // A cached public page (decision 068): answered here, or handed to Hono with the stamp it read.
    const pageNode = app.pageNode;
    if (pageNode?.takes(req)) {
      void pageNode.handle(req, res).then(
        (answered) => {
          if (!answered) void hono(req, res);
        },
        () => void hono(req, res),
      );
      return;
    }
    void hono(req, res);
  };
}
