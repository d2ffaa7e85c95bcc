import { describe, expect, it } from "vitest";
import {
  LOCALE_COOKIE,
  decideLocale,
  isLocalizedPagePath,
  localeCookieHeader,
  localeFromAcceptLanguage,
  localizePath,
  readCookie,
  safeReturnPath,
  sameSitePath,
  splitLocalePath,
} from "./locales";

describe("locale paths", () => {
  it.each([
    ["/", "en", "/"],
    ["/pricing", "en", "/pricing"],
    ["/nl", "nl", "/"],
    ["/nl/", "nl", "/"],
    ["/nl/pricing", "nl", "/pricing"],
    ["/nlx/pricing", "en", "/nlx/pricing"],
    ["/app/nl", "en", "/app/nl"],
  ])("splitLocalePath(%s) → %s %s", (input, locale, path) => {
    expect(splitLocalePath(input)).toEqual({ locale, path });
  });

  it("localizes paths both ways", () => {
    expect(localizePath("/", "nl")).toBe("/nl");
    expect(localizePath("/pricing", "nl")).toBe("/nl/pricing");
    expect(localizePath("/pricing", "en")).toBe("/pricing");
    expect(localizePath("pricing", "en")).toBe("/pricing");
  });
});

describe("localeFromAcceptLanguage", () => {
  it.each([
    ["nl-NL,nl;q=0.9,en;q=0.8", "nl"],
    ["en-US,en;q=0.9,nl;q=0.8", "en"],
    ["de-DE,de;q=0.9,nl;q=0.5,en;q=0.4", "nl"],
    ["en;q=0.5,nl;q=0.8", "nl"],
    ["NL-be", "nl"],
    ["fr,de", undefined],
    ["nl;q=0", undefined],
    ["", undefined],
    [null, undefined],
  ])("%s → %s", (header, expected) => {
    expect(localeFromAcceptLanguage(header)).toBe(expected);
  });
});

describe("decideLocale", () => {
  const page = (pathname: string, extra: Partial<Parameters<typeof decideLocale>[0]> = {}) => decideLocale({ pathname, search: "", ...extra });

  it("redirects a first visit from a Dutch browser to /nl and remembers nl", () => {
    expect(page("/pricing", { acceptLanguage: "nl-NL,nl;q=0.9" })).toEqual({ kind: "redirect", location: "/nl/pricing", setCookie: "nl" });
    expect(page("/", { acceptLanguage: "nl" })).toEqual({ kind: "redirect", location: "/nl", setCookie: "nl" });
  });

  it("keeps the query string when redirecting", () => {
    expect(page("/blog", { search: "?page=2", acceptLanguage: "nl" })).toMatchObject({ location: "/nl/blog?page=2" });
  });

  it("renders English for an English browser and remembers en", () => {
    expect(page("/pricing", { acceptLanguage: "en-GB" })).toEqual({ kind: "render", locale: "en", setCookie: "en" });
    expect(page("/pricing")).toEqual({ kind: "render", locale: "en", setCookie: "en" });
  });

  it("lets the cookie win over the header afterwards", () => {
    expect(page("/pricing", { acceptLanguage: "nl", cookieHeader: `${LOCALE_COOKIE}=en` })).toEqual({ kind: "render", locale: "en", setCookie: undefined });
    expect(page("/pricing", { acceptLanguage: "en", cookieHeader: `a=1; ${LOCALE_COOKIE}=nl` })).toEqual({
      kind: "redirect",
      location: "/nl/pricing",
      setCookie: undefined,
    });
  });

  it("ignores an invalid cookie value", () => {
    expect(page("/", { acceptLanguage: "nl", cookieHeader: `${LOCALE_COOKIE}=de` })).toMatchObject({ kind: "redirect", setCookie: "nl" });
  });

  it("always renders a prefixed page in its own locale", () => {
    expect(page("/nl/pricing", { cookieHeader: `${LOCALE_COOKIE}=en`, acceptLanguage: "en" })).toEqual({ kind: "render", locale: "nl" });
  });

  it("the language switcher (?setLocale) stores the choice and redirects to the clean URL", () => {
    expect(page("/pricing", { search: "?setLocale=nl", cookieHeader: `${LOCALE_COOKIE}=en` })).toEqual({
      kind: "redirect",
      location: "/nl/pricing",
      setCookie: "nl",
    });
    expect(page("/nl/pricing", { search: "?x=1&setLocale=en" })).toEqual({ kind: "redirect", location: "/pricing?x=1", setCookie: "en" });
    expect(page("/nl/pricing", { search: "?setLocale=fr" })).toEqual({ kind: "redirect", location: "/nl/pricing", setCookie: undefined });
  });

  it.each(["/graphql", "/api/auth/x", "/webhooks/mollie", "/healthz", "/assets/a.js", "/icons/logo.svg", "/sitemap.xml", "/robots.txt", "/quote/my-quote/abc"])(
    "never redirects %s",
    (pathname) => {
      expect(isLocalizedPagePath(pathname)).toBe(false);
      expect(page(pathname, { acceptLanguage: "nl" })).toMatchObject({ kind: "render", locale: "en" });
    },
  );
});

describe("cookies", () => {
  it("writes the locale cookie for 365 days, path /, SameSite Lax", () => {
    expect(localeCookieHeader("nl", false)).toBe(`${LOCALE_COOKIE}=nl; Max-Age=31536000; Path=/; SameSite=Lax`);
    expect(localeCookieHeader("en", true)).toContain("; Secure");
  });
  it("reads one cookie", () => {
    expect(readCookie("a=1; b=two%20words", "b")).toBe("two words");
    expect(readCookie("a=1", "b")).toBeUndefined();
    expect(readCookie("a=%E0%A4%A", "a")).toBeUndefined();
  });
});

describe("paths that cannot leave the site", () => {
  const origin = "https://offerly.example";
  it.each([
    "/.//evil.example/phish",
    "/%2e//evil.example",
    "/%2E//evil.example",
    "/a/..//evil.example",
    "/./\\evil.example",
    "/.\\/evil.example",
    "//evil.example",
    "/\\evil.example",
    "\\\\evil.example",
    "https://evil.example/app",
    "javascript:alert(1)",
    "app",
    "",
  ])("safeReturnPath(%j) is refused", (value) => {
    expect(safeReturnPath(value, origin)).toBeUndefined();
  });

  it.each([
    ["/app", "/app"],
    ["/nl/app/quotes?page=2#top", "/nl/app/quotes?page=2#top"],
    ["/app/./customers/../quotes", "/app/quotes"],
    ["/app/%2e%2e/pricing", "/pricing"],
  ])("safeReturnPath(%j) → %j", (value, expected) => {
    expect(safeReturnPath(value, origin)).toBe(expected);
  });

  it("never redirects a language switch to another host", () => {
    for (const pathname of ["//evil.example/phish", "///evil.example", "/nl//evil.example/phish", "/\\evil.example"]) {
      for (const setLocale of ["en", "nl", "xx"]) {
        const decision = decideLocale({ pathname, search: `?setLocale=${setLocale}` });
        expect(decision.kind).toBe("redirect");
        const location = (decision as { location: string }).location;
        expect(location).toMatch(/^\/(?![/\\])/);
        expect(new URL(location, "https://offerly.example").origin).toBe("https://offerly.example");
      }
    }
    expect(decideLocale({ pathname: "//evil.example/phish", search: "", acceptLanguage: "nl" })).toMatchObject({
      kind: "redirect",
      location: "/nl/evil.example/phish",
    });
    expect(sameSitePath("//evil.example/x")).toBe("/evil.example/x");
  });
});
