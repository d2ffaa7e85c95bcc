/**
 * The account's text font in PDFs: the same four curated families as the public page
 * (shared/enums.ts TEXT_FONTS, decision 019), read from the @fontsource packages in node_modules
 * (the server bundle keeps packages external, so they are there at run time; no network). Latin and
 * latin-ext, regular and bold, upright and italic: @react-pdf loads a file only when text uses it,
 * and falls back from the latin file to the latin-ext one glyph by glyph (a family list).
 */
import { createRequire } from "node:module";
import { Font } from "@react-pdf/renderer";
import { DEFAULT_STYLING } from "../../shared/account-settings";
import { TEXT_FONTS, type TextFont, isOneOf } from "../../shared/enums";

const require = createRequire(import.meta.url);

const PACKAGES: Record<TextFont, { pkg: string; family: string }> = {
  INTER: { pkg: "inter", family: "Inter" },
  LATO: { pkg: "lato", family: "Lato" },
  MERRIWEATHER: { pkg: "merriweather", family: "Merriweather" },
  PLAYFAIR_DISPLAY: { pkg: "playfair-display", family: "Playfair Display" },
};

const SUBSETS = ["latin", "latin-ext"] as const;
const subsetFamily = (family: string, subset: (typeof SUBSETS)[number]) => (subset === "latin" ? family : `${family} Ext`);

let registered = false;

/** Registers the fonts once per process (idempotent). */
export function registerPdfFonts(): void {
  if (registered) return;
  for (const font of TEXT_FONTS) {
    const { pkg, family } = PACKAGES[font];
    for (const subset of SUBSETS) {
      const file = (weight: 400 | 700, style: "normal" | "italic") => require.resolve(`@fontsource/${pkg}/files/${pkg}-${subset}-${weight}-${style}.woff2`);
      Font.register({
        family: subsetFamily(family, subset),
        fonts: [
          { src: file(400, "normal"), fontWeight: 400 },
          { src: file(400, "italic"), fontWeight: 400, fontStyle: "italic" },
          { src: file(700, "normal"), fontWeight: 700 },
          { src: file(700, "italic"), fontWeight: 700, fontStyle: "italic" },
        ],
      });
    }
  }
  // No English hyphenation of Dutch (or any) words; only very long tokens (a URL, a code) may
  // break, anywhere, rather than run off the page.
  Font.registerHyphenationCallback((word) => (word.length <= 30 ? [word] : (word.match(/.{1,15}/gu) ?? [word])));
  registered = true;
}

/** The font family list for an account's text font (unknown or unset: the default, Inter). */
export function pdfFontFamily(textFont: string | null | undefined): string[] {
  const font: TextFont = isOneOf(TEXT_FONTS, textFont) ? textFont : DEFAULT_STYLING.textFont;
  const { family } = PACKAGES[font];
  return SUBSETS.map((subset) => subsetFamily(family, subset));
}
