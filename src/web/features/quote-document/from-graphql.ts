import type { PricingUnit } from "../../../shared/enums";
import type { RichDocument } from "../../../shared/rich-text";
import { applySelection } from "../../../shared/quote-document";
import type { QuoteBlocksFragment, QuoteFieldsFragment } from "../../graphql/generated/graphql";
import type { QuoteDocumentData } from "./types";

type Signed = { quoteSignatures?: readonly { kind: string; selection?: readonly string[] | null }[] };

/**
 * The app's quote (QuoteFields + QuoteBlocks fragments) as a document. When a customer has signed,
 * their choice of optional lines is applied (totals recomputed by the shared module), as on the
 * public page and in the PDF; otherwise the lines' defaults.
 */
export function quoteDocumentFromGraphQL(quote: QuoteFieldsFragment & QuoteBlocksFragment & Signed): QuoteDocumentData {
  const document = documentOf(quote);
  const customer = [...(quote.quoteSignatures ?? [])].reverse().find((s) => s.kind === "CUSTOMER" && s.selection);
  return customer?.selection ? applySelection(document, customer.selection) : document;
}

function documentOf(quote: QuoteFieldsFragment & QuoteBlocksFragment): QuoteDocumentData {
  return {
    quoteNumber: quote.quoteNumber,
    name: quote.name,
    language: quote.language,
    currency: quote.currency,
    quoteDateAt: quote.quoteDateAt,
    quoteExpirationAt: quote.quoteExpirationAt,
    customer: quote.customerDetails,
    totals: quote.totals,
    blocks: quote.quoteBlocks.map((block) => ({
      id: block.id,
      name: block.name,
      // Sanitised by the server on input (shared/rich-text.ts); the renderer walks the allow-list again.
      content: (block.content ?? null) as RichDocument | null,
      pricing:
        block.__typename === "PricingQuoteBlock"
          ? {
              unit: block.pricingUnit as PricingUnit,
              discountType: block.discountType,
              discountValue: block.discountValue,
              totals: block.totals,
              lines: block.quoteLineItems.map((li) => ({ ...li })),
            }
          : null,
    })),
  };
}
