/**
 * Interface locales and the routing rules around them. English is the default and has no prefix;
 * Dutch lives under /nl. Pure functions: used by the server (redirects, <html lang>) and the web app.
 */

export const LOCALES = ["en", "nl"] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "en";

/** Name and attributes of the cookie that remembers the redirected (or chosen) locale. */
export const LOCALE_COOKIE = "i18n_redirected";
export const LOCALE_COOKIE_MAX_AGE = 365 * 24 * 60 * 60; // seconds
/** Query parameter a language switcher link carries; the server sets the cookie and drops it. */
export const SET_LOCALE_PARAM = "setLocale";

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (LOCALES as readonly string[]).includes(value);
}

/** "/nl/pricing" → { locale: "nl", path: "/pricing" }; "/pricing" → { locale: "en", path: "/pricing" }. */
export function splitLocalePath(pathname: string): { locale: Locale; path: string } {
  for (const locale of LOCALES) {
    if (locale === DEFAULT_LOCALE) continue;
    const prefix = `/${locale}`;
    if (pathname === prefix || pathname === `${prefix}/`) return { locale, path: "/" };
    if (pathname.startsWith(`${prefix}/`)) return { locale, path: pathname.slice(prefix.length) };
  }
  return { locale: DEFAULT_LOCALE, path: pathname || "/" };
}

/**
 * A path that can only lead to this site: a run of leading slashes or backslashes becomes one "/"
 * ("//evil.example/x" and "/\evil.example" would be read by a browser as another host).
 */
export function sameSitePath(path: string): string {
  return `/${path.replace(/^[/\\]+/, "")}`;
}

/**
 * Where to go after signing in: a path on `origin`, or undefined. The value is resolved the way a
 * browser would (`new URL(value, origin)`: dot segments, %2e, backslashes), must stay on `origin`,
 * and what comes back is the normalised path, never one a browser could read as another host.
 */
export function safeReturnPath(value: string | null | undefined, origin: string): string | undefined {
  if (!value || !/^\/(?![/\\])/.test(value)) return undefined;
  try {
    const base = new URL(origin);
    const url = new URL(value, base);
    if (url.origin !== base.origin) return undefined;
    const path = url.pathname + url.search + url.hash;
    if (path !== sameSitePath(path)) return undefined;
    // Resolving the result again must give the same place: nothing left for a second normalisation.
    const again = new URL(path, base);
    return again.origin === base.origin && again.pathname + again.search + again.hash === path ? path : undefined;
  } catch {
    return undefined;
  }
}

/** The same page in another locale: localizePath("/pricing", "nl") → "/nl/pricing". */
export function localizePath(path: string, locale: Locale): string {
  const clean = sameSitePath(path);
  if (locale === DEFAULT_LOCALE) return clean;
  return clean === "/" ? `/${locale}` : `/${locale}${clean}`;
}

/**
 * The best supported locale for an Accept-Language header, honouring q-values and order;
 * undefined when the browser names none we support.
 */
export function localeFromAcceptLanguage(header: string | null | undefined): Locale | undefined {
  if (!header) return undefined;
  const ranges = header
    .split(",")
    .map((part, index) => {
      const [tag, ...params] = part.trim().split(";");
      const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
      const weight = q ? Number(q.slice(2)) : 1;
      return { tag: tag.trim().toLowerCase(), weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter((r) => r.tag && r.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  for (const range of ranges) {
    const primary = range.tag.split("-")[0];
    if (isLocale(primary)) return primary;
  }
  return undefined;
}

/** Reads one cookie from a Cookie header. */
export function readCookie(header: string | null | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq === -1) continue;
    if (part.slice(0, eq).trim() === name) {
      try {
        return decodeURIComponent(part.slice(eq + 1).trim());
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

export function localeCookieHeader(locale: Locale, secure: boolean): string {
  return `${LOCALE_COOKIE}=${locale}; Max-Age=${LOCALE_COOKIE_MAX_AGE}; Path=/; SameSite=Lax${secure ? "; Secure" : ""}`;
}

/** Paths that are pages in both languages; API, webhooks, assets and public quotes never redirect. */
const NEVER_REDIRECT = [/^\/graphql(\/|$)/, /^\/api\//, /^\/webhooks\//, /^\/healthz$/, /^\/assets\//, /^\/icons\//, /^\/uploads\//, /^\/quote\//, /^\/__/];

export function isLocalizedPagePath(path: string): boolean {
  if (NEVER_REDIRECT.some((re) => re.test(path))) return false;
  // Files (robots.txt, sitemap.xml, favicon.ico, …) are not pages.
  const last = path.split("/").pop() ?? "";
  return !last.includes(".");
}

export type LocaleDecision = { kind: "redirect"; location: string; setCookie?: Locale } | { kind: "render"; locale: Locale; setCookie?: Locale };

/**
 * What to do with a page request:
 * - `?setLocale=xx` (language switcher): remember xx in the cookie, redirect to the clean URL.
 * - an unprefixed page: the cookie wins, else the browser's Accept-Language; a Dutch preference
 *   redirects to /nl and the cookie remembers the redirected locale.
 * - a prefixed page (/nl/...) always renders in that locale.
 */
export function decideLocale(input: { pathname: string; search: string; cookieHeader?: string | null; acceptLanguage?: string | null }): LocaleDecision {
  const { locale: pathLocale, path } = splitLocalePath(input.pathname);
  const params = new URLSearchParams(input.search);
  const requested = params.get(SET_LOCALE_PARAM);
  if (requested !== null) {
    params.delete(SET_LOCALE_PARAM);
    const query = params.toString();
    const target = isLocale(requested) ? requested : pathLocale;
    return {
      kind: "redirect",
      location: localizePath(path, target) + (query ? `?${query}` : ""),
      setCookie: isLocale(requested) ? requested : undefined,
    };
  }
  if (!isLocalizedPagePath(path)) return { kind: "render", locale: pathLocale };
  if (pathLocale !== DEFAULT_LOCALE) return { kind: "render", locale: pathLocale };

  const cookieValue = readCookie(input.cookieHeader, LOCALE_COOKIE);
  const cookieLocale = isLocale(cookieValue) ? cookieValue : undefined;
  const wanted = cookieLocale ?? localeFromAcceptLanguage(input.acceptLanguage) ?? DEFAULT_LOCALE;
  if (wanted !== DEFAULT_LOCALE) {
    return {
      kind: "redirect",
      location: localizePath(path, wanted) + input.search,
      setCookie: cookieLocale ? undefined : wanted,
    };
  }
  return { kind: "render", locale: DEFAULT_LOCALE, setCookie: cookieLocale ? undefined : DEFAULT_LOCALE };
}
