import { EnvelopArmorPlugin } from "@escape.tech/graphql-armor";
import { useDisableIntrospection } from "@graphql-yoga/plugin-disable-introspection";
import { GraphQLError } from "graphql";
import { type Plugin, createYoga } from "graphql-yoga";
import type { Config } from "../config";
import { AppError } from "../errors";
import type { Logger } from "../logger";
import type { GraphQLContext } from "./context";
import { schema } from "./schema";
import { translateKey } from "../../shared/i18n/index";

/** Limits that keep one request from exhausting the server. */
export type GraphQLLimits = typeof GRAPHQL_LIMITS;
export const GRAPHQL_LIMITS = { maxDepth: 10, maxCost: 5000, maxAliases: 15, maxDirectives: 10, maxTokens: 3000 };

/**
 * Turns errors into what the caller may see, in the caller's language:
 * - AppError → its translated message, with `code` (and translated `fields` for forms);
 * - any other error thrown inside a resolver → "Something went wrong", logged with the request id;
 * - request errors (parse, validation, variables) keep graphql-js's message: they are for developers.
 */
function usePublicErrors(log: Logger): Plugin<GraphQLContext> {
  return {
    onExecute({ args }) {
      const ctx = args.contextValue as GraphQLContext;
      return {
        onExecuteDone({ result, setResult }) {
          if (!("errors" in result) || !result.errors?.length) return;
          const errors = result.errors.map((error) => {
            const original = error.originalError;
            if (original instanceof AppError) {
              const fields = original.fields
                ? Object.fromEntries(Object.entries(original.fields).map(([f, m]) => [f, translateKey(ctx.t, m.key, m.params)]))
                : undefined;
              return new GraphQLError(translateKey(ctx.t, original.messageKey, original.params), {
                nodes: error.nodes,
                path: error.path,
                extensions: { code: original.code, ...(fields ? { fields } : {}) },
              });
            }
            if (error.path && original && !(original instanceof GraphQLError)) {
              log.error({ err: original, requestId: ctx.requestId, path: error.path.join(".") }, "resolver failed");
              return new GraphQLError(ctx.t("api:internal") as string, {
                nodes: error.nodes,
                path: error.path,
                extensions: { code: "INTERNAL_SERVER_ERROR" },
              });
            }
            return error;
          });
          setResult({ ...result, errors });
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

export function createGraphQLHandler(options: { config: Config; log: Logger; limits?: Partial<GraphQLLimits> }) {
  const { config, log } = options;
  const limits = { ...GRAPHQL_LIMITS, ...options.limits };
  return createYoga<GraphQLContext>({
    schema,
    graphqlEndpoint: "/graphql",
    // The platform's own fetch classes (which @hono/node-server speeds up), not a ponyfill.
    fetchAPI: globalThis,
    landingPage: false,
    graphiql: config.isProduction ? false : { title: "Offerly GraphQL", headers: JSON.stringify({ "x-graphql-csrf": "1" }) },
    // Safety net: anything usePublicErrors did not translate is masked, never leaked.
    maskedErrors: { errorMessage: "Something went wrong" },
    logging: {
      debug: (...a: unknown[]) => log.debug({ detail: a.map(String) }, "graphql"),
      info: (...a: unknown[]) => log.info({ detail: a.map(String) }, "graphql"),
      warn: (...a: unknown[]) => log.warn({ detail: a.map(String) }, "graphql"),
      error: (...a: unknown[]) => log.error({ err: a.find((x) => x instanceof Error), detail: a.map(String) }, "graphql"),
    },
    plugins: [
      EnvelopArmorPlugin({
        maxDepth: { n: limits.maxDepth },
        costLimit: { maxCost: limits.maxCost },
        maxAliases: { n: limits.maxAliases },
        maxDirectives: { n: limits.maxDirectives },
        maxTokens: { n: limits.maxTokens },
        blockFieldSuggestion: { enabled: config.isProduction },
      }),
      ...(config.isProduction ? [useDisableIntrospection()] : []),
      useRequestErrorStatus(),
      usePublicErrors(log),
    ],
  });
}
export type GraphQLHandler = ReturnType<typeof createGraphQLHandler>;
