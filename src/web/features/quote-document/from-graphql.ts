import type { PricingUnit } from "../../../shared/money";
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
    total: quote.total,
    blocks: quote.quoteBlocks.map((block) => ({
      id: block.id,
      name: block.name,
      content: block.content,
      pricing:
        block.__typename === "QuotePricingBlock"
          ? { unit: block.pricingUnit as PricingUnit, total: block.total, lines: block.quoteLineItems.map((li) => ({ ...li, amount: String(li.amount) })) }
          : null,
    })),
  };
}
