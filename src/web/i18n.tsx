import type { i18n as I18n } from "i18next";
import { useCallback, useContext } from "react";
import { I18nContext, getDefaults, getI18n, useTranslation as useReactI18nextTranslation } from "react-i18next";
import { useLocation } from "react-router";
import { type Locale, localizePath, splitLocalePath } from "../shared/locales";

type UseTranslation = typeof useReactI18nextTranslation;
type Options = { i18n?: I18n; keyPrefix?: string; lng?: string; nsMode?: "default" | "fallback"; useSuspense?: boolean };

/**
 * react-i18next's `useTranslation` as the server renders with it (decision 085): the same `t` (the
 * instance's `getFixedT` for the same language, namespaces and key prefix: the remembered function
 * of src/shared/i18n/server.ts), the same `[t, i18n, ready]` answer, without the per-call work
 * that only serves a browser (its external-store subscription, refs and memos, and a copy of the
 * instance's property descriptors on every call: a profile of the rendered public page put 4 % of
 * the server's CPU in it). The server's instances are initialised with every namespace loaded; one
 * that is not ready (never, today) takes react-i18next's own hook. The browser always does.
 */
export function useServerTranslation(ns?: string | readonly string[], props: Options = {}) {
  const context = useContext(I18nContext) as { i18n?: I18n; defaultNS?: string | readonly string[] } | undefined;
  const i18n = props.i18n ?? context?.i18n ?? (getI18n() as I18n | undefined);
  const options = { ...getDefaults(), ...i18n?.options?.react, ...props } as Options;
  const nsOrContext = ns || context?.defaultNS || i18n?.options?.defaultNS;
  const namespaces = (typeof nsOrContext === "string" ? [nsOrContext] : nsOrContext || ["translation"]) as string[];
  const ready =
    i18n !== undefined &&
    Boolean(i18n.isInitialized || (i18n as { initializedStoreOnce?: boolean }).initializedStoreOnce) &&
    namespaces.every((n) => i18n.hasLoadedNamespace(n, { lng: options.lng }));
  // Never taken on the server today: the same branch for every render of an instance.
  if (!i18n || !ready) return (useReactI18nextTranslation as unknown as (ns?: unknown, props?: unknown) => unknown)(ns, props);
  (i18n as { reportNamespaces?: { addUsedNamespaces?: (ns: string[]) => void } }).reportNamespaces?.addUsedNamespaces?.(namespaces);
  const getFixedT = i18n.getFixedT as unknown as (lng: string, ns: string | string[], keyPrefix: string | undefined, options: { scopeNs: string[] }) => unknown;
  const t = getFixedT.call(i18n, props.lng || i18n.language, options.nsMode === "fallback" ? namespaces : namespaces[0], options.keyPrefix, {
    scopeNs: namespaces,
  });
  const answer = [t, i18n, true] as unknown as unknown[] & { t: unknown; i18n: I18n; ready: boolean };
  answer.t = t;
  answer.i18n = i18n;
  answer.ready = true;
  return answer;
}

export const useTranslation: UseTranslation = import.meta.env.SSR ? (useServerTranslation as unknown as UseTranslation) : useReactI18nextTranslation;

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
