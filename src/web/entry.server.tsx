import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { type ReactNode, Suspense } from "react";
import { renderToPipeableStream } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { type AppLoadContext, type EntryContext, ServerRouter, StaticRouter } from "react-router";
import { i18nFor } from "../shared/i18n/server";
import { DocumentShell, SeoLinks } from "./document-shell";
import { PublicQuotePage } from "./features/public-quote/components/public-quote-page";
import { resolvePublicQuotePage } from "./features/public-quote/public-quote.server";
import { FragmentContext } from "./fragments";
import { fragmentRenderer } from "./fragments.server";
import { NonceContext } from "./nonce";
import { links as rootLinks } from "./root";
import { ServerDataContext } from "./server-data";

export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  // Crawlers get the whole document at once; people get the shell as soon as it is ready.
  const userAgent = request.headers.get("user-agent");
  const allReady = Boolean(userAgent && isbot(userAgent)) || routerContext.isSpaMode;
  return renderDocument(
    <ServerRouter context={routerContext} url={request.url} nonce={loadContext.nonce} />,
    { status: responseStatusCode, headers: responseHeaders, allReady },
    loadContext,
  );
}

/** A page's document streamed as React renders it, inside the providers every page has. */
function renderDocument(page: ReactNode, answer: { status: number; headers: Headers; allReady: boolean }, loadContext: AppLoadContext) {
  const { nonce, locale, quoteFragments, serverData } = loadContext;
  const i18n = i18nFor(locale);
  let responseStatusCode = answer.status;
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <ServerDataContext.Provider value={serverData ?? null}>
          <FragmentContext.Provider value={quoteFragments ? fragmentRenderer(quoteFragments, i18n, locale) : null}>
            <I18nextProvider i18n={i18n}>{page}</I18nextProvider>
          </FragmentContext.Provider>
        </ServerDataContext.Provider>
      </NonceContext.Provider>,
      {
        nonce,
        [answer.allReady ? "onAllReady" : "onShellReady"]() {
          shellRendered = true;
          const body = new PassThrough();
          const stream = createReadableStreamFromReadable(body);
          answer.headers.set("Content-Type", "text/html; charset=utf-8");
          resolve(new Response(stream, { headers: answer.headers, status: responseStatusCode }));
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors while streaming after the shell are logged; before it, onShellError rejects.
          if (shellRendered) loadContext.ctx.log.error({ err: error }, "render error");
        },
      },
    );
    setTimeout(abort, streamTimeout + 1000);
  });
}

const stylesheet = (href: string) => ({ rel: "stylesheet", href });

/**
 * The public quote page rendered without React Router (decision 096): a customer's link, the most
 * requested page there is, is a document that is never hydrated, one loader and one component, and
 * React Router's document handling (matching ~120 routes, building the route tree, copying the
 * request for each loader, the root loader) cost more than the page's own render. This renders the
 * same elements the router would — the root's shell with its head written out (`DocumentShell`),
 * then `PublicQuotePage` — from the same loader work (`resolvePublicQuotePage`); the bytes are the
 * router's (tests/integration/public-page-direct.test.ts). Null when the answer is anything but
 * the page at its canonical path (a redirect, 404, 410): the router renders those, as before.
 * `slug` as it appears in the path (only plain slugs come here: the caller checks); `css`: the root's
 * and the page route's stylesheets from the build's manifest (what <Links /> adds to their links).
 */
export async function renderPublicQuote(
  request: Request,
  loadContext: AppLoadContext,
  target: { slug: string; nanoId: string; css: { root: readonly string[]; page: readonly string[] } },
): Promise<Response | null> {
  const { slug, nanoId, css } = target;
  const answer = await resolvePublicQuotePage(loadContext, slug, nanoId);
  if (answer.kind !== "page") return null;
  const { page, pdfHref } = answer;
  const { publicUrl } = loadContext.publicConfig;
  const { pathname, search } = new URL(request.url);
  const userAgent = request.headers.get("user-agent");
  return renderDocument(
    // The location for the hooks that read it (useLocale); no route tree, no data router.
    <StaticRouter location={pathname + search}>
      <DocumentShell
        locale={loadContext.locale}
        meta={null}
        seo={<SeoLinks publicUrl={publicUrl} pathname={pathname} />}
        links={[...css.root.map(stylesheet), ...rootLinks(), ...css.page.map(stylesheet)].map((link, i) => (
          // As React Router's <Links /> writes them: each route's stylesheets, then its links() (nonce first).
          <link key={String(i)} nonce={loadContext.nonce} {...(link as React.LinkHTMLAttributes<HTMLLinkElement>)} />
        ))}
        tail={null}
      >
        <PublicQuotePage quote={page.quote} islandSrc={page.islandSrc} conversation={page.conversation} pdfHref={pdfHref} />
      </DocumentShell>
      {/* React Router's document ends with its data-transfer boundary, empty on a page that is not hydrated: the same bytes. */}
      <Suspense>{null}</Suspense>
    </StaticRouter>,
    { status: 200, headers: new Headers(), allReady: Boolean(userAgent && isbot(userAgent)) },
    loadContext,
  );
}
