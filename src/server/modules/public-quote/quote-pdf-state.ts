import crypto from "node:crypto";
import { canonicalJson } from "../../../shared/quote-document";
import { type PublicQuoteView, documentHash } from "./public-quote.service";

/**
 * SHA-256 (hex) of what the quote's PDF shows: the document hash with the signed (else the
 * default) selection, the status, the signatures' ids, the watermark and the logo. A new
 * signature or marking signed changes it (a new PDF); a download of an unchanged quote finds the
 * stored one. Audit rows recorded later (views) do not make a new PDF.
 */
export function pdfStateKey(view: PublicQuoteView): string {
  const state = {
    version: 1,
    documentHash: documentHash(view),
    status: view.status,
    signatures: view.signatures.map((s) => s.id),
    watermark: view.watermark,
    logo: view.account.logoFileKey,
  };
  return crypto.createHash("sha256").update(canonicalJson(state), "utf8").digest("hex");
}

/** The job's singleton key: at most one queued or running render per quote and state. */
export const quotePdfJobKey = (quoteId: string, stateKey: string) => `${quoteId}:${stateKey}`;
