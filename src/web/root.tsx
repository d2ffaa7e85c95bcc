import { useEffect, useRef } from "react";
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  isRouteErrorResponse,
  data,
  useLocation,
  useMatches,
  useRouteError,
  useRouteLoaderData,
} from "react-router";
import { type Locale, LOCALES, localizePath, splitLocalePath } from "../shared/locales";
import type { Route } from "./+types/root";
import { initAnalytics, trackPage } from "./analytics";
import { InlineStylesheet } from "./components/layout/inline-stylesheet";
import { Toaster } from "./components/ui/toast";
import { useLocale, useLocalizedHref, useTranslation } from "./i18n";
import { useNonce } from "./nonce";

export async function loader({ context, request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  return data({
    locale: context.locale,
    publicUrl: context.publicConfig.publicUrl,
    analytics: context.publicConfig.analytics,
    path: url.pathname,
  });
}

export function links(): Route.LinkDescriptors {
  return [{ rel: "icon", href: "/icons/logo.svg", type: "image/svg+xml" }];
}

/** Canonical = PUBLIC_URL + current path; hreflang alternates for every locale. */
function SeoLinks({ publicUrl }: { publicUrl: string }) {
  const { pathname } = useLocation();
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

export function Layout({ children }: { children: React.ReactNode }) {
  const locale = useLocale();
  const nonce = useNonce();
  const rootData = useRouteLoaderData<typeof loader>("root");
  const { t } = useTranslation();
  // A route whose handle says { hydrate: false } (the public quote, decision 023) ships no app
  // JavaScript at all: no hydration scripts, no module preloads; it brings its own small script.
  const hydrate = !useMatches().some((m) => (m.handle as { hydrate?: boolean } | undefined)?.hydrate === false);
  // Runs once React has hydrated the document (never on the server): `data-hydrated` on <html> tells
  // a script, and the browser tests' `ready`, that the page's controls now act (forms whose submit
  // waits for JavaScript are enabled by then).
  useEffect(() => {
    document.documentElement.dataset.hydrated = "";
  }, []);
  return (
    <html lang={locale}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        {rootData ? <SeoLinks publicUrl={rootData.publicUrl} /> : null}
        <InlineStylesheet />
        <Links />
      </head>
      <body className="min-h-screen">
        <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:p-2">
          {t("skipToContent")}
        </a>
        {children}
        {/* After the page: last in the tab order, as it is shown (bottom right), above it visually. */}
        {hydrate ? <Toaster label={t("toast.region")} /> : null}
        {hydrate ? <ScrollRestoration nonce={nonce} /> : null}
        {hydrate ? <Scripts nonce={nonce} /> : null}
      </body>
    </html>
  );
}

function useAnalytics() {
  const data = useRouteLoaderData<typeof loader>("root");
  const { pathname } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (!initAnalytics(data?.analytics ?? null)) return;
    trackPage(first.current ? "page_loaded" : "page_changed", pathname);
    first.current = false;
  }, [pathname, data?.analytics]);
}

export default function App() {
  useAnalytics();
  return <Outlet />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  const { t } = useTranslation();
  const href = useLocalizedHref();
  const { pathname } = useLocation();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const notFound = status === 404;
  if (!isRouteErrorResponse(error) && import.meta.env.DEV) console.error(error);
  return (
    <main id="main" className="mx-auto flex min-h-screen max-w-xl flex-col items-center justify-center gap-4 p-8 text-center">
      <title>{notFound ? t("errors.notFoundTitle") : t("errors.internalTitle")}</title>
      <meta name="robots" content="noindex" />
      <p className="text-sm font-semibold text-brand-600">{t("errors.status", { status })}</p>
      <h1 className="text-3xl font-bold tracking-tight" data-testid="error-title">
        {notFound ? t("errors.notFound", { path: pathname }) : t("errors.internalTitle")}
      </h1>
      <p className="text-slate-600">{notFound ? t("errors.notFoundHint") : t("errors.internal")}</p>
      <a href={href("/")} className="rounded-md bg-brand-600 px-4 py-2 font-medium text-white hover:bg-brand-700">
        {t("errors.backHome")}
      </a>
    </main>
  );
}
