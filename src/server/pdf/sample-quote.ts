/**
 * The pricing part of a real-sized quote, as plain data (no renderer here): the PDF worker's warm-up
 * (warm-up.ts, decision 097) and the tests' and bench's quote (tests/support/quote-pdf.ts) are built
 * from it, so that the warm-up runs what the bench measures.
 */
import type { PricingUnit } from "../../shared/enums";
import type { QuoteDocumentBlock, QuoteDocumentLine } from "../../shared/quote-document";
import type { RichDocument } from "../../shared/rich-text";
import { type Totals, type TotalsBlock, blockTotals, computeTotals, lineTotal } from "../../shared/totals";

/**
 * Ten blocks of four pricing lines, the shape of a real quote and of the bench's: descriptions, a
 * line discount, optional lines selected and not, monthly lines, 21 % and 9 % VAT, a block
 * discount; with their totals, as the read model has them.
 */
export function tenBlockQuote(names: {
  lineId: (n: number) => string;
  line: (n: number) => string;
  description: string;
  blockId: (b: number) => string;
  block: (b: number) => string;
  content: (b: number) => RichDocument;
}): { blocks: QuoteDocumentBlock[]; totals: Totals } {
  const blocks: QuoteDocumentBlock[] = [];
  const totalsBlocks: TotalsBlock[] = [];
  for (let b = 0; b < 10; b++) {
    const unit: PricingUnit = b === 6 ? "MONTH" : b % 2 === 0 ? "DAY" : "ITEMS";
    const lines = Array.from({ length: 4 }, (_, l) => {
      const n = b * 4 + l;
      return {
        id: names.lineId(n),
        name: names.line(n),
        description: l === 0 ? names.description : null,
        price: `${(n % 7) * 125 + 95}.50`,
        amount: l === 1 ? "1.5" : String((n % 3) + 1),
        vatRate: b === 5 ? "9" : "21",
        discountType: l === 2 ? "PERCENTAGE" : null,
        discountValue: l === 2 ? "10" : null,
        optional: l === 3,
        selected: l === 3 ? b % 2 === 0 : undefined,
        recurring: unit === "MONTH" && l < 2,
      };
    });
    const totalsBlock: TotalsBlock = {
      pricingUnit: unit,
      discountType: b === 2 ? "AMOUNT" : null,
      discountValue: b === 2 ? "100" : null,
      lineItems: lines,
    };
    totalsBlocks.push(totalsBlock);
    blocks.push({
      id: names.blockId(b),
      name: names.block(b),
      content: names.content(b),
      pricing: {
        unit,
        discountType: totalsBlock.discountType,
        discountValue: totalsBlock.discountValue,
        lines: lines.map((li): QuoteDocumentLine => ({ ...li, total: lineTotal(li) })),
        totals: blockTotals(totalsBlock),
      },
    });
  }
  return { blocks, totals: computeTotals(totalsBlocks) };
}
