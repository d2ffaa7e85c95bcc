import { type ExecutionArgs, type ExecutionResult, GraphQLError } from "graphql";
import type { Plugin } from "graphql-yoga";
import type { Logger } from "../logger";
import { type Compiled, type GraphQLJs, type PreparedDocuments, compiledExecutionStats, executeCompiled, variablesRefused } from "./compiled-execution";
import type { GraphQLContext } from "./context";
import { databaseLane } from "./database-lane";
import { schema } from "./schema";
import { type GraphQLBudget, type GraphQLLimits, apiKeyRefusal, budgetRefusal, costRefusal, inputDepthRefusal, publicErrors, queryCost } from "./rules";

/** One operation object, as graphql-node.ts has checked it (isPlainOperation). */
export type PlainParams = {
  query: string;
  variables?: Record<string, unknown> | null;
  operationName?: string | null;
  extensions?: Record<string, unknown> | null;
};

/** Yoga's masking of what no rule translated (`maskedErrors`), as its instance keeps it. */
export type MaskedErrors = {
  errorMessage: string;
  maskError: (error: unknown, message: string) => unknown;
} | null;

/**
 * Decision 093 (issue 27 item 2): a query the full Yoga path has parsed, validated, run and
 * compiled (compiled-execution.ts PreparedDocuments) is answered again without Yoga's and envelop's
 * per-request machinery — the same rules, in the same order, through the same functions
 * (rules.ts), as the plugin set applies them:
 *
 * 1. onParams: the input depth limit; Yoga's parameter check is graphql-node.ts's isPlainOperation;
 * 2. parse and validation: done once for this text, by the full path (every rule passed);
 * 3. onExecute, in the plugin set's order: the API key rules; the database lane, the query cost
 *    and the budget; graphql-jit's compiled query (graphql-js's executor for what it cannot
 *    answer alike);
 * 4. onExecuteDone: the errors translated (usePublicErrors), then Yoga's masking.
 *
 * Whatever would be refused before anything is spent (too deep, an API key refused, variables
 * graphql-js refuses, an operation over the cost limit) returns undefined: the full path answers
 * it, with its own messages. After the budget is spent, this path answers, as the plugin would.
 * The result goes through Yoga's result processing in graphql-node.ts, as the full path's does.
 */
export type PreparedExecution = (params: PlainParams, request: Request, ctx: GraphQLContext) => Promise<ExecutionResult> | undefined;

/** The plugins whose execution hooks this path stands in for, in the set's order (see checkExecutionHooks). */
export type ExecutionPlugins = {
  inputDepth: Plugin<GraphQLContext>;
  apiKeys: Plugin<GraphQLContext>;
  queryCost: Plugin<GraphQLContext>;
  publicErrors: Plugin<GraphQLContext>;
  compiled: Plugin<GraphQLContext>;
};

/**
 * Refuses to make the prepared path for a plugin set whose per-request hooks it does not know: the
 * onParams hooks must be the input depth limit and Yoga's parameter check, the onExecute hooks
 * Yoga's engine, ours in `ExecutionPlugins` order, then Yoga's masking, and there may be no
 * onExecutionResult, onContextBuilding or instrumentation hook. A rule added as one of those hooks
 * must be added here too (the error says so at start).
 */
export function checkExecutionHooks(all: (Plugin<GraphQLContext> | undefined | false)[], ours: ExecutionPlugins, maskedErrors: MaskedErrors): void {
  const plugins = all.filter(Boolean) as Plugin<GraphQLContext>[];
  const withHook = (hook: keyof Plugin<GraphQLContext>) => plugins.filter((plugin) => plugin[hook]);
  const params = withHook("onParams");
  const execute = withHook("onExecute");
  const problems: string[] = [];
  if (params.length !== 2 || params[0] !== ours.inputDepth) problems.push(`onParams: ${params.length} hooks`);
  // Yoga's engine (useEngine: it sets the executor, graphql-tools' — PreparedDocuments.graphqlJs), ours, Yoga's masking.
  const [engine, ...rest] = execute;
  const expected = [ours.apiKeys, ours.queryCost, ours.publicErrors, ours.compiled];
  const isEngine = Boolean(engine?.onParse && engine.onValidate && engine.onSubscribe);
  if (!isEngine || rest.length !== expected.length + (maskedErrors ? 1 : 0) || expected.some((plugin, i) => rest[i] !== plugin)) {
    problems.push(`onExecute: ${execute.length} hooks (${execute.map((plugin) => Object.keys(plugin).join("+")).join(", ")})`);
  }
  if (withHook("onExecutionResult").length) problems.push("onExecutionResult");
  if (withHook("onContextBuilding").length) problems.push("onContextBuilding");
  // Yoga's instrumentation wraps the operation stages this path does not enter.
  if (withHook("instrumentation").length) problems.push("instrumentation");
  if (problems.length)
    throw new Error(`the prepared GraphQL path does not know the plugin set's hooks (${problems.join(", ")}): add the rule to prepared-execution.ts`);
}

export function createPreparedExecution(options: {
  limits: GraphQLLimits;
  budget: GraphQLBudget;
  log: Logger;
  prepared: PreparedDocuments;
  maskedErrors: MaskedErrors;
}): PreparedExecution {
  const { limits, budget, log, prepared, maskedErrors } = options;

  async function run(
    compiled: Compiled,
    graphqlJs: GraphQLJs,
    ctx: GraphQLContext,
    execArgs: ExecutionArgs,
    cost: number | undefined,
  ): Promise<ExecutionResult> {
    compiledExecutionStats.prepared += 1;
    try {
      // useQueryCost: the lane, then the budget (the cost limit was checked before anything was spent).
      ctx.db = databaseLane(ctx.db);
      if (cost !== undefined) {
        const refusal = await budgetRefusal(budget, ctx, cost);
        if (refusal) return refusal;
      }
      let result = await executeCompiled(compiled, execArgs, graphqlJs);
      if (!result.errors?.length) return result;
      result = publicErrors(log, ctx, result);
      if (!maskedErrors || !result.errors) return result;
      return {
        ...result,
        errors: result.errors.map((error) => maskedErrors.maskError(error, maskedErrors.errorMessage) as GraphQLError),
      };
    } catch (error) {
      // What Yoga's handleParams does with an error thrown during execution (its handleError).
      if (!maskedErrors) throw error;
      const masked = maskedErrors.maskError(error, maskedErrors.errorMessage) as Error;
      return {
        errors: [masked.name === "GraphQLError" ? (masked as GraphQLError) : new GraphQLError(masked.message, { originalError: masked })],
      };
    }
  }

  return (params, request, ctx) => {
    const entry = prepared.get(params.query, params.operationName);
    const graphqlJs = prepared.graphqlJs;
    if (!entry || !graphqlJs) return undefined;
    // onParams
    if (inputDepthRefusal(limits, params, ctx.t)) return undefined;
    // What Yoga's handleParams adds to the context.
    ctx.request = request;
    (ctx as GraphQLContext & { params?: unknown }).params = params;
    // onExecute, up to the first side effect: refusals are the full path's to answer.
    if (apiKeyRefusal(ctx, entry.document, params.operationName)) return undefined;
    const execArgs: ExecutionArgs = {
      schema,
      document: entry.document,
      contextValue: ctx,
      variableValues: params.variables,
      operationName: params.operationName,
    };
    const cost = queryCost(execArgs);
    if (cost !== undefined && costRefusal(limits, ctx, cost)) return undefined;
    if (variablesRefused(schema, entry.compiled, params.variables)) return undefined;
    return run(entry.compiled, graphqlJs, ctx, execArgs, cost);
  };
}
