// Writes src/web/features/settings/font-fallbacks.css: for each quote font (decision 019) and weight,
// an @font-face "<Font> Fallback" over a local font every desktop has, adjusted so that text set in
// it takes the room the web font will take (size-adjust: the same width; ascent-, descent- and
// line-gap-override: the same line box). When the web font arrives (font-display: swap) nothing
// moves. The figures are read from the font files, not guessed:
//
//   node scripts/font-fallbacks.mjs           (re)write the CSS
//   node scripts/font-fallbacks.mjs --check   exit 1 when the committed CSS differs
//
// - The web fonts: the woff2 files the page loads (@fontsource/*, latin 400 and 700), read with
//   fontkit (already a dependency of the PDF renderer).
// - The fallbacks: Arial for the sans fonts, Times New Roman for the serif ones (on every Windows,
//   macOS and iOS). Their widths are read from Liberation Sans / Liberation Serif (Debian's
//   fonts-liberation), which are metric-compatible with Arial and Times New Roman by design: the same
//   advance width for every glyph. The same faces list Liberation and Arimo/Tinos by name, so Linux
//   gets the adjusted fallback too. Android has neither (Roboto, Noto Serif): there the stack goes on
//   to the unadjusted system font.
// - size-adjust = width of SAMPLE in the web font ÷ its width in the fallback (per em, with kerning).
// - The vertical metrics the browser uses for the web font: OS/2 typo metrics when the font sets
//   USE_TYPO_METRICS, otherwise hhea (Chromium/Skia on Linux and Android, and macOS), divided by
//   size-adjust because the overrides are scaled by it (CSS Fonts 5, size-adjust).
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import * as fontkit from "fontkit";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const OUT = path.join(root, "src/web/features/settings/font-fallbacks.css");
const LIBERATION = process.env.LIBERATION_FONTS ?? "/usr/share/fonts/truetype/liberation";

/** What quote pages are made of: English and Dutch prose, names, numbers and amounts. */
const SAMPLE = [
  "Thank you for your enquiry. This quote covers the design and development of the new website,",
  "including hosting for the first year. Prices exclude VAT; the quote is valid for 30 days.",
  "Bedankt voor je aanvraag. Deze offerte omvat het ontwerp en de bouw van de nieuwe website,",
  "inclusief hosting voor het eerste jaar. Prijzen zijn exclusief btw; geldig tot 14 december 2026.",
  "Studio Noord B.V. · Keizersgracht 123, 1015 CJ Amsterdam · Quote Q-2026-0042 · € 1.210,00 · 21% · 3 × 85,00",
].join(" ");

const SANS = {
  file: "LiberationSans",
  local: {
    400: ["Arial", "ArialMT", "Liberation Sans", "LiberationSans", "Arimo"],
    700: ["Arial Bold", "Arial-BoldMT", "Liberation Sans Bold", "LiberationSans-Bold", "Arimo Bold"],
  },
};
const SERIF = {
  file: "LiberationSerif",
  local: {
    400: ["Times New Roman", "TimesNewRomanPSMT", "Liberation Serif", "LiberationSerif", "Tinos"],
    700: ["Times New Roman Bold", "TimesNewRomanPS-BoldMT", "Liberation Serif Bold", "LiberationSerif-Bold", "Tinos Bold"],
  },
};
/** The families of FONT_FAMILIES (src/shared/account-settings.ts) and their fallbacks. */
const FONTS = [
  { family: "Inter", pkg: "inter", fallback: SANS },
  { family: "Lato", pkg: "lato", fallback: SANS },
  { family: "Merriweather", pkg: "merriweather", fallback: SERIF },
  { family: "Playfair Display", pkg: "playfair-display", fallback: SERIF },
];
const WEIGHTS = [400, 700];

/** The sample's width in em (advances with the font's kerning). */
const widthEm = (font) => font.layout(SAMPLE).advanceWidth / font.unitsPerEm;

/** The ascent, descent and line gap a browser lays lines out with, in em. */
function lineMetrics(font) {
  const os2 = font["OS/2"];
  const typo = os2?.fsSelection?.useTypoMetrics;
  const [ascent, descent, lineGap] = typo ? [os2.typoAscender, os2.typoDescender, os2.typoLineGap] : [font.hhea.ascent, font.hhea.descent, font.hhea.lineGap];
  return {
    ascent: ascent / font.unitsPerEm,
    descent: Math.abs(descent) / font.unitsPerEm,
    lineGap: lineGap / font.unitsPerEm,
    source: typo ? "OS/2 typo" : "hhea",
  };
}

const pct = (x) => `${(x * 100).toFixed(2)}%`;

function faces() {
  const out = [];
  for (const { family, pkg, fallback } of FONTS) {
    for (const weight of WEIGHTS) {
      const web = fontkit.openSync(path.join(root, `node_modules/@fontsource/${pkg}/files/${pkg}-latin-${weight}-normal.woff2`));
      const local = fontkit.openSync(path.join(LIBERATION, `${fallback.file}-${weight === 700 ? "Bold" : "Regular"}.ttf`));
      const sizeAdjust = widthEm(web) / widthEm(local);
      const m = lineMetrics(web);
      out.push(
        [
          `/* ${family} ${weight} over ${fallback.local[weight][0]} (widths from ${fallback.file}; ${m.source} metrics) */`,
          "@font-face {",
          `  font-family: "${family} Fallback";`,
          "  font-style: normal;",
          `  font-weight: ${weight};`,
          `  src: ${fallback.local[weight].map((name) => `local("${name}")`).join(", ")};`,
          `  size-adjust: ${pct(sizeAdjust)};`,
          `  ascent-override: ${pct(m.ascent / sizeAdjust)};`,
          `  descent-override: ${pct(m.descent / sizeAdjust)};`,
          `  line-gap-override: ${pct(m.lineGap / sizeAdjust)};`,
          "}",
        ].join("\n"),
      );
    }
  }
  return out;
}

const css = `/* Generated by scripts/font-fallbacks.mjs from the font files: do not edit. */\n${faces().join("\n")}\n`;
if (process.argv.includes("--check")) {
  const committed = fs.existsSync(OUT) ? fs.readFileSync(OUT, "utf8") : "";
  if (committed !== css) {
    console.error(`${path.relative(root, OUT)} is out of date: run node scripts/font-fallbacks.mjs`);
    process.exit(1);
  }
} else {
  fs.writeFileSync(OUT, css);
  console.log(`wrote ${path.relative(root, OUT)}`);
}
