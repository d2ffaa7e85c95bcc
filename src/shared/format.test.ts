import { describe, expect, it } from "vitest";
import { formatCents, formatDate, formatMoney, formatQuantity, intlLocale, localTodayIso } from "./format";

describe("one locale mapping", () => {
  it("maps interface locales and quote languages to the same tags", () => {
    expect(intlLocale("en")).toBe(intlLocale("ENG"));
    expect(intlLocale("nl")).toBe(intlLocale("NL"));
    expect(intlLocale("xx")).toBe("en-GB");
  });
});

describe("money", () => {
  it("formats Dutch and English", () => {
    expect(formatMoney("1234.5", "EUR", "NL")).toBe("€\u00a01.234,50");
    expect(formatMoney("1234.5", "EUR", "ENG")).toBe("€1,234.50");
    expect(formatMoney("1234.5", "EUR", "nl")).toBe("€\u00a01.234,50");
    expect(formatMoney("99.99", "USD", "en")).toBe("US$99.99");
    expect(formatCents(1_000_000n, "GBP", "ENG")).toBe("£10,000.00");
    expect(formatCents(-250, "EUR", "NL")).toBe("€\u00a0-2,50");
  });
  it("formats large amounts exactly (the decimal string is never a float)", () => {
    expect(formatMoney("90071992547409.93", "EUR", "ENG")).toBe("€90,071,992,547,409.93");
    expect(formatCents(9_007_199_254_740_993n, "EUR", "en")).toBe("€90,071,992,547,409.93");
  });
  it("leaves out cents of whole amounts only when asked", () => {
    expect(formatCents(4900, "EUR", "en", { wholeWithoutCents: true })).toBe("€49");
    expect(formatCents(1167, "EUR", "en", { wholeWithoutCents: true })).toBe("€11.67");
    expect(formatCents(4900, "EUR", "nl", { wholeWithoutCents: true })).toBe("€\u00a049");
    expect(formatCents(4900, "EUR", "en")).toBe("€49.00");
  });
});

describe("quantities and dates", () => {
  it("formats quantities with up to 3 decimals", () => {
    expect(formatQuantity("1.5", "NL")).toBe("1,5");
    expect(formatQuantity("1234.125", "en")).toBe("1,234.125");
  });
  it("formats a calendar date without time-zone shifts", () => {
    expect(formatDate("2026-11-03", "en", "long")).toBe("3 November 2026");
    expect(formatDate("2026-11-03", "NL", "long")).toBe("3 november 2026");
    expect(formatDate("2026-01-01", "en")).toBe("1 Jan 2026");
  });
  it("gives the local calendar day", () => {
    expect(localTodayIso(new Date(2026, 0, 9, 23, 30))).toBe("2026-01-09");
  });
});
