import type { PricingUnit } from "../../../shared/money";

/**
 * One shape for a quote as a document (SPEC §2: number, dates, customer, blocks, total), built by
 * an adapter from wherever the quote comes from: the app's GraphQL query, the public page's
 * loader, or the home page's example. Amounts are exact decimal strings ("1234.50").
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
  /** Rows above the total (an example's subtotal and VAT); quotes have none yet. */
  subtotals?: { label: string; amount: string }[];
  total: string;
};

export type QuoteDocumentCustomer = {
  name: string;
  companyName?: string | null;
  contactPerson?: string | null;
  content?: string | null;
  email?: string | null;
  phone?: string | null;
};

export type QuoteDocumentLine = { id: string; name: string; price: string; amount: string; total: string; unit?: PricingUnit };

export type QuoteDocumentBlock = {
  id: string;
  name: string;
  content: string | null;
  pricing: { unit: PricingUnit; lines: QuoteDocumentLine[]; total: string } | null;
};
