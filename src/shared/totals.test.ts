import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  type TotalsBlock,
  type TotalsLine,
  blockTotals,
  blockTotalsCents,
  canonicalRate,
  computeTotals,
  computeTotalsCents,
  divRoundHalfAwayFromZero,
  lineTotal,
  lineTotalCents,
} from "./totals";

const line = (over: Partial<TotalsLine> = {}): TotalsLine => ({
  price: "100.00",
  amount: "1",
  vatRate: "21",
  optional: false,
  selected: true,
  recurring: false,
  ...over,
});
const block = (lineItems: TotalsLine[], over: Partial<TotalsBlock> = {}): TotalsBlock => ({ pricingUnit: "ITEMS", lineItems, ...over });

describe("rounding", () => {
  it("rounds half away from zero", () => {
    expect(divRoundHalfAwayFromZero(5n, 10n)).toBe(1n);
    expect(divRoundHalfAwayFromZero(4n, 10n)).toBe(0n);
    expect(divRoundHalfAwayFromZero(-5n, 10n)).toBe(-1n);
    expect(divRoundHalfAwayFromZero(15n, 10n)).toBe(2n);
    expect(divRoundHalfAwayFromZero(25n, 10n)).toBe(3n); // not banker's rounding
  });
  it("rounds each line to the cent: 0.125 × 0.10 = 0.0125 → 0.01; 0.333 × 0.15 → 0.05", () => {
    expect(lineTotal(line({ price: "0.10", amount: "0.125" }))).toBe("0.01");
    expect(lineTotal(line({ price: "0.15", amount: "0.333" }))).toBe("0.05"); // 0.04995 → 0.05
    expect(lineTotal(line({ price: "0.01", amount: "0.5" }))).toBe("0.01"); // half → away from zero
  });
  it("canonicalises rates", () => {
    expect(canonicalRate("21.00")).toBe("21");
    expect(canonicalRate("5.50")).toBe("5.5");
    expect(canonicalRate("0")).toBe("0");
  });
});

describe("line discounts", () => {
  it("takes a percentage per line, rounded to the cent", () => {
    expect(lineTotalCents(line({ price: "99.99", amount: "1", discountType: "PERCENTAGE", discountValue: "10" }))).toEqual({
      gross: 9999n,
      discount: 1000n,
      total: 8999n,
    });
  });
  it("takes an amount off the line total, never below zero", () => {
    expect(lineTotal(line({ price: "100", amount: "3", discountType: "AMOUNT", discountValue: "50" }))).toBe("250.00");
    expect(lineTotal(line({ price: "10", amount: "1", discountType: "AMOUNT", discountValue: "50" }))).toBe("0.00");
  });
  it("counts half-typed values as 0 instead of throwing", () => {
    expect(lineTotal(line({ price: "12,", amount: "2" }))).toBe("0.00");
    expect(lineTotal(line({ price: "12", amount: "" }))).toBe("0.00");
  });
});

describe("a realistic Dutch quote (hand calculation)", () => {
  // Design 10 days × € 800 = € 8.000, 10 % off → € 7.200; hosting € 150/month (21 %);
  // optional training € 500 not selected; printed brochure € 100 at 9 %; block discount € 200.
  const design = block(
    [
      line({ price: "800", amount: "10", discountType: "PERCENTAGE", discountValue: "10" }),
      line({ price: "100", amount: "1", vatRate: "9" }),
      line({ price: "500", amount: "1", optional: true, selected: false }),
    ],
    { pricingUnit: "DAY", discountType: "AMOUNT", discountValue: "200" },
  );
  const hosting = block([line({ price: "150", amount: "1", recurring: true })], { pricingUnit: "MONTH" });
  const totals = computeTotals([design, hosting]);
  it("keeps one-off and monthly apart", () => {
    expect(totals.oneOff.subtotal).toBe("8100.00");
    // 800 line discount + 200 block discount
    expect(totals.oneOff.discount).toBe("1000.00");
    expect(totals.oneOff.totalExclVat).toBe("7100.00");
    // € 200 spread over 21 % (7200) and 9 % (100): 7200/7300 × 200 = 197.26…, 100/7300 × 200 = 2.739… → 197.26 + 2.74
    expect(totals.oneOff.vat).toEqual([
      { rate: "21", base: "7002.74", vat: "1470.58" },
      { rate: "9", base: "97.26", vat: "8.75" },
    ]);
    expect(totals.oneOff.vatTotal).toBe("1479.33");
    expect(totals.oneOff.totalInclVat).toBe("8579.33");
    expect(totals.recurring).toEqual([
      {
        interval: "MONTH",
        subtotal: "150.00",
        discount: "0.00",
        totalExclVat: "150.00",
        vat: [{ rate: "21", base: "150.00", vat: "31.50" }],
        vatTotal: "31.50",
        totalInclVat: "181.50",
      },
    ]);
  });
  it("counts an optional line once it is selected", () => {
    const selected = { ...design, lineItems: design.lineItems.map((l) => (l.optional ? { ...l, selected: true } : l)) };
    expect(blockTotals(selected).oneOff.subtotal).toBe("8600.00");
  });
  it("treats recurring lines as one-off when the unit has no interval", () => {
    const t = blockTotals(block([line({ recurring: true })], { pricingUnit: "ITEMS" }));
    expect(t.recurring).toEqual([]);
    expect(t.oneOff.totalExclVat).toBe("100.00");
  });
  it("takes a block amount discount off the recurring part when there is no one-off line", () => {
    const t = blockTotals(block([line({ recurring: true })], { pricingUnit: "YEAR", discountType: "AMOUNT", discountValue: "10" }));
    expect(t.oneOff.totalExclVat).toBe("0.00");
    expect(t.recurring[0]).toMatchObject({ interval: "YEAR", totalExclVat: "90.00", vatTotal: "18.90" });
  });
  it("takes a block percentage discount off each part", () => {
    const t = blockTotals(block([line(), line({ recurring: true })], { pricingUnit: "QUARTER", discountType: "PERCENTAGE", discountValue: "50" }));
    expect(t.oneOff.totalExclVat).toBe("50.00");
    expect(t.recurring[0].totalExclVat).toBe("50.00");
  });
});

// ------------------------------------------------------------------------------------------------
// Properties

const cents = (max: number) => fc.integer({ min: 0, max }).map((c) => `${Math.floor(c / 100)}.${String(c % 100).padStart(2, "0")}`);
const arbLine: fc.Arbitrary<TotalsLine> = fc.record({
  price: cents(10_000_000),
  amount: fc.integer({ min: 1, max: 100_000 }).map((t) => `${Math.floor(t / 1000)}.${String(t % 1000).padStart(3, "0")}`),
  vatRate: fc.constantFrom("21", "9", "0", "20", "5", "5.5"),
  discountType: fc.constantFrom(null, "PERCENTAGE", "AMOUNT"),
  discountValue: fc.integer({ min: 0, max: 10000 }).map((h) => `${Math.floor(h / 100)}.${String(h % 100).padStart(2, "0")}`),
  optional: fc.boolean(),
  selected: fc.boolean(),
  recurring: fc.boolean(),
});
const arbBlock: fc.Arbitrary<TotalsBlock> = fc.record({
  pricingUnit: fc.constantFrom("DAY", "MONTH", "QUARTER", "YEAR", "ITEMS", "NONE"),
  discountType: fc.constantFrom(null, "PERCENTAGE", "AMOUNT"),
  discountValue: fc.integer({ min: 0, max: 500_000 }).map((c) => `${Math.floor(c / 100)}.${String(c % 100).padStart(2, "0")}`),
  lineItems: fc.array(arbLine, { maxLength: 8 }),
});
const arbBlocks = fc.array(arbBlock, { maxLength: 6 });
const sum = (values: bigint[]) => values.reduce((a, b) => a + b, 0n);

describe("totals never drift (property-based)", () => {
  it("the sum of the block totals is the quote total, per part", () => {
    fc.assert(
      fc.property(arbBlocks, (blocks) => {
        const quote = computeTotalsCents(blocks);
        const parts = blocks.map(blockTotalsCents);
        expect(quote.oneOff.totalExclVat).toBe(sum(parts.map((p) => p.oneOff.totalExclVat)));
        expect(quote.oneOff.totalInclVat).toBe(sum(parts.map((p) => p.oneOff.totalInclVat)));
        for (const r of quote.recurring) {
          expect(r.totalInclVat).toBe(sum(parts.flatMap((p) => p.recurring.filter((x) => x.interval === r.interval).map((x) => x.totalInclVat))));
        }
      }),
    );
  });
  it("the VAT breakdown sums to the VAT total and the bases to the total excl. VAT", () => {
    fc.assert(
      fc.property(arbBlocks, (blocks) => {
        const t = computeTotalsCents(blocks);
        for (const part of [t.oneOff, ...t.recurring]) {
          expect(sum(part.vat.map((v) => v.vat))).toBe(part.vatTotal);
          expect(sum(part.vat.map((v) => v.base))).toBe(part.totalExclVat);
          expect(part.subtotal - part.discount).toBe(part.totalExclVat);
          expect(part.totalExclVat + part.vatTotal).toBe(part.totalInclVat);
          expect(part.totalExclVat >= 0n).toBe(true);
        }
      }),
    );
  });
  it("reordering lines or blocks never changes a total", () => {
    fc.assert(
      fc.property(arbBlocks, fc.integer(), (blocks, seed) => {
        const shuffle = <T>(list: readonly T[]) =>
          list
            .map((v, i) => ({ v, k: (i * 7919 + seed) % 101 }))
            .sort((a, b) => a.k - b.k)
            .map((x) => x.v);
        const reordered = shuffle(blocks.map((b) => ({ ...b, lineItems: shuffle(b.lineItems) })));
        expect(computeTotals(reordered)).toEqual(computeTotals(blocks));
      }),
    );
  });
  it("one-off and recurring are never summed", () => {
    fc.assert(
      fc.property(arbBlocks, (blocks) => {
        const oneOffOnly = blocks.map((b) => ({
          ...b,
          lineItems: b.lineItems.filter((l) => !(l.recurring && ["MONTH", "QUARTER", "YEAR"].includes(b.pricingUnit))),
        }));
        const withRecurring = computeTotalsCents(blocks);
        // Removing every recurring line leaves the one-off part exactly as it was
        // (a block amount discount moves to the recurring part only when a block has no one-off line).
        const reference = computeTotalsCents(
          oneOffOnly.map((b, i) => (b.lineItems.some((l) => !l.optional || l.selected) ? b : { ...blocks[i], lineItems: [] })),
        );
        expect(withRecurring.oneOff).toEqual(reference.oneOff);
      }),
    );
  });
  it("optional lines count only when selected", () => {
    fc.assert(
      fc.property(arbBlock, (b) => {
        const without = { ...b, lineItems: b.lineItems.filter((l) => !l.optional || l.selected) };
        expect(blockTotalsCents(b)).toEqual(blockTotalsCents(without));
      }),
    );
  });
});
