/**
 * The PDF worker's warm-up (decisions 070 and 097): a process's first PDF costs seconds more than
 * the next (the PDF modules loading, the fonts unwrapped, the JIT compiling @react-pdf's layout),
 * and the JIT keeps compiling over the next few real-sized quotes (measured: 950, 475, 320 ms, then
 * ~265 ms each). The server has the worker render and seal this quote a few times, a few seconds
 * after it listens, so that the first customers after a start get a PDF as fast as the hundredth.
 * Made-up data with what the quote PDF draws: rich text (bold, italic, a link, lists, a table), pricing
 * tables, totals, a logo, a drawn and a typed signature, the certificate page, every text font.
 */
import { TEXT_FONTS } from "../../shared/enums";
import type { QuotePdfInput } from "../../shared/quote-pdf";
import type { RichDocument } from "../../shared/rich-text";
import { produceSealedQuotePdf } from "./produce";
import { tenBlockQuote } from "./sample-quote";
import { type PdfSealer, createSelfSignedP12, sealerFromP12 } from "./seal";

/** A 40 × 12 RGBA PNG (a stroke): the logo and the drawn signature, as uploads and the signing widget store them. */
const STROKE_PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAACgAAAAMCAYAAAAQw/9NAAAACXBIWXMAAAsTAAALEwEAmpwYAAACMklEQVQ4y2NgoBawt2eR07DaLqth/VJW0/o+kL4mo2UhxDBYgJymVRnQgY8UdczF5eXtOeQ0rA8B+buBUoxUtUhCxUYUaFkH0IKNslrW6cTokTQ25gKHnIZ1HExMXsteAhiSH2U0LCPIcYeslpUf0DxX1FBQtVECOuwOEJ+U1bBqltO0fgNU1EUw9DSsc4DqHhgbG7OiWKJhXQkyj4EhlJkkxwEdBsQ/5bQsQ+CCSkrG/LKaVveAjloOs0hOw9YIqPCXvIaVJR7zGIEhdQPooSJ0CXV1K16g3AcZTZsAYh0nr2lpCNTzSU7DphwtDVkvB+LT6KEADIFpQA37cKc9S2egvm+4MgTQgxOBSWYXUY7TNtcEqn8BDKjJqIaoW/sCHfJVWtNOFV2TgrqVOtAB/5S0rOWwOkDTai1Qfj4uS2XULXSB8n+lVcxk8DkOZA8wFp4D3TEPyGVCKR5ARQIozeFJE+dAuRTDcg1LHaD4H2k1Gz0COfwiEJfi9IS2pSnYcZpWC1AdB45Cq1RQsILSC24LrEtAlmCGnvUaUAgSTvRWhaB0imE5yGwtm1BQ7AHt6MUmD84xMlo2HngtULeSAoWUvJaVAcJjNj5Ax/0AWqBFMG3p2wsA9b9CjgUZVQtpULoHmQHEGZQXxBpWq2AFr7yapQYoSoAGVxGrHxQIQPXfgSF5FFyIAz0MxAdAZlGlAAfVEKDCGOjIE0DHvQdaNIvU8k1OzVYRlFyAevNBOZYYPQAVC5E1nL60XQAAAABJRU5ErkJggg==",
  "base64",
);

const TEXT = {
  ENG: {
    intro: "We start with a workshop with your team (2 hours) and end with a site your customers will love: fast, clear & accessible.",
    items: ["Two review rounds", "Accessible (WCAG 2.2 AA)", "Hand-over documentation"],
    description: "Including preparation and one round of changes",
  },
  NL: {
    intro: "We beginnen met een werksessie met uw team (2 uur) en eindigen met een site waar uw klanten blij van worden: snel, helder én toegankelijk.",
    items: ["Twee feedbackrondes", "Toegankelijk (WCAG 2.2 AA)", "Overdrachtsdocumentatie"],
    description: "Inclusief voorbereiding en één correctieronde — café, reünie, ruïne",
  },
} as const;

function content(language: "ENG" | "NL", i: number): RichDocument {
  const x = TEXT[language];
  const text = (t: string) => ({ type: "text" as const, text: t });
  const paragraph = (t: string) => ({ type: "paragraph" as const, content: [text(t)] });
  const list = (type: "bulletList" | "orderedList") => ({ type, content: x.items.map((t) => ({ type: "listItem", content: [paragraph(t)] })) });
  return {
    type: "doc",
    content: [
      { type: "heading", attrs: { level: i % 2 === 0 ? 3 : 2 }, content: [text(`Part ${i + 1}`)] },
      {
        type: "paragraph",
        content: [
          text(`${x.intro} `),
          { type: "text", text: "Bold", marks: [{ type: "bold" }] },
          text(", "),
          { type: "text", text: "italic", marks: [{ type: "italic" }] },
          text(", "),
          { type: "text", text: "both", marks: [{ type: "bold" }, { type: "italic" }] },
          text(" and a "),
          { type: "text", text: "link", marks: [{ type: "link", attrs: { href: "https://example.com/" } }] },
          { type: "hardBreak" },
          text("0123456789 ABCDEFGHIJKLMNOPQRSTUVWXYZ abcdefghijklmnopqrstuvwxyz €$£%&@#?!:;,.'\"()[]/+-=*"),
        ],
      },
      list("bulletList"),
      ...(i % 3 === 0
        ? [
            {
              type: "table",
              content: [
                { type: "tableRow", content: ["Milestone", "Week"].map((t) => ({ type: "tableHeader", content: [paragraph(t)] })) },
                { type: "tableRow", content: [`Part ${i + 1}`, String(i + 1)].map((t) => ({ type: "tableCell", content: [paragraph(t)] })) },
              ],
            },
          ]
        : []),
      list("orderedList"),
    ],
  } as RichDocument;
}

/**
 * The warm-up quote, the size and shape of a real one (the bench's: 10 blocks of 4 lines with
 * descriptions, discounts, optional lines selected and not, monthly lines, 21 % and 9 % VAT; rich
 * text with lists and tables; a logo, a drawn and a typed signature, six evidence rows): the JIT
 * compiles what a real quote runs, as often as a real quote runs it. The `round` picks the language
 * and the text font, so that a few rounds load every font a quote may use.
 */
export function warmUpPdfInput(round = 0): QuotePdfInput {
  const language = round % 2 === 0 ? "ENG" : "NL";
  const { blocks, totals } = tenBlockQuote({
    lineId: (n) => `warm-${n}`,
    line: (n) => `Item ${n + 1}`,
    description: TEXT[language].description,
    blockId: (b) => `warm-${b}`,
    block: (b) => `Block ${b + 1}`,
    content: (b) => content(language, b),
  });
  const at = "2026-01-01T12:00:00.000Z";
  const ua = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36";
  const row = (event: string, documentHash: string | null = null) => ({
    at,
    event,
    actorName: "Customer",
    actorEmail: "customer@example.com",
    ip: "192.0.2.1",
    userAgent: ua,
    documentHash,
  });
  return {
    language,
    document: {
      quoteNumber: "0000-0000",
      name: "Warm-up",
      language,
      currency: "EUR",
      quoteDateAt: "2026-01-01",
      quoteExpirationAt: "2026-02-01",
      customer: {
        name: "Customer",
        companyName: "Company",
        contactPerson: "Contact",
        content: "Street 1\n1000 AA City",
        email: "customer@example.com",
        phone: "+31 6 0000 0000",
      },
      blocks,
      totals,
    },
    publicUrl: "https://example.com/quote/warm-up/0",
    account: {
      name: "Sender",
      logo: { bytes: STROKE_PNG, contentType: "image/png" },
      linkColor: "#0f766e",
      textColor: "#1e293b",
      textFont: TEXT_FONTS[round % TEXT_FONTS.length],
      quoteStreetAndNumber: "Street 1",
      quotePostalCode: "1000 AA",
      quoteCity: "City",
    },
    signatures: [
      { kind: "CUSTOMER", name: "Customer", signedAt: at, typed: null, drawnPng: STROKE_PNG, documentHash: "0".repeat(64) },
      { kind: "ACCOUNT", name: "Sender", signedAt: at, typed: "Sender", drawnPng: null, documentHash: "1".repeat(64) },
    ],
    version: 1,
    evidence: [row("PUBLISHED"), row("VIEWED"), row("OPTION_CHANGED"), row("SIGNED", "0".repeat(64)), row("SIGNED", "1".repeat(64)), row("MARKED_SIGNED")],
    watermark: round % 2 === 0,
    generatedAt: at,
  };
}

let warmUpSealer: PdfSealer | null = null;

/**
 * Renders and seals the warm-up quote `times` times (round 0, 1, …: English and Dutch in turn, the
 * text fonts one after the other); resolves with the last PDF. Sealed by a throw-away self-signed
 * certificate made once per thread (a native key pair, tens of ms): the seal's code warms up too.
 */
export async function warmUpPdfRenderer(times = 1): Promise<Uint8Array> {
  warmUpSealer ??= sealerFromP12(createSelfSignedP12("warm-up.offerly.invalid", "warm-up"), "warm-up", "generated");
  let pdf: Uint8Array = new Uint8Array(0);
  for (let i = 0; i < times; i++) pdf = await produceSealedQuotePdf(warmUpPdfInput(i), warmUpSealer);
  return pdf;
}
