import type { TextFont } from "./enums";
import { type QuoteDocumentBlock, type QuoteDocumentData, type QuoteDocumentLine, canonicalJson } from "./quote-document";
import type { StoredPaymentTerms } from "./quote-payments";
import type { Totals } from "./totals";

/**
 * Quote versions (issue 14, decision 032): every publish freezes the document and the sender's
 * styling as version n; the customer who saw an earlier version is shown what changed. This file
 * is the shape of a frozen version and the pure diff between two of them (server, page, island).
 */

/** The sender as printed on the version (the logo stays the account's current one). */
export type QuoteVersionSender = {
  name: string;
  linkColor: string | null;
  textColor: string | null;
  textFont: TextFont | null;
  quoteStreetAndNumber: string | null;
  quotePostalCode: string | null;
  quoteCity: string | null;
};

/** What `quote_versions.document` holds. */
export type QuoteVersionDocument = {
  document: QuoteDocumentData;
  sender: QuoteVersionSender;
  /**
   * The payment terms as published (issue 26, decision 058): what signing this version asks.
   * Absent in versions published before terms were frozen: the quote's own columns (locked while
   * published) hold them.
   */
  paymentTerms?: StoredPaymentTerms;
};

/** A line field whose change the customer is shown. */
export const LINE_FIELDS = ["name", "description", "price", "amount", "vatRate", "discount", "optional", "recurring", "total"] as const;
export type LineField = (typeof LINE_FIELDS)[number];

export type LineSnapshot = Pick<QuoteDocumentLine, "name" | "price" | "amount" | "total"> & {
  vatRate: string;
  discountType: string | null;
  discountValue: string | null;
  optional: boolean;
};

export type LineChange =
  | { kind: "added"; id: string; name: string; after: LineSnapshot }
  | { kind: "removed"; id: string; name: string; before: LineSnapshot }
  | { kind: "changed"; id: string; previousId: string; name: string; fields: LineField[]; before: LineSnapshot; after: LineSnapshot };

export type BlockChange =
  | { kind: "added"; id: string; name: string }
  | { kind: "removed"; id: string; name: string }
  | {
      kind: "changed";
      id: string;
      name: string;
      /** The name in the earlier version, when it was renamed. */
      previousName: string | null;
      contentChanged: boolean;
      /** Unit or block discount. */
      pricingChanged: boolean;
      lines: LineChange[];
    };

/** Header fields of the quote (title, dates, customer, currency, language). */
export const HEADER_FIELDS = ["name", "quoteDateAt", "quoteExpirationAt", "customer", "currency", "language"] as const;
export type HeaderField = (typeof HEADER_FIELDS)[number];

export type QuoteVersionDiff = {
  from: number;
  to: number;
  header: HeaderField[];
  /** Only blocks that changed, in the order of the newer version (removed ones last). */
  blocks: BlockChange[];
  totalsBefore: Totals;
  totalsAfter: Totals;
  totalsChanged: boolean;
  /** Anything at all differs. */
  changed: boolean;
};

const same = (a: unknown, b: unknown) => canonicalJson(a ?? null) === canonicalJson(b ?? null);

function snapshot(line: QuoteDocumentLine): LineSnapshot {
  return {
    name: line.name,
    price: line.price,
    amount: line.amount,
    total: line.total,
    vatRate: line.vatRate ?? "0",
    discountType: line.discountType ?? null,
    discountValue: line.discountValue ?? null,
    optional: line.optional ?? false,
  };
}

function changedFields(before: QuoteDocumentLine, after: QuoteDocumentLine): LineField[] {
  const values = (line: QuoteDocumentLine): Record<LineField, unknown> => ({
    name: line.name,
    description: line.description ?? null,
    price: line.price,
    amount: line.amount,
    vatRate: line.vatRate ?? "0",
    discount: [line.discountType ?? null, line.discountValue ?? null],
    optional: line.optional ?? false,
    recurring: line.recurring ?? false,
    total: line.total,
  });
  const a = values(before);
  const b = values(after);
  return LINE_FIELDS.filter((field) => !same(a[field], b[field]));
}

/**
 * Pairs the items of two lists: first by id (ids survive most edits), then by name in order (a
 * pricing block's lines get new ids each time the block is saved). Returns the pairs and the leftovers.
 */
function pair<T extends { id: string; name: string }>(before: readonly T[], after: readonly T[]) {
  const pairs = new Map<T, T>(); // after → before
  const usedBefore = new Set<T>();
  const beforeById = new Map(before.map((item) => [item.id, item]));
  for (const item of after) {
    const match = beforeById.get(item.id);
    if (match && !usedBefore.has(match)) {
      pairs.set(item, match);
      usedBefore.add(match);
    }
  }
  for (const item of after) {
    if (pairs.has(item)) continue;
    const match = before.find((candidate) => !usedBefore.has(candidate) && candidate.name === item.name);
    if (match) {
      pairs.set(item, match);
      usedBefore.add(match);
    }
  }
  return { pairs, removed: before.filter((item) => !usedBefore.has(item)) };
}

function diffLines(before: readonly QuoteDocumentLine[], after: readonly QuoteDocumentLine[]): LineChange[] {
  const { pairs, removed } = pair(before, after);
  const changes: LineChange[] = [];
  for (const line of after) {
    const previous = pairs.get(line);
    if (!previous) {
      changes.push({ kind: "added", id: line.id, name: line.name, after: snapshot(line) });
      continue;
    }
    const fields = changedFields(previous, line);
    if (fields.length)
      changes.push({ kind: "changed", id: line.id, previousId: previous.id, name: line.name, fields, before: snapshot(previous), after: snapshot(line) });
  }
  for (const line of removed) changes.push({ kind: "removed", id: line.id, name: line.name, before: snapshot(line) });
  return changes;
}

function diffBlock(before: QuoteDocumentBlock, after: QuoteDocumentBlock): BlockChange | null {
  const lines = diffLines(before.pricing?.lines ?? [], after.pricing?.lines ?? []);
  const contentChanged = !same(before.content, after.content);
  const pricingChanged =
    Boolean(before.pricing) !== Boolean(after.pricing) ||
    !same(
      [before.pricing?.unit, before.pricing?.discountType ?? null, before.pricing?.discountValue ?? null],
      [after.pricing?.unit, after.pricing?.discountType ?? null, after.pricing?.discountValue ?? null],
    );
  const previousName = before.name !== after.name ? before.name : null;
  if (!contentChanged && !pricingChanged && previousName === null && lines.length === 0) return null;
  return { kind: "changed", id: after.id, name: after.name, previousName, contentChanged, pricingChanged, lines };
}

/** What changed from one version's document to another's (pure; no dependency on the database). */
export function diffQuoteDocuments(
  before: Pick<QuoteDocumentData, "blocks" | "totals" | HeaderField>,
  after: Pick<QuoteDocumentData, "blocks" | "totals" | HeaderField>,
  numbers: { from: number; to: number } = { from: 0, to: 0 },
): QuoteVersionDiff {
  const header = HEADER_FIELDS.filter((field) => !same(before[field], after[field]));
  const { pairs, removed } = pair(before.blocks, after.blocks);
  const blocks: BlockChange[] = [];
  for (const block of after.blocks) {
    const previous = pairs.get(block);
    if (!previous) {
      blocks.push({ kind: "added", id: block.id, name: block.name });
      continue;
    }
    const change = diffBlock(previous, block);
    if (change) blocks.push(change);
  }
  for (const block of removed) blocks.push({ kind: "removed", id: block.id, name: block.name });
  const totalsChanged = !same(before.totals, after.totals);
  return {
    ...numbers,
    header,
    blocks,
    totalsBefore: before.totals,
    totalsAfter: after.totals,
    totalsChanged,
    changed: header.length > 0 || blocks.length > 0 || totalsChanged,
  };
}

/** What the document marks (by block and line id of the newer version): new or changed, with the earlier values. */
export type ChangeMarks = {
  blocks: Record<string, "added" | "changed">;
  lines: Record<string, { kind: "added" | "changed"; fields: LineField[]; before: LineSnapshot | null }>;
};

export function changeMarks(diff: QuoteVersionDiff): ChangeMarks {
  const marks: ChangeMarks = { blocks: {}, lines: {} };
  for (const block of diff.blocks) {
    if (block.kind === "removed") continue;
    marks.blocks[block.id] = block.kind;
    if (block.kind !== "changed") continue;
    for (const line of block.lines) {
      if (line.kind === "added") marks.lines[line.id] = { kind: "added", fields: [], before: null };
      if (line.kind === "changed") marks.lines[line.id] = { kind: "changed", fields: line.fields, before: line.before };
    }
  }
  return marks;
}
