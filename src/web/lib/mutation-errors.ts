import type { CombinedError } from "urql";

/** The codes of the server's AppErrors: each comes with a message written for the user. */
const EXPLAINED_CODES = new Set(["BAD_USER_INPUT", "UNAUTHENTICATED", "FORBIDDEN", "NOT_FOUND", "CONFLICT", "RATE_LIMITED"]);

/** What the server said when it refused: its translated message, code and per-field messages. */
export type Refusal = { message: string; code: string | undefined; fields: Record<string, string> };

/**
 * Every refusal the server explains reaches the user: an AppError's own message (and its field
 * messages, for forms). Only what the server masks or never answered (network, 500) becomes
 * `generic` ("Something went wrong").
 */
export function serverRefusal(error: CombinedError | undefined, generic: string): Refusal {
  const explained = error?.graphQLErrors.find((e) => EXPLAINED_CODES.has(String(e.extensions?.code)));
  if (!explained) return { message: generic, code: undefined, fields: {} };
  const fields = (explained.extensions?.fields ?? {}) as Record<string, string>;
  return { message: explained.message || generic, code: String(explained.extensions?.code), fields };
}

/** Class names of a link that looks like a primary or secondary button. */
export const linkButton = {
  primary: "inline-flex items-center justify-center gap-2 rounded-md bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700",
  secondary:
    "inline-flex items-center justify-center gap-2 rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-900 hover:bg-slate-50",
};
