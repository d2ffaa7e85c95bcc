import type { Config } from "../config";

/**
 * Cross-origin rules for /graphql. By default no other origin may call it from a browser: no
 * Access-Control-Allow-* header is ever sent, so a page on a sibling subdomain or another port
 * cannot read answers, and its preflight for the x-graphql-csrf header fails. Origins listed in
 * CORS_ORIGINS are allowed, with credentials (they act as the signed-in user: list only your own).
 */
export function isAllowedOrigin(config: Config, origin: string | undefined): origin is string {
  return origin !== undefined && config.corsOrigins.includes(origin);
}

/** An Origin header naming neither this server (PUBLIC_URL or the Host it was reached at) nor an allowed origin. */
export function isForeignOrigin(config: Config, request: Request): boolean {
  const origin = request.headers.get("origin");
  if (origin === null) return false; // not a browser's cross-origin call (or an old browser's same-origin GET)
  if (origin === new URL(config.publicUrl).origin || isAllowedOrigin(config, origin)) return false;
  const host = request.headers.get("host");
  try {
    return !(host && new URL(origin).host === host);
  } catch {
    return true; // "null" (sandboxed frames, file:) and anything unparsable
  }
}

const ALLOWED_HEADERS = "content-type, x-graphql-csrf, authorization, account, accept-language";

/** Response headers for an allowed origin (preflight answers add methods, headers and max-age). */
export function corsHeaders(origin: string, preflight: boolean): Record<string, string> {
  return {
    "Access-Control-Allow-Origin": origin,
    "Access-Control-Allow-Credentials": "true",
    ...(preflight ? { "Access-Control-Allow-Methods": "GET, POST", "Access-Control-Allow-Headers": ALLOWED_HEADERS, "Access-Control-Max-Age": "600" } : {}),
  };
}

/** Removes any CORS header a library added, then adds ours when the origin is allowed (in place). */
export function applyCors(headers: Headers, origin: string | undefined, preflight: boolean): void {
  for (const name of [...headers.keys()]) if (name.startsWith("access-control-")) headers.delete(name);
  if (origin) for (const [name, value] of Object.entries(corsHeaders(origin, preflight))) headers.set(name, value);
  addVary(headers, "Origin");
}

/** What a /graphql answer varies by besides Origin: the caller, the account and the language. */
export const GRAPHQL_VARY = ["Cookie", "Authorization", "Account", "Accept-Language"] as const;

/** Adds names to the Vary header once each (libraries may have added some already). */
export function addVary(headers: Headers, ...names: string[]): void {
  const present = (headers.get("vary") ?? "")
    .split(",")
    .map((v) => v.trim())
    .filter(Boolean);
  for (const name of names) if (!present.some((p) => p.toLowerCase() === name.toLowerCase())) present.push(name);
  headers.set("Vary", present.join(", "));
}
