import { Hono } from "hono";
import type { z } from "zod";
import { translator } from "../../shared/i18n/server";
import type { Config } from "../config";
import type { Database } from "../db/client";
import { AppError } from "../errors";
import { COST_LIMITS } from "../graphql/cost";
import { apiLocale } from "../http/request";
import { createBudget } from "../http/rate-limit";
import type { Logger } from "../logger";
import { authenticateApiKey, looksLikeApiKey } from "../modules/api-keys/api-keys.service";
import { openApiDocument } from "./openapi";
import { PROBLEM_CONTENT_TYPE, RestProblem, problemBody, problemFromAppError } from "./problem";
import { REST_ROUTES, type RestRoute, type RestWebhooks } from "./routes";

export { REST_ROUTES } from "./routes";
export type { RestWebhooks } from "./routes";

/** Where app.ts mounts the REST API. */
export const REST_BASE = "/api/v1";

export type RestDeps = {
  db: Database;
  config: Config;
  log: Logger;
  webhooks: RestWebhooks;
  /** Overrides of the cost budget (tests). */
  budget?: { limit?: number; windowSeconds?: number; leaseUnits?: number };
};

/** `/webhooks/{id}` → `/webhooks/:id` (Hono's path syntax). */
export const honoPath = (path: string) => path.replace(/\{(\w+)\}/g, ":$1");

function fieldErrors(error: z.ZodError, where: "pointer" | "parameter") {
  return error.issues.map((issue) => {
    const path = issue.path.map(String);
    return {
      key: issue.message.includes(":") ? issue.message : "api:invalidInput",
      ...(where === "pointer" ? { pointer: `/${path.join("/")}` } : { parameter: path.join(".") || "query" }),
    };
  });
}

function parseOrProblem<S extends z.ZodType>(schema: S | undefined, value: unknown, where: "pointer" | "parameter", key: string): unknown {
  if (!schema) return undefined;
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  throw new RestProblem(400, "BAD_USER_INPUT", key, {}, { errors: fieldErrors(result.error, where) });
}

/**
 * The REST API (issue 23, decision 050), mounted at /api/v1 by app.ts: `Authorization: Bearer
 * ofr_live_…` (an API key; no cookie, no Account header), then for every route — 401 without a
 * valid key, 403 when the account's plan lacks the developer API, 403 for a READ_ONLY key on a
 * write, 429 when the key's cost budget (shared with its GraphQL requests) is spent — the
 * request validated with the route's zod schemas, and the same service as GraphQL. Every error is
 * `application/problem+json` in the caller's language. The body limit is the /api one (app.ts).
 */
export function restRoutes(deps: RestDeps) {
  const app = new Hono();
  const budget = createBudget({
    limit: deps.budget?.limit ?? COST_LIMITS.budget,
    windowSeconds: deps.budget?.windowSeconds ?? COST_LIMITS.budgetWindowSeconds,
    leaseUnits: deps.budget?.leaseUnits,
  });
  const document = openApiDocument(deps.config.publicUrl);

  const problem = (request: Request, p: RestProblem) => {
    const t = translator(apiLocale(request.headers.get("accept-language")));
    return new Response(JSON.stringify(problemBody(t, p)), {
      status: p.status,
      headers: { "Content-Type": PROBLEM_CONTENT_TYPE, "Cache-Control": "private, no-store", ...p.extra.headers },
    });
  };

  app.get("/openapi.json", (c) => c.json(document, 200, { "Cache-Control": "no-cache" }));

  function handler(def: RestRoute) {
    return async (c: import("hono").Context) => {
      const request = c.req.raw;
      const locale = apiLocale(request.headers.get("accept-language"));
      try {
        const authorization = request.headers.get("authorization") ?? "";
        const token = authorization.toLowerCase().startsWith("bearer ") ? authorization.slice(7).trim() : "";
        const unauthorized = (key: string) => new RestProblem(401, "UNAUTHENTICATED", key, {}, { headers: { "WWW-Authenticate": "Bearer" } });
        if (!token) throw unauthorized("apiKeys:rest.missingKey");
        const apiKey = token.length <= 200 && looksLikeApiKey(token) ? await authenticateApiKey(deps.db, token) : null;
        if (!apiKey) throw unauthorized("apiKeys:errors.invalidKey");
        if (apiKey.refusal) throw problemFromAppError(apiKey.refusal);
        if (def.write && apiKey.role === "READ_ONLY") throw new RestProblem(403, "FORBIDDEN", "apiKeys:errors.readOnly");
        // Parsed first: a list's cost follows the limit it asks for (issue 27 item 7).
        const query = parseOrProblem(def.query, c.req.query(), "parameter", "apiKeys:rest.invalidQuery");
        const params = parseOrProblem(def.params, c.req.param(), "parameter", "apiKeys:rest.invalidQuery");
        const cost = typeof def.cost === "function" ? def.cost(query) : def.cost;
        const spent = await budget.spend(deps.db, `graphql:apikey:${apiKey.id}`, cost);
        if (!spent.allowed) {
          const retryAfter = Math.max(1, spent.retryAfterSeconds);
          throw new RestProblem(
            429,
            "RATE_LIMITED",
            "api:rateLimited",
            {},
            { details: { retryAfterSeconds: retryAfter }, headers: { "Retry-After": String(retryAfter) } },
          );
        }
        let body: unknown;
        if (def.body) {
          if (!request.headers.get("content-type")?.toLowerCase().startsWith("application/json")) {
            throw new RestProblem(415, "UNSUPPORTED_MEDIA_TYPE", "apiKeys:rest.unsupportedMediaType");
          }
          let raw: unknown;
          try {
            raw = JSON.parse(await request.text());
          } catch {
            throw new RestProblem(400, "BAD_REQUEST", "apiKeys:rest.invalidJson");
          }
          body = parseOrProblem(def.body, raw, "pointer", "apiKeys:rest.invalidRequest");
        }
        const result = await def.handle({
          db: deps.db,
          config: deps.config,
          t: translator(locale),
          locale,
          apiKey,
          accountId: apiKey.accountId,
          query,
          params,
          body,
          webhooks: deps.webhooks,
        });
        if (result.body === undefined) return new Response(null, { status: result.status, headers: { "Cache-Control": "private, no-store" } });
        return new Response(JSON.stringify(result.body), {
          status: result.status,
          headers: { "Content-Type": "application/json", "Cache-Control": "private, no-store" },
        });
      } catch (error) {
        if (error instanceof RestProblem) return problem(request, error);
        if (error instanceof AppError) return problem(request, problemFromAppError(error));
        deps.log.error({ err: error, path: def.path }, "rest route failed");
        return problem(request, new RestProblem(500, "INTERNAL_SERVER_ERROR", "api:internal"));
      }
    };
  }

  for (const def of REST_ROUTES) app.on(def.method.toUpperCase(), honoPath(def.path), handler(def));

  // A known path with another method: 405 with Allow; anything else under /api/v1: 404.
  app.all("*", (c) => {
    const path = c.req.path.slice(REST_BASE.length) || "/";
    const allowed = [
      ...REST_ROUTES.filter((r) => new RegExp(`^${honoPath(r.path).replace(/:\w+/g, "[^/]+")}$`).test(path)).map((r) => r.method.toUpperCase()),
      ...(path === "/openapi.json" ? ["GET"] : []),
    ];
    if (allowed.length) {
      const p = new RestProblem(405, "METHOD_NOT_ALLOWED", "apiKeys:rest.methodNotAllowed", {}, { headers: { Allow: allowed.join(", ") } });
      return problem(c.req.raw, p);
    }
    return problem(c.req.raw, new RestProblem(404, "NOT_FOUND", "apiKeys:rest.notFound"));
  });

  return app;
}
