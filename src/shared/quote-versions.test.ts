import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { QuoteDocumentBlock, QuoteDocumentData, QuoteDocumentLine } from "./quote-document";
import { diffQuoteDocuments } from "./quote-versions";
import { blockTotals, computeTotals, lineTotal } from "./totals";
import { documentTotalsBlock } from "./quote-document";

const line = (id: string, name: string, price: string, amount = "1", extra: Partial<QuoteDocumentLine> = {}): QuoteDocumentLine => ({
  id,
  name,
  price,
  amount,
  total: "0",
  vatRate: "21",
  discountType: null,
  discountValue: null,
  optional: false,
  selected: true,
  recurring: false,
  ...extra,
});

function pricing(id: string, name: string, lines: QuoteDocumentLine[]): QuoteDocumentBlock {
  const raw = { unit: "NONE" as const, lines, discountType: null, discountValue: null, totals: computeTotals([]) };
  const priced = documentTotalsBlock(raw);
  const p = { ...raw, lines: lines.map((l, i) => ({ ...l, total: lineTotal(priced.lineItems[i]) })) };
  const totals = blockTotals(priced);
  return { id, name, content: null, pricing: { ...p, totals } };
}
const text = (id: string, name: string, words = "Hello"): QuoteDocumentBlock => ({
  id,
  name,
  content: { type: "doc", content: [{ type: "paragraph", content: [{ type: "text", text: words }] }] },
  pricing: null,
});

function doc(blocks: QuoteDocumentBlock[], overrides: Partial<QuoteDocumentData> = {}): QuoteDocumentData {
  return {
    quoteNumber: "2026-0001",
    name: "Website",
    language: "ENG",
    currency: "EUR",
    quoteDateAt: "2026-03-01",
    quoteExpirationAt: "2026-03-31",
    customer: { name: "Acme" },
    blocks,
    totals: computeTotals(blocks.flatMap((b) => (b.pricing ? [documentTotalsBlock(b.pricing)] : []))),
    ...overrides,
  };
}

describe("diffQuoteDocuments", () => {
  const v1 = doc([text("t", "Intro"), pricing("p", "Work", [line("a", "Design", "125.00", "8"), line("b", "Hosting", "19.99", "1.5")])]);

  it("finds nothing when nothing changed", () => {
    const diff = diffQuoteDocuments(v1, structuredClone(v1), { from: 1, to: 2 });
    expect(diff).toMatchObject({ from: 1, to: 2, changed: false, blocks: [], header: [], totalsChanged: false });
  });

  it("marks a changed price and amount, matching lines by name when the block was saved with new line ids", () => {
    const v2 = doc([text("t", "Intro"), pricing("p", "Work", [line("a2", "Design", "150.00", "8"), line("b2", "Hosting", "19.99", "2")])]);
    const diff = diffQuoteDocuments(v1, v2);
    expect(diff.changed).toBe(true);
    expect(diff.totalsChanged).toBe(true);
    expect(diff.blocks).toHaveLength(1);
    const block = diff.blocks[0];
    if (block.kind !== "changed") throw new Error("expected a changed block");
    expect(block.lines.map((l) => [l.kind, l.id, l.kind === "changed" ? l.fields : []])).toEqual([
      ["changed", "a2", ["price", "total"]],
      ["changed", "b2", ["amount", "total"]],
    ]);
  });

  it("names added, removed and renamed blocks and lines, content, VAT, discount and optional changes", () => {
    const v2 = doc(
      [
        text("t", "Introduction", "Hello again"),
        pricing("p", "Work", [
          line("a", "Design", "125.00", "8", { vatRate: "9", discountType: "PERCENTAGE", discountValue: "10" }),
          line("c", "Support", "50.00", "1", { optional: true }),
        ]),
        text("n", "Terms"),
      ],
      { quoteExpirationAt: "2026-04-30" },
    );
    const diff = diffQuoteDocuments(v1, v2);
    expect(diff.header).toEqual(["quoteExpirationAt"]);
    expect(diff.blocks.map((b) => [b.kind, b.name])).toEqual([
      ["changed", "Introduction"],
      ["changed", "Work"],
      ["added", "Terms"],
    ]);
    const [intro, work] = diff.blocks;
    expect(intro).toMatchObject({ previousName: "Intro", contentChanged: true, lines: [] });
    if (work.kind !== "changed") throw new Error("expected a changed block");
    expect(work.lines.map((l) => [l.kind, l.name])).toEqual([
      ["changed", "Design"],
      ["added", "Support"],
      ["removed", "Hosting"],
    ]);
    expect(work.lines[0]).toMatchObject({ fields: ["vatRate", "discount", "total"] });
    const removed = diffQuoteDocuments(v2, v1).blocks.find((b) => b.name === "Terms");
    expect(removed?.kind).toBe("removed");
  });
});

// Property: whatever two documents are compared, every line of the newer one is accounted for at
// most once, a document compared with itself has no change, and swapping the two turns every
// "added" into "removed" (the counts mirror).
const lineArb = fc.record({
  id: fc.constantFrom("l1", "l2", "l3", "l4", "l5", "l6"),
  name: fc.constantFrom("Design", "Hosting", "Support", "Training"),
  price: fc.integer({ min: 0, max: 100_000 }).map((c) => (c / 100).toFixed(2)),
  amount: fc.integer({ min: 1, max: 20 }).map(String),
  optional: fc.boolean(),
});
const blockArb = fc.record({
  id: fc.constantFrom("b1", "b2", "b3", "b4"),
  name: fc.constantFrom("Work", "Extras", "Intro"),
  lines: fc.uniqueArray(lineArb, { maxLength: 5, selector: (l) => l.id }),
  priced: fc.boolean(),
});
const docArb = fc.uniqueArray(blockArb, { maxLength: 4, selector: (b) => b.id }).map((blocks) =>
  doc(
    blocks.map((b) =>
      b.priced
        ? pricing(
            b.id,
            b.name,
            b.lines.map((l) => line(l.id, l.name, l.price, l.amount, { optional: l.optional })),
          )
        : text(b.id, b.name),
    ),
  ),
);
const count = (diff: ReturnType<typeof diffQuoteDocuments>, kind: "added" | "removed") =>
  diff.blocks.filter((b) => b.kind === kind).length * 1000 +
  diff.blocks.reduce((n, b) => n + (b.kind === "changed" ? b.lines.filter((l) => l.kind === kind).length : 0), 0);

describe("diffQuoteDocuments (properties)", () => {
  it("has no change against itself, mirrors added/removed when swapped, and names each newer line at most once", () => {
    fc.assert(
      fc.property(docArb, docArb, (a, b) => {
        expect(diffQuoteDocuments(a, a).changed).toBe(false);
        const forward = diffQuoteDocuments(a, b);
        const backward = diffQuoteDocuments(b, a);
        expect(count(forward, "added")).toBe(count(backward, "removed"));
        expect(count(forward, "removed")).toBe(count(backward, "added"));
        expect(forward.changed).toBe(backward.changed);
        for (const block of forward.blocks) {
          if (block.kind !== "changed") continue;
          const ids = block.lines.filter((l) => l.kind !== "removed").map((l) => l.id);
          expect(new Set(ids).size).toBe(ids.length);
        }
      }),
      { numRuns: 300 },
    );
  });
});
