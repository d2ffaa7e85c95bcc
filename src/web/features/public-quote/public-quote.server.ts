import fs from "node:fs";
import { findQuoteSubscriptions, pageViewMemo, readPublicQuote } from "../../../server/modules/public-quote/public-quote.server";
import type { OfferlyLoadContext } from "../../context";
import { loadPublicConversation } from "../conversation/public-conversation.server";
import { quoteState } from "../../../shared/quote-state";
import type { PublicQuotePageData } from "./types";
import { publicQuoteUrl } from "../../../shared/quotes";
import { localizePath } from "../../../shared/locales";

/**
 * The public page's data: ONE read-model call (`loadPublicQuote`: availability, document, account,
 * signatures, rules), then the customer's view is recorded in the audit trail. Internal ids
 * (quote, account) stay on the server: the page gets the view without them.
 */
export async function loadPublicQuotePage(context: OfferlyLoadContext, nanoId: string): Promise<PublicQuotePageData> {
  const { ctx } = context;
  // "Changed since you last viewed" (decision 032): the island asks with ?changesSince=<the version this browser saw>.
  const since = Number(new URL(ctx.request.url).searchParams.get("changesSince"));
  const changesSince = Number.isInteger(since) && since > 0 ? since : null;
  const {
    availability,
    view,
    conversation: conversationRead,
    answeredBy,
  } = await (context.publicReads && ctx.auth.user === null
    ? // A customer's view: the read model kept under the page stamp, one cheap check a request (decision 095).
      context.publicReads.read(ctx.readDb, nanoId, { changesSince })
    : readPublicQuote(ctx.readDb, nanoId, { viewerUserId: ctx.auth.user?.id ?? null, changesSince }));
  if (!view) return { availability, quote: null, islandSrc: null, conversation: null };
  // A repeat view within the 30 minutes the database keeps it out runs no statement (decision 085, as 065 for the cache's hits).
  await pageViewMemo(ctx.db)
    .record(ctx.db, view, { ip: context.clientAddress ?? null, userAgent: ctx.request.headers.get("user-agent") })
    .catch((error: unknown) => ctx.log.warn({ err: error }, "could not record a quote view"));
  // The customer's question and decline forms, and an active decline (issue 14, decision 027).
  const conversation = await loadPublicConversation(
    ctx.db,
    { id: view.quoteId, slug: view.slug, nanoId: view.nanoId, language: view.document.language, status: view.status },
    ctx.request.url,
    // Read with the quote (decision 085) when that read was the primary's: the decline is read on the primary, as before.
    answeredBy === ctx.db ? conversationRead : undefined,
  );
  const { quoteId: _q, accountId: _a, account, signatures, earlierSignatures, version, payment, docusign, ...rest } = view;
  // The "Pay" form (a plain POST: no script) and the message its answer or Mollie's return left in the query.
  const notice = new URL(ctx.request.url).searchParams.get("payment");
  const pagePath = new URL(publicQuoteUrl(context.publicConfig.publicUrl, { slug: view.slug, nanoId: view.nanoId, language: view.document.language })).pathname;
  const { logoFileKey: _l, ...publicAccount } = account;
  // The subscriptions a paid first payment started (decision 061): no internal ids on the page.
  const subscriptions =
    payment?.status === "PAID" && payment.recurring.length > 0
      ? ((await findQuoteSubscriptions(ctx.db, view.accountId, [view.quoteId])).get(view.quoteId) ?? []).map(({ id: _id, canceledAt: _c, ...s }) => s)
      : [];
  // The customer's side of the state table (src/shared/quote-state.ts; the server refuses the same).
  const customerSigners = signatures.filter((s) => s.kind === "CUSTOMER").map((s) => s.name);
  const { state, actions } = quoteState({
    status: view.status,
    expirationDate: view.document.quoteExpirationAt,
    signable: view.signable,
    customerSignatures: customerSigners.length,
    declined: Boolean(conversation.declinedAt),
    everPublished: true,
    viewed: true,
  });
  return {
    availability,
    islandSrc: islandSrc(),
    conversation: { ...conversation, canDecline: conversation.canDecline && actions.includes("DECLINE") },
    quote: {
      ...rest,
      state,
      customerSigners,
      // Declined, signed or expired: no signing (the plan's signing rule is in rest.canSign).
      canSign: rest.canSign && actions.includes("SIGN"),
      account: publicAccount,
      // DocuSign (decision 059): only whether it is out there or signed there (never a reason).
      docusign:
        docusign?.status === "SENT" || docusign?.status === "PREPARING"
          ? { status: "SENT" as const }
          : docusign?.status === "COMPLETED"
            ? { status: "COMPLETED" as const }
            : null,
      signatures: signatures.map(({ fileKey: _f, signedAt, ...s }) => ({ ...s, signedAt: signedAt.toISOString() })),
      version: version?.number ?? null,
      earlierSignatureCount: earlierSignatures.length,
      payment: payment
        ? {
            ...payment,
            paidAt: payment.paidAt?.toISOString() ?? null,
            action: `${pagePath}/pay`,
            invoiceHref: payment.invoiceNumber ? `${pagePath}/invoice` : null,
            notice: notice && /^[a-z-]{1,20}$/.test(notice) ? notice : null,
            subscriptions,
          }
        : null,
    },
  };
}

/** The public page's answer for a link: its page, a redirect to its canonical path, or not available (404) / expired (410). */
export type PublicQuoteAnswer =
  | { kind: "page"; page: PublicQuotePageData & { quote: NonNullable<PublicQuotePageData["quote"]> }; pdfHref: string }
  | { kind: "redirect"; location: string }
  | { kind: "unavailable"; availability: PublicQuotePageData["availability"]; status: 404 | 410 };

/**
 * The page's loader's work, for React Router's route (routes/quote/public-quote.tsx) and the direct
 * render (decision 096) alike: the data, then whether the path is the link's canonical one (the
 * quote's language decides the page language; the slug follows the title). `slug` as React
 * Router's params give it (decoded).
 */
export async function resolvePublicQuotePage(context: OfferlyLoadContext, slug: string, nanoId: string): Promise<PublicQuoteAnswer> {
  const page = await loadPublicQuotePage(context, nanoId);
  if (!page.quote) return { kind: "unavailable", availability: page.availability, status: page.availability === "EXPIRED" ? 410 : 404 };
  const { quote } = page;
  const canonical = new URL(publicQuoteUrl(context.publicConfig.publicUrl, { slug: quote.slug, nanoId: quote.nanoId, language: quote.document.language }))
    .pathname;
  const wanted = localizePath(`/quote/${slug}/${nanoId}`, context.locale);
  if (decodeURI(canonical) !== wanted) return { kind: "redirect", location: canonical };
  // The PDF download next to the page, in the page's language prefix (/nl/quote/…/pdf for a Dutch quote; both paths work).
  const pdfHref = localizePath(`/quote/${encodeURIComponent(quote.slug)}/${encodeURIComponent(nanoId)}/pdf`, quote.document.language === "NL" ? "nl" : "en");
  return { kind: "page", page: { ...page, quote }, pdfHref };
}

let cached: string | undefined;
/**
 * The island script's URL: in the production build, the hashed file named by
 * build/server/quote-island.json (scripts/build-server.mjs writes it next to this bundle); in
 * development, Vite serves the source module.
 */
function islandSrc(): string {
  if (cached) return cached;
  const manifest = new URL("./quote-island.json", import.meta.url);
  try {
    cached = (JSON.parse(fs.readFileSync(manifest, "utf8")) as { src: string }).src;
  } catch {
    cached = "/src/web/features/public-quote/island/main.ts";
  }
  return cached;
}
