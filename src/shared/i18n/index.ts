import { type TFunction, type TOptions, createInstance, type i18n as I18n } from "i18next";
import { DEFAULT_LOCALE, type Locale } from "../locales";
import type en from "./en/index";
import type { Mirror } from "./types";

/** A language's catalog: the English keys, any strings. */
export type Catalog = Mirror<typeof en>;
export type Namespace = keyof typeof en;

/** One language's namespaces, loaded on demand so that a page ships only its own language. */
export async function loadCatalog(locale: Locale): Promise<Catalog> {
  return locale === "nl" ? (await import("./nl/index")).default : (await import("./en/index")).default;
}

/** A ready, synchronous i18next instance for one locale and its catalog. */
export function createI18n(locale: Locale, catalog: Catalog): I18n {
  const instance = createInstance();
  void instance.init({
    lng: locale,
    fallbackLng: false,
    resources: { [locale]: catalog },
    ns: Object.keys(catalog),
    defaultNS: "common",
    interpolation: { escapeValue: false }, // React escapes
    initAsync: false,
    returnNull: false,
  });
  return instance;
}

export { DEFAULT_LOCALE };

/**
 * Translates a key known only at run time (a shared schema's message key, an error code from the
 * API). Literal keys go straight to `t("…")`, where the compiler checks them; these are checked by
 * the catalog test and the tests of the code that produces them.
 */
export function translateKey(t: TFunction | ((...args: never[]) => unknown), key: string, options?: TOptions): string {
  return (t as unknown as (key: string, options?: TOptions) => string)(key, options);
}
