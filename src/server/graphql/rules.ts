import { type DocumentNode, type ExecutionResult, GraphQLError, getOperationAST } from "graphql";
import { fieldExtensionsEstimator, getComplexity, simpleEstimator } from "graphql-query-complexity";
import { translateKey } from "../../shared/i18n/index";
import { AppError, redactError } from "../errors";
import { createBudget } from "../http/rate-limit";
import type { Logger } from "../logger";
import type { GraphQLContext } from "./context";
import { COST_LIMITS } from "./cost";
import { schema } from "./schema";

/*
 * The rules of /graphql as plain functions (decision 093): the plugins of yoga.ts call them on the
 * full Yoga path, prepared-execution.ts calls the same ones for a prepared query. Each returns the
 * refusal as an execution result, or undefined when the request may go on.
 */

/**
 * Limits that keep one request from exhausting the server: graphql-armor's shape limits (depth,
 * aliases, tokens, and its flat cost), our query cost that multiplies by list size (cost.ts), and
 * a per-user budget of cost units per window, counted in the database.
 */
export type GraphQLLimits = typeof GRAPHQL_LIMITS;
export const GRAPHQL_LIMITS = {
  maxDepth: 10,
  maxCost: 5000,
  maxAliases: 15,
  maxDirectives: 10,
  maxTokens: 3000,
  /**
   * Nesting of the variables (and extensions), objects and arrays counted: a rich-text document
   * (at most 32 nodes deep, shared/rich-text.ts, two levels each) fits with room to spare.
   */
  maxInputDepth: 100,
  maxQueryCost: COST_LIMITS.maxCost,
  budget: COST_LIMITS.budget,
  budgetWindowSeconds: COST_LIMITS.budgetWindowSeconds,
  /**
   * Units an app server takes from the shared budget at a time (createBudget): by default 1/50 of
   * the budget (at most 1 000 000); 1 = one database write per request.
   */
  budgetLeaseUnits: undefined as number | undefined,
};

const estimators = [fieldExtensionsEstimator(), simpleEstimator({ defaultComplexity: 0 })];

type CostArgs = { document: Parameters<typeof getComplexity>[0]["query"]; variableValues?: Record<string, unknown> | null; operationName?: string | null };

/**
 * Costs already computed, per document (Yoga's parse cache hands out the same document object for
 * the same query text) and per operation name + variables: the cost is a pure function of those
 * three and the schema, and computing it walks the whole document with the schema (≈ 4 % of a small
 * query's CPU time). Small variable sets only, at most 64 per document.
 */
const costCache = new WeakMap<object, Map<string, number | undefined>>();
const COST_CACHE_KEY_MAX = 512;
const COST_CACHE_PER_DOCUMENT = 64;

/** The cost of an operation (see cost.ts), or undefined when its variables are invalid (execution reports that). */
export function queryCost(args: CostArgs) {
  const key = `${args.operationName ?? ""}\u0000${args.variableValues ? JSON.stringify(args.variableValues) : ""}`;
  if (key.length > COST_CACHE_KEY_MAX) return computeQueryCost(args);
  let costs = costCache.get(args.document);
  if (!costs) {
    costs = new Map();
    costCache.set(args.document, costs);
  }
  if (costs.has(key)) return costs.get(key);
  const cost = computeQueryCost(args);
  if (costs.size >= COST_CACHE_PER_DOCUMENT) costs.clear();
  costs.set(key, cost);
  return cost;
}

function computeQueryCost(args: CostArgs) {
  try {
    return getComplexity({
      schema,
      query: args.document,
      variables: args.variableValues ?? {},
      operationName: args.operationName ?? undefined,
      estimators,
    });
  } catch {
    return undefined;
  }
}

/** The budget a request spends from: an API key's own (decision 050), the user's, or the client address's. */
function budgetKey(ctx: GraphQLContext): string | undefined {
  const who = ctx.auth.apiKey
    ? `apikey:${ctx.auth.apiKey.id}`
    : ctx.auth.user
      ? `user:${ctx.auth.user.id}`
      : ctx.clientAddress
        ? `ip:${ctx.clientAddress}`
        : undefined;
  return who && `graphql:${who}`;
}

/** useQueryCost's first rule, for both executions (the plugin, prepared-execution.ts): an operation over the cost limit → 400. */
export function costRefusal(limits: GraphQLLimits, ctx: GraphQLContext, cost: number): ExecutionResult | undefined {
  if (cost <= limits.maxQueryCost) return undefined;
  return {
    errors: [
      new GraphQLError(ctx.t("api:tooComplex") as string, {
        extensions: { code: "QUERY_TOO_EXPENSIVE", cost, maxCost: limits.maxQueryCost, http: { status: 400 } },
      }),
    ],
  };
}

export type GraphQLBudget = ReturnType<typeof createBudget>;

/** The GraphQL budget of a handler: one per handler, shared by both executions so that a caller spends from one. */
export function createGraphQLBudget(limits: GraphQLLimits): GraphQLBudget {
  return createBudget({ limit: limits.budget, windowSeconds: limits.budgetWindowSeconds, leaseUnits: limits.budgetLeaseUnits });
}

/** useQueryCost's second rule, for both executions: the cost spent from the caller's budget, or 429 with Retry-After. */
export async function budgetRefusal(budget: GraphQLBudget, ctx: GraphQLContext, cost: number): Promise<ExecutionResult | undefined> {
  const key = budgetKey(ctx);
  if (!key) return undefined; // in-process calls (tests) have no address
  const spent = await budget.spend(ctx.db, key, Math.max(1, cost));
  if (spent.allowed) return undefined;
  const retryAfter = String(Math.max(1, spent.retryAfterSeconds));
  return {
    errors: [
      new GraphQLError(ctx.t("api:rateLimited") as string, {
        extensions: { code: "RATE_LIMITED", retryAfterSeconds: Number(retryAfter), http: { status: 429, headers: { "Retry-After": retryAfter } } },
      }),
    ],
  };
}

/**
 * The rules of an API key caller (decision 050), before any resolver runs and before the budget is
 * spent, on both /graphql paths (an execution hook):
 * - a key that is unknown, revoked or expired → 401 UNAUTHENTICATED (never treated as a visitor);
 * - a key whose account may not use the API now (plan without `developerApi`, expired) → 403 with
 *   the plan refusal (`extensions.reason = "PLAN_REQUIRED"`);
 * - a READ_ONLY key and a mutation → 403 FORBIDDEN, whatever the mutation.
 */
export function apiKeyRefusal(ctx: GraphQLContext, document: DocumentNode, operationName: string | null | undefined): ExecutionResult | undefined {
  const { apiKey, invalidApiKey } = ctx.auth;
  if (!apiKey && !invalidApiKey) return undefined;
  const refuse = (message: string, extensions: Record<string, unknown>) => ({ errors: [new GraphQLError(message, { extensions })] });
  if (invalidApiKey || !apiKey) {
    return refuse(ctx.t("apiKeys:errors.invalidKey") as string, { code: "UNAUTHENTICATED", http: { status: 401, headers: { "WWW-Authenticate": "Bearer" } } });
  }
  if (apiKey.refusal) {
    const refusal = apiKey.refusal;
    return refuse(translateKey(ctx.t, refusal.messageKey, refusal.params), { ...refusal.details, code: refusal.code, http: { status: 403 } });
  }
  if (apiKey.role === "READ_ONLY" && getOperationAST(document, operationName ?? undefined)?.operation !== "query") {
    return refuse(ctx.t("apiKeys:errors.readOnly") as string, { code: "FORBIDDEN", http: { status: 403 } });
  }
  return undefined;
}

/**
 * Turns errors into what the caller may see, in the caller's language:
 * - AppError → its translated message, with `code` (and translated `fields` for forms);
 * - any other error thrown inside a resolver → "Something went wrong", logged with the request id;
 * - request errors (parse, validation, variables) keep graphql-js's message: they are for developers.
 */
export function publicErrors(log: Logger, ctx: GraphQLContext, result: ExecutionResult): ExecutionResult {
  if (!result.errors?.length) return result;
  const errors = result.errors.map((error) => {
    const original = error.originalError;
    if (original instanceof AppError) {
      const fields = original.fields
        ? Object.fromEntries(Object.entries(original.fields).map(([f, m]) => [f, translateKey(ctx.t, m.key, m.params)]))
        : undefined;
      return new GraphQLError(translateKey(ctx.t, original.messageKey, original.params), {
        nodes: error.nodes,
        // The compiled executor's errors carry no nodes, only their source positions (decision 089).
        source: error.source,
        positions: error.positions,
        path: error.path,
        extensions: { ...original.details, code: original.code, ...(fields ? { fields } : {}) },
      });
    }
    if (error.path && original && !(original instanceof GraphQLError)) {
      // Redacted: a database error's message carries the query's parameters (personal data).
      log.error({ error: redactError(original), requestId: ctx.requestId, path: error.path.join(".") }, "resolver failed");
      return new GraphQLError(ctx.t("api:internal") as string, {
        nodes: error.nodes,
        // The compiled executor's errors carry no nodes, only their source positions (decision 089).
        source: error.source,
        positions: error.positions,
        path: error.path,
        extensions: { code: "INTERNAL_SERVER_ERROR" },
      });
    }
    return error;
  });
  return { ...result, errors };
}

/** Whether a JSON value nests objects/arrays deeper than `max` (walked without recursion). */
export function nestsDeeperThan(value: unknown, max: number): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length) {
    const [node, depth] = stack.pop() as [unknown, number];
    if (typeof node !== "object" || node === null) continue;
    if (depth + 1 > max) return true;
    for (const child of Array.isArray(node) ? node : Object.values(node)) if (typeof child === "object" && child !== null) stack.push([child, depth + 1]);
  }
  return false;
}

/**
 * Refuses variables nested deeper than `maxInputDepth` (400) before anything walks them: the
 * query-cost cache key (JSON.stringify), graphql-js's input coercion and the validators all
 * recurse, and a 100,000-deep object overflowed the stack (a RangeError, answered as an internal
 * error). A literal in the query text is bounded by the token limit already.
 */
export function inputDepthRefusal(
  limits: GraphQLLimits,
  params: { variables?: unknown; extensions?: unknown },
  t: GraphQLContext["t"] | undefined,
): ExecutionResult | undefined {
  if (!nestsDeeperThan(params.variables, limits.maxInputDepth) && !nestsDeeperThan(params.extensions, limits.maxInputDepth)) return undefined;
  const message = t ? (t("api:inputTooDeep", { max: limits.maxInputDepth }) as string) : `Variables nested deeper than ${limits.maxInputDepth} levels`;
  return { errors: [new GraphQLError(message, { extensions: { code: "BAD_USER_INPUT", maxDepth: limits.maxInputDepth, http: { status: 400 } } })] };
}
