import crypto from "node:crypto";
import type { Config } from "../config";

export function createNonce(): string {
  return crypto.randomBytes(18).toString("base64");
}

/**
 * Security headers for every response. Inline scripts need the response's nonce (React Router's
 * inline hydration scripts carry it) or, on a cached page, their hashes; no 'unsafe-inline' scripts
 * in production.
 */
export function securityHeaders(options: {
  config: Config /** None for answers without HTML (JSON): no inline script is allowed then. */;
  nonce?: string;
  /**
   * Instead of a nonce: the `sha256-…` sources of the page's inline scripts, for a page whose bytes
   * are the same for every response (the cached public quote page, decision 068); none allows no
   * inline script at all.
   */
  scriptHashes?: readonly string[];
  path: string;
}): Record<string, string> {
  const { config, nonce, path } = options;
  const scriptHashes = nonce ? [] : (options.scriptHashes ?? []);
  const analytics = config.public.analytics !== null;
  const dev = !config.isProduction;
  const scriptSrc = [
    "'self'",
    ...(nonce ? [`'nonce-${nonce}'`] : []),
    ...scriptHashes.map((hash) => `'${hash}'`),
    ...(analytics ? ["https://www.googletagmanager.com"] : []),
    // Vite's dev server injects inline modules for hot reloading.
    ...(dev ? ["'unsafe-inline'", "'unsafe-eval'"] : []),
  ];
  // A nonce or a hash would make browsers ignore 'unsafe-inline'.
  if (dev) scriptSrc.splice(1, (nonce ? 1 : 0) + scriptHashes.length);
  const connectSrc = [
    "'self'",
    ...(analytics ? ["https://*.google-analytics.com", "https://*.analytics.google.com", "https://www.googletagmanager.com"] : []),
    ...(dev ? ["ws:", "wss:"] : []),
  ];
  const quote = /^(\/nl)?\/quote\//.test(path);
  // The public quote's "Pay" form answers with a redirect to Mollie's hosted checkout (decision 058),
  // and form-action also governs where a form's redirects may go: Mollie's origins (and the
  // configured Mollie API's own origin, which is the local stub in tests) on quote pages only.
  const formAction = ["'self'", ...(quote ? ["https://www.mollie.com", "https://*.mollie.com", mollieOrigin(config)] : [])];
  const csp = [
    "default-src 'self'",
    `script-src ${scriptSrc.join(" ")}`,
    // Inline style attributes (and the toast library's injected styles) are allowed; scripts are not.
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob:${analytics ? " https://*.google-analytics.com https://www.googletagmanager.com" : ""}`,
    "font-src 'self' data:",
    `connect-src ${connectSrc.join(" ")}`,
    "frame-ancestors 'none'",
    "base-uri 'self'",
    `form-action ${[...new Set(formAction)].join(" ")}`,
    "object-src 'none'",
  ].join("; ");
  const headers: Record<string, string> = {
    "Content-Security-Policy": csp,
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    // A public quote link is a secret: never leak it to another site through the Referer header.
    "Referrer-Policy": quote ? "no-referrer" : "strict-origin-when-cross-origin",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=()",
    // Google sign-in uses a popup that must be able to talk back to this window.
    "Cross-Origin-Opener-Policy": "same-origin-allow-popups",
    "Cross-Origin-Resource-Policy": "same-origin",
  };
  if (config.publicUrl.startsWith("https://")) {
    headers["Strict-Transport-Security"] = "max-age=31536000; includeSubDomains";
  }
  return headers;
}

function mollieOrigin(config: Config): string {
  try {
    return new URL(config.mollieConnect.apiUrl).origin;
  } catch {
    return "https://api.mollie.com";
  }
}

/** Paths as they may appear in logs: public quote tokens are secrets. */
export function loggablePath(path: string): string {
  return path.replace(/^(\/nl)?\/quote\/([^/]+)\/[^/]+/, "$1/quote/$2/[redacted]");
}
