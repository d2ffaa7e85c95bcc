import {
  type DocumentNode,
  type ExecutionArgs,
  type ExecutionResult,
  GraphQLError,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type Source,
  getOperationAST,
  getVariableValues,
} from "graphql";
import { compileQuery, isCompiledQuery } from "graphql-jit";
import type { Plugin } from "graphql-yoga";
import type { GraphQLContext } from "./context";

/**
 * Counters for the parity tests: operations run compiled, documents graphql-jit could not compile,
 * and requests the prepared path answered (prepared-execution.ts, decision 093).
 */
export const compiledExecutionStats = { compiled: 0, notCompiled: 0, notYetCompiled: 0, reExecuted: 0, prepared: 0 };
/** graphql-js runs a document this many times before it is compiled (see compiledFor). */
export const COMPILE_AFTER_RUNS = 1;
const NULL_PROPAGATION = "Cannot return null for non-nullable field";

export type Compiled = {
  query: (root: unknown, context: unknown, variables: unknown) => ExecutionResult | Promise<ExecutionResult>;
  operation: OperationDefinitionNode;
  source: Source | undefined;
  lineStarts: number[];
};
type JitError = Error & {
  locations?: { line: number; column: number }[];
  path?: (string | number)[];
  originalError?: Error;
  extensions?: Record<string, unknown>;
};

/**
 * Decisions 077 (a measured try) and 089 (kept): the operations executed by graphql-jit's compiled executor, one
 * compilation per document and operation name (Yoga's parse cache hands out the same document
 * object for the same text), falling back to the executor Yoga would have used for anything
 * graphql-jit cannot compile, for mutations and subscriptions, for variables graphql-js refuses
 * (graphql-js's messages), and again for a query whose answer nulled a non-null position.
 * Its answers are made the same as graphql-js's: graphql-js GraphQLErrors with the same locations,
 * `errors` before `data` (tests/integration/graphql-compiled-parity.test.ts).
 */
export function useCompiledExecution(schema: GraphQLSchema, prepared?: PreparedDocuments): Plugin<GraphQLContext> {
  // Per document and operation name: how often graphql-js has run it so far (a number), then what
  // compiling it gave. A document is compiled on its second run, never on its first: compiling costs
  // more than executing once, and a client sending a new query text on every request (a scraper,
  // an attacker) would otherwise buy a compilation with each (what Mercurius' `jit: 1` does too).
  const compiledByDocument = new WeakMap<DocumentNode, Map<string, Compiled | null | number>>();
  function compiledFor(document: DocumentNode, operationName: string | null | undefined): Compiled | null {
    let byName = compiledByDocument.get(document);
    if (!byName) {
      byName = new Map();
      compiledByDocument.set(document, byName);
    }
    const key = operationName ?? "";
    const known = byName.get(key);
    if (known === undefined || typeof known === "number") {
      const runs = known ?? 0;
      if (runs < COMPILE_AFTER_RUNS) {
        if (byName.size >= 16 && known === undefined) byName.clear();
        byName.set(key, runs + 1);
        compiledExecutionStats.notYetCompiled += 1;
        return null;
      }
      const compiled = compile(schema, document, operationName);
      byName.set(key, compiled);
      if (!compiled) compiledExecutionStats.notCompiled += 1;
      else prepared?.add(document, operationName, compiled);
      return compiled;
    }
    if (!known) compiledExecutionStats.notCompiled += 1;
    return known;
  }
  return {
    onExecute({ args, executeFn, setExecuteFn }) {
      if (prepared) prepared.graphqlJs ??= executeFn as GraphQLJs;
      const compiled = compiledFor(args.document, args.operationName);
      if (!compiled) return;
      // Variables graphql-js refuses: graphql-js's executor answers (its messages and locations).
      if (variablesRefused(schema, compiled, args.variableValues)) return;
      compiledExecutionStats.compiled += 1;
      const graphqlJs = executeFn as GraphQLJs;
      setExecuteFn(((execArgs: ExecutionArgs) => executeCompiled(compiled, execArgs, graphqlJs)) as never);
    },
  };
}

/** The executor Yoga runs (graphql-tools'), as graphql-js's `execute`. */
export type GraphQLJs = (execArgs: ExecutionArgs) => unknown;

/** Whether graphql-js refuses these variables for the operation (its executor then answers, with its messages). */
export function variablesRefused(schema: GraphQLSchema, compiled: Compiled, variables: Record<string, unknown> | null | undefined): boolean {
  if (!compiled.operation.variableDefinitions?.length) return false;
  return Boolean(getVariableValues(schema, compiled.operation.variableDefinitions, variables ?? {}, { maxErrors: 50 }).errors);
}

/** Runs a compiled query, its answer made graphql-js's (asGraphqlJs); both executions call it. */
export function executeCompiled(compiled: Compiled, execArgs: ExecutionArgs, graphqlJs: GraphQLJs): ExecutionResult | Promise<ExecutionResult> {
  // A null in a non-null position: graphql-jit reports "Cannot return null for non-nullable
  // field" where graphql-js reports the error that caused it (an AppError's code, masking):
  // such a query (never a mutation, see compile) is executed again by graphql-js.
  const settle = (result: ExecutionResult) => {
    if (result.errors?.some((error) => error.message.startsWith(NULL_PROPAGATION))) {
      compiledExecutionStats.reExecuted += 1;
      return graphqlJs(execArgs) as ExecutionResult | Promise<ExecutionResult>;
    }
    return asGraphqlJs(compiled, result);
  };
  const result = compiled.query(execArgs.rootValue, execArgs.contextValue, execArgs.variableValues ?? {});
  return result instanceof Promise ? result.then(settle) : settle(result);
}

/**
 * The queries graphql-jit compiled, by their text and operation name (decision 093). Each was
 * parsed and validated by the full Yoga path (every validation rule of the plugin set passed,
 * armor's included) and ran there twice. Validation depends on the text and the schema only, so
 * prepared-execution.ts answers the same text again without parsing or validating it. Bounded:
 * past `maxTexts` texts, the oldest goes.
 */
export class PreparedDocuments {
  private readonly byText = new Map<string, Map<string, { document: DocumentNode; compiled: Compiled }>>();
  /** The executor the full path runs (Yoga's), for a query graphql-jit cannot answer as graphql-js would. */
  graphqlJs: GraphQLJs | undefined;
  constructor(private readonly maxTexts = 256) {}

  add(document: DocumentNode, operationName: string | null | undefined, compiled: Compiled): void {
    const text = document.loc?.source.body;
    if (text === undefined) return;
    let byName = this.byText.get(text);
    if (!byName) {
      if (this.byText.size >= this.maxTexts) this.byText.delete(this.byText.keys().next().value as string);
      byName = new Map();
      this.byText.set(text, byName);
    }
    byName.set(operationName ?? "", { document, compiled });
  }

  get(text: string, operationName: string | null | undefined): { document: DocumentNode; compiled: Compiled } | undefined {
    return this.byText.get(text)?.get(operationName ?? "");
  }
}

function compile(schema: GraphQLSchema, document: DocumentNode, operationName: string | null | undefined): Compiled | null {
  const operation = getOperationAST(document, operationName ?? undefined);
  // Queries only: a mutation is never executed twice (see the re-execution above).
  if (operation?.operation !== "query") return null;
  let result: ReturnType<typeof compileQuery> | undefined;
  try {
    result = compileQuery(schema, document, operationName ?? undefined, { disablingCapturingStackErrors: true });
  } catch {
    return null;
  }
  if (!isCompiledQuery(result as never)) return null;
  const source = document.loc?.source;
  const lineStarts = [0];
  if (source) for (let i = 0; i < source.body.length; i++) if (source.body.charCodeAt(i) === 10) lineStarts.push(i + 1);
  return { query: (result as unknown as Compiled).query, operation, source, lineStarts };
}

/** graphql-js's shape: `{ errors, data }` (errors first, only when there are some), its own GraphQLError class. */
function asGraphqlJs(compiled: Compiled, result: ExecutionResult): ExecutionResult {
  if (!result.errors?.length) return result.extensions ? { data: result.data, extensions: result.extensions } : { data: result.data };
  const errors = result.errors.map((error) => {
    const jit = error as unknown as JitError;
    const positions = compiled.source && jit.locations ? jit.locations.map(({ line, column }) => (compiled.lineStarts[line - 1] ?? 0) + column - 1) : undefined;
    return new GraphQLError(jit.message, {
      source: positions ? compiled.source : undefined,
      positions,
      path: jit.path,
      originalError: jit.originalError,
      extensions: jit.extensions,
    });
  });
  return result.extensions ? { errors, data: result.data, extensions: result.extensions } : { errors, data: result.data };
}
