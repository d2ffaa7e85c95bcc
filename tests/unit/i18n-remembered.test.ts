import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { I18nextProvider, useTranslation } from "react-i18next";
import { describe, expect, it, vi } from "vitest";
import { createI18n } from "../../src/shared/i18n";
import { REMEMBERED_TRANSLATIONS, catalogs, i18nFor, rememberTranslations } from "../../src/shared/i18n/server";

function keys(value: unknown, prefix = ""): string[] {
  if (typeof value === "string") return [prefix];
  return Object.entries(value as Record<string, unknown>).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
}

type Loose = (key: string, options?: Record<string, unknown>) => unknown;

/** Every catalog key as i18next names it (namespace:key), with options a page passes. */
const OPTIONS: (Record<string, unknown> | undefined)[] = [
  undefined,
  { count: 1, amount: "1" },
  { count: 2, amount: "2,5" },
  { count: 0 },
  { name: "Ann", value: "€ 1,00", rate: "{{rate}}" },
  { interval: "{{interval}}", amount: "{{amount}}", oneOff: "{{oneOff}}" },
];

function Labels() {
  const { t } = useTranslation();
  return createElement(
    "p",
    null,
    [t("blocks:document.subtotal"), t("quotes:pricingUnits.DAY", { count: 3, amount: "3" }), t("signing:page.optionalChoose", { name: "<b>" })].join(" | "),
  );
}

describe("the server's remembered translations (decision 078)", () => {
  for (const locale of ["en", "nl"] as const) {
    it(`gives i18next's own string for every ${locale} key and option set, first and again`, () => {
      const plain = createI18n(locale, catalogs[locale]);
      const remembered = rememberTranslations(createI18n(locale, catalogs[locale]));
      // As react-i18next's useTranslation asks for it.
      const fixedT = (i18n: typeof plain) => (i18n.getFixedT as unknown as (...args: unknown[]) => Loose)(locale, "common", undefined, { scopeNs: ["common"] });
      const fixedPlain = fixedT(plain);
      const fixedRemembered = fixedT(remembered);
      const all = Object.entries(catalogs[locale]).flatMap(([ns, tree]) => keys(tree).map((key) => `${ns}:${key}`));
      expect(all.length).toBeGreaterThan(500);
      // Compared as whole lists (one expect per option set, not two per key: ≈ 25,000 expects took
      // over 5 s on the loaded CI machine).
      for (const options of OPTIONS) {
        const expected = all.map((key) => `${key} = ${fixedPlain(key, options)}`);
        const first = all.map((key) => `${key} = ${fixedRemembered(key, options)}`);
        const again = all.map((key) => `${key} = ${fixedRemembered(key, options)}`);
        expect(first).toEqual(expected);
        expect(again).toEqual(expected);
      }
    }, 30_000);
  }

  it("asks i18next once for the same key and options, again for other options, and for non-plain options every time", () => {
    const instance = rememberTranslations(createI18n("en", catalogs.en));
    const translate = vi.spyOn((instance as unknown as { translator: { translate: () => unknown } }).translator, "translate");
    const t = instance.getFixedT("en", "common") as unknown as Loose;
    expect(instance.getFixedT("en", "common")).toBe(t);
    t("blocks:document.subtotal");
    t("blocks:document.subtotal");
    expect(translate).toHaveBeenCalledTimes(1);
    t("blocks:document.vatAt", { rate: "21" });
    t("blocks:document.vatAt", { rate: "21" });
    t("blocks:document.vatAt", { rate: "9" });
    expect(translate).toHaveBeenCalledTimes(3);
    t("blocks:document.vatAt", { rate: "21", extra: { nested: true } });
    t("blocks:document.vatAt", { rate: "21", extra: { nested: true } });
    expect(translate).toHaveBeenCalledTimes(5);
  });

  it("stays bounded", () => {
    const instance = rememberTranslations(createI18n("en", catalogs.en));
    const translate = vi.spyOn((instance as unknown as { translator: { translate: () => unknown } }).translator, "translate");
    const t = instance.getFixedT("en", "common") as unknown as Loose;
    for (let i = 0; i <= REMEMBERED_TRANSLATIONS; i++) t("signing:page.optionalChoose", { name: `n${i}` });
    t("signing:page.optionalChoose", { name: "n0" });
    expect(translate).toHaveBeenCalledTimes(REMEMBERED_TRANSLATIONS + 2);
  });

  it("renders the same markup through useTranslation as i18next alone", () => {
    for (const locale of ["en", "nl"] as const) {
      const render = (i18n: ReturnType<typeof createI18n>) =>
        renderToString(createElement(I18nextProvider, { i18n }, createElement(Labels), createElement(Labels)));
      const expected = render(createI18n(locale, catalogs[locale]));
      expect(expected).not.toContain("blocks:document");
      expect(expected).toContain(locale === "en" ? "3 days" : "3 dagen");
      expect(render(i18nFor(locale))).toBe(expected);
    }
  });
});
