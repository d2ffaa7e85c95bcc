import { DEFAULT_STYLING, FONT_FAMILIES } from "../../../../shared/account-settings";
import type { TextFont } from "../../../../shared/enums";
import { formatDate, formatNameList } from "../../../../shared/format";
import { useNonce } from "../../../nonce";
import { useTranslation } from "../../../i18n";
import { CachedQuoteDocument, useTotalsLabels } from "../../quote-document/quote-document";
import type { IslandData, PublicQuotePageData } from "../types";
import { PaymentPanel } from "./payment-panel";
import { SignatureList } from "./signature-list";
import { SigningForm } from "./signing-form";
import { VersionChanges } from "./version-changes";
import { changeMarks } from "../../../../shared/quote-versions";
import "../../settings/fonts";
import { PublicConversation } from "../../conversation/components/public-conversation";
import type { PublicConversationData } from "../../conversation/public-conversation.server";

type Quote = NonNullable<PublicQuotePageData["quote"]>;

/**
 * The logo's box is known before the image arrives, so its arrival moves nothing (a wide logo
 * used to push the buttons onto a second line at phone widths: CLS 0.13). With the stored size,
 * width and height give the browser the aspect ratio (`aspect-ratio: auto w / h`): 48 px high,
 * as wide as that makes it, at most 240 px. A logo stored before its size was kept gets the
 * whole 240 × 48 box and is fitted into it (object-contain): the same picture, a fixed box.
 */
function logoBox(size: { width: number; height: number } | null): { width: number; height: number } {
  return size ?? { width: 240, height: 48 };
}

/** JSON inside <script type="application/json">: "<" escaped so no "</script>" can end it. */
const safeJson = (value: unknown) => JSON.stringify(value).replace(/</g, "\\u003c");

/**
 * The island's share of the document (its totals and pricing blocks), as JSON, kept per document
 * object (decision 095): a rendered page's document comes from the read cache as the same object,
 * never changed, and its JSON was ~3 % of the page's server CPU. A new read is a new object.
 */
const islandDocuments = new WeakMap<object, string>();
function islandDocumentJson(document: Quote["document"]): string {
  let json = islandDocuments.get(document);
  if (json === undefined) {
    json = safeJson({
      totals: document.totals,
      // Only what the totals need: the rich text stays in the HTML.
      blocks: document.blocks.filter((b) => b.pricing).map((b) => ({ id: b.id, name: "", content: null, pricing: b.pricing })),
    });
    islandDocuments.set(document, json);
  }
  return json;
}

/** The island's JSON (IslandData): the same bytes as `safeJson(island)`, its document part from `islandDocumentJson`. */
function islandJson({ document, ...rest }: Omit<IslandData, "document"> & { document: Quote["document"] }): string {
  const { labels, messages, ...head } = rest;
  const opening = safeJson(head);
  return `${opening.slice(0, -1)},"document":${islandDocumentJson(document)},"labels":${safeJson(labels)},"messages":${safeJson(messages)}}`;
}

/**
 * The customer's page (no app layout, no app JavaScript): sender's branding, the document with a
 * table of contents, signatures, signing form, print and PDF. Everything is server-rendered; the
 * island script (island/main.ts, ~a few KB) makes options, totals and signing live.
 */
export function PublicQuotePage({
  quote,
  islandSrc,
  pdfHref,
  conversation,
}: {
  quote: Quote;
  islandSrc: string | null;
  pdfHref: string;
  conversation: PublicConversationData | null;
}) {
  const { t } = useTranslation();
  const nonce = useNonce();
  const labels = useTotalsLabels();
  const { document, account } = quote;
  const font = (account.textFont ?? DEFAULT_STYLING.textFont) as TextFont;
  const vars = {
    "--quote-text": account.textColor ?? DEFAULT_STYLING.textColor,
    "--quote-link": account.linkColor ?? DEFAULT_STYLING.linkColor,
    fontFamily: FONT_FAMILIES[font],
  } as React.CSSProperties;
  const canSignHere = quote.canSign && !quote.viewerIsMember;
  const address = [account.quoteStreetAndNumber, [account.quotePostalCode, account.quoteCity].filter(Boolean).join(" ")].filter(Boolean);
  const island = islandJson({
    nanoId: quote.nanoId,
    version: quote.version,
    showsChanges: quote.changes !== null,
    language: document.language,
    currency: document.currency,
    canSign: canSignHere,
    document,
    labels,
    messages: {
      added: t("signing:toast.added"),
      failed: t("signing:toast.failed"),
      signing: t("signing:form.signing"),
      submit: t("signing:form.submit"),
      nameRequired: t("signing:validation.nameRequired"),
      signatureRequired: t("signing:validation.signatureRequired"),
      consentRequired: t("signing:validation.consentRequired"),
    },
  });
  return (
    <div id="public-quote" className="styled-quote min-h-screen bg-slate-50 pb-16 print:bg-white print:pb-0" style={vars} data-testid="public-quote">
      <meta name="robots" content="noindex" />
      <title>{`${document.name} · ${document.quoteNumber}`}</title>
      {/* Scoped to this page: text and links take the sender's colours. */}
      <style>{`.styled-quote :is(h1,h2,h3,p,address,dd,td,th,li){color:var(--quote-text)}.styled-quote main a{color:var(--quote-link)}@media print{@page{margin:16mm}.styled-quote [data-block-id]{break-inside:auto}.styled-quote tr,.styled-quote [data-signature]{break-inside:avoid}.styled-quote h2{break-after:avoid}}`}</style>
      {quote.viewerIsMember ? (
        <div role="note" className="bg-amber-100 px-4 py-3 text-center text-sm font-medium text-amber-900 print:hidden" data-testid="preview-banner">
          {t("signing:page.previewBanner")}
        </div>
      ) : null}
      <header className="mx-auto max-w-3xl px-4 pt-6">
        <div className="flex flex-wrap items-start justify-between gap-4">
          <div className="min-w-0">
            {account.fileUrl ? (
              <img
                src={account.fileUrl}
                alt={account.name}
                {...logoBox(account.logoSize)}
                className={`h-12 object-contain object-left ${account.logoSize ? "w-auto max-w-60" : "w-60"}`}
                data-testid="public-logo"
              />
            ) : (
              <p className="text-lg font-semibold">{account.name}</p>
            )}
            <address className="mt-2 text-sm not-italic text-slate-600" data-testid="sender-address">
              {account.fileUrl ? <span className="block font-medium">{account.name}</span> : null}
              {address.map((line) => (
                <span key={line} className="block">
                  {line}
                </span>
              ))}
            </address>
          </div>
          <div className="flex flex-wrap gap-2 print:hidden">
            <button
              type="button"
              data-print
              className="rounded-md border border-slate-300 bg-white px-3 py-2 text-sm font-medium text-slate-800 hover:bg-slate-50"
            >
              {t("signing:page.print")}
            </button>
            <a
              href={pdfHref}
              className="rounded-md border border-slate-300 bg-white px-3 py-2 text-sm font-medium !text-slate-800 no-underline hover:bg-slate-50"
              data-testid="pdf-link"
            >
              {t("signing:page.downloadPdf")}
            </a>
          </div>
        </div>
      </header>
      <main id="main" className="mx-auto max-w-3xl space-y-6 px-4 py-6">
        {quote.status === "SIGNED" ? (
          <p role="status" className="rounded-md bg-green-50 px-4 py-3 text-sm font-medium text-green-900" data-testid="signed-banner">
            {t("signing:page.signedBanner")}
          </p>
        ) : quote.state === "CUSTOMER_SIGNED" ? (
          <p role="status" className="rounded-md bg-green-50 px-4 py-3 text-sm font-medium text-green-900" data-testid="customer-signed-banner">
            {t("signing:page.customerSignedBanner", { names: formatNameList(quote.customerSigners, document.language) })}
          </p>
        ) : null}
        {document.blocks.length > 1 ? (
          <nav aria-labelledby="toc-title" className="rounded-xl border border-slate-200 bg-white p-4 print:hidden" data-testid="toc">
            <h2 id="toc-title" className="text-sm font-semibold uppercase tracking-wide text-slate-500">
              {t("signing:page.contents")}
            </h2>
            <ol className="mt-2 list-decimal space-y-1 pl-5 text-sm">
              {document.blocks.map((block) => (
                <li key={block.id}>
                  <a href={`#block-${block.id}`} className="underline">
                    {block.name || document.name}
                  </a>
                </li>
              ))}
            </ol>
          </nav>
        ) : null}
        {quote.changes ? (
          <VersionChanges diff={quote.changes.diff} reason={quote.changes.reason} language={document.language} currency={document.currency} />
        ) : null}
        <CachedQuoteDocument quote={document} selectable={canSignHere} marks={quote.changes ? changeMarks(quote.changes.diff) : null} />
        <SignatureList
          signatures={quote.signatures}
          language={document.language}
          signedWithout={quote.state !== "SIGNED" ? null : quote.docusign?.status === "COMPLETED" ? "DOCUSIGN" : "MARKED"}
        />
        {quote.payment && !quote.viewerIsMember ? <PaymentPanel payment={quote.payment} language={document.language} /> : null}
        {canSignHere ? <SigningForm signers={quote.customerSigners} language={document.language} /> : null}
        {quote.docusign ? (
          <p
            className="rounded-lg border border-blue-200 bg-blue-50 p-4 text-sm font-medium text-blue-900"
            data-testid="public-docusign"
            data-status={quote.docusign.status}
          >
            {t(quote.docusign.status === "SENT" ? "signing:docusign.publicOut" : "signing:docusign.publicSigned")}
          </p>
        ) : null}
        {conversation && !quote.viewerIsMember ? <PublicConversation {...conversation} /> : null}
        {quote.watermark ? (
          <p className="text-center text-xs text-slate-500" data-testid="watermark">
            <a href="/" className="!text-slate-500 underline">
              {t("signing:page.madeWith")}
            </a>
          </p>
        ) : null}
        <p className="hidden text-xs text-slate-500 print:block">
          {t("quotes:quoteTitle", { number: document.quoteNumber })} · {formatDate(document.quoteDateAt, document.language, "long")}
        </p>
      </main>
      <div id="island-toasts" aria-live="polite" className="fixed inset-x-0 bottom-4 z-50 flex flex-col items-center gap-2 px-4 print:hidden" />
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: JSON for the island, "<" escaped */}
      <script type="application/json" id="offerly-quote" nonce={nonce} dangerouslySetInnerHTML={{ __html: island }} />
      {islandSrc ? <script type="module" src={islandSrc} nonce={nonce} /> : null}
    </div>
  );
}
