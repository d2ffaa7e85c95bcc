/**
 * The sealed quote PDF from its input: render (quote-pdf.tsx), then seal (seal.ts) in one pdf-lib
 * document. Runs in the PDF worker thread (render-worker.ts, decision 067); tests and the bench
 * call it directly.
 */
import { translator } from "../../shared/i18n/server";
import type { QuotePdfInput } from "../../shared/quote-pdf";
import { renderQuotePdfDocument } from "./quote-pdf";
import { type PdfSealer, sealPdfDocument } from "./seal";

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
