/**
 * Quote totals: one pure module used by the editor (live totals), the API (`totals` fields), the
 * public page and the PDF. No Node or DOM APIs, no floating point: every value is BigInt.
 *
 * INPUT SHAPES are the GraphQL input shapes: money, quantities and percentages are exact decimal
 * STRINGS ("1250.00", "1.5", "21", "10"). A value that does not parse (a half-typed field in the
 * editor) counts as 0; refusing bad input is the zod schemas' job (shared/blocks.ts).
 * OUTPUT: `*Cents` functions return integer cents (bigint); `computeTotals` / `blockTotals`
 * return exact decimal strings, the same shape as the GraphQL `Totals` type.
 *
 * THE RULES (docs/decisions/015-totals-and-rounding.md):
 * 1. Line gross = price × amount, rounded half away from zero to a whole cent (per line).
 * 2. Line discount: PERCENTAGE → gross × p / 100, rounded per line half away from zero;
 *    AMOUNT → that amount. Never more than the gross (capped). Line total = gross − discount.
 * 3. Optional lines count only when selected. Unselected optional lines still have a line total.
 * 4. A line is recurring when it says so AND the block's unit is MONTH, QUARTER or YEAR (the
 *    interval); otherwise it is one-off. One-off and recurring amounts are NEVER summed: the totals
 *    have a one-off part and one part per interval.
 * 5. Block discount, per part: PERCENTAGE → of each part's total after line discounts (rounded
 *    half away from zero); AMOUNT → taken off the one-off part, or off the recurring part when the
 *    block has no counted one-off lines; capped at that part's total. The block discount is spread
 *    over the VAT rates in proportion to their base (largest remainder, ties by rate), so the VAT
 *    bases always add up to the total excl. VAT.
 * 6. VAT is computed per block, per part, per rate on that rate's base, rounded half away from
 *    zero. A quote's totals are the sums of its blocks' totals (so the sum of the block totals IS
 *    the quote total, to the cent), and the VAT total is the sum of the per-rate VAT amounts.
 * Order of lines and blocks never matters (every step is a sum or keyed by rate).
 */
import { type PricingUnit, RECURRING_INTERVALS, type RecurringInterval } from "./enums";

/** A line, as the GraphQL LineItemInput (and the stored line, read back as strings). */
export type TotalsLine = {
  price: string;
  amount: string;
  vatRate: string;
  discountType?: string | null;
  discountValue?: string | null;
  optional?: boolean;
  selected?: boolean;
  recurring?: boolean;
};
/** A pricing block, as the GraphQL PricingBlockInput. */
export type TotalsBlock = {
  pricingUnit: PricingUnit | string;
  discountType?: string | null;
  discountValue?: string | null;
  lineItems: readonly TotalsLine[];
};

export type VatAmountCents = { rate: string; base: bigint; vat: bigint };
export type TotalsPartCents = { subtotal: bigint; discount: bigint; totalExclVat: bigint; vat: VatAmountCents[]; vatTotal: bigint; totalInclVat: bigint };
export type RecurringTotalsPartCents = TotalsPartCents & { interval: RecurringInterval };
export type TotalsCents = { oneOff: TotalsPartCents; recurring: RecurringTotalsPartCents[] };

export type VatAmount = { rate: string; base: string; vat: string };
export type TotalsPart = { subtotal: string; discount: string; totalExclVat: string; vat: VatAmount[]; vatTotal: string; totalInclVat: string };
export type RecurringTotalsPart = TotalsPart & { interval: RecurringInterval };
export type Totals = { oneOff: TotalsPart; recurring: RecurringTotalsPart[] };

// ---------------------------------------------------------------------------------------------
// Exact decimals

/** "12.345" with `scale` 3 → 12345n; undefined when not a plain decimal with ≤ scale places. */
export function parseScaled(value: string | null | undefined, scale: number): bigint | undefined {
  if (typeof value !== "string") return undefined;
  const match = /^(-?)(\d{1,15})(?:\.(\d+))?$/.exec(value.trim());
  if (!match) return undefined;
  const [, sign, whole, rawFraction = ""] = match;
  const fraction = rawFraction.replace(/0+$/, "");
  if (fraction.length > scale) return undefined;
  const scaled = BigInt(whole) * 10n ** BigInt(scale) + BigInt(fraction.padEnd(scale, "0") || "0");
  return sign === "-" ? -scaled : scaled;
}

/** Integer division rounding half away from zero. */
export function divRoundHalfAwayFromZero(numerator: bigint, denominator: bigint): bigint {
  const negative = numerator < 0n !== denominator < 0n;
  const n = numerator < 0n ? -numerator : numerator;
  const d = denominator < 0n ? -denominator : denominator;
  const q = (n * 2n + d) / (d * 2n);
  return negative ? -q : q;
}

/** Prices and money amounts: cents (≤ 2 decimals). */
export const priceToCents = (value: string | null | undefined) => parseScaled(value, 2);
/** Quantities: thousandths (≤ 3 decimals). */
export const amountToThousandths = (value: string | null | undefined) => parseScaled(value, 3);
/** Percentages (VAT, discounts): hundredths of a percent (≤ 2 decimals). */
export const percentToHundredths = (value: string | null | undefined) => parseScaled(value, 2);

/** 123456n → "1234.56". */
export function centsToString(cents: bigint): string {
  const negative = cents < 0n;
  const abs = negative ? -cents : cents;
  return `${negative ? "-" : ""}${abs / 100n}.${(abs % 100n).toString().padStart(2, "0")}`;
}

/** A percentage in canonical form: "21.00" → "21", "5.50" → "5.5" (invalid → "0"). */
export function canonicalRate(value: string | null | undefined): string {
  const hundredths = percentToHundredths(value) ?? 0n;
  const whole = hundredths / 100n;
  const fraction = (hundredths % 100n).toString().padStart(2, "0").replace(/0+$/, "");
  return fraction ? `${whole}.${fraction}` : String(whole);
}

// ---------------------------------------------------------------------------------------------
// Lines

export type LineTotalCents = { gross: bigint; discount: bigint; total: bigint };

/** A line's gross (price × amount), discount and total, in cents, each rounded per line. */
export function lineTotalCents(line: TotalsLine): LineTotalCents {
  const price = priceToCents(line.price) ?? 0n;
  const amount = amountToThousandths(line.amount) ?? 0n;
  const gross = divRoundHalfAwayFromZero(price * amount, 1000n);
  let discount = 0n;
  if (line.discountType === "PERCENTAGE") {
    discount = divRoundHalfAwayFromZero(gross * (percentToHundredths(line.discountValue) ?? 0n), 10000n);
  } else if (line.discountType === "AMOUNT") {
    discount = priceToCents(line.discountValue) ?? 0n;
  }
  discount = clampDiscount(discount, gross);
  return { gross, discount, total: gross - discount };
}

/** A discount between 0 and the amount it is taken from (same sign). */
function clampDiscount(discount: bigint, of: bigint): bigint {
  if (of >= 0n) return discount < 0n ? 0n : discount > of ? of : discount;
  return discount > 0n ? 0n : discount < of ? of : discount;
}

/** The line total (excl. VAT, after the line discount) as a decimal string. */
export function lineTotal(line: TotalsLine): string {
  return centsToString(lineTotalCents(line).total);
}

/** Whether a line counts in the totals: required lines always, optional lines when selected. */
export function isCounted(line: TotalsLine): boolean {
  return !line.optional || Boolean(line.selected);
}

/** The recurring interval a pricing unit gives to recurring lines (null: lines are one-off). */
export function recurringIntervalOf(unit: string): RecurringInterval | null {
  return (RECURRING_INTERVALS as readonly string[]).includes(unit) ? (unit as RecurringInterval) : null;
}

// ---------------------------------------------------------------------------------------------
// Blocks and quotes

type PartAccumulator = { subtotal: bigint; lineDiscount: bigint; byRate: Map<string, bigint>; lines: number };
const newPart = (): PartAccumulator => ({ subtotal: 0n, lineDiscount: 0n, byRate: new Map(), lines: 0 });

/**
 * Spreads `discount` over the rates in proportion to their bases: floor shares, then the remaining
 * cents one by one to the largest remainders (ties: the higher rate first). Sum is exact.
 */
export function spread(discount: bigint, byRate: Map<string, bigint>): Map<string, bigint> {
  const result = new Map<string, bigint>();
  const rates = [...byRate.keys()].sort(compareRates);
  const total = rates.reduce((sum, rate) => sum + (byRate.get(rate) ?? 0n), 0n);
  if (discount === 0n || total === 0n) {
    for (const rate of rates) result.set(rate, 0n);
    return result;
  }
  const remainders: { rate: string; remainder: bigint }[] = [];
  let given = 0n;
  for (const rate of rates) {
    const product = discount * (byRate.get(rate) ?? 0n);
    const share = product / total; // truncates toward zero; bases and discount have one sign here
    result.set(rate, share);
    given += share;
    remainders.push({ rate, remainder: product - share * total });
  }
  remainders.sort((a, b) => (a.remainder === b.remainder ? compareRates(a.rate, b.rate) : a.remainder > b.remainder ? -1 : 1));
  const step = discount > 0n ? 1n : -1n;
  for (let i = 0; given !== discount && i < remainders.length; i++) {
    const rate = remainders[i].rate;
    result.set(rate, (result.get(rate) ?? 0n) + step);
    given += step;
  }
  return result;
}

/** Higher rates first ("21" before "9" before "0"). */
function compareRates(a: string, b: string): number {
  const x = percentToHundredths(a) ?? 0n;
  const y = percentToHundredths(b) ?? 0n;
  return x === y ? 0 : x > y ? -1 : 1;
}

function finishPart(part: PartAccumulator, blockDiscount: bigint): TotalsPartCents {
  const afterLines = part.subtotal - part.lineDiscount;
  const capped = clampDiscount(blockDiscount, afterLines);
  const shares = spread(capped, part.byRate);
  const vat: VatAmountCents[] = [];
  for (const rate of [...part.byRate.keys()].sort(compareRates)) {
    const base = (part.byRate.get(rate) ?? 0n) - (shares.get(rate) ?? 0n);
    vat.push({ rate, base, vat: divRoundHalfAwayFromZero(base * (percentToHundredths(rate) ?? 0n), 10000n) });
  }
  const totalExclVat = afterLines - capped;
  const vatTotal = vat.reduce((sum, v) => sum + v.vat, 0n);
  return { subtotal: part.subtotal, discount: part.lineDiscount + capped, totalExclVat, vat, vatTotal, totalInclVat: totalExclVat + vatTotal };
}

const emptyPart = (): TotalsPartCents => ({ subtotal: 0n, discount: 0n, totalExclVat: 0n, vat: [], vatTotal: 0n, totalInclVat: 0n });

/** One pricing block's totals in cents. */
export function blockTotalsCents(block: TotalsBlock): TotalsCents {
  const interval = recurringIntervalOf(block.pricingUnit);
  const oneOff = newPart();
  const recurring = newPart();
  for (const line of block.lineItems) {
    if (!isCounted(line)) continue;
    const part = line.recurring && interval ? recurring : oneOff;
    const { gross, discount, total } = lineTotalCents(line);
    const rate = canonicalRate(line.vatRate);
    part.subtotal += gross;
    part.lineDiscount += discount;
    part.byRate.set(rate, (part.byRate.get(rate) ?? 0n) + total);
    part.lines += 1;
  }
  let oneOffDiscount = 0n;
  let recurringDiscount = 0n;
  if (block.discountType === "PERCENTAGE") {
    const pct = percentToHundredths(block.discountValue) ?? 0n;
    oneOffDiscount = divRoundHalfAwayFromZero((oneOff.subtotal - oneOff.lineDiscount) * pct, 10000n);
    recurringDiscount = divRoundHalfAwayFromZero((recurring.subtotal - recurring.lineDiscount) * pct, 10000n);
  } else if (block.discountType === "AMOUNT") {
    const amount = priceToCents(block.discountValue) ?? 0n;
    if (oneOff.lines > 0 || recurring.lines === 0) oneOffDiscount = amount;
    else recurringDiscount = amount;
  }
  return {
    oneOff: oneOff.lines > 0 ? finishPart(oneOff, oneOffDiscount) : emptyPart(),
    recurring: interval && recurring.lines > 0 ? [{ interval, ...finishPart(recurring, recurringDiscount) }] : [],
  };
}

function addParts(a: TotalsPartCents, b: TotalsPartCents): TotalsPartCents {
  const byRate = new Map<string, VatAmountCents>();
  for (const v of [...a.vat, ...b.vat]) {
    const current = byRate.get(v.rate);
    byRate.set(v.rate, current ? { rate: v.rate, base: current.base + v.base, vat: current.vat + v.vat } : { ...v });
  }
  return {
    subtotal: a.subtotal + b.subtotal,
    discount: a.discount + b.discount,
    totalExclVat: a.totalExclVat + b.totalExclVat,
    vat: [...byRate.values()].sort((x, y) => compareRates(x.rate, y.rate)),
    vatTotal: a.vatTotal + b.vatTotal,
    totalInclVat: a.totalInclVat + b.totalInclVat,
  };
}

/** A quote's totals in cents: the sum of its pricing blocks' totals (text blocks: pass none). */
export function computeTotalsCents(blocks: readonly TotalsBlock[]): TotalsCents {
  return sumTotalsCents(blocks.map(blockTotalsCents));
}

/** The sum of blocks' totals (what a quote's totals are): one-off and each interval apart. */
export function sumTotalsCents(blockTotals: readonly TotalsCents[]): TotalsCents {
  let oneOff = emptyPart();
  const recurring = new Map<RecurringInterval, TotalsPartCents>();
  for (const totals of blockTotals) {
    oneOff = addParts(oneOff, totals.oneOff);
    for (const part of totals.recurring) recurring.set(part.interval, addParts(recurring.get(part.interval) ?? emptyPart(), part));
  }
  return {
    oneOff,
    recurring: RECURRING_INTERVALS.filter((i) => recurring.has(i)).map((interval) => ({ interval, ...(recurring.get(interval) as TotalsPartCents) })),
  };
}

function partToStrings(part: TotalsPartCents): TotalsPart {
  return {
    subtotal: centsToString(part.subtotal),
    discount: centsToString(part.discount),
    totalExclVat: centsToString(part.totalExclVat),
    vat: part.vat.map((v) => ({ rate: v.rate, base: centsToString(v.base), vat: centsToString(v.vat) })),
    vatTotal: centsToString(part.vatTotal),
    totalInclVat: centsToString(part.totalInclVat),
  };
}

/** Cents → the GraphQL `Totals` shape (exact decimal strings). */
export function totalsToStrings(totals: TotalsCents): Totals {
  return {
    oneOff: partToStrings(totals.oneOff),
    recurring: totals.recurring.map((part) => ({ interval: part.interval, ...partToStrings(part) })),
  };
}

/** One pricing block's totals as decimal strings. */
export function blockTotals(block: TotalsBlock): Totals {
  return totalsToStrings(blockTotalsCents(block));
}

/** A quote's totals as decimal strings (the GraphQL `Totals` shape). */
export function computeTotals(blocks: readonly TotalsBlock[]): Totals {
  return totalsToStrings(computeTotalsCents(blocks));
}

function partFromStrings(part: TotalsPart): TotalsPartCents {
  const cents = (value: string) => priceToCents(value) ?? 0n;
  return {
    subtotal: cents(part.subtotal),
    discount: cents(part.discount),
    totalExclVat: cents(part.totalExclVat),
    vat: part.vat.map((v) => ({ rate: v.rate, base: cents(v.base), vat: cents(v.vat) })),
    vatTotal: cents(part.vatTotal),
    totalInclVat: cents(part.totalInclVat),
  };
}

/** The `Totals` shape back to cents (the inverse of `totalsToStrings`): stored totals are read this way. */
export function totalsFromStrings(totals: Totals): TotalsCents {
  return {
    oneOff: partFromStrings(totals.oneOff),
    recurring: totals.recurring.map((part) => ({ interval: part.interval, ...partFromStrings(part) })),
  };
}
