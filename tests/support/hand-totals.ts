import type { PricingUnit } from "../../src/shared/enums";
import type { PaymentTerms } from "../../src/shared/payment-terms";

// An independent hand calculation of a quote's one-off total incl. VAT and the payment it asks,
// used by the unit properties (src/shared/payment-terms.test.ts) and the end-to-end property
// through the API (tests/integration/payment-terms.test.ts).

/**
 * The hand calculation for blocks with ONE VAT rate each and no block amount discount (where the
 * totals rules reduce to school arithmetic): per block, each counted one-off line is
 * round(price × amount) minus its discount; the block's percentage discount is taken off the sum;
 * VAT is the rate on what remains, rounded; the quote's one-off total incl. VAT is the sum.
 */
export type HandLine = {
  id: string;
  priceCents: number;
  thousandths: number;
  discount: null | { pct: number } | { cents: number };
  optional: boolean;
  selected: boolean;
  recurring: boolean;
};
export type HandBlock = { unit: PricingUnit; rateHundredths: number; blockPct: number | null; lines: HandLine[] };

export const roundHalfAway = (n: bigint, d: bigint) => (n >= 0n ? (2n * n + d) / (2n * d) : -((2n * -n + d) / (2n * d)));

export function handOneOffInclVat(blocks: HandBlock[], selection: Set<string>): bigint {
  let total = 0n;
  for (const b of blocks) {
    const recurringUnit = b.unit === "MONTH" || b.unit === "QUARTER" || b.unit === "YEAR";
    let sum = 0n;
    let any = false;
    for (const l of b.lines) {
      const counted = !l.optional || selection.has(l.id);
      if (!counted || (l.recurring && recurringUnit)) continue;
      any = true;
      const gross = roundHalfAway(BigInt(l.priceCents) * BigInt(l.thousandths), 1000n);
      let off = l.discount === null ? 0n : "pct" in l.discount ? roundHalfAway(gross * BigInt(l.discount.pct), 10000n) : BigInt(l.discount.cents);
      if (off > gross) off = gross;
      sum += gross - off;
    }
    if (!any) continue;
    const blockOff = b.blockPct === null ? 0n : roundHalfAway(sum * BigInt(b.blockPct), 10000n);
    const base = sum - blockOff;
    total += base + roundHalfAway(base * BigInt(b.rateHundredths), 10000n);
  }
  return total;
}

/** A rate in hundredths of a percent as the API writes it: 2100 → "21", 550 → "5.50". */
export const rateText = (h: number) => (h % 100 === 0 ? String(h / 100) : `${Math.floor(h / 100)}.${String(h % 100).padStart(2, "0")}`);

/** What the terms ask of a one-off total (a percentage rounded half away from zero; a fixed deposit capped). */
export function handDue(oneOff: bigint, t: PaymentTerms): bigint {
  switch (t.mode) {
    case "NONE":
      return 0n;
    case "FULL":
      return oneOff;
    case "DEPOSIT_PERCENT":
      return roundHalfAway(oneOff * BigInt(t.percent ?? 0), 100n);
    case "DEPOSIT_FIXED":
      return (t.fixedCents ?? 0n) < oneOff ? (t.fixedCents ?? 0n) : oneOff;
  }
}
