import { describe, expect, it } from "vitest";
import { centsToDecimal, decimalToCents, lineTotalCents, parseAmount, totalCents } from "./money";

describe("amounts", () => {
  it("parses decimals exactly into thousandths", () => {
    expect(parseAmount("1")).toBe(1000n);
    expect(parseAmount("1.5")).toBe(1500n);
    expect(parseAmount("0.125")).toBe(125n);
    expect(parseAmount("2.500")).toBe(2500n);
    expect(parseAmount("-3")).toBe(-3000n);
    expect(parseAmount(0.1)).toBe(100n);
  });
  it("refuses what is not a plain decimal with at most 3 places", () => {
    expect(() => parseAmount("1.2345")).toThrow(RangeError);
    expect(() => parseAmount("1e3")).toThrow(RangeError);
    expect(() => parseAmount("abc")).toThrow(RangeError);
  });
});

describe("line and quote totals", () => {
  it("multiplies price in cents by the amount", () => {
    expect(lineTotalCents({ priceCents: 80_000, amount: "3" })).toBe(240_000n);
    expect(lineTotalCents({ priceCents: 1999, amount: "1.5" })).toBe(2999n); // 2998.5 → 2999
    expect(lineTotalCents({ priceCents: 1, amount: "0.5" })).toBe(1n); // half away from zero
    expect(lineTotalCents({ priceCents: 1, amount: "0.499" })).toBe(0n);
    expect(lineTotalCents({ priceCents: -1, amount: "0.5" })).toBe(-1n);
  });
  it("is exact where binary floats are not", () => {
    // 0.1 + 0.2 style: 10 × €0.10 and 20 × €0.10 add up to exactly €3.00
    expect(
      totalCents([
        { priceCents: 10, amount: "10" },
        { priceCents: 10, amount: "20" },
      ]),
    ).toBe(300n);
    // 1.005 × 100 cents in floats is 100.49999…; here it is 100.5 → 101
    expect(lineTotalCents({ priceCents: 100, amount: "1.005" })).toBe(101n);
    // beyond 2^53 the float result would lose cents
    expect(lineTotalCents({ priceCents: 9_007_199_254_740_993n, amount: "1" })).toBe(9_007_199_254_740_993n);
  });
  it("sums line totals, with discounts as negative prices", () => {
    const lines = [
      { priceCents: 12_500, amount: "8" },
      { priceCents: 4_995, amount: "12" },
      { priceCents: -10_000, amount: "1" },
    ];
    expect(totalCents(lines)).toBe(100_000n + 59_940n - 10_000n);
    expect(totalCents([])).toBe(0n);
  });
});

describe("decimal strings", () => {
  it("turns cents into an exact decimal and back", () => {
    expect(centsToDecimal(123456n)).toBe("1234.56");
    expect(centsToDecimal(5)).toBe("0.05");
    expect(centsToDecimal(-5n)).toBe("-0.05");
    expect(centsToDecimal(0)).toBe("0.00");
    expect(decimalToCents("12.5")).toBe(1250);
    expect(decimalToCents("12,05")).toBe(1205);
    expect(decimalToCents("-3")).toBe(-300);
    expect(decimalToCents("1.234")).toBeUndefined();
    expect(decimalToCents("x")).toBeUndefined();
  });
});
