import type { QuoteDocumentData } from "../../../shared/quote-document";
import type { QuoteVersionDiff } from "../../../shared/quote-versions";
import type { PublicAvailability, QuoteStatus } from "../../../shared/quote-status";
import type { QuoteState } from "../../../shared/quote-state";
import type { QuotePaymentView } from "../../../shared/quote-payments";
import type { QuoteSubscriptionView } from "../../../shared/quote-subscriptions";
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
  /** The quote version signed (owner's panel; null: signed before quotes had versions). */
  versionNumber?: number | null;
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
    /** The displayed state (src/shared/quote-state.ts). */
    state: QuoteState;
    /** Names of the customers who signed the version shown. */
    customerSigners: string[];
    signable: boolean;
    signingAllowed: boolean;
    canSign: boolean;
    /** Out for signature with DocuSign (SENT) or signed there (COMPLETED): the page says so instead of offering its own signing. */
    docusign: { status: "SENT" | "COMPLETED" } | null;
    watermark: boolean;
    viewerIsMember: boolean;
    document: QuoteDocumentData;
    account: {
      name: string;
      fileUrl: string | null;
      /** The stored logo's pixel size (null for logos stored before it was kept). */
      logoSize: { width: number; height: number } | null;
      linkColor: string | null;
      textColor: string | null;
      textFont: string | null;
      quoteStreetAndNumber: string | null;
      quotePostalCode: string | null;
      quoteCity: string | null;
    };
    signatures: PublicSignature[];
    /** The version shown (decision 032); null for quotes published before versions. */
    version: number | null;
    /** Signatures that stay with earlier versions. */
    earlierSignatureCount: number;
    /** What changed since the version this customer saw or signed. */
    changes: { reason: "SIGNED_EARLIER" | "VIEWED_EARLIER"; diff: QuoteVersionDiff } | null;
    /** The customer's payment (decision 058), with the "Pay" form's address and the message of `?payment=`. */
    payment:
      | (Omit<QuotePaymentView, "paidAt"> & {
          paidAt: string | null;
          action: string;
          invoiceHref: string | null;
          notice: string | null;
          /** The subscriptions the paid payment started (decision 061). */
          subscriptions: Omit<QuoteSubscriptionView, "id" | "canceledAt">[];
        })
      | null;
  } | null;
};

/**
 * What the island reads from the page (a JSON script element, id "offerly-quote"): the pricing of
 * the blocks (for live totals), the labels and messages in the quote's language.
 */
export type IslandData = {
  nanoId: string;
  /** The version shown: sent with the signature, remembered in localStorage (decision 032). */
  version: number | null;
  /** The page already shows what changed (no second request for it). */
  showsChanges: boolean;
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
