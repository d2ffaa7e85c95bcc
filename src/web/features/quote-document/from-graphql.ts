import type { PricingUnit } from "../../../shared/enums";
import type { RichDocument } from "../../../shared/rich-text";
import type { QuoteBlocksFragment, QuoteFieldsFragment } from "../../graphql/generated/graphql";
import type { QuoteDocumentData } from "./types";

/** The app's quote (QuoteFields + QuoteBlocks fragments) as a document. */
export function quoteDocumentFromGraphQL(quote: QuoteFieldsFragment & QuoteBlocksFragment): QuoteDocumentData {
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
