import type { CombinedError } from "urql";

/**
 * What a failed mutation tells the form: translated per-field messages from the API (for
 * BAD_USER_INPUT), otherwise one message — the API's own for known errors (conflict, not found),
 * "Something went wrong" for anything else (network, server).
 */
export function mutationErrors(error: CombinedError | undefined, generic: string): { fields: Record<string, string>; message?: string } {
  const first = error?.graphQLErrors[0];
  if (!first) return { fields: {}, message: generic };
  const fields = (first.extensions?.fields ?? {}) as Record<string, string>;
  const code = first.extensions?.code;
  const known = code === "BAD_USER_INPUT" || code === "CONFLICT" || code === "NOT_FOUND";
  return { fields, message: Object.keys(fields).length ? undefined : known ? first.message : generic };
}

/** Class names of a link that looks like a primary or secondary button. */
export const linkButton = {
  primary: "inline-flex items-center justify-center gap-2 rounded-md bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700",
  secondary: "inline-flex items-center justify-center gap-2 rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-900 hover:bg-slate-50",
};
