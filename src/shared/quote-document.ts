import type { PricingUnit } from "./enums";
import type { RichDocument } from "./rich-text";
import type { Totals } from "./totals";

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
