import { EnvelopArmorPlugin } from "@escape.tech/graphql-armor";
import { type DocumentNode, type ExecutionResult, GraphQLError, NoSchemaIntrospectionCustomRule, getOperationAST } from "graphql";
import { fieldExtensionsEstimator, getComplexity, simpleEstimator } from "graphql-query-complexity";
import { type GraphQLParams, type Plugin, createYoga, envelop } from "graphql-yoga";
import type { Config } from "../config";
import { AppError, redactError } from "../errors";
import { createBudget } from "../http/rate-limit";
import type { Logger } from "../logger";
import type { GraphQLContext } from "./context";
import { COST_LIMITS } from "./cost";
import { databaseLane } from "./database-lane";
import { PreparedDocuments, useCompiledExecution } from "./compiled-execution";
import { type ExecutionPlugins, type MaskedErrors, type PreparedExecution, checkExecutionHooks, createPreparedExecution } from "./prepared-execution";
import { schema } from "./schema";
import { translateKey } from "../../shared/i18n/index";

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
 * Refuses an operation whose cost is over the limit (400), then spends its cost from the caller's
 * budget: the signed-in user's, or the client address's when signed out (429 with Retry-After when
 * it is used up). The budget lives in the database so that every app server shares it; each server
 * takes it a lease at a time (http/rate-limit.ts createBudget), so most requests write nothing.
 */
function useQueryCost(limits: GraphQLLimits, budget: GraphQLBudget): Plugin<GraphQLContext> {
  return {
    async onExecute({ args, setResultAndStopExecution }) {
      const ctx = args.contextValue as GraphQLContext;
      // The resolvers of this request queue their statements in one lane (embedded database only).
      ctx.db = databaseLane(ctx.db);
      const cost = queryCost(args);
      if (cost === undefined) return;
      const refusal = costRefusal(limits, ctx, cost) ?? (await budgetRefusal(budget, ctx, cost));
      if (refusal) setResultAndStopExecution(refusal);
    },
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

/** The API key rules above as an execution hook. */
function useApiKeyRules(): Plugin<GraphQLContext> {
  return {
    onExecute({ args, setResultAndStopExecution }) {
      const refusal = apiKeyRefusal(args.contextValue as GraphQLContext, args.document, args.operationName);
      if (refusal) setResultAndStopExecution(refusal);
    },
  };
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

/** The translation above, after execution. */
function usePublicErrors(log: Logger): Plugin<GraphQLContext> {
  return {
    onExecute({ args }) {
      const ctx = args.contextValue as GraphQLContext;
      return {
        onExecuteDone({ result, setResult }) {
          if (!("errors" in result) || !result.errors?.length) return;
          setResult(publicErrors(log, ctx, result));
        },
      };
    },
  };
}

/**
 * A request that never reached execution (syntax error, unknown field, too deep, too many aliases,
 * unknown operation, …) has errors and no `data`: that is a client error, so answer 400 whatever
 * the Accept header, never 200 with errors.
 */
function useRequestErrorStatus(): Plugin<GraphQLContext> {
  return {
    onResultProcess({ result, setResult }) {
      if (Array.isArray(result) || !result || typeof result !== "object") return;
      if (!("errors" in result) || !result.errors?.length || ("data" in result && result.data !== undefined)) return;
      setResult({
        ...result,
        errors: (result.errors as GraphQLError[]).map((error) => {
          const http = (error.extensions?.http ?? {}) as { status?: number; headers?: Record<string, string> };
          const status = http.status && http.status >= 400 ? http.status : 400;
          return new GraphQLError(error.message, {
            nodes: error.nodes,
            source: error.source,
            positions: error.positions,
            path: error.path,
            originalError: error.originalError,
            extensions: { ...error.extensions, code: error.extensions?.code ?? "BAD_REQUEST", http: { ...http, status, spec: false } },
          });
        }),
      });
    },
  };
}

/**
 * The HTTP layer (app.ts) has read and parsed a JSON POST body already, to answer invalid JSON in
 * the caller's language: Yoga takes that value rather than a rebuilt request it would read and
 * parse a second time (rebuilding the request was ~5 % of a small query's CPU time).
 */
function useParsedBody(): Plugin<GraphQLContext> {
  return {
    onRequestParse({ serverContext, setRequestParser }) {
      const body = (serverContext as Partial<GraphQLContext>).parsedBody;
      if (body !== undefined) setRequestParser(() => body as GraphQLParams);
    },
  };
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

/** The input depth limit above, on the request's parameters. */
function useInputDepthLimit(limits: GraphQLLimits): Plugin<GraphQLContext> {
  return {
    onParams({ params, context, setResult }) {
      const refusal = inputDepthRefusal(limits, params, (context as Partial<GraphQLContext>).t);
      if (refusal) setResult(refusal);
    },
  };
}

/**
 * Refuses introspection (`__schema`, `__type`) in production, as a validation rule: it runs in
 * graphql-js's validation, which both the Hono route and the node:http fast path (decision 038)
 * go through. (`useDisableIntrospection` decided per request in `onRequestParse`, a hook the fast
 * path never runs: introspection was open over POST.)
 */
function useNoIntrospection(): Plugin<GraphQLContext> {
  return {
    onValidate({ addValidationRule }) {
      addValidationRule(NoSchemaIntrospectionCustomRule);
    },
  };
}

/**
 * The hooks the node:http fast path runs (graphql-node.ts: `getResultForParams`, then the
 * `onResultProcess` hooks): envelop's stages and Yoga's onParams / onExecutionResult /
 * onResultProcess. A rule in any other hook (`onRequest`, `onRequestParse`, `onResponse`) would
 * hold on one path only, so the plugin set may not use them (checked when the handler is made).
 */
export const FAST_PATH_HOOKS = new Set([
  "onPluginInit",
  "onEnveloped",
  "onContextBuilding",
  "onParse",
  "onValidate",
  "onExecute",
  "onSubscribe",
  "onSchemaChange",
  "onParams",
  "onExecutionResult",
  "onResultProcess",
  "onYogaInit",
  "instrumentation",
]);

/**
 * THE plugin set of /graphql — every rule a request meets (armor's shape limits, introspection,
 * field suggestions, query cost and budget, request error status, error translation and
 * masking) — defined once for both paths. Every plugin, and every plugin armor adds, may use only
 * FAST_PATH_HOOKS: `graphqlPluginHookGaps` names any that does not.
 */
export function graphqlPlugins(options: { config: Config; log: Logger; limits: GraphQLLimits; executor?: GraphQLExecutor }): Plugin<GraphQLContext>[] {
  return graphqlPluginSet(options).plugins;
}

/** The plugin set, with the plugins whose execution hooks the prepared path stands in for (decision 093). */
function graphqlPluginSet(options: {
  config: Config;
  log: Logger;
  limits: GraphQLLimits;
  executor?: GraphQLExecutor;
  budget?: GraphQLBudget;
  prepared?: PreparedDocuments;
}): { plugins: Plugin<GraphQLContext>[]; execution: ExecutionPlugins | null } {
  const { config, log, limits, executor = "jit", budget = createGraphQLBudget(limits), prepared } = options;
  const inputDepth = useInputDepthLimit(limits);
  const apiKeys = useApiKeyRules();
  const cost = useQueryCost(limits, budget);
  const errors = usePublicErrors(log);
  const compiled = executor === "jit" ? useCompiledExecution(schema, prepared) : null;
  const plugins = [
    inputDepth,
    EnvelopArmorPlugin({
      maxDepth: { n: limits.maxDepth },
      costLimit: { maxCost: limits.maxCost },
      maxAliases: { n: limits.maxAliases },
      maxDirectives: { n: limits.maxDirectives },
      maxTokens: { n: limits.maxTokens },
      blockFieldSuggestion: { enabled: config.isProduction },
    }) as Plugin<GraphQLContext>,
    ...(config.isProduction ? [useNoIntrospection()] : []),
    apiKeys,
    cost,
    useRequestErrorStatus(),
    errors,
    // Last: every rule above has run (and may have stopped the execution) before the executor runs.
    ...(compiled ? [compiled] : []),
  ];
  return { plugins, execution: compiled ? { inputDepth, apiKeys, queryCost: cost, publicErrors: errors, compiled } : null };
}

/**
 * Who executes an operation (decision 089, after 077): graphql-jit's compiled executor for the
 * queries it compiles (compiled-execution.ts), else graphql-js's; "graphql-js" for every operation
 * (the parity test runs both).
 */
export type GraphQLExecutor = "jit" | "graphql-js";

/** `plugin #i: hook` for each hook of the set (armor's added plugins included) the fast path does not run. */
export function graphqlPluginHookGaps(plugins: Plugin<GraphQLContext>[]): string[] {
  const all = (envelop({ plugins: plugins as never[] }) as unknown as { _plugins: Record<string, unknown>[] })._plugins;
  return all.flatMap((plugin, i) =>
    Object.keys(plugin)
      .filter((hook) => !FAST_PATH_HOOKS.has(hook))
      .map((hook) => `plugin #${i}: ${hook}`),
  );
}

const pluginSets = new WeakMap<object, Plugin<GraphQLContext>[]>();
/** The plugin set a handler was made with (graphql-node.ts checks it). */
export function pluginSetOf(yoga: GraphQLHandler): Plugin<GraphQLContext>[] {
  const plugins = pluginSets.get(yoga);
  if (!plugins) throw new Error("not a handler made by createGraphQLHandler");
  return plugins;
}

export function createGraphQLHandler(options: { config: Config; log: Logger; limits?: Partial<GraphQLLimits>; executor?: GraphQLExecutor }) {
  const { config, log } = options;
  const limits = { ...GRAPHQL_LIMITS, ...options.limits };
  const budget = createGraphQLBudget(limits);
  const prepared = new PreparedDocuments();
  const { plugins, execution } = graphqlPluginSet({ config, log, limits, executor: options.executor, budget, prepared });
  const yoga = createYoga<GraphQLContext>({
    schema,
    graphqlEndpoint: "/graphql",
    // The platform's own fetch classes (which @hono/node-server speeds up), not a ponyfill.
    fetchAPI: globalThis,
    landingPage: false,
    graphiql: config.isProduction ? false : { title: "Offerly GraphQL", headers: JSON.stringify({ "x-graphql-csrf": "1" }) },
    // Safety net: anything usePublicErrors did not translate is masked, never leaked.
    maskedErrors: { errorMessage: "Something went wrong" },
    // Every /graphql body is limited before it is read (http/body-limit.ts: 1 MiB, uploads 5 MiB),
    // and a JSON body arrives here already parsed (useParsedBody): Yoga's own 25 MB limit would wrap
    // a stream that is already read.
    maxRequestBodySize: false,
    logging: {
      // Yoga logs two debug lines a request: nothing is formatted unless debug is on.
      debug: log.isLevelEnabled("debug") ? (...a: unknown[]) => log.debug({ detail: a.map(String) }, "graphql") : () => {},
      info: (...a: unknown[]) => log.info({ detail: a.map(String) }, "graphql"),
      warn: (...a: unknown[]) => log.warn({ detail: a.map(String) }, "graphql"),
      error: (...a: unknown[]) =>
        log.error({ error: redactError(a.find((x) => x instanceof Error)), detail: a.filter((x) => !(x instanceof Error)).map(String) }, "graphql"),
    },
    // useParsedBody adapts the Hono route's request parsing (the fast path parses the body itself);
    // every rule is in `plugins`, which both paths run.
    plugins: [useParsedBody(), ...plugins],
  });
  pluginSets.set(yoga, plugins);
  if (execution) {
    const internals = yoga as unknown as { plugins: Plugin<GraphQLContext>[]; maskedErrorsOpts: MaskedErrors };
    checkExecutionHooks(internals.plugins, execution, internals.maskedErrorsOpts);
    preparedPaths.set(yoga, createPreparedExecution({ limits, budget, log, prepared, maskedErrors: internals.maskedErrorsOpts }));
  }
  return yoga;
}

const preparedPaths = new WeakMap<object, PreparedExecution>();
/** The prepared path of a handler (decision 093), or null when its executor is graphql-js for every operation. */
export function preparedExecutionOf(yoga: GraphQLHandler): PreparedExecution | null {
  return preparedPaths.get(yoga) ?? null;
}
export type GraphQLHandler = ReturnType<typeof createGraphQLHandler>;
