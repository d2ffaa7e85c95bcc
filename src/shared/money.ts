/**
 * Money is exact: prices are integer cents, amounts are decimals with at most 3 places, and every
 * calculation runs on BigInt. Nothing here touches binary floating point.
 */

export { CURRENCIES, type Currency, LANGUAGES as QUOTE_LANGUAGES, type Language as QuoteLanguage, PRICING_UNITS, type PricingUnit } from "./enums";

/** Amounts are stored with 3 decimals (numeric(12,3)). */
export const AMOUNT_SCALE = 3;
const AMOUNT_FACTOR = 10n ** BigInt(AMOUNT_SCALE);

const DECIMAL = /^(-?)(\d+)(?:\.(\d+))?$/;

/** "1.5" → 1500n (thousandths). Throws on anything that is not a plain decimal with ≤ 3 places. */
export function parseAmount(value: string | number): bigint {
  const text = typeof value === "number" ? String(value) : value.trim();
  const match = DECIMAL.exec(text);
  if (!match) throw new RangeError(`Not a decimal amount: ${text}`);
  const [, sign, whole, fraction = ""] = match;
  const trimmed = fraction.replace(/0+$/, "");
  if (trimmed.length > AMOUNT_SCALE) throw new RangeError(`At most ${AMOUNT_SCALE} decimals: ${text}`);
  const scaled = BigInt(whole) * AMOUNT_FACTOR + BigInt(trimmed.padEnd(AMOUNT_SCALE, "0") || "0");
  return sign === "-" ? -scaled : scaled;
}

/** Integer division rounding half away from zero (like PostgreSQL's round(numeric)). */
function divRound(numerator: bigint, denominator: bigint): bigint {
  const negative = numerator < 0n !== denominator < 0n;
  const n = numerator < 0n ? -numerator : numerator;
  const d = denominator < 0n ? -denominator : denominator;
  const q = (n * 2n + d) / (d * 2n);
  return negative ? -q : q;
}

export type LineItemInput = { priceCents: number | bigint; amount: string | number };

/** price × amount in cents, rounded half away from zero to a whole cent. */
export function lineTotalCents(item: LineItemInput): bigint {
  const price = BigInt(item.priceCents);
  return divRound(price * parseAmount(item.amount), AMOUNT_FACTOR);
}

/** The sum of the line totals (each rounded to the cent first, as printed on the quote). */
export function totalCents(items: readonly LineItemInput[]): bigint {
  return items.reduce((sum, item) => sum + lineTotalCents(item), 0n);
}

/** 123456n → "1234.56"; -5n → "-0.05". An exact decimal string for Intl.NumberFormat and the API. */
export function centsToDecimal(cents: bigint | number): string {
  const value = BigInt(cents);
  const negative = value < 0n;
  const abs = negative ? -value : value;
  const whole = abs / 100n;
  const fraction = (abs % 100n).toString().padStart(2, "0");
  return `${negative ? "-" : ""}${whole}.${fraction}`;
}

/** "12.5" / "12,50" (either separator, ≤ 2 decimals) → 1250. Undefined when it is not a price. */
export function decimalToCents(value: string): number | undefined {
  const match = /^(-?)(\d{1,10})(?:[.,](\d{1,2}))?$/.exec(value.trim());
  if (!match) return undefined;
  const [, sign, whole, fraction = ""] = match;
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
  return sign === "-" ? -cents : cents;
}
