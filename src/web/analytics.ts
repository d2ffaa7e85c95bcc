import type { PublicConfig } from "../server/config";

/**
 * Analytics adapter. Unconfigured: does nothing. Configured (PUBLIC_ANALYTICS_MEASUREMENT_ID):
 * Google Analytics 4 through gtag.js, the documented way for the Firebase/GA4 web configuration the
 * spec names. Events: page_loaded once, page_changed on every client-side route change, each with
 * the route path. Public quote paths are secrets: they are reported without slug and id.
 */

type Gtag = (...args: unknown[]) => void;
declare global {
  interface Window {
    dataLayer?: unknown[];
    gtag?: Gtag;
  }
}

const QUOTE_PATH = /^(\/nl)?\/quote(\/.*)?$/;

/** The path as analytics may see it: no quote slugs or tokens, no query string. */
export function analyticsPath(pathname: string): string {
  const match = QUOTE_PATH.exec(pathname);
  if (match) return `${match[1] ?? ""}/quote`;
  return pathname;
}

let initialised = false;

export function initAnalytics(config: PublicConfig["analytics"], nonce?: string): boolean {
  if (!config || typeof window === "undefined") return false;
  if (initialised) return true;
  initialised = true;
  window.dataLayer = window.dataLayer ?? [];
  window.gtag = function gtag() {
    // gtag.js reads the arguments object itself, as its documentation prescribes.
    // biome-ignore lint/complexity/noArguments: gtag.js needs the arguments object, not an array
    window.dataLayer!.push(arguments);
  };
  window.gtag("js", new Date());
  window.gtag("config", config.measurementId, {
    send_page_view: false,
    app_id: config.appId,
    project_id: config.projectId,
  });
  const script = document.createElement("script");
  script.async = true;
  script.src = `https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(config.measurementId)}`;
  if (nonce) script.nonce = nonce;
  document.head.appendChild(script);
  return true;
}

export function trackPage(event: "page_loaded" | "page_changed", pathname: string): void {
  if (!initialised || !window.gtag) return;
  window.gtag("event", event, { page_path: analyticsPath(pathname) });
}
