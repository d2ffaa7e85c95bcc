import type { TOptions } from "i18next";

export type AppErrorCode =
  | "BAD_USER_INPUT"
  | "UNAUTHENTICATED"
  | "FORBIDDEN"
  | "NOT_FOUND"
  | "CONFLICT"
  | "RATE_LIMITED";

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
