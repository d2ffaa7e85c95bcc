import { describe, expect, it } from "vitest";
import { PRICES } from "./plans";
import { EU_COUNTRIES, computeVat, isPlausibleVatNumber, vatRuleFor } from "./vat-rules";

describe("VAT on Offerly's invoices", () => {
  it("charges 21 % Dutch VAT to a buyer in the Netherlands, with or without a VAT number", () => {
    expect(computeVat(4_900, { country: "NL" })).toEqual({ rule: "NL", ratePercent: 21, netCents: 4_900, vatCents: 1_029, totalCents: 5_929 });
    expect(computeVat(49_000, { country: "nl", vatNumber: "NL123456789B01" }).vatCents).toBe(10_290);
  });

  it("reverse-charges an EU business outside the Netherlands that gives a VAT number", () => {
    expect(computeVat(49_000, { country: "DE", vatNumber: "DE 123 456 789" })).toEqual({
      rule: "REVERSE_CHARGE",
      ratePercent: 0,
      netCents: 49_000,
      vatCents: 0,
      totalCents: 49_000,
    });
    expect(vatRuleFor({ country: "BE", vatNumber: "be0123.456.789" })).toBe("REVERSE_CHARGE");
  });

  it("charges Dutch VAT to an EU buyer without a (plausible) VAT number", () => {
    expect(vatRuleFor({ country: "DE" })).toBe("NL");
    expect(vatRuleFor({ country: "FR", vatNumber: "" })).toBe("NL");
    expect(vatRuleFor({ country: "FR", vatNumber: "12" })).toBe("NL");
  });

  it("charges no VAT outside the EU, VAT number or not", () => {
    expect(computeVat(9_900, { country: "US" })).toMatchObject({ rule: "OUTSIDE_EU", vatCents: 0, totalCents: 9_900 });
    expect(vatRuleFor({ country: "GB", vatNumber: "GB123456789" })).toBe("OUTSIDE_EU");
    expect(vatRuleFor({ country: "CH" })).toBe("OUTSIDE_EU");
  });

  it("takes the safe side (Dutch VAT) when the country is unknown", () => {
    expect(vatRuleFor({ country: null })).toBe("NL");
    expect(vatRuleFor({ country: "  " })).toBe("NL");
  });

  it("knows the 27 member states", () => {
    expect(EU_COUNTRIES).toHaveLength(27);
    for (const country of EU_COUNTRIES.filter((c) => c !== "NL"))
      expect(vatRuleFor({ country, vatNumber: `${country}12345678` }), country).toBe("REVERSE_CHARGE");
  });

  it("rounds VAT half up to the cent and keeps total = net + VAT for every price", () => {
    expect(computeVat(1, { country: "NL" }).vatCents).toBe(0); // 0.21 ct
    expect(computeVat(3, { country: "NL" }).vatCents).toBe(1); // 0.63 ct
    expect(computeVat(50, { country: "NL" }).vatCents).toBe(11); // 10.5 ct → 11
    for (const byInterval of Object.values(PRICES)) {
      for (const net of Object.values(byInterval)) {
        const { vatCents, totalCents } = computeVat(net, { country: "NL" });
        expect(totalCents).toBe(net + vatCents);
        expect(vatCents).toBe(Math.round((net * 21) / 100));
      }
    }
    expect(() => computeVat(-1, { country: "NL" })).toThrow(RangeError);
  });

  it("accepts only plausible VAT numbers", () => {
    expect(isPlausibleVatNumber("NL123456789B01")).toBe(true);
    expect(isPlausibleVatNumber("123456789")).toBe(false);
    expect(isPlausibleVatNumber(null)).toBe(false);
  });
});
