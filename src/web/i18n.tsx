import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";
import { type Locale, localizePath, splitLocalePath } from "../shared/locales";

export { useTranslation };

/** The locale of the current page, from its path (/nl/... is Dutch, everything else English). */
export function useLocale(): Locale {
  return splitLocalePath(useLocation().pathname).locale;
}

/** Builds links in the current locale: href("/pricing") → "/nl/pricing" on a Dutch page. */
export function useLocalizedHref(): (path: string) => string {
  const locale = useLocale();
  return (path: string) => localizePath(path, locale);
}
