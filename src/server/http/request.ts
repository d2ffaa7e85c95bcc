import { translateKey } from "../../shared/i18n/index";
import { translator } from "../../shared/i18n/server";
import { DEFAULT_LOCALE, type Locale, isLocale } from "../../shared/locales";

// Request rules shared by the Hono app (app.ts) and the node:http GraphQL path (graphql-node.ts).

/** The caller's language for API answers: the first Accept-Language tag we speak, else English. */
export function apiLocale(acceptLanguage: string | null | undefined): Locale {
  const first = acceptLanguage?.split(",")[0]?.trim().slice(0, 2).toLowerCase();
  return isLocale(first) ? first : DEFAULT_LOCALE;
}

/** A proxy's X-Request-Id, kept when the proxy is trusted and the id is sane; else undefined (make one). */
export function requestIdFrom(incoming: string | string[] | null | undefined, trustProxy: boolean): string | undefined {
  const value = Array.isArray(incoming) ? incoming[0] : incoming;
  return trustProxy && value && /^[\w-]{1,64}$/.test(value) ? value : undefined;
}

/**
 * The caller's address: behind a trusted proxy the last X-Forwarded-For hop (the one our proxy
 * added; earlier hops can be forged), else the socket's peer. Undefined in in-process tests.
 */
export function clientAddressFrom(
  forwardedFor: string | string[] | null | undefined,
  socketAddress: string | undefined,
  trustProxy: boolean,
): string | undefined {
  if (trustProxy) {
    const header = Array.isArray(forwardedFor) ? forwardedFor.join(",") : forwardedFor;
    const hops = header
      ?.split(",")
      .map((h) => h.trim())
      .filter(Boolean);
    if (hops?.length) return hops[hops.length - 1];
  }
  return socketAddress;
}

/** A GraphQL-shaped refusal before execution, in the caller's language. */
export function graphqlErrorBody(locale: Locale, key: string, code: string): string {
  return JSON.stringify({ errors: [{ message: translateKey(translator(locale), key), extensions: { code } }] });
}

/** "The request is too large (at most … KB)", in the caller's language. */
export function payloadTooLargeMessage(locale: Locale, maxSize: number): string {
  return translator(locale)("api:payloadTooLarge", { size: Math.floor(maxSize / 1024) }) as string;
}

/** The answer to an unexpected error outside GraphQL's own error handling (never its details). */
export function internalErrorBody(): string {
  return JSON.stringify({ error: { code: "internal-error", message: translator(DEFAULT_LOCALE)("errors.internal") } });
}
