import type { i18n as I18n, TFunction } from "i18next";
import type { Locale } from "../locales";
import en from "./en/index";
import { createI18n } from "./index";
import nl from "./nl/index";

/** Both languages, statically: for the server (pages, e-mails, API errors) and tests. */
export const catalogs = { en, nl } as const;

const instances = new Map<Locale, I18n>();
export function i18nFor(locale: Locale): I18n {
  let instance = instances.get(locale);
  if (!instance) {
    instance = rememberTranslations(createI18n(locale, catalogs[locale]));
    instances.set(locale, instance);
  }
  return instance;
}

/** A translate function for one locale. */
export function translator(locale: Locale): TFunction {
  return i18nFor(locale).t;
}

/** The most strings one instance remembers; past it, it starts again (a bound, not an LRU). */
export const REMEMBERED_TRANSLATIONS = 5_000;

type FixedT = ((key: unknown, options?: unknown, ...rest: unknown[]) => unknown) & Record<string, unknown>;

/**
 * The server's instances never change language or catalog, so a key with the same options always
 * gives the same string (decision 078). react-i18next's `useTranslation` calls `getFixedT` for
 * every component it renders, and each call of that function copies i18next's options and walks
 * the catalog: about a seventh of a rendered public page's CPU. Here `getFixedT` gives one function
 * per language, namespaces and prefix, which remembers the strings it returned for a key and
 * options of plain values (anything else, and anything not a string, goes to i18next as before).
 */
export function rememberTranslations(instance: I18n): I18n {
  const original = instance.getFixedT.bind(instance) as unknown as (...args: unknown[]) => FixedT;
  const fixed = new Map<string, FixedT>();
  (instance as unknown as { getFixedT: (...args: unknown[]) => FixedT }).getFixedT = (lng, ns, keyPrefix, fixedOptions, ...more) => {
    // react-i18next passes { scopeNs }: i18next reads it for selector keys only, which go to i18next below.
    const scoped =
      fixedOptions === undefined ||
      (typeof fixedOptions === "object" && fixedOptions !== null && Object.keys(fixedOptions).every((name) => name === "scopeNs"));
    if (!scoped || more.length > 0 || typeof keyPrefix === "function") return original(lng, ns, keyPrefix, fixedOptions, ...more);
    const id = JSON.stringify([lng ?? null, ns ?? null, keyPrefix ?? null, fixedOptions ?? null]);
    let remembering = fixed.get(id);
    if (!remembering) {
      const inner = original(lng, ns, keyPrefix, fixedOptions);
      const strings = new Map<string, string>();
      const t = ((key: unknown, options?: unknown, ...rest: unknown[]) => {
        const id = rest.length === 0 && typeof key === "string" ? translationId(key, options) : null;
        if (id === null) return inner(key, options, ...rest);
        const known = strings.get(id);
        if (known !== undefined) return known;
        const value = inner(key, options);
        if (typeof value === "string") {
          if (strings.size >= REMEMBERED_TRANSLATIONS) strings.clear();
          strings.set(id, value);
        }
        return value;
      }) as FixedT;
      // react-i18next reads these from the function it gets.
      for (const name of ["lng", "lngs", "ns", "keyPrefix"]) if (name in inner) t[name] = inner[name];
      remembering = t;
      fixed.set(id, remembering);
    }
    return remembering;
  };
  return instance;
}

/** The key and its options as one string, or null when an option is not a plain value (an object, a function). */
function translationId(key: string, options: unknown): string | null {
  if (options === undefined) return key;
  if (options === null || typeof options !== "object" || Array.isArray(options)) return null;
  let id = key;
  for (const name in options) {
    const value = (options as Record<string, unknown>)[name];
    const type = typeof value;
    if (value !== null && type !== "string" && type !== "number" && type !== "boolean" && type !== "undefined") return null;
    id += `\u0000${name}\u0001${type}\u0001${String(value)}`;
  }
  return id;
}
