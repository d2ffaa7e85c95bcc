/**
 * The one place where numbers, money and dates become text. One mapping from a language to an Intl
 * locale tag serves both the interface locale ("en" | "nl") and a quote's language ("ENG" | "NL").
 * Money goes to Intl as an exact decimal string (cents → "1234.50" with BigInt, see money.ts): no
 * cents are ever divided by 100 in floating point.
 */
import type { Locale } from "./locales";
import { type Currency, type QuoteLanguage, centsToDecimal } from "./money";

/** An interface locale or a quote language. */
export type FormatLanguage = Locale | QuoteLanguage;

const INTL_LOCALES: Record<FormatLanguage, string> = { en: "en-GB", ENG: "en-GB", nl: "nl-NL", NL: "nl-NL" };

/** The Intl locale tag for a language (English when unknown). */
export function intlLocale(language: FormatLanguage | string): string {
  return INTL_LOCALES[language as FormatLanguage] ?? INTL_LOCALES.en;
}

type MoneyOptions = {
  /** Leave out ",00" for whole amounts (prices on the marketing site: €49, €40.83). */
  wholeWithoutCents?: boolean;
};

// Building an Intl.NumberFormat costs far more than formatting with one (a live total in the editor
// formats dozens of amounts per keystroke): one formatter per locale, currency and style, kept.
function kept<T>(cache: Map<string, T>, id: string, make: () => T): T {
  let value = cache.get(id);
  if (value === undefined) {
    value = make();
    cache.set(id, value);
  }
  return value;
}
const numberFormats = new Map<string, Intl.NumberFormat>();
function numberFormat(locale: string, key: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  return kept(numberFormats, `${locale}|${key}`, () => new Intl.NumberFormat(locale, options));
}

/** An exact decimal string ("1234.5") as money: "€1,234.50" (en) or "€ 1.234,50" (nl). */
export function formatMoney(amount: string, currency: Currency | string, language: FormatLanguage | string, options: MoneyOptions = {}): string {
  const whole = options.wholeWithoutCents && /^-?\d+(?:\.0*)?$/.test(amount);
  return numberFormat(intlLocale(language), `${currency}|${whole ? "whole" : "cents"}`, {
    style: "currency",
    currency,
    ...(whole ? { minimumFractionDigits: 0, maximumFractionDigits: 0 } : {}),
  }).format(
    amount as unknown as number, // Intl.NumberFormat v3 formats exact decimal strings without a float
  );
}

/** Integer cents as money, exactly. */
export function formatCents(cents: bigint | number, currency: Currency | string, language: FormatLanguage | string, options: MoneyOptions = {}): string {
  return formatMoney(centsToDecimal(cents), currency, language, options);
}

/** A quantity (exact decimal string, ≤ 3 decimals): "1.5" → "1.5" (en) or "1,5" (nl). */
export function formatQuantity(amount: string | number, language: FormatLanguage | string): string {
  return numberFormat(intlLocale(language), "quantity", { maximumFractionDigits: 3 }).format(String(amount) as unknown as number);
}

/** A count as the language writes it: 2,000 (en) / 2.000 (nl). */
export function formatCount(value: number, language: FormatLanguage | string): string {
  return numberFormat(intlLocale(language), "count", {}).format(value);
}

const listFormats = new Map<string, Intl.ListFormat>();
/** "Jane, Piet and Ann" / "Jane, Piet en Ann" in the given language. */
export function formatNameList(names: string[], language: FormatLanguage | string): string {
  const locale = intlLocale(language);
  return kept(listFormats, locale, () => new Intl.ListFormat(locale, { style: "long", type: "conjunction" })).format(names);
}

// Dates too: the quote PDF formats a dozen timestamps a render (certificate page), each a new
// Intl.DateTimeFormat before (about 1 ms apiece).
const dateFormats = new Map<string, Intl.DateTimeFormat>();
function dateFormat(locale: string, key: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  return kept(dateFormats, `${locale}|${key}`, () => new Intl.DateTimeFormat(locale, options));
}

/** A calendar date (YYYY-MM-DD), identical on server and browser whatever their time zone. */
export function formatDate(iso: string, language: FormatLanguage | string, style: "medium" | "long" = "medium"): string {
  return dateFormat(intlLocale(language), style, { dateStyle: style, timeZone: "UTC" }).format(new Date(`${iso}T00:00:00Z`));
}

/**
 * A moment (ISO timestamp) in UTC, to the second, with the zone written out: "23 November 2026 at
 * 17:07:15 UTC" (en) or "23 november 2026 om 17:07:15 UTC" (nl). For evidence (audit trails,
 * signing times), where the time zone must never be guessed.
 */
export function formatTimestampUtc(iso: string | Date, language: FormatLanguage | string): string {
  return dateFormat(intlLocale(language), "timestamp-utc", { dateStyle: "long", timeStyle: "long", timeZone: "UTC" }).format(new Date(iso));
}

/** The calendar day of a moment (ISO timestamp) in UTC: "23 November 2026" (en, long) / "23 november 2026" (nl). */
export function formatDayUtc(iso: string | Date, language: FormatLanguage | string, style: "medium" | "long" = "long"): string {
  return dateFormat(intlLocale(language), `day-utc|${style}`, { dateStyle: style, timeZone: "UTC" }).format(new Date(iso));
}

/** Today (the browser's local calendar day) as YYYY-MM-DD, for form defaults and date checks. */
export function localTodayIso(now: Date = new Date()): string {
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, "0")}-${String(now.getDate()).padStart(2, "0")}`;
}

/** A plan price on the marketing site: "€49" for whole euros, "€40.83" otherwise. */
export function formatEuros(cents: number, language: FormatLanguage | string): string {
  return formatCents(cents, "EUR", language, { wholeWithoutCents: true });
}

/*
 * Numbers a person types in a form (prices, amounts, percentages), in the QUOTE's language:
 * "1.234,50" in Dutch, "1,234.50" in English. `parseDecimalInput` turns such text into an exact
 * decimal string ("1234.50" → "1234.5" normalised, no float on the way); `formatDecimalInput` writes
 * an exact decimal string back the same way, without a currency sign, for the input field.
 */

const SEPARATORS: Record<"nl-NL" | "en-GB", { group: string; decimal: string }> = {
  "nl-NL": { group: ".", decimal: "," },
  "en-GB": { group: ",", decimal: "." },
};

function separatorsFor(language: FormatLanguage | string) {
  return SEPARATORS[intlLocale(language) as "nl-NL" | "en-GB"] ?? SEPARATORS["en-GB"];
}

export type DecimalInputOptions = {
  /** Most decimals allowed (2 for money, 3 for amounts). */
  maxDecimals: number;
  /** Refuse a minus sign (amounts, percentages). */
  allowNegative?: boolean;
};

/**
 * Text typed in the quote's language → an exact decimal string without trailing zeros ("1234.5"),
 * or undefined when it is not a number written that way. Group separators are optional but must
 * stand between groups of three digits ("1.234,5" and "1234,5" in Dutch; "1.5" is not Dutch for
 * one and a half, nor for fifteen: it is refused rather than guessed). Spaces, no-break spaces and
 * a currency sign (€ $ £) around the number are ignored.
 */
export function parseDecimalInput(text: string, language: FormatLanguage | string, options: DecimalInputOptions): string | undefined {
  const { group, decimal } = separatorsFor(language);
  const cleaned = text.replace(/[\s\u00a0\u202f€$£]/g, "").replace(/^−/, "-");
  if (cleaned === "") return undefined;
  const literal = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const g = literal(group);
  const d = literal(decimal);
  const pattern = new RegExp(`^(-?)(\\d{1,3}(?:${g}\\d{3})+|\\d+)(?:${d}(\\d*))?$`);
  const match = pattern.exec(cleaned);
  if (!match) return undefined;
  const [, sign, wholeText, fractionText = ""] = match;
  if (sign && !options.allowNegative) return undefined;
  const fraction = fractionText.replace(/0+$/, "");
  if (fraction.length > options.maxDecimals) return undefined;
  const whole = wholeText
    .split(group)
    .join("")
    .replace(/^0+(?=\d)/, "");
  const value = fraction ? `${whole}.${fraction}` : whole;
  return sign && /[1-9]/.test(value) ? `-${value}` : value;
}

/**
 * An exact decimal string ("1234.5") as the quote's language writes it in an input: "1.234,50"
 * (Dutch) or "1,234.50" (English), with `minDecimals` places at least (2 for money, 0 for amounts).
 */
export function formatDecimalInput(value: string, language: FormatLanguage | string, minDecimals = 0): string {
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(value.trim());
  if (!match) return value;
  const { group, decimal } = separatorsFor(language);
  const [, sign, whole, fractionText = ""] = match;
  let fraction = fractionText.replace(/0+$/, "");
  if (fraction.length < minDecimals) fraction = fraction.padEnd(minDecimals, "0");
  const grouped = whole.replace(/^0+(?=\d)/, "").replace(/\B(?=(\d{3})+(?!\d))/g, group);
  return `${sign}${grouped}${fraction ? `${decimal}${fraction}` : ""}`;
}

/** Money typed in the quote's language → exact decimal string (≤ 2 decimals), or undefined. */
export function parseMoneyInput(text: string, language: FormatLanguage | string): string | undefined {
  return parseDecimalInput(text, language, { maxDecimals: 2, allowNegative: true });
}

/** An exact decimal string as money in an input, in the quote's language: "1.234,50" / "1,234.50". */
export function formatMoneyInput(value: string, language: FormatLanguage | string): string {
  return formatDecimalInput(value, language, 2);
}
