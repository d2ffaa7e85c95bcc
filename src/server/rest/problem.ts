import type { TFunction } from "i18next";
import { z } from "zod";
import { translateKey } from "../../shared/i18n/index";
import { AppError, type AppErrorCode, HTTP_STATUS } from "../errors";

/**
 * Errors of the REST API as RFC 9457 problem details (`application/problem+json`), in the
 * caller's language (Accept-Language): `type` (a URN naming the kind of problem, stable),
 * `title` (the status's short name), `status`, `detail` (what went wrong this time), `code` (the
 * same codes as the GraphQL API's `extensions.code`), and for invalid input `errors`: one entry per
 * field with a JSON Pointer into the body (`pointer`) or the query parameter's name (`parameter`).
 */
export const PROBLEM_CONTENT_TYPE = "application/problem+json";

export const ZProblem = z
  .object({
    type: z.string().meta({ description: "A URN naming the kind of problem (urn:offerly:problem:<code>)." }),
    title: z.string().meta({ description: "A short summary of the kind of problem (the HTTP status), in the caller's language." }),
    status: z.number().int(),
    detail: z.string().meta({ description: "What went wrong, in the caller's language." }),
    code: z.string().meta({ description: "The error code, as in the GraphQL API's extensions.code." }),
    errors: z
      .array(
        z.object({
          detail: z.string(),
          pointer: z.string().optional().meta({ description: "JSON Pointer to the field of the request body." }),
          parameter: z.string().optional().meta({ description: "The query or path parameter." }),
        }),
      )
      .optional()
      .meta({ description: "Invalid fields, one message each." }),
    reason: z.string().optional().meta({ description: "PLAN_REQUIRED when the account's plan lacks the feature." }),
    feature: z.string().optional(),
    plan: z.string().optional().meta({ description: "The cheapest plan with the feature." }),
    retryAfterSeconds: z.number().int().optional(),
  })
  .meta({ id: "Problem", description: "RFC 9457 problem details." });
export type Problem = z.infer<typeof ZProblem>;

const TITLE_KEYS: Record<number, string> = {
  400: "apiKeys:rest.titles.badRequest",
  401: "apiKeys:rest.titles.unauthorized",
  403: "apiKeys:rest.titles.forbidden",
  404: "apiKeys:rest.titles.notFound",
  405: "apiKeys:rest.titles.methodNotAllowed",
  409: "apiKeys:rest.titles.conflict",
  413: "apiKeys:rest.titles.payloadTooLarge",
  415: "apiKeys:rest.titles.unsupportedMediaType",
  429: "apiKeys:rest.titles.tooManyRequests",
  500: "apiKeys:rest.titles.internal",
};

/** A problem to answer with: thrown by the routes, turned into the body by `problemBody`. */
export class RestProblem extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly detailKey: string,
    readonly params: Record<string, unknown> = {},
    readonly extra: {
      errors?: { key: string; pointer?: string; parameter?: string }[];
      details?: Record<string, unknown>;
      headers?: Record<string, string>;
    } = {},
  ) {
    super(detailKey);
    this.name = "RestProblem";
  }
}

/** An AppError of a service (the same errors GraphQL answers with) as a problem. */
export function problemFromAppError(error: AppError): RestProblem {
  const status = HTTP_STATUS[error.code as AppErrorCode] ?? 400;
  const errors = error.fields ? Object.entries(error.fields).map(([path, m]) => ({ key: m.key, pointer: `/${path.split(".").join("/")}` })) : undefined;
  return new RestProblem(status, error.code, error.messageKey, error.params as Record<string, unknown>, { errors, details: error.details });
}

export function problemBody(t: TFunction, problem: RestProblem): Problem {
  return {
    type: `urn:offerly:problem:${problem.code.toLowerCase().replace(/_/g, "-")}`,
    title: translateKey(t, TITLE_KEYS[problem.status] ?? TITLE_KEYS[400]),
    status: problem.status,
    detail: translateKey(t, problem.detailKey, problem.params),
    code: problem.code,
    ...(problem.extra.errors?.length
      ? {
          errors: problem.extra.errors.map((e) => ({
            detail: translateKey(t, e.key.includes(":") ? e.key : "api:invalidInput"),
            ...(e.pointer !== undefined ? { pointer: e.pointer } : {}),
            ...(e.parameter !== undefined ? { parameter: e.parameter } : {}),
          })),
        }
      : {}),
    ...(problem.extra.details ?? {}),
  };
}

/** A plain problem response (for answers outside a route's error handling: body limit, 404). */
export function problemResponse(t: TFunction, problem: RestProblem, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(problemBody(t, problem)), {
    status: problem.status,
    headers: { "Content-Type": PROBLEM_CONTENT_TYPE, "Cache-Control": "private, no-store", ...problem.extra.headers, ...headers },
  });
}

export { AppError };
