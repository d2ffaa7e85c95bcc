import { describe, expect, it } from "vitest";
import { blockTotals } from "../../../shared/totals";
import { type PricingFormValues, newLine, pricingFormFromStored, pricingFormSchema, pricingInputFromForm } from "./block-values";

const form = (lines: Partial<PricingFormValues["lineItems"][number]>[], language: string, extra: Partial<PricingFormValues> = {}): PricingFormValues => ({
  name: "Website",
  content: null,
  pricingUnit: "MONTH",
  discountType: "",
  discountValue: "",
  lineItems: lines.map((line) => ({ ...newLine("21", language), ...line })),
  ...extra,
});

describe("pricing form values in the quote's language", () => {
  it("reads Dutch typing into exact decimals and the totals a person would compute", () => {
    const values = form(
      [
        { name: "Ontwerp", price: "1.200,00", amount: "2" },
        { name: "Hosting", price: "150", recurring: true },
        { name: "Extra", price: "250,00", optional: true, selected: false },
        { name: "Training", price: "500", vatRate: "9", discountType: "PERCENTAGE", discountValue: "10" },
      ],
      "NL",
    );
    const input = pricingInputFromForm(values, "NL");
    expect(input.lineItems.map((l) => l.price)).toEqual(["1200", "150", "250", "500"]);
    expect(input.lineItems[2].selected).toBe(false);
    const totals = blockTotals(input);
    expect(totals.oneOff.totalExclVat).toBe("2850.00");
    expect(totals.oneOff.vat).toEqual([
      { rate: "21", base: "2400.00", vat: "504.00" },
      { rate: "9", base: "450.00", vat: "40.50" },
    ]);
    expect(totals.oneOff.totalInclVat).toBe("3394.50");
    expect(totals.recurring).toEqual([expect.objectContaining({ interval: "MONTH", totalExclVat: "150.00", vatTotal: "31.50", totalInclVat: "181.50" })]);
  });

  it("reads English typing the English way", () => {
    const input = pricingInputFromForm(form([{ name: "Support", price: "1,234.50", amount: "1.5" }], "ENG"), "ENG");
    expect(input.lineItems[0]).toMatchObject({ price: "1234.5", amount: "1.5" });
  });

  it("refuses money written the other language's way, on the field, with the server's message key", async () => {
    const schema = pricingFormSchema("NL");
    const result = await schema.safeParseAsync(form([{ name: "Ontwerp", price: "1,200.00" }], "NL"));
    expect(result.success).toBe(false);
    expect(result.error?.issues).toEqual([expect.objectContaining({ path: ["lineItems", 0, "price"], message: "blocks:validation.priceInvalid" })]);
    const ok = await schema.safeParseAsync(form([{ name: "Ontwerp", price: "1.200,00" }], "NL"));
    expect(ok.success).toBe(true);
    expect(ok.data?.lineItems[0].price).toBe("1200");
  });

  it("a block discount typed in Dutch goes to the block", async () => {
    const parsed = await pricingFormSchema("NL").safeParseAsync(form([{ name: "A", price: "100" }], "NL", { discountType: "AMOUNT", discountValue: "12,50" }));
    expect(parsed.data).toMatchObject({ discountType: "AMOUNT", discountValue: "12.5" });
  });

  it("writes a stored block back as the quote's language types it", () => {
    const stored = {
      name: "Website",
      content: null,
      pricingUnit: "MONTH",
      discountType: "AMOUNT",
      discountValue: "1250.00",
      lines: [
        {
          name: "Ontwerp",
          description: null,
          price: "1200.00",
          amount: "1.500",
          vatRate: "21",
          discountType: null,
          discountValue: null,
          optional: false,
          selected: true,
          recurring: false,
        },
      ],
    };
    const nl = pricingFormFromStored(stored, "NL", "21");
    expect(nl.discountValue).toBe("1.250,00");
    expect(nl.lineItems[0]).toMatchObject({ price: "1.200,00", amount: "1,5", description: "" });
    const en = pricingFormFromStored(stored, "ENG", "20");
    expect(en.lineItems[0]).toMatchObject({ price: "1,200.00", amount: "1.5" });
    expect(pricingFormFromStored(null, "ENG", "20").lineItems[0]).toMatchObject({ amount: "1", vatRate: "20" });
  });
});
