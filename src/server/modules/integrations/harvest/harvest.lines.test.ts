import { describe, expect, it } from "vitest";
import { type QuoteDocumentBlock, type QuoteDocumentLine, applySelection } from "../../../../shared/quote-document";
import { computeTotals } from "../../../../shared/totals";
import { estimateItems } from "./harvest.lines";

type Line = QuoteDocumentLine;
const line = (id: string, values: Partial<Line>): Line => ({ id, name: id, price: "0.00", amount: "1", total: "0.00", vatRate: "21", ...values });

function block(id: string, unit: "DAY" | "MONTH" | "YEAR", lines: Line[], discount?: { type: "PERCENTAGE" | "AMOUNT"; value: string }): QuoteDocumentBlock {
  const pricing = { unit, lines, discountType: discount?.type ?? null, discountValue: discount?.value ?? null, totals: computeTotals([]) };
  return { id, name: id, content: null, pricing };
}

/** The document's blocks with the selection applied (the totals module recomputes). */
function signed(blocks: QuoteDocumentBlock[], selection: string[]) {
  return applySelection({ blocks, totals: computeTotals([]) }, selection);
}

const sum = (items: { amountCents: bigint }[]) => items.reduce((s, i) => s + i.amountCents, 0n);
const cents = (value: string) => BigInt(Math.round(Number(value) * 100));

describe("estimate items from the signed lines", () => {
  it("keeps only the counted lines, one item each, exact to the cent, block discounts apart, recurring marked in the quote's language", () => {
    const doc = signed(
      [
        block(
          "Work",
          "DAY",
          [
            line("Design", { price: "125.00", amount: "8" }),
            line("Copy", { price: "19.99", amount: "1.333", vatRate: "9" }),
            line("Workshop", { price: "450.00", optional: true, selected: false, discountType: "PERCENTAGE", discountValue: "10" }),
            line("Extra", { price: "100.00", amount: "2", optional: true, selected: true }),
            line("Fixed off", { price: "80.00", discountType: "AMOUNT", discountValue: "5.50" }),
          ],
          { type: "PERCENTAGE", value: "5" },
        ),
        block("Licence", "YEAR", [line("Licence", { price: "240.00", recurring: true }), line("Install", { price: "60.00" })], {
          type: "AMOUNT",
          value: "10.00",
        }),
      ],
      ["Workshop"],
    );
    const items = estimateItems(doc.blocks, "NL");
    expect(items.map((i) => [i.description, i.quantity, i.unitPrice])).toEqual([
      ["Design", "8", "125.00"],
      ["Copy (1.333 × 19.99)", "1", "26.65"],
      ["Workshop (1 × 450.00, −10 %)", "1", "405.00"],
      ["Fixed off (1 × 80.00, −5.50)", "1", "74.50"],
      ["Korting: Work", "1", "-75.31"],
      ["Licence (per jaar)", "1", "240.00"],
      ["Install", "1", "60.00"],
      ["Korting: Licence", "1", "-10.00"],
    ]);
    expect(items.every((i) => i.taxed === false)).toBe(true);
    // quantity × unit price is each item's amount, and the amounts add up to one-off + recurring excl. VAT.
    for (const item of items) expect(BigInt(Math.round(Number(item.quantity) * Number(item.unitPrice) * 100))).toBe(item.amountCents);
    expect(sum(items)).toBe(cents(doc.totals.oneOff.totalExclVat) + doc.totals.recurring.reduce((s, r) => s + cents(r.totalExclVat), 0n));
  });

  it("an amount discount on a block with only recurring lines comes off the recurring part, marked per month (English)", () => {
    const doc = signed([block("Hosting", "MONTH", [line("Hosting", { price: "29.95", recurring: true })], { type: "AMOUNT", value: "4.95" })], []);
    const items = estimateItems(doc.blocks, "ENG");
    expect(items.map((i) => [i.description, i.unitPrice])).toEqual([
      ["Hosting (per month)", "29.95"],
      ["Discount: Hosting (per month)", "-4.95"],
    ]);
    expect(sum(items)).toBe(cents(doc.totals.recurring[0].totalExclVat));
  });
});
