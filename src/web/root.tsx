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
import type { Route } from "./+types/root";
import { initAnalytics, trackPage } from "./analytics";
import { Toaster } from "./components/ui/toast";
import { useLocale, useLocalizedHref, useTranslation } from "./i18n";
import { DocumentShell, SeoLinks } from "./document-shell";
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

export function Layout({ children }: { children: React.ReactNode }) {
  const locale = useLocale();
  const nonce = useNonce();
  const rootData = useRouteLoaderData<typeof loader>("root");
  const { t } = useTranslation();
  const { pathname } = useLocation();
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
    <DocumentShell
      locale={locale}
      meta={<Meta />}
      seo={rootData ? <SeoLinks publicUrl={rootData.publicUrl} pathname={pathname} /> : null}
      links={<Links />}
      tail={
        hydrate ? (
          <>
            {/* After the page: last in the tab order, as it is shown (bottom right), above it visually. */}
            <Toaster label={t("toast.region")} />
            <ScrollRestoration nonce={nonce} />
            <Scripts nonce={nonce} />
          </>
        ) : null
      }
    >
      {children}
    </DocumentShell>
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
