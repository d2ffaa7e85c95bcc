import { centsToDecimal, lineTotalCents, totalCents, type PricingUnit } from "../../../shared/money";
import { getPublicQuote } from "../../../server/modules/quotes/quotes.server";
import type { Database } from "../../../server/db/client";
import type { QuoteDocumentData } from "./types";

/**
 * The public page's data: availability (checked on every read) and, when available, the quote as a
 * document with exact decimal amounts computed on the server.
 */
export async function loadPublicQuoteDocument(db: Database, nanoId: string) {
  const result = await getPublicQuote(db, nanoId);
  if (result.availability !== "AVAILABLE" || !result.quote) return { availability: result.availability, quote: null, document: null };
  const q = result.quote;
  const document: QuoteDocumentData = {
    quoteNumber: q.quoteNumber,
    name: q.name,
    language: q.language,
    currency: q.currency,
    quoteDateAt: q.quoteDate,
    quoteExpirationAt: q.expirationDate,
    customer: q.customerSnapshot,
    total: centsToDecimal(q.totalCents),
    blocks: q.blocks.map((b) => ({
      id: b.id,
      name: b.name,
      content: b.content,
      pricing:
        b.kind === "PRICING"
          ? {
              unit: (b.pricingUnit ?? "NONE") as PricingUnit,
              total: centsToDecimal(totalCents(b.lineItems)),
              lines: b.lineItems.map((li) => ({ id: li.id, name: li.name, price: centsToDecimal(li.priceCents), amount: String(li.amount), total: centsToDecimal(lineTotalCents(li)) })),
            }
          : null,
    })),
  };
  return { availability: result.availability, quote: q, document };
}
