import type { Database } from "../../../server/db/client";
import { getPublicQuote, toTotalsBlock } from "../../../server/modules/quotes/quotes.server";
import { sanitizeDocument } from "../../../shared/rich-text";
import { blockTotals, centsToString, lineTotal, totalsToStrings } from "../../../shared/totals";
import type { QuoteDocumentData } from "./types";

const trim = (value: string) => (value.includes(".") ? value.replace(/0+$/, "").replace(/\.$/, "") || "0" : value);

/**
 * The public page's data: availability (checked on every read) and, when available, the quote as a
 * document with exact decimal amounts computed on the server (src/shared/totals.ts). Content is
 * passed through the allow-list again on the way out (defence in depth; it was checked on input).
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
    totals: totalsToStrings(q.totals),
    blocks: q.blocks.map((b) => {
      const content = b.content ? sanitizeDocument(b.content) : null;
      const totalsBlock = toTotalsBlock(b);
      return {
        id: b.id,
        name: b.name,
        content: content?.ok ? content.doc : null,
        pricing:
          b.kind === "PRICING"
            ? {
                unit: b.pricingUnit ?? "NONE",
                discountType: b.discountType,
                discountValue: b.discountValue === null ? null : trim(b.discountValue),
                totals: blockTotals(totalsBlock),
                lines: b.lineItems.map((li, i) => ({
                  id: li.id,
                  name: li.name,
                  description: li.description,
                  price: centsToString(BigInt(li.priceCents)),
                  amount: trim(li.amount),
                  total: lineTotal(totalsBlock.lineItems[i]),
                  vatRate: trim(li.vatRate),
                  discountType: li.discountType,
                  discountValue: li.discountValue === null ? null : trim(li.discountValue),
                  optional: li.optional,
                  selected: li.selected,
                  recurring: li.recurring,
                })),
              }
            : null,
      };
    }),
  };
  return { availability: result.availability, quote: q, document };
}
