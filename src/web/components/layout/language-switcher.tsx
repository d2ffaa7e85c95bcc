import { useLocation } from "react-router";
import { LOCALES, SET_LOCALE_PARAM, localizePath, splitLocalePath } from "../../../shared/locales";
import { useLocale, useTranslation } from "../../i18n";

/**
 * Links to the same page in the other languages. The link carries ?setLocale=xx: the server
 * remembers the choice in the locale cookie and redirects to the clean URL (works without JS).
 */
/**
 * The language links. `landmark` (the default) makes them a navigation landmark named "Language";
 * a page with a second copy (the marketing footer) renders that one as a plain labelled group, so
 * the page has one "Language" landmark.
 */
export function LanguageSwitcher({ className = "", landmark = true }: { className?: string; landmark?: boolean }) {
  const { t } = useTranslation();
  const current = useLocale();
  const { pathname, search } = useLocation();
  const { path } = splitLocalePath(pathname);
  const query = new URLSearchParams(search);
  return (
    <Wrapper landmark={landmark} label={t("language.label")} className={`flex items-center gap-1 text-sm ${className}`}>
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
    </Wrapper>
  );
}

function Wrapper({ landmark, label, className, children }: { landmark: boolean; label: string; className: string; children: React.ReactNode }) {
  return landmark ? (
    <nav aria-label={label} data-language-switch className={className}>
      {children}
    </nav>
  ) : (
    // biome-ignore lint/a11y/useSemanticElements: a group of links, not of form controls (what a fieldset is for)
    <div role="group" aria-label={label} data-language-switch className={className}>
      {children}
    </div>
  );
}
