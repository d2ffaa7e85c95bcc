import { describe, expect, it } from "vitest";
import {
  formatCents,
  formatCount,
  formatDate,
  formatDayUtc,
  formatDecimalInput,
  formatMoney,
  formatMoneyInput,
  formatNameList,
  formatQuantity,
  formatTimestampUtc,
  intlLocale,
  localTodayIso,
  parseDecimalInput,
  parseMoneyInput,
} from "./format";

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
  it("formats a moment in UTC with seconds and the zone written out (evidence)", () => {
    expect(formatTimestampUtc("2026-11-23T17:07:15.123Z", "ENG")).toBe("23 November 2026 at 17:07:15 UTC");
    expect(formatTimestampUtc("2026-11-23T23:30:00+02:00", "NL")).toBe("23 november 2026 om 21:30:00 UTC");
  });
  it("formats the UTC calendar day of a moment, a count and a list of names, the same on every call (kept formatters)", () => {
    for (let round = 0; round < 2; round++) {
      expect(formatDayUtc("2026-11-23T23:30:00-02:00", "ENG")).toBe("24 November 2026");
      expect(formatDayUtc("2026-11-23T17:07:15Z", "NL")).toBe("23 november 2026");
      expect(formatDayUtc("2026-11-23T17:07:15Z", "en", "medium")).toBe("23 Nov 2026");
      expect(formatCount(2000, "en")).toBe("2,000");
      expect(formatCount(2000, "NL")).toBe("2.000");
      expect(formatNameList(["Jane", "Piet", "Ann"], "ENG")).toBe("Jane, Piet and Ann");
      expect(formatNameList(["Jane", "Piet", "Ann"], "NL")).toBe("Jane, Piet en Ann");
    }
  });
  it("gives the local calendar day", () => {
    expect(localTodayIso(new Date(2026, 0, 9, 23, 30))).toBe("2026-01-09");
  });
});

describe("money and numbers typed in the quote's language", () => {
  const money = (text: string, language: string) => parseMoneyInput(text, language);
  it("reads Dutch: comma for decimals, dots between thousands", () => {
    expect(money("1.234,50", "NL")).toBe("1234.5");
    expect(money("1234,5", "NL")).toBe("1234.5");
    expect(money("€ 2.400", "NL")).toBe("2400");
    expect(money("0,99", "nl")).toBe("0.99");
    expect(money("-12,00", "NL")).toBe("-12");
    expect(money("1.000.000,01", "NL")).toBe("1000000.01");
    expect(money(" 7 ", "NL")).toBe("7");
  });
  it("reads English: dot for decimals, commas between thousands", () => {
    expect(money("1,234.50", "ENG")).toBe("1234.5");
    expect(money("1234.5", "ENG")).toBe("1234.5");
    expect(money("£1,000", "en")).toBe("1000");
    expect(money("0.05", "ENG")).toBe("0.05");
    expect(money("-0.00", "ENG")).toBe("0");
  });
  it("refuses what the language would not write, instead of guessing", () => {
    expect(money("1,234.50", "NL")).toBeUndefined(); // English in a Dutch quote
    expect(money("1.234,50", "ENG")).toBeUndefined(); // Dutch in an English quote
    expect(money("1.5", "NL")).toBeUndefined(); // not a group of three
    expect(money("12,345", "NL")).toBeUndefined(); // three decimals for money
    expect(money("1,5", "ENG")).toBeUndefined();
    expect(money("", "NL")).toBeUndefined();
    expect(money("abc", "ENG")).toBeUndefined();
    expect(money("1e3", "ENG")).toBeUndefined();
    expect(money("12.34.56", "ENG")).toBeUndefined();
  });
  it("reads amounts with three decimals and no sign", () => {
    expect(parseDecimalInput("1,125", "NL", { maxDecimals: 3 })).toBe("1.125");
    expect(parseDecimalInput("1.125", "ENG", { maxDecimals: 3 })).toBe("1.125");
    expect(parseDecimalInput("-1", "ENG", { maxDecimals: 3 })).toBeUndefined();
    expect(parseDecimalInput("0,0001", "NL", { maxDecimals: 3 })).toBeUndefined();
  });
  it("writes money for an input the way it is read", () => {
    expect(formatMoneyInput("1234.5", "NL")).toBe("1.234,50");
    expect(formatMoneyInput("1234.5", "ENG")).toBe("1,234.50");
    expect(formatMoneyInput("-2400", "NL")).toBe("-2.400,00");
    expect(formatMoneyInput("1000000.01", "ENG")).toBe("1,000,000.01");
    expect(formatMoneyInput("0.5", "en")).toBe("0.50");
    expect(formatDecimalInput("1.125", "NL")).toBe("1,125");
    expect(formatDecimalInput("2.000", "ENG")).toBe("2");
  });
  it("round-trips every written amount in both languages", () => {
    const normalised: [string, string][] = [
      ["0", "0"],
      ["0.01", "0.01"],
      ["1.00", "1"],
      ["999.99", "999.99"],
      ["1000", "1000"],
      ["1234.50", "1234.5"],
      ["-1234567.89", "-1234567.89"],
      ["90071992547409.93", "90071992547409.93"],
    ];
    for (const [value, expected] of normalised) {
      for (const language of ["NL", "ENG"]) expect(parseMoneyInput(formatMoneyInput(value, language), language)).toBe(expected);
    }
  });
});
