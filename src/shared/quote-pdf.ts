import type { Language } from "./enums";
import type { QuoteDocumentData } from "./quote-document";

/**
 * What the quote PDF is drawn from (src/server/pdf): the customer's document as the public page
 * shows it (one read model), the sender's public styling, the signatures placed and the audit
 * evidence for the certificate page. Plain data: the renderer reads no database.
 */
export type QuotePdfInput = {
  /** The quote's language: labels, money, numbers and dates of the PDF follow it. */
  language: Language;
  document: QuoteDocumentData;
  /** The public link, printed on the certificate page. */
  publicUrl: string;
  account: {
    name: string;
    /** The logo's bytes (PNG or JPEG, as the files adapter stores it), or null. */
    logo: { bytes: Uint8Array; contentType: string } | null;
    linkColor: string | null;
    textColor: string | null;
    textFont: string | null;
    quoteStreetAndNumber: string | null;
    quotePostalCode: string | null;
    quoteCity: string | null;
  };
  signatures: QuotePdfSignature[];
  /** The quote version printed (decision 032); absent or null before versions. */
  version?: number | null;
  /** The append-only audit trail, oldest first. */
  evidence: QuotePdfEvidence[];
  /** Plans below Pro: a small "Made with Offerly" mark. */
  watermark: boolean;
  /** ISO timestamp of rendering. */
  generatedAt: string;
  /**
   * Optional (added by the PDF work): the bytes of the images the blocks' rich text shows, by their
   * `/files/…` src (`richTextImageSources` in src/server/pdf lists them). PNG or JPEG; an image
   * missing here prints its alt text instead.
   */
  images?: Record<string, { bytes: Uint8Array; contentType: string }>;
};

export type QuotePdfSignature = {
  kind: "CUSTOMER" | "ACCOUNT";
  name: string;
  /** ISO timestamp. */
  signedAt: string;
  /** Typed signatures: the text; drawn ones: the PNG's bytes. */
  typed: string | null;
  drawnPng: Uint8Array | null;
  /** SHA-256 (hex) of the exact document the signer saw, with their selection. */
  documentHash: string | null;
  /** The quote version that was signed (decision 032); absent or null before versions. */
  versionNumber?: number | null;
};

export type QuotePdfEvidence = {
  /** ISO timestamp (server time). */
  at: string;
  /** PUBLISHED | VIEWED | OPTION_CHANGED | SIGNED | MARKED_SIGNED | DECLINED | PAID (and later kinds). */
  event: string;
  actorName: string | null;
  actorEmail: string | null;
  ip: string | null;
  userAgent: string | null;
  documentHash: string | null;
  /** The quote version the event is about (decision 032). */
  versionNumber?: number | null;
};
