import { describe, expect, it } from "vitest";
import { NO_PAYMENT_TERMS } from "../../../shared/payment-terms";
import { type QuoteFormValues, paymentTermsForm, paymentTermsInput, quoteFormSchema } from "./quote-form-values";

const base = (language: string, paymentTerms: Partial<QuoteFormValues["paymentTerms"]>): QuoteFormValues => ({
  name: "Website",
  customerId: "6f1f8f0e-3c1a-4f57-9a8e-0b8b0c6a9d11",
  language,
  currency: "EUR",
  quoteDateAt: "2026-01-01",
  quoteExpirationAt: "2026-02-01",
  signable: true,
  paymentTerms: { ...paymentTermsForm(null, language), ...paymentTerms },
});
const issues = (values: QuoteFormValues) => {
  const r = quoteFormSchema.safeParse(values);
  return r.success ? [] : r.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
};

describe("the quote form's payment values", () => {
  it("reads a fixed deposit as the quote's language writes money, and gives the server's input", () => {
    const dutch = quoteFormSchema.parse(base("NL", { mode: "DEPOSIT_FIXED", amount: "1.234,50", payToAccept: true }));
    expect(paymentTermsInput(dutch.paymentTerms!)).toEqual({
      mode: "DEPOSIT_FIXED",
      percent: null,
      amount: "1234.50",
      payToAccept: true,
      startRecurring: false,
    });
    const english = quoteFormSchema.parse(base("ENG", { mode: "DEPOSIT_FIXED", amount: "1,234.5" }));
    expect(paymentTermsInput(english.paymentTerms!).amount).toBe("1234.50");
    const percent = quoteFormSchema.parse(base("ENG", { mode: "DEPOSIT_PERCENT", percent: " 30 % " }));
    expect(paymentTermsInput(percent.paymentTerms!)).toMatchObject({ mode: "DEPOSIT_PERCENT", percent: "30", amount: null });
    expect(quoteFormSchema.parse(base("NL", {})).paymentTerms).toEqual(NO_PAYMENT_TERMS);
  });

  it("refuses what the server refuses, on the same paths: text that is not money, 0, a percentage out of range", () => {
    expect(issues(base("NL", { mode: "DEPOSIT_FIXED", amount: "veel" }))).toEqual(["paymentTerms.amount: quotes:validation.paymentAmountInvalid"]);
    expect(issues(base("NL", { mode: "DEPOSIT_FIXED", amount: "0,00" }))).toEqual(["paymentTerms.amount: quotes:validation.paymentAmountInvalid"]);
    expect(issues(base("ENG", { mode: "DEPOSIT_FIXED", amount: "" }))).toEqual(["paymentTerms.amount: quotes:validation.paymentAmountInvalid"]);
    expect(issues(base("ENG", { mode: "DEPOSIT_PERCENT", percent: "101" }))).toEqual(["paymentTerms.percent: quotes:validation.paymentPercentInvalid"]);
    // A value the mode does not use is not checked.
    expect(issues(base("ENG", { mode: "FULL", percent: "abc", amount: "x" }))).toEqual([]);
  });

  it("writes stored terms back in the quote's language", () => {
    expect(paymentTermsForm({ mode: "DEPOSIT_FIXED", percent: null, amount: "1234.50", payToAccept: false, startRecurring: true }, "NL")).toEqual({
      mode: "DEPOSIT_FIXED",
      percent: "",
      amount: "1.234,50",
      payToAccept: false,
      startRecurring: true,
    });
    expect(paymentTermsForm({ mode: "DEPOSIT_PERCENT", percent: 25, amount: null, payToAccept: true, startRecurring: false }, "ENG").percent).toBe("25");
  });
});
