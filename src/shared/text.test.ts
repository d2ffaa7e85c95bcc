import { describe, expect, it } from "vitest";
import { ZCustomerInput, ZSearch } from "./customers";
import { ZSignUpInput } from "./identity";
import { ZQuoteInput } from "./quotes";
import { CONTROL_CHARACTERS_KEY, hasControlCharacters } from "./text";

const firstMessage = (result: { success: boolean; error?: { issues: { message: string; path: PropertyKey[] }[] } }) =>
  result.error?.issues.map((i) => ({ path: i.path.join("."), message: i.message }));

describe("control characters", () => {
  it("are found in single-line text, and in multi-line text except line breaks and tabs", () => {
    for (const c of ["\u0000", "\u0001", "\u001b", "\u007f", "\u0085", "\n", "\t"]) expect(hasControlCharacters(`a${c}b`)).toBe(true);
    expect(hasControlCharacters("a\nb\r\n\tc", { multiLine: true })).toBe(false);
    for (const c of ["\u0000", "\u0008", "\u000b", "\u001f", "\u007f"]) expect(hasControlCharacters(`a${c}b`, { multiLine: true })).toBe(true);
    expect(hasControlCharacters("Café Zoë – “quoted” 😀")).toBe(false);
  });

  it("are refused with one translated key in customer names, content, quote titles, searches and sign-up", () => {
    expect(firstMessage(ZCustomerInput.safeParse({ name: "a\u0000b" }))).toEqual([{ path: "name", message: CONTROL_CHARACTERS_KEY }]);
    expect(firstMessage(ZCustomerInput.safeParse({ name: "Acme", content: "Street 1\u0000" }))).toEqual([{ path: "content", message: CONTROL_CHARACTERS_KEY }]);
    expect(ZCustomerInput.safeParse({ name: "Acme", content: "Street 1\n1234 AB\tAmsterdam" }).success).toBe(true);
    expect(firstMessage(ZSearch.safeParse("a\u0000b"))).toEqual([{ path: "", message: CONTROL_CHARACTERS_KEY }]);
    const quote = {
      name: "a\u0000b",
      customerId: crypto.randomUUID(),
      language: "ENG",
      currency: "EUR",
      quoteDateAt: "2026-01-01",
      quoteExpirationAt: "2026-02-01",
    };
    expect(firstMessage(ZQuoteInput.safeParse(quote))).toEqual([{ path: "name", message: CONTROL_CHARACTERS_KEY }]);
    expect(firstMessage(ZSignUpInput.safeParse({ name: "Ann\u0007", companyName: "Acme" }))).toEqual([{ path: "name", message: CONTROL_CHARACTERS_KEY }]);
  });
});
