import { data, redirect } from "react-router";
import { localizePath } from "../../../shared/locales";
import { publicQuoteUrl } from "../../../shared/quotes";
import { PublicQuotePage } from "../../features/public-quote/components/public-quote-page";
import { QuoteUnavailable } from "../../features/public-quote/components/quote-unavailable";
import { loadPublicQuotePage } from "../../features/public-quote/public-quote.server";
import type { PublicQuotePageData } from "../../features/public-quote/types";
import { useServerData } from "../../server-data";
import type { Route } from "./+types/public-quote";

/** No hydration: the page ships only its island script (decision 023), not the app bundle. */
export const handle = { hydrate: false };

/** The key of the page's data in the request's server data (decision 095). */
const PAGE = "publicQuote";

/**
 * The public quote link (SPEC §2). One read-model call per load; availability is checked on every
 * request: unknown, draft or withdrawn → not available (404), past the expiration date → expired (410).
 * The page's data goes to its component through the request's server data, not as loader data:
 * the page is never hydrated, so React Router need not encode it (decision 095).
 */
export async function loader({ context, params }: Route.LoaderArgs) {
  const page = await loadPublicQuotePage(context, params.nanoId);
  if (!page.quote) return data({ availability: page.availability }, { status: page.availability === "EXPIRED" ? 410 : 404 });
  // The quote's language decides the page language; the slug follows the title.
  const canonical = new URL(
    publicQuoteUrl(context.publicConfig.publicUrl, { slug: page.quote.slug, nanoId: page.quote.nanoId, language: page.quote.document.language }),
  ).pathname;
  const wanted = localizePath(`/quote/${params.slug}/${params.nanoId}`, context.locale);
  if (decodeURI(canonical) !== wanted) throw redirect(canonical);
  if (!context.serverData) throw new Error("the public page is rendered on the server only, with its request's server data");
  context.serverData[PAGE] = page;
  return { availability: page.availability };
}

export default function PublicQuoteRoute({ loaderData, params }: Route.ComponentProps) {
  if (loaderData.availability !== "AVAILABLE") return <QuoteUnavailable availability={loaderData.availability} />;
  return <AvailableQuote nanoId={params.nanoId} />;
}

function AvailableQuote({ nanoId }: { nanoId: string }) {
  const { quote, islandSrc, conversation } = useServerData<PublicQuotePageData & { quote: NonNullable<PublicQuotePageData["quote"]> }>(PAGE);
  // The PDF download next to the page, in the page's language prefix (/nl/quote/…/pdf for a Dutch quote; both paths work).
  const pdfHref = localizePath(`/quote/${encodeURIComponent(quote.slug)}/${encodeURIComponent(nanoId)}/pdf`, quote.document.language === "NL" ? "nl" : "en");
  return <PublicQuotePage quote={quote} islandSrc={islandSrc} conversation={conversation} pdfHref={pdfHref} />;
}
