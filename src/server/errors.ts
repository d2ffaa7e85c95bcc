import type { TOptions } from "i18next";

export type AppErrorCode = "BAD_USER_INPUT" | "UNAUTHENTICATED" | "FORBIDDEN" | "NOT_FOUND" | "CONFLICT" | "RATE_LIMITED";

/**
 * A failure the user should see, described by a translation key (namespace:key) so that the API
 * can answer in the user's language. Anything that is not an AppError is masked as "Something
 * went wrong" and logged.
 */
export class AppError extends Error {
  constructor(
    public readonly code: AppErrorCode,
    public readonly messageKey: string,
    public readonly params: TOptions = {},
    /** Per-field message keys, for forms: { fieldPath: "ns:key" }. */
    public readonly fields?: Record<string, { key: string; params?: TOptions }>,
    /** Machine-readable details for clients, sent as GraphQL extensions (e.g. the entitlement refusal's `reason`). */
    public readonly details?: Record<string, string>,
  ) {
    super(messageKey);
    this.name = "AppError";
  }
}

export const HTTP_STATUS: Record<AppErrorCode, number> = {
  BAD_USER_INPUT: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  RATE_LIMITED: 429,
};

export const unauthenticated = () => new AppError("UNAUTHENTICATED", "api:unauthenticated");
export const forbidden = () => new AppError("FORBIDDEN", "api:forbidden");
export const notFound = () => new AppError("NOT_FOUND", "api:notFound");
export const rateLimited = () => new AppError("RATE_LIMITED", "api:rateLimited");

/**
 * An error as it may be logged: name, code and message of it and its causes, with query
 * parameters cut off (drizzle's "Failed query: … params: …" carries the values a user typed, i.e.
 * personal data) and no driver detail fields (`detail`, `where` quote row values too). The SQL
 * text itself stays: it is parameterised and tells which statement failed.
 */
export type RedactedError = { name: string; message: string; code?: string; stack?: string; cause?: RedactedError };

export function redactError(error: unknown, depth = 0): RedactedError | undefined {
  if (error === undefined || error === null || depth > 4) return undefined;
  if (!(error instanceof Error)) return { name: typeof error, message: "[not an Error]" };
  const message = redactMessage(error.message);
  const code = (error as { code?: unknown }).code;
  const stackFrames = error.stack
    ?.split("\n")
    .filter((line) => /^\s+at /.test(line))
    .slice(0, 8);
  return {
    name: error.name,
    message,
    ...(typeof code === "string" ? { code } : {}),
    ...(stackFrames?.length ? { stack: stackFrames.join("\n") } : {}),
    ...(error.cause !== undefined ? { cause: redactError(error.cause, depth + 1) } : {}),
  };
}

function redactMessage(message: string): string {
  const cut = message.search(/\n?\s*params:/);
  const text = cut >= 0 ? message.slice(0, cut) : message;
  return text.length > 500 ? `${text.slice(0, 500)}…` : text;
}
