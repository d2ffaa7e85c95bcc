import { data, redirect } from "react-router";
import { localizePath } from "../../../shared/locales";
import { publicQuoteUrl } from "../../../shared/quotes";
import { PublicConversation } from "../../features/conversation/components/public-conversation";
import { loadPublicConversation } from "../../features/conversation/public-conversation.server";
import { loadPublicQuoteDocument } from "../../features/quote-document/public-quote.server";
import { QuoteDocument } from "../../features/quote-document/quote-document";
import { useTranslation } from "../../i18n";
import type { Route } from "./+types/public-quote";

/**
 * The public quote link. Availability is checked on every request: a draft (never published or
 * withdrawn) or unknown link shows "not available" (404), a published quote past its expiration
 * date shows "expired" (410). The full customer view (table of contents, signing, PDF) comes with
 * the public-quote issue; until then an available quote shows its content read-only.
 */
export async function loader({ context, params, request }: Route.LoaderArgs) {
  const { availability, quote, document } = await loadPublicQuoteDocument(context.ctx.db, params.nanoId);
  if (!quote || !document) return data({ availability, document: null }, { status: availability === "EXPIRED" ? 410 : 404 });
  // The quote's language decides the page language; the slug follows the title.
  const canonical = new URL(publicQuoteUrl(context.publicConfig.publicUrl, quote)).pathname;
  const wanted = localizePath(`/quote/${params.slug}/${params.nanoId}`, context.locale);
  if (decodeURI(canonical) !== wanted) throw redirect(canonical);
  // MERGE (issue 14): the customer's question and decline forms; see features/conversation.
  return { availability, document, conversation: await loadPublicConversation(context.ctx.db, quote, request.url) };
}

export default function PublicQuotePage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { availability, document } = loaderData;
  if (!document) {
    const title = availability === "EXPIRED" ? t("quotes:public.expiredTitle") : t("quotes:public.notAvailableTitle");
    return (
      <main id="main" className="mx-auto max-w-xl px-4 py-16 text-center">
        <meta name="robots" content="noindex" />
        <title>{`${title} · Offerly`}</title>
        <h1 className="text-2xl font-bold tracking-tight" data-testid="public-quote-unavailable">
          {title}
        </h1>
        <p className="mt-3 text-slate-600">{availability === "EXPIRED" ? t("quotes:public.expired") : t("quotes:public.notAvailable")}</p>
      </main>
    );
  }
  return (
    <main id="main" className="mx-auto max-w-3xl px-4 py-10">
      <meta name="robots" content="noindex" />
      <title>{`${document.name} · ${document.quoteNumber}`}</title>
      <QuoteDocument quote={document} />
      <PublicConversation {...loaderData.conversation} />
    </main>
  );
}
