import { EnvelopArmorPlugin } from "@escape.tech/graphql-armor";
import { GraphQLError, NoSchemaIntrospectionCustomRule } from "graphql";
import { type GraphQLParams, type Plugin, createYoga, envelop } from "graphql-yoga";
import type { Config } from "../config";
import { redactError } from "../errors";
import type { Logger } from "../logger";
import type { GraphQLContext } from "./context";
import { databaseLane } from "./database-lane";
import { PreparedDocuments, useCompiledExecution } from "./compiled-execution";
import { type ExecutionPlugins, type MaskedErrors, type PreparedExecution, checkExecutionHooks, createPreparedExecution } from "./prepared-execution";
import {
  GRAPHQL_LIMITS,
  type GraphQLBudget,
  type GraphQLLimits,
  apiKeyRefusal,
  budgetRefusal,
  costRefusal,
  createGraphQLBudget,
  inputDepthRefusal,
  publicErrors,
  queryCost,
} from "./rules";
import { schema } from "./schema";

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

/** The rules of an API key caller (rules.ts apiKeyRefusal), before any resolver runs and before the budget is spent. */
function useApiKeyRules(): Plugin<GraphQLContext> {
  return {
    onExecute({ args, setResultAndStopExecution }) {
      const refusal = apiKeyRefusal(args.contextValue as GraphQLContext, args.document, args.operationName);
      if (refusal) setResultAndStopExecution(refusal);
    },
  };
}

/** The errors turned into what the caller may see (rules.ts publicErrors), after execution. */
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

/** Variables nested deeper than `maxInputDepth` refused (rules.ts inputDepthRefusal), on the request's parameters. */
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
