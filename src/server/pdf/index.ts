/**
 * Quote PDFs (issue 13, docs/decisions/025-sealed-quote-pdf.md): render (quote-pdf.tsx), seal
 * (seal.ts), the sealing certificate (seal-store.ts). The job that stores a signed quote's PDF and
 * the download route call `produceSealedQuotePdf`; the server runs it in a worker thread
 * (render-pool.ts `renderSealedQuotePdfInWorker`, decision 067).
 */
export { produceSealedQuotePdf } from "./produce";
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
export { closePdfWorker, renderSealedQuotePdfInWorker } from "./render-pool";
export { type SealerOptions, checkConfiguredSealer, getPdfSealer, loadOrCreateGeneratedSealer } from "./seal-store";
