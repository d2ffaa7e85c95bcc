import { data, redirect } from "react-router";
import { localizePath } from "../../../shared/locales";
import { publicQuoteUrl } from "../../../shared/quotes";
import { PublicQuotePage } from "../../features/public-quote/components/public-quote-page";
import { QuoteUnavailable } from "../../features/public-quote/components/quote-unavailable";
import { loadPublicQuotePage } from "../../features/public-quote/public-quote.server";
import type { Route } from "./+types/public-quote";

/** No hydration: the page ships only its island script (decision 023), not the app bundle. */
export const handle = { hydrate: false };

/**
 * The public quote link (SPEC §2). One read-model call per load; availability is checked on every
 * request: unknown, draft or withdrawn → not available (404), past the expiration date → expired (410).
 */
export async function loader({ context, params }: Route.LoaderArgs) {
  const page = await loadPublicQuotePage(context, params.nanoId);
  if (!page.quote) return data(page, { status: page.availability === "EXPIRED" ? 410 : 404 });
  // The quote's language decides the page language; the slug follows the title.
  const canonical = new URL(
    publicQuoteUrl(context.publicConfig.publicUrl, { slug: page.quote.slug, nanoId: page.quote.nanoId, language: page.quote.document.language }),
  ).pathname;
  const wanted = localizePath(`/quote/${params.slug}/${params.nanoId}`, context.locale);
  if (decodeURI(canonical) !== wanted) throw redirect(canonical);
  return page;
}

export default function PublicQuoteRoute({ loaderData, params }: Route.ComponentProps) {
  if (!loaderData.quote) return <QuoteUnavailable availability={loaderData.availability} />;
  // The PDF download next to the page, in the page's language prefix (/nl/quote/…/pdf for a Dutch quote; both paths work).
  const pdfHref = localizePath(
    `/quote/${encodeURIComponent(loaderData.quote.slug)}/${encodeURIComponent(params.nanoId)}/pdf`,
    loaderData.quote.document.language === "NL" ? "nl" : "en",
  );
  return <PublicQuotePage quote={loaderData.quote} islandSrc={loaderData.islandSrc} conversation={loaderData.conversation} pdfHref={pdfHref} />;
}
