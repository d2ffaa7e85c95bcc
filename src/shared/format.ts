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

/** An exact decimal string ("1234.5") as money: "€1,234.50" (en) or "€ 1.234,50" (nl). */
export function formatMoney(amount: string, currency: Currency | string, language: FormatLanguage | string, options: MoneyOptions = {}): string {
  const whole = options.wholeWithoutCents && /^-?\d+(?:\.0*)?$/.test(amount);
  return new Intl.NumberFormat(intlLocale(language), {
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
  return new Intl.NumberFormat(intlLocale(language), { maximumFractionDigits: 3 }).format(String(amount) as unknown as number);
}

/** A calendar date (YYYY-MM-DD), identical on server and browser whatever their time zone. */
export function formatDate(iso: string, language: FormatLanguage | string, style: "medium" | "long" = "medium"): string {
  return new Intl.DateTimeFormat(intlLocale(language), { dateStyle: style, timeZone: "UTC" }).format(new Date(`${iso}T00:00:00Z`));
}

/** Today (the browser's local calendar day) as YYYY-MM-DD, for form defaults and date checks. */
export function localTodayIso(now: Date = new Date()): string {
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, "0")}-${String(now.getDate()).padStart(2, "0")}`;
}

/** A plan price on the marketing site: "€49" for whole euros, "€40.83" otherwise. */
export function formatEuros(cents: number, language: FormatLanguage | string): string {
  return formatCents(cents, "EUR", language, { wholeWithoutCents: true });
}
