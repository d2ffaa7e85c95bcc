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
    instance = createI18n(locale, catalogs[locale]);
    instances.set(locale, instance);
  }
  return instance;
}

/** A translate function for one locale. */
export function translator(locale: Locale): TFunction {
  return i18nFor(locale).t;
}
