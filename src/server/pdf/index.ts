/**
 * Quote PDFs (issue 13, docs/decisions/025-sealed-quote-pdf.md): render (quote-pdf.tsx), seal
 * (seal.ts), the sealing certificate (seal-store.ts). The job that stores a signed quote's PDF and
 * the download route call `produceSealedQuotePdf`.
 */
import type { QuotePdfInput } from "../../shared/quote-pdf";
import { translator } from "../../shared/i18n/server";
import { renderQuotePdfDocument } from "./quote-pdf";
import { type PdfSealer, sealPdfDocument } from "./seal";

export { renderQuotePdf, renderQuotePdfDocument, type RenderQuotePdfOptions } from "./quote-pdf";
export { richTextImageSources } from "./rich-text-pdf";
export {
  type PdfSealCheck,
  type PdfSealer,
  PdfSealError,
  type SealOptions,
  createSelfSignedP12,
  sealPdf,
  sealPdfDocument,
  sealerFromP12,
  verifyPdfSeal,
} from "./seal";
export { type SealerOptions, checkConfiguredSealer, getPdfSealer, loadOrCreateGeneratedSealer } from "./seal-store";

/** Renders the quote PDF naming the seal's signer on its certificate page, then seals it. */
export async function produceSealedQuotePdf(input: QuotePdfInput, sealer: PdfSealer): Promise<Uint8Array> {
  const pdf = await renderQuotePdfDocument(input, { sealedBy: sealer.signerName });
  const t = translator(input.language === "NL" ? "nl" : "en");
  let host = "";
  try {
    host = new URL(input.publicUrl).host;
  } catch {
    /* a relative or empty link: no location */
  }
  const generatedAt = new Date(input.generatedAt);
  const signingTime = Number.isNaN(generatedAt.getTime()) ? new Date() : generatedAt;
  return sealPdfDocument(pdf, sealer, { reason: t("pdf:sealReason"), location: host, signingTime });
}
