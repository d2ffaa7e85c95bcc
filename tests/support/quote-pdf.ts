import { createRequire } from "node:module";
import path from "node:path";
import sharp from "sharp";
import { tenBlockQuote } from "../../src/server/pdf/sample-quote";
import type { Language } from "../../src/shared/enums";
import type { QuotePdfInput } from "../../src/shared/quote-pdf";
import type { RichDocument } from "../../src/shared/rich-text";

/** A drawn signature as the signing widget would store it: a PNG with a transparent background. */
export async function signaturePng(): Promise<Uint8Array> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="120"><path d="M10 90 C 40 10, 70 10, 90 80 S 140 120, 170 40 S 230 20, 250 85 S 320 100, 390 30" fill="none" stroke="#1e293b" stroke-width="4" stroke-linecap="round"/></svg>`;
  return new Uint8Array(await sharp(Buffer.from(svg)).png().toBuffer());
}

/** A logo as the settings upload stores it (PNG). */
export async function logoPng(): Promise<Uint8Array> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="96"><rect width="96" height="96" rx="18" fill="#0f766e"/><text x="112" y="64" font-family="sans-serif" font-size="44" font-weight="700" fill="#0f172a">Studio Noord</text></svg>`;
  return new Uint8Array(await sharp(Buffer.from(svg)).png().toBuffer());
}

const TEXT = {
  ENG: {
    name: "Website redesign and hosting",
    block: (i: number) => `Phase ${i + 1}: ${["Discovery", "Design", "Build", "Content", "Launch", "Training", "Hosting", "Support", "SEO", "Extras"][i]}`,
    intro: "We start with a workshop with your team and end with a site your customers will love.",
    bullet: ["Two review rounds", "Accessible (WCAG 2.2 AA)", "Hand-over documentation"],
    line: (i: number) => `Work item ${i + 1}`,
    description: "Including preparation and one round of changes",
    cell: ["Milestone", "Week"],
    approach: "Our approach",
  },
  NL: {
    name: "Nieuwe website en hosting",
    block: (i: number) =>
      `Fase ${i + 1}: ${["Verkenning", "Ontwerp", "Bouw", "Inhoud", "Livegang", "Training", "Hosting", "Ondersteuning", "Vindbaarheid", "Extra's"][i]}`,
    intro: "We beginnen met een werksessie met uw team en eindigen met een site waar uw klanten blij van worden.",
    bullet: ["Twee feedbackrondes", "Toegankelijk (WCAG 2.2 AA)", "Overdrachtsdocumentatie"],
    line: (i: number) => `Werkzaamheid ${i + 1}`,
    description: "Inclusief voorbereiding en één correctieronde",
    cell: ["Mijlpaal", "Week"],
    approach: "Onze aanpak",
  },
} as const;

function content(language: Language, i: number): RichDocument {
  const x = TEXT[language];
  const text = (t: string) => ({ type: "text" as const, text: t });
  return {
    type: "doc",
    content: [
      { type: "heading", attrs: { level: 3 }, content: [text(x.approach)] },
      {
        type: "paragraph",
        content: [
          text(`${x.intro} `),
          { type: "text", text: "Bold", marks: [{ type: "bold" }] },
          text(", "),
          { type: "text", text: "italic", marks: [{ type: "italic" }] },
          text(" and a "),
          { type: "text", text: "link", marks: [{ type: "link", attrs: { href: "https://example.com/portfolio" } }] },
          text("."),
        ],
      },
      { type: "bulletList", content: x.bullet.map((b) => ({ type: "listItem", content: [{ type: "paragraph", content: [text(b)] }] })) },
      ...(i % 3 === 0
        ? [
            {
              type: "table" as const,
              content: [
                {
                  type: "tableRow" as const,
                  content: x.cell.map((c) => ({ type: "tableHeader" as const, content: [{ type: "paragraph" as const, content: [text(c)] }] })),
                },
                {
                  type: "tableRow" as const,
                  content: [`${x.block(i)}`, `${i + 1}`].map((c) => ({
                    type: "tableCell" as const,
                    content: [{ type: "paragraph" as const, content: [text(c)] }],
                  })),
                },
              ],
            },
          ]
        : []),
      { type: "orderedList", content: x.bullet.slice(0, 2).map((b) => ({ type: "listItem", content: [{ type: "paragraph", content: [text(b)] }] })) },
    ],
  } as RichDocument;
}

/**
 * A realistic quote PDF input: 10 blocks, 40 lines (discounts, optional lines selected and not,
 * recurring hosting per month, VAT 21% and 9%), a typed and a drawn signature, 6 evidence rows.
 */
export async function realisticPdfInput(language: Language, options: { watermark?: boolean; logo?: boolean } = {}): Promise<QuotePdfInput> {
  const x = TEXT[language];
  const drawn = await signaturePng();
  const logo = options.logo === false ? null : await logoPng();
  const { blocks, totals } = tenBlockQuote({
    lineId: (n) => `line-${n}`,
    line: x.line,
    description: x.description,
    blockId: (b) => `block-${b}`,
    block: x.block,
    content: (b) => content(language, b),
  });
  const hash = (seed: string) => seed.repeat(64).slice(0, 64);
  const ua = "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1";
  return {
    language,
    document: {
      quoteNumber: "2026-0042",
      name: x.name,
      language,
      currency: "EUR",
      quoteDateAt: "2026-11-02",
      quoteExpirationAt: "2026-12-02",
      customer: {
        name: "Jan de Vries",
        companyName: "Bakkerij De Vries B.V.",
        contactPerson: "Jan de Vries",
        content: "Dorpsstraat 12\n1234 AB Zaandam",
        email: "jan@bakkerij-devries.example",
        phone: "+31 6 1234 5678",
      },
      blocks,
      totals,
    },
    publicUrl: "https://offerly.example/quote/website-redesign/V1StGXR8_Z5jdHi6B-myT",
    account: {
      name: "Studio Noord",
      logo: logo ? { bytes: logo, contentType: "image/png" } : null,
      linkColor: "#0f766e",
      textColor: "#1e293b",
      textFont: "LATO",
      quoteStreetAndNumber: "Keizersgracht 100",
      quotePostalCode: "1015 AA",
      quoteCity: "Amsterdam",
    },
    signatures: [
      { kind: "CUSTOMER", name: "Jan de Vries", signedAt: "2026-11-05T09:14:03.000Z", typed: null, drawnPng: drawn, documentHash: hash("a1b2") },
      { kind: "ACCOUNT", name: "Eva Jansen", signedAt: "2026-11-05T10:02:41.000Z", typed: "Eva Jansen", drawnPng: null, documentHash: hash("c3d4") },
    ],
    evidence: [
      {
        at: "2026-11-02T08:00:00.000Z",
        event: "PUBLISHED",
        actorName: "Eva Jansen",
        actorEmail: "eva@studionoord.example",
        ip: "203.0.113.10",
        userAgent: "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_6) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36",
        documentHash: null,
      },
      { at: "2026-11-03T19:21:09.000Z", event: "VIEWED", actorName: null, actorEmail: null, ip: "198.51.100.23", userAgent: ua, documentHash: null },
      {
        at: "2026-11-05T09:12:40.000Z",
        event: "OPTION_CHANGED",
        actorName: "Jan de Vries",
        actorEmail: "jan@bakkerij-devries.example",
        ip: "198.51.100.23",
        userAgent: ua,
        documentHash: null,
      },
      {
        at: "2026-11-05T09:14:03.000Z",
        event: "SIGNED",
        actorName: "Jan de Vries",
        actorEmail: "jan@bakkerij-devries.example",
        ip: "198.51.100.23",
        userAgent: ua,
        documentHash: hash("a1b2"),
      },
      {
        at: "2026-11-05T10:02:41.000Z",
        event: "SIGNED",
        actorName: "Eva Jansen",
        actorEmail: "eva@studionoord.example",
        ip: "203.0.113.10",
        userAgent: "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_6) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36",
        documentHash: hash("c3d4"),
      },
      {
        at: "2026-11-05T10:03:00.000Z",
        event: "MARKED_SIGNED",
        actorName: "Eva Jansen",
        actorEmail: "eva@studionoord.example",
        ip: "2001:db8::1",
        userAgent: "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_6) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36",
        documentHash: null,
      },
    ],
    watermark: options.watermark ?? true,
    generatedAt: "2026-11-05T10:03:05.000Z",
  };
}

/** The text of every page, in order (pdf.js, as a PDF reader extracts it). */
export async function pdfText(pdf: Uint8Array): Promise<string> {
  const pdfjs = await import("pdfjs-dist/legacy/build/pdf.mjs");
  const standardFontDataUrl = `${path.join(path.dirname(createRequire(import.meta.url).resolve("pdfjs-dist/package.json")), "standard_fonts")}/`;
  const doc = await pdfjs.getDocument({ data: new Uint8Array(pdf), useSystemFonts: false, isEvalSupported: false, standardFontDataUrl, verbosity: 0 }).promise;
  const pages: string[] = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const content = await (await doc.getPage(n)).getTextContent();
    pages.push(content.items.map((item) => ("str" in item ? item.str + (item.hasEOL ? "\n" : "") : "")).join(""));
  }
  await doc.destroy();
  return pages.join("\n\f");
}
