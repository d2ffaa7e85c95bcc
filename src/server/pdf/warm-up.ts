/**
 * The PDF worker's warm-up (decision 070): a process's first PDF costs seconds more than the next
 * (the PDF modules loading, the fonts unwrapped, the JIT compiling @react-pdf's layout), which is
 * what the first customer to sign after a start waited for. The server asks the worker to render
 * this small quote once, a few seconds after it listens, so that the first real PDF is a warm one.
 * Made-up data, in the default font (the one most accounts use), with what the quote PDF draws:
 * rich text (bold, italic, a link, a list, a table), a pricing table, totals, a signature and the
 * certificate page. Not sealed (no sealer is needed to warm up; the seal's modules load with it).
 */
import type { QuoteDocumentBlock, QuoteDocumentLine } from "../../shared/quote-document";
import type { QuotePdfInput } from "../../shared/quote-pdf";
import type { RichDocument } from "../../shared/rich-text";
import { type TotalsBlock, blockTotals, computeTotals, lineTotal } from "../../shared/totals";
import { renderQuotePdfDocument } from "./quote-pdf";

function content(i: number): RichDocument {
  const text = (t: string) => ({ type: "text" as const, text: t });
  const paragraph = (t: string) => ({ type: "paragraph" as const, content: [text(t)] });
  return {
    type: "doc",
    content: [
      { type: "heading", attrs: { level: 3 }, content: [text(`Part ${i + 1}`)] },
      {
        type: "paragraph",
        content: [
          text("A paragraph with "),
          { type: "text", text: "bold", marks: [{ type: "bold" }] },
          text(", "),
          { type: "text", text: "italic", marks: [{ type: "italic" }] },
          text(" and a "),
          { type: "text", text: "link", marks: [{ type: "link", attrs: { href: "https://example.com/" } }] },
          text("."),
        ],
      },
      { type: "bulletList", content: ["One", "Two"].map((t) => ({ type: "listItem", content: [paragraph(t)] })) },
      {
        type: "table",
        content: [
          { type: "tableRow", content: ["A", "B"].map((t) => ({ type: "tableHeader", content: [paragraph(t)] })) },
          { type: "tableRow", content: ["1", "2"].map((t) => ({ type: "tableCell", content: [paragraph(t)] })) },
        ],
      },
    ],
  } as RichDocument;
}

/** The warm-up quote: 3 blocks of 3 lines, a typed signature, two evidence rows. */
export function warmUpPdfInput(language: "ENG" | "NL" = "ENG"): QuotePdfInput {
  const blocks: QuoteDocumentBlock[] = [];
  const totalsBlocks: TotalsBlock[] = [];
  for (let b = 0; b < 3; b++) {
    const unit = b === 2 ? "MONTH" : "ITEMS";
    const lines = Array.from({ length: 3 }, (_, l) => ({
      id: `warm-${b}-${l}`,
      name: `Item ${l + 1}`,
      description: l === 0 ? "A description" : null,
      price: "120.50",
      amount: String(l + 1),
      vatRate: "21",
      discountType: l === 1 ? "PERCENTAGE" : null,
      discountValue: l === 1 ? "10" : null,
      optional: l === 2,
      selected: l === 2 ? true : undefined,
      recurring: unit === "MONTH",
    }));
    const totalsBlock: TotalsBlock = { pricingUnit: unit, lineItems: lines };
    totalsBlocks.push(totalsBlock);
    blocks.push({
      id: `warm-${b}`,
      name: `Block ${b + 1}`,
      content: content(b),
      pricing: { unit, lines: lines.map((li): QuoteDocumentLine => ({ ...li, total: lineTotal(li) })), totals: blockTotals(totalsBlock) },
    });
  }
  const at = "2026-01-01T12:00:00.000Z";
  return {
    language,
    document: {
      quoteNumber: "0000-0000",
      name: "Warm-up",
      language,
      currency: "EUR",
      quoteDateAt: "2026-01-01",
      quoteExpirationAt: "2026-02-01",
      customer: { name: "Customer", companyName: "Company", email: "customer@example.com" },
      blocks,
      totals: computeTotals(totalsBlocks),
    },
    publicUrl: "https://example.com/quote/warm-up/0",
    account: {
      name: "Sender",
      logo: null,
      linkColor: null,
      textColor: null,
      textFont: null,
      quoteStreetAndNumber: "Street 1",
      quotePostalCode: "1000 AA",
      quoteCity: "City",
    },
    signatures: [{ kind: "CUSTOMER", name: "Customer", signedAt: at, typed: "Customer", drawnPng: null, documentHash: "0".repeat(64) }],
    evidence: [
      { at, event: "PUBLISHED", actorName: "Sender", actorEmail: "sender@example.com", ip: "192.0.2.1", userAgent: "Mozilla/5.0", documentHash: null },
      { at, event: "SIGNED", actorName: "Customer", actorEmail: null, ip: "192.0.2.2", userAgent: "Mozilla/5.0", documentHash: "0".repeat(64) },
    ],
    watermark: false,
    generatedAt: at,
  };
}

/** Renders the warm-up quote `times` times, English and Dutch in turn (not sealed); resolves with the last PDF. */
export async function warmUpPdfRenderer(times = 1): Promise<Uint8Array> {
  let pdf: Uint8Array = new Uint8Array(0);
  for (let i = 0; i < times; i++) {
    const doc = await renderQuotePdfDocument(warmUpPdfInput(i % 2 === 0 ? "ENG" : "NL"), { sealedBy: "Warm-up" });
    pdf = await doc.save({ useObjectStreams: false });
  }
  return pdf;
}
