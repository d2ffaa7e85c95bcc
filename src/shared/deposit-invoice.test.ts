import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { depositVatBreakdown } from "./deposit-invoice";
import { divRoundHalfAwayFromZero } from "./totals";

const part = (lines: [rate: string, base: bigint][]) => {
  const vat = lines.map(([rate, base]) => ({ rate, base, vat: divRoundHalfAwayFromZero(base * BigInt(Math.round(Number(rate) * 100)), 10_000n) }));
  return { vat, totalInclVat: vat.reduce((sum, v) => sum + v.base + v.vat, 0n) };
};

describe("depositVatBreakdown", () => {
  it("a worked example: 30 % of 1,210.00 at 21 % and 218.00 at 9 % (1,428.00 → 428.40)", () => {
    const oneOff = part([
      ["21", 100_000n],
      ["9", 20_000n],
    ]);
    expect(oneOff.totalInclVat).toBe(142_800n);
    // 428.40 × 1210/1428 = 363.00 → 300.00 + 63.00; 428.40 × 218/1428 = 65.40 → 60.00 + 5.40.
    expect(depositVatBreakdown(oneOff, 42_840n)).toEqual([
      { rate: "21", base: 30_000n, vat: 6_300n, total: 36_300n },
      { rate: "9", base: 6_000n, vat: 540n, total: 6_540n },
    ]);
  });

  it("the whole one-off total is the quote's own breakdown; nothing to pay is no lines", () => {
    const oneOff = part([
      ["21", 12_345n],
      ["0", 500n],
    ]);
    expect(depositVatBreakdown(oneOff, oneOff.totalInclVat)).toEqual(oneOff.vat.map((v) => ({ ...v, total: v.base + v.vat })));
    expect(depositVatBreakdown(oneOff, 0n)).toEqual([]);
  });

  it("adds up to the amount to the cent, each rate's base + VAT is its part, the VAT is the rate's of the base (±1 cent)", () => {
    const rates = fc.constantFrom("21", "9", "0", "5.5", "20");
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.tuple(rates, fc.bigInt({ min: 1n, max: 10_000_000n })), { minLength: 1, maxLength: 4, selector: ([rate]) => rate }),
        fc.double({ min: 0.0001, max: 1, noNaN: true }),
        (lines, share) => {
          const oneOff = part(lines);
          const amount = BigInt(Math.max(1, Math.floor(Number(oneOff.totalInclVat) * share)));
          const out = depositVatBreakdown(oneOff, amount);
          expect(out.reduce((sum, l) => sum + l.total, 0n)).toBe(amount);
          for (const l of out) {
            expect(l.base + l.vat).toBe(l.total);
            const expectedVat = divRoundHalfAwayFromZero(l.base * BigInt(Math.round(Number(l.rate) * 100)), 10_000n);
            expect(l.vat - expectedVat >= -1n && l.vat - expectedVat <= 1n).toBe(true);
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
