import type { QuoteDocumentData } from "../../../shared/quote-document";
import type { PublicAvailability, QuoteStatus } from "../../../shared/quote-status";
import type { TotalsLabels } from "../quote-document/totals-layout";
import type { PublicConversationData } from "../conversation/public-conversation.server";

export type PublicSignature = {
  id: string;
  kind: "CUSTOMER" | "ACCOUNT";
  name: string;
  signatureKind: "DRAWN" | "TYPED";
  signature: string;
  signedAt: string;
  documentHash: string | null;
};

/** What the public page renders (no internal ids). */
export type PublicQuotePageData = {
  availability: PublicAvailability;
  islandSrc: string | null;
  /** The question and decline forms (issue 14); null when the quote is not available. */
  conversation: PublicConversationData | null;
  quote: {
    nanoId: string;
    slug: string;
    name: string;
    status: QuoteStatus;
    signable: boolean;
    signingAllowed: boolean;
    canSign: boolean;
    watermark: boolean;
    viewerIsMember: boolean;
    document: QuoteDocumentData;
    account: {
      name: string;
      fileUrl: string | null;
      linkColor: string | null;
      textColor: string | null;
      textFont: string | null;
      quoteStreetAndNumber: string | null;
      quotePostalCode: string | null;
      quoteCity: string | null;
    };
    signatures: PublicSignature[];
  } | null;
};

/**
 * What the island reads from the page (a JSON script element, id "offerly-quote"): the pricing of
 * the blocks (for live totals), the labels and messages in the quote's language.
 */
export type IslandData = {
  nanoId: string;
  language: string;
  currency: string;
  canSign: boolean;
  document: Pick<QuoteDocumentData, "blocks" | "totals">;
  labels: TotalsLabels;
  messages: {
    added: string;
    failed: string;
    signing: string;
    submit: string;
    nameRequired: string;
    signatureRequired: string;
    consentRequired: string;
  };
};
