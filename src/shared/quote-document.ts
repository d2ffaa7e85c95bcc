import type { TFunction } from "i18next";
import type { PricingUnit } from "./enums";
import { formatQuantity } from "./format";
import type { RichDocument } from "./rich-text";
import { type Totals, type TotalsBlock, blockTotals, computeTotals } from "./totals";

/**
 * One shape for a quote as a document (SPEC §2: number, dates, customer, blocks, totals), built by
 * an adapter from wherever the quote comes from: the app's GraphQL query (from-graphql.ts), the
 * public page's loader (public-quote.server.ts), or the home page's example. Amounts are exact
 * decimal strings ("1234.50"); totals have the shape of src/shared/totals.ts (and GraphQL Totals).
 */
export type QuoteDocumentData = {
  quoteNumber: string;
  name: string;
  /** The quote's language (ENG | NL): money, numbers and dates are written in it. */
  language: string;
  currency: string;
  quoteDateAt: string;
  quoteExpirationAt: string;
  customer: QuoteDocumentCustomer | null;
  blocks: QuoteDocumentBlock[];
  totals: Totals;
};

export type QuoteDocumentCustomer = {
  name: string;
  companyName?: string | null;
  contactPerson?: string | null;
  content?: string | null;
  email?: string | null;
  phone?: string | null;
};

export type QuoteDocumentLine = {
  id: string;
  name: string;
  description?: string | null;
  price: string;
  amount: string;
  /** Excl. VAT, after the line discount. */
  total: string;
  /** A line's own unit (the home example); otherwise the block's. */
  unit?: PricingUnit;
  vatRate?: string;
  discountType?: string | null;
  discountValue?: string | null;
  optional?: boolean;
  selected?: boolean;
  recurring?: boolean;
};

export type QuoteDocumentBlock = {
  id: string;
  name: string;
  content: RichDocument | null;
  pricing: {
    unit: PricingUnit;
    lines: QuoteDocumentLine[];
    discountType?: string | null;
    discountValue?: string | null;
    totals: Totals;
  } | null;
};

/** A pricing block of the document as the totals module reads it. */
export function documentTotalsBlock(pricing: NonNullable<QuoteDocumentBlock["pricing"]>): TotalsBlock {
  return {
    pricingUnit: pricing.unit,
    discountType: pricing.discountType ?? null,
    discountValue: pricing.discountValue ?? null,
    lineItems: pricing.lines.map((li) => ({
      price: li.price,
      amount: li.amount,
      vatRate: li.vatRate ?? "0",
      discountType: li.discountType ?? null,
      discountValue: li.discountValue ?? null,
      optional: li.optional ?? false,
      selected: li.selected ?? true,
      recurring: li.recurring ?? false,
    })),
  };
}

/** The ids of the optional lines that are ticked. */
export function selectedOptionalLineIds(doc: Pick<QuoteDocumentData, "blocks">): string[] {
  return doc.blocks.flatMap((b) => (b.pricing ? b.pricing.lines.filter((li) => li.optional && (li.selected ?? true)).map((li) => li.id) : [])).sort();
}

/** Every optional line's id (what a customer may tick or untick). */
export function optionalLineIds(doc: Pick<QuoteDocumentData, "blocks">): string[] {
  return doc.blocks.flatMap((b) => (b.pricing ? b.pricing.lines.filter((li) => li.optional).map((li) => li.id) : []));
}

/**
 * The document with the customer's choice of optional lines: exactly the ids in `selection` are
 * ticked (non-optional lines always count), and the block and quote totals are computed again by
 * src/shared/totals.ts. Used by the server (signing, the document hash) and by the public page's
 * island (live totals): one rule, no second totals logic.
 */
export function applySelection<T extends Pick<QuoteDocumentData, "blocks" | "totals">>(doc: T, selection: Iterable<string>): T {
  const chosen = new Set(selection);
  const blocks = doc.blocks.map((block) => {
    if (!block.pricing) return block;
    const lines = block.pricing.lines.map((li) => (li.optional ? { ...li, selected: chosen.has(li.id) } : li));
    const pricing = { ...block.pricing, lines };
    return { ...block, pricing: { ...pricing, totals: blockTotals(documentTotalsBlock(pricing)) } };
  });
  const totals = computeTotals(blocks.flatMap((b) => (b.pricing ? [documentTotalsBlock(b.pricing)] : [])));
  return { ...doc, blocks, totals };
}

/**
 * Canonical JSON: object keys sorted, no whitespace, `undefined` dropped — the same value always
 * gives the same bytes (what the signing hash is computed over).
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== "object") return JSON.stringify(value ?? null);
  if (Array.isArray(value)) return `[${value.map((v) => canonicalJson(v === undefined ? null : v)).join(",")}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(",")}}`;
}

/**
 * A line's amount with its unit, in the quote's language, for every output of the document (page,
 * PDF): "1 day", "2.5 days", "8 dagen", "1 jaar"; the amount alone when the unit is NONE.
 */
export function formatLineQuantity(line: Pick<QuoteDocumentLine, "amount" | "unit">, blockUnit: PricingUnit, language: string, t: TFunction): string {
  const unit = line.unit ?? blockUnit;
  const amount = formatQuantity(line.amount, language);
  return unit === "NONE" ? amount : t(`quotes:pricingUnits.${unit}`, { count: Number(line.amount), amount });
}
