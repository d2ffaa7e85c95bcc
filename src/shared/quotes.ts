import { z } from "zod";
import { CURRENCIES, LANGUAGES } from "./enums";
import { ZPaymentTermsInput } from "./payment-terms";
import { noControlCharacters } from "./text";

/**
 * Quote input rules, shared by the form and the server. Messages are translation keys in the
 * `quotes` namespace. Language and currency arrive as strings (not GraphQL enums) so that an
 * unknown value gets a translated message instead of a developer error.
 */
export const QUOTE_NAME_MAX = 200;

const ZIsoDate = (key: string) =>
  z
    .string({ error: key })
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: key })
    .refine(
      (value) => {
        const date = new Date(`${value}T00:00:00Z`);
        return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value && value >= "2000-01-01" && value <= "2999-12-31";
      },
      { error: key },
    );

export const ZQuoteInput = z
  .object({
    name: z
      .string({ error: "quotes:validation.nameRequired" })
      .trim()
      .min(1, { error: "quotes:validation.nameRequired" })
      .max(QUOTE_NAME_MAX, { error: "quotes:validation.nameTooLong" })
      .check(noControlCharacters()),
    customerId: z.string({ error: "quotes:validation.customerRequired" }).uuid({ error: "quotes:validation.customerRequired" }),
    language: z.enum(LANGUAGES, { error: "quotes:validation.languageInvalid" }),
    currency: z.enum(CURRENCIES, { error: "quotes:validation.currencyInvalid" }),
    quoteDateAt: ZIsoDate("quotes:validation.quoteDateInvalid"),
    quoteExpirationAt: ZIsoDate("quotes:validation.expirationDateInvalid"),
    signable: z.boolean().default(true),
    /** Issue 26: omitted (null) keeps the quote's terms; a new quote then has none. */
    paymentTerms: ZPaymentTermsInput.nullish(),
  })
  .refine((q) => q.quoteExpirationAt >= q.quoteDateAt, {
    error: "quotes:validation.expirationBeforeQuoteDate",
    path: ["quoteExpirationAt"],
  });
export type TQuoteInput = z.input<typeof ZQuoteInput>;

/** Default validity of a new quote. */
export const DEFAULT_VALIDITY_DAYS = 30;

export function addDaysIso(iso: string, days: number): string {
  const date = new Date(`${iso}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** "Website redesign – Café Zoë" → "website-redesign-cafe-zoe"; never empty, at most 80 characters. */
export function slugify(title: string): string {
  const slug = title
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 80)
    .replace(/-+$/g, "");
  return slug || "quote";
}

/** Quote numbers: the year and a per-account sequence of at least 4 digits, 2026-0001. */
export function formatQuoteNumber(year: number, sequence: number): string {
  return `${year}-${String(sequence).padStart(4, "0")}`;
}

/** PUBLIC_URL/quote/{slug}/{nanoId}, with /nl in front of the path for a Dutch quote. */
export function publicQuoteUrl(publicUrl: string, quote: { slug: string; nanoId: string; language: string }): string {
  const base = publicUrl.replace(/\/+$/, "");
  return `${base}${quote.language === "NL" ? "/nl" : ""}/quote/${encodeURIComponent(quote.slug)}/${encodeURIComponent(quote.nanoId)}`;
}

/** Length of the public link's random part: 24 url-safe characters = 144 bits. */
export const NANO_ID_LENGTH = 24;
