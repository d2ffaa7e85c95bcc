import { describe, expect, it } from "vitest";
import { translator } from "./i18n/server";
import { formatLineQuantity } from "./quote-document";

describe("formatLineQuantity", () => {
  const en = translator("en");
  const nl = translator("nl");

  it("writes one of a unit in the singular and any other amount in the plural, in the quote's language", () => {
    expect(formatLineQuantity({ amount: "1" }, "DAY", "ENG", en)).toBe("1 day");
    expect(formatLineQuantity({ amount: "1.000" }, "DAY", "ENG", en)).toBe("1 day");
    expect(formatLineQuantity({ amount: "8" }, "DAY", "ENG", en)).toBe("8 days");
    expect(formatLineQuantity({ amount: "2.5" }, "WEEK", "ENG", en)).toBe("2.5 weeks");
    expect(formatLineQuantity({ amount: "1234" }, "ITEMS", "ENG", en)).toBe("1,234 items");
    expect(formatLineQuantity({ amount: "1" }, "DAY", "NL", nl)).toBe("1 dag");
    expect(formatLineQuantity({ amount: "8" }, "DAY", "NL", nl)).toBe("8 dagen");
    expect(formatLineQuantity({ amount: "1" }, "QUARTER", "NL", nl)).toBe("1 kwartaal");
    expect(formatLineQuantity({ amount: "3" }, "YEAR", "NL", nl)).toBe("3 jaar");
    expect(formatLineQuantity({ amount: "1.5" }, "MONTH", "NL", nl)).toBe("1,5 maanden");
  });

  it("writes the amount alone without a unit, and a line's own unit before the block's", () => {
    expect(formatLineQuantity({ amount: "3" }, "NONE", "ENG", en)).toBe("3");
    expect(formatLineQuantity({ amount: "1", unit: "MONTH" }, "DAY", "ENG", en)).toBe("1 month");
  });
});
