import crypto from "node:crypto";
import { canonicalJson } from "../../../shared/quote-document";
import { type PublicQuoteView, documentHash } from "./public-quote.service";

/**
 * SHA-256 (hex) of what the quote's PDF shows: the document hash with the signed (else the
 * default) selection, the status, the signatures' ids, the watermark and the logo. A new
 * signature or marking signed changes it (a new PDF); a download of an unchanged quote finds the
 * stored one. Audit rows recorded later (views) do not make a new PDF. `linkBase`: the link's base
 * when it is not the app's own address (`customLinkBase`).
 */
export function pdfStateKey(view: PublicQuoteView, linkBase: string | null = null): string {
  const state = {
    version: 1,
    documentHash: documentHash(view),
    status: view.status,
    signatures: view.signatures.map((s) => s.id),
    watermark: view.watermark,
    logo: view.account.logoFileKey,
    // The certificate page prints the quote's link and the seal names its host: when the account's
    // own domain serves, a PDF made before it (or after it stopped) shows another link. Absent for
    // the app's own address, so keys made before this field existed stay the same.
    ...(linkBase ? { linkBase } : {}),
  };
  return crypto.createHash("sha256").update(canonicalJson(state), "utf8").digest("hex");
}

/** The job's singleton key: at most one queued or running render per quote and state. */
export const quotePdfJobKey = (quoteId: string, stateKey: string) => `${quoteId}:${stateKey}`;

/** The base of the quote link a PDF prints when it is the account's own domain (else null: the app's address). */
export function customLinkBase(base: string, appPublicUrl: string): string | null {
  return base === appPublicUrl ? null : base;
}
