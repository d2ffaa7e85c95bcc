import type { ReactNode } from "react";
import { type Locale, LOCALES, localizePath, splitLocalePath } from "../shared/locales";
import { InlineStylesheet } from "./components/layout/inline-stylesheet";
import { useTranslation } from "./i18n";

/** Canonical = PUBLIC_URL + current path; hreflang alternates for every locale. */
export function SeoLinks({ publicUrl, pathname }: { publicUrl: string; pathname: string }) {
  const { path } = splitLocalePath(pathname);
  return (
    <>
      <link rel="canonical" href={publicUrl + pathname} />
      {LOCALES.map((l: Locale) => (
        <link key={l} rel="alternate" hrefLang={l} href={publicUrl + localizePath(path, l)} />
      ))}
      <link rel="alternate" hrefLang="x-default" href={publicUrl + path} />
    </>
  );
}

/**
 * Every server-rendered page's <html>: the root route's Layout renders it with React Router's
 * <Meta>, <Links> and scripts, and the public quote page's direct render (decision 096, outside
 * React Router) with the same elements written out, so both give the same bytes
 * (tests/integration/public-page-direct.test.ts compares them).
 */
export function DocumentShell({
  locale,
  meta,
  seo,
  links,
  tail,
  children,
}: {
  locale: Locale;
  /** React Router's <Meta /> (the direct render: what it renders for that page, nothing). */
  meta: ReactNode;
  seo: ReactNode;
  /** React Router's <Links /> (the direct render: the root's icon link). */
  links: ReactNode;
  /** After the page: the toaster, scroll restoration and scripts of a hydrated page. */
  tail: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <html lang={locale}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {meta}
        {seo}
        <InlineStylesheet />
        {links}
      </head>
      <body className="min-h-screen">
        <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:p-2">
          {t("skipToContent")}
        </a>
        {children}
        {tail}
      </body>
    </html>
  );
}
