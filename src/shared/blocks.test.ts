import { describe, expect, it } from "vitest";
import { ZPricingBlockInput, ZTemplateSignatureInput, ZTextBlockInput, vatPresets } from "./blocks";

const line = { name: "Design", price: "800.00", amount: "10", vatRate: "21", optional: false, selected: true, recurring: false };
const errorsOf = (result: { success: boolean; error?: { issues: { message: string; path: PropertyKey[] }[] } }) =>
  result.success ? [] : (result.error?.issues ?? []).map((i) => `${i.path.join(".")}:${i.message}`);

describe("pricing block input", () => {
  it("accepts a realistic block and normalises discounts", () => {
    const result = ZPricingBlockInput.safeParse({ name: "Work", content: null, pricingUnit: "DAY", discountType: null, discountValue: "5", lineItems: [line] });
    expect(result.success).toBe(true);
    expect(result.data?.discountValue).toBeNull();
  });
  it.each([
    [{ price: "-1" }, "lineItems.0.price:blocks:validation.priceRange"],
    [{ price: "1000000000.01" }, "lineItems.0.price:blocks:validation.priceRange"],
    [{ price: "1e3" }, "lineItems.0.price:blocks:validation.priceInvalid"],
    [{ amount: "0" }, "lineItems.0.amount:blocks:validation.amountRange"],
    [{ amount: "1.0001" }, "lineItems.0.amount:blocks:validation.amountInvalid"],
    [{ amount: "1000001" }, "lineItems.0.amount:blocks:validation.amountRange"],
    [{ vatRate: "101" }, "lineItems.0.vatRate:blocks:validation.vatInvalid"],
    [{ vatRate: "-1" }, "lineItems.0.vatRate:blocks:validation.vatInvalid"],
    [{ discountType: "AMOUNT", discountValue: "8000.01" }, "lineItems.0.discountValue:blocks:validation.discountTooLarge"],
    [{ discountType: "PERCENTAGE", discountValue: "100.5" }, "lineItems.0.discountValue:blocks:validation.discountTooLarge"],
    [{ discountType: "HALF" }, "lineItems.0.discountType:blocks:validation.discountTypeInvalid"],
    [{ recurring: true }, "lineItems.0.recurring:blocks:validation.recurringNeedsInterval"],
  ])("refuses a line with %o", (change, error) => {
    expect(errorsOf(ZPricingBlockInput.safeParse({ name: "Work", pricingUnit: "DAY", lineItems: [{ ...line, ...change }] }))).toContain(error);
  });
  it("refuses more than 500 lines and a block discount larger than its lines", () => {
    expect(errorsOf(ZPricingBlockInput.safeParse({ name: "W", pricingUnit: "DAY", lineItems: Array(501).fill(line) }))).toContain(
      "lineItems:blocks:validation.tooManyLines",
    );
    expect(
      errorsOf(ZPricingBlockInput.safeParse({ name: "W", pricingUnit: "DAY", discountType: "AMOUNT", discountValue: "8000.01", lineItems: [line] })),
    ).toContain("discountValue:blocks:validation.discountTooLarge");
  });
});

describe("text block input", () => {
  it("sanitises the content through the allow-list", () => {
    expect(errorsOf(ZTextBlockInput.safeParse({ name: "Intro", content: { type: "doc", content: [{ type: "iframe" }] } }))).toEqual([
      "content:blocks:validation.contentUnknownNode",
    ]);
    expect(ZTextBlockInput.parse({ name: " Intro ", content: null })).toEqual({ name: "Intro", content: null });
  });
});

describe("signature templates", () => {
  const png = `data:image/png;base64,${Buffer.from("\x89PNG\r\n\x1a\n").toString("base64")}`;
  it("accepts typed and drawn signatures", () => {
    expect(ZTemplateSignatureInput.safeParse({ name: "Me", kind: "TYPED", signature: "Jan Jansen" }).success).toBe(true);
    expect(ZTemplateSignatureInput.safeParse({ name: "Me", kind: "DRAWN", signature: png }).success).toBe(true);
  });
  it("refuses other images and too large drawings", () => {
    expect(errorsOf(ZTemplateSignatureInput.safeParse({ name: "Me", kind: "DRAWN", signature: "data:image/svg+xml;base64,PHN2Zz4=" }))).toEqual([
      "signature:blocks:validation.signatureNotPng",
    ]);
    const big = `data:image/png;base64,${"A".repeat(280_000)}`;
    expect(errorsOf(ZTemplateSignatureInput.safeParse({ name: "Me", kind: "DRAWN", signature: big }))).toEqual([
      "signature:blocks:validation.signatureTooLarge",
    ]);
  });
});

describe("VAT presets", () => {
  it("offers the country's rates", () => {
    expect(vatPresets("NL")).toEqual(["21", "9", "0"]);
    expect(vatPresets("gb")).toEqual(["20", "5", "0"]);
  });
});
