import { useLocation } from "react-router";
import { LOCALES, SET_LOCALE_PARAM, localizePath, splitLocalePath } from "../../../shared/locales";
import { useLocale, useTranslation } from "../../i18n";

/**
 * Links to the same page in the other languages. The link carries ?setLocale=xx: the server
 * remembers the choice in the locale cookie and redirects to the clean URL (works without JS).
 */
export function LanguageSwitcher({ className = "" }: { className?: string }) {
  const { t } = useTranslation();
  const current = useLocale();
  const { pathname, search } = useLocation();
  const { path } = splitLocalePath(pathname);
  const query = new URLSearchParams(search);
  return (
    <nav aria-label={t("language.label")} data-language-switch className={`flex items-center gap-1 text-sm ${className}`}>
      {LOCALES.map((locale) => {
        query.set(SET_LOCALE_PARAM, locale);
        const active = locale === current;
        return (
          <a
            key={locale}
            href={`${localizePath(path, locale)}?${query.toString()}`}
            hrefLang={locale}
            lang={locale}
            aria-current={active ? "true" : undefined}
            title={t("language.switchTo", { language: t(`language.${locale}`) })}
            data-testid={`switch-locale-${locale}`}
            className={`rounded px-2 py-1 font-medium uppercase ${active ? "bg-slate-900 text-white" : "text-slate-600 hover:bg-slate-100"}`}
          >
            {locale}
          </a>
        );
      })}
    </nav>
  );
}
