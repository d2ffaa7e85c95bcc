import { describe, expect, it } from "vitest";
import { catalogs } from "../../src/shared/i18n/server";

function keys(value: unknown, prefix = ""): string[] {
  if (typeof value === "string") return [prefix];
  if (value && typeof value === "object") {
    return Object.entries(value).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
  }
  throw new Error(`${prefix} is neither a string nor a namespace object`);
}

function placeholders(text: string): string[] {
  return [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();
}

function lookup(root: unknown, key: string): string {
  return key.split(".").reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], root) as string;
}

describe("translation catalogs", () => {
  const en = keys(catalogs.en);
  const nl = keys(catalogs.nl);

  it("has every English key in Dutch", () => {
    expect(en.filter((k) => !nl.includes(k))).toEqual([]);
  });
  it("has every Dutch key in English", () => {
    expect(nl.filter((k) => !en.includes(k))).toEqual([]);
  });
  it("has no empty translations", () => {
    expect(en.filter((k) => !lookup(catalogs.en, k).trim())).toEqual([]);
    expect(nl.filter((k) => !lookup(catalogs.nl, k).trim())).toEqual([]);
  });
  it("uses the same {{placeholders}} in both languages", () => {
    const mismatched = en.filter((k) => placeholders(lookup(catalogs.en, k)).join() !== placeholders(lookup(catalogs.nl, k)).join());
    expect(mismatched).toEqual([]);
  });
  it("calls a quote 'hem' in Dutch, never 'haar' (issue 28: 'Trek haar in' beside 'Trek hem in')", () => {
    // "de offerte" is referred to as "hem" throughout; a message that names the quote uses no "haar".
    const haar = nl.filter((k) => {
      const text = lookup(catalogs.nl, k);
      return /offerte/i.test(text) && /\bhaar\b/i.test(text);
    });
    expect(haar).toEqual([]);
  });
});
