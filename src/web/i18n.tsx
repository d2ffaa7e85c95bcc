import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";
import { type Locale, localizePath, splitLocalePath } from "../shared/locales";

export { useTranslation };

/** The locale of the current page, from its path (/nl/... is Dutch, everything else English). */
export function useLocale(): Locale {
  return splitLocalePath(useLocation().pathname).locale;
}

/**
 * Builds links in the current locale: href("/pricing") → "/nl/pricing" on a Dutch page. The same
 * function while the locale stays, so memoised children and callbacks that take it keep theirs
 * (a new one per render re-rendered the editor's 200 sortable blocks on every page render).
 */
export function useLocalizedHref(): (path: string) => string {
  const locale = useLocale();
  return useCallback((path: string) => localizePath(path, locale), [locale]);
}
