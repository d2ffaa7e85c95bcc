import { describe, expect, it } from "vitest";
import { ZCustomerInput, likePattern } from "./customers";
import { ZQuoteInput, addDaysIso, formatQuoteNumber, publicQuoteUrl, slugify } from "./quotes";

const valid = {
  name: "Website",
  customerId: "6f1c1d0e-8b3a-4f7e-9d2a-1b2c3d4e5f60",
  language: "ENG",
  currency: "EUR",
  quoteDateAt: "2026-03-01",
  quoteExpirationAt: "2026-03-31",
  signable: true,
};
const firstKey = (r: { success: boolean; error?: { issues: { message: string; path: PropertyKey[] }[] } }) =>
  r.success ? null : `${r.error!.issues[0].path.join(".")}=${r.error!.issues[0].message}`;

describe("quote input rules", () => {
  it("accepts a valid quote", () => {
    expect(ZQuoteInput.safeParse(valid).success).toBe(true);
    expect(ZQuoteInput.safeParse({ ...valid, quoteExpirationAt: valid.quoteDateAt }).success).toBe(true);
  });
  it("refuses bad input with translation keys", () => {
    expect(firstKey(ZQuoteInput.safeParse({ ...valid, quoteExpirationAt: "2026-02-28" }))).toBe(
      "quoteExpirationAt=quotes:validation.expirationBeforeQuoteDate",
    );
    expect(firstKey(ZQuoteInput.safeParse({ ...valid, currency: "JPY" }))).toBe("currency=quotes:validation.currencyInvalid");
    expect(firstKey(ZQuoteInput.safeParse({ ...valid, language: "DE" }))).toBe("language=quotes:validation.languageInvalid");
    expect(firstKey(ZQuoteInput.safeParse({ ...valid, name: "x".repeat(10_000) }))).toBe("name=quotes:validation.nameTooLong");
    expect(firstKey(ZQuoteInput.safeParse({ ...valid, name: "   " }))).toBe("name=quotes:validation.nameRequired");
    expect(firstKey(ZQuoteInput.safeParse({ ...valid, quoteDateAt: "2026-02-30" }))).toBe("quoteDateAt=quotes:validation.quoteDateInvalid");
    expect(firstKey(ZQuoteInput.safeParse({ ...valid, customerId: "nope" }))).toBe("customerId=quotes:validation.customerRequired");
  });
});

describe("customer input rules", () => {
  it("normalises optional fields to null and lower-cases the e-mail", () => {
    const parsed = ZCustomerInput.parse({ name: " Acme ", email: "Info@Acme.NL", phone: "", companyName: "  " });
    expect(parsed).toEqual({ name: "Acme", email: "info@acme.nl", phone: null, companyName: null, contactPerson: null, content: null });
  });
  it("refuses a bad e-mail, phone or an empty name", () => {
    expect(firstKey(ZCustomerInput.safeParse({ name: "A", email: "nope" }))).toBe("email=customers:validation.emailInvalid");
    expect(firstKey(ZCustomerInput.safeParse({ name: "A", phone: "call me" }))).toBe("phone=customers:validation.phoneInvalid");
    expect(firstKey(ZCustomerInput.safeParse({ name: "" }))).toBe("name=customers:validation.nameRequired");
  });
  it("escapes LIKE wildcards in searches", () => {
    expect(likePattern("50%_a\\b")).toBe("%50\\%\\_a\\\\b%");
  });
});

describe("numbers, slugs and links", () => {
  it("formats quote numbers", () => {
    expect(formatQuoteNumber(2026, 1)).toBe("2026-0001");
    expect(formatQuoteNumber(2026, 12345)).toBe("2026-12345");
  });
  it("slugifies titles", () => {
    expect(slugify("Website redesign – Café Zoë!")).toBe("website-redesign-cafe-zoe");
    expect(slugify("???")).toBe("quote");
    expect(slugify("a".repeat(200)).length).toBe(80);
  });
  it("builds the public URL, with /nl for Dutch quotes", () => {
    expect(publicQuoteUrl("https://offerly.app/", { slug: "site", nanoId: "abc", language: "ENG" })).toBe("https://offerly.app/quote/site/abc");
    expect(publicQuoteUrl("https://offerly.app", { slug: "site", nanoId: "abc", language: "NL" })).toBe("https://offerly.app/nl/quote/site/abc");
  });
  it("adds days across months", () => {
    expect(addDaysIso("2026-01-31", 30)).toBe("2026-03-02");
  });
});
