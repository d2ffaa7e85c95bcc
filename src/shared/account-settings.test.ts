import { describe, expect, it } from "vitest";
import { ZUpdateAccountInput, ZUpdateAccountStylingInput, normalisePostalCode, normaliseVatNumber } from "./account-settings";

const base = { name: "Acme", country: "NL", currency: "EUR", language: "NL" } as const;
const issues = (input: Record<string, unknown>) => {
  const result = ZUpdateAccountInput.safeParse({ ...base, ...input });
  return result.success ? {} : Object.fromEntries(result.error.issues.map((i) => [i.path.join("."), i.message]));
};

describe("account settings rules", () => {
  it("checks and normalises Dutch and UK postal codes", () => {
    expect(normalisePostalCode("NL", "1234ab")).toBe("1234 AB");
    expect(normalisePostalCode("NL", " 1234  AB ")).toBe("1234 AB");
    expect(normalisePostalCode("NL", "0123 AB")).toBeNull();
    expect(normalisePostalCode("NL", "1234 SS")).toBeNull();
    expect(normalisePostalCode("NL", "SW1A 1AA")).toBeNull();
    expect(normalisePostalCode("GB", "sw1a1aa")).toBe("SW1A 1AA");
    expect(normalisePostalCode("GB", "M1 1AE")).toBe("M1 1AE");
    expect(normalisePostalCode("GB", "1234 AB")).toBeNull();
  });

  it("checks VAT numbers per country", () => {
    expect(normaliseVatNumber("NL", "nl 1234.56.789 b01")).toBe("NL123456789B01");
    expect(normaliseVatNumber("NL", "NL123456789")).toBeNull();
    expect(normaliseVatNumber("GB", "GB 123 4567 89")).toBe("GB123456789");
    expect(normaliseVatNumber("GB", "GB123456789012")).toBe("GB123456789012");
    expect(normaliseVatNumber("GB", "GB1234567890")).toBeNull();
    expect(normaliseVatNumber("GB", "NL123456789B01")).toBeNull();
  });

  it("validates the whole input against the chosen countries", () => {
    expect(issues({ quotePostalCode: "1234ab", vatNumber: "NL123456789B01" })).toEqual({});
    expect(issues({ quotePostalCode: "SW1A 1AA" })).toEqual({ quotePostalCode: "settings:validation.postalCodeNL" });
    expect(issues({ country: "GB", vatNumber: "NL123456789B01" })).toEqual({ vatNumber: "settings:validation.vatNumberGB" });
    // The billing postal code follows the billing country.
    expect(issues({ billingCountry: "GB", billingPostalCode: "SW1A 1AA" })).toEqual({});
    expect(issues({ country: "DE" })).toHaveProperty("country", "settings:validation.countryInvalid");
    expect(issues({ name: " " })).toHaveProperty("name", "settings:validation.nameRequired");
    const parsed = ZUpdateAccountInput.parse({ ...base, quotePostalCode: "1234ab", billingCity: "" });
    expect(parsed).toMatchObject({ quotePostalCode: "1234 AB", billingCity: null, vatNumber: null });
  });

  it("validates colours and fonts", () => {
    expect(ZUpdateAccountStylingInput.parse({ linkColor: "#ABC", textColor: "#112233", textFont: "LATO" })).toEqual({
      linkColor: "#aabbcc",
      textColor: "#112233",
      textFont: "LATO",
    });
    expect(ZUpdateAccountStylingInput.parse({ linkColor: "", textColor: null })).toEqual({ linkColor: null, textColor: null, textFont: null });
    expect(ZUpdateAccountStylingInput.safeParse({ linkColor: "red" }).error?.issues[0].message).toBe("settings:validation.colorInvalid");
    expect(ZUpdateAccountStylingInput.safeParse({ textFont: "Comic Sans" }).error?.issues[0].message).toBe("settings:validation.fontInvalid");
  });
});
