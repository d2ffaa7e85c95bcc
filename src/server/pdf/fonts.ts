/**
 * The account's text font in PDFs: the same four curated families as the public page
 * (shared/enums.ts TEXT_FONTS, decision 019), read from the @fontsource packages in node_modules
 * (the server bundle keeps packages external, so they are there at run time; no network), unwrapped
 * from WOFF once per process (32 files, about 1.5 MB in memory). Latin and
 * latin-ext, regular and bold, upright and italic: @react-pdf loads a file only when text uses it,
 * and falls back from the latin file to the latin-ext one glyph by glyph (a family list).
 */
import fs from "node:fs";
import { createRequire } from "node:module";
import zlib from "node:zlib";
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

/**
 * A WOFF file as the plain TrueType/OpenType font it wraps (tables inflated once), as a data URL.
 * fontkit reads WOFF itself but inflates the whole glyf table again for every glyph it loads (seconds
 * per PDF), and its WOFF2 decoder breaks on some of these files when subsetting: plain sfnt is fast and safe.
 */
export function woffToSfnt(woff: Uint8Array): Uint8Array {
  const src = Buffer.from(woff.buffer, woff.byteOffset, woff.byteLength);
  if (src.toString("latin1", 0, 4) !== "wOFF") throw new Error("not a WOFF file");
  const numTables = src.readUInt16BE(12);
  const tables = Array.from({ length: numTables }, (_, i) => {
    const at = 44 + i * 20;
    const offset = src.readUInt32BE(at + 4);
    const compLength = src.readUInt32BE(at + 8);
    const origLength = src.readUInt32BE(at + 12);
    const raw = src.subarray(offset, offset + compLength);
    return { tag: src.subarray(at, at + 4), checksum: src.readUInt32BE(at + 16), data: compLength < origLength ? zlib.inflateSync(raw) : raw };
  });
  const pad = (n: number) => (n + 3) & ~3;
  const headerSize = 12 + numTables * 16;
  const out = Buffer.alloc(headerSize + tables.reduce((sum, t) => sum + pad(t.data.length), 0));
  const power = 2 ** Math.floor(Math.log2(numTables));
  out.writeUInt32BE(src.readUInt32BE(4), 0); // flavor
  out.writeUInt16BE(numTables, 4);
  out.writeUInt16BE(power * 16, 6);
  out.writeUInt16BE(Math.log2(power), 8);
  out.writeUInt16BE(numTables * 16 - power * 16, 10);
  let offset = headerSize;
  tables.forEach((t, i) => {
    const rec = 12 + i * 16;
    t.tag.copy(out, rec);
    out.writeUInt32BE(t.checksum, rec + 4);
    out.writeUInt32BE(offset, rec + 8);
    out.writeUInt32BE(t.data.length, rec + 12);
    t.data.copy(out, offset);
    offset += pad(t.data.length);
  });
  return new Uint8Array(out.buffer, out.byteOffset, out.byteLength);
}

const fontDataUrl = (file: string) => `data:font/sfnt;base64,${Buffer.from(woffToSfnt(fs.readFileSync(file))).toString("base64")}`;
const subsetFamily = (family: string, subset: (typeof SUBSETS)[number]) => (subset === "latin" ? family : `${family} Ext`);

let registered = false;

/** Registers the fonts once per process (idempotent). */
export function registerPdfFonts(): void {
  if (registered) return;
  for (const font of TEXT_FONTS) {
    const { pkg, family } = PACKAGES[font];
    for (const subset of SUBSETS) {
      const file = (weight: 400 | 700, style: "normal" | "italic") =>
        fontDataUrl(require.resolve(`@fontsource/${pkg}/files/${pkg}-${subset}-${weight}-${style}.woff`));
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
