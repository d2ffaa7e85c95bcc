import { type TotalsPartCents, divRoundHalfAwayFromZero, percentToHundredths, spread } from "./totals";

/** One VAT rate's part of a deposit invoice: the amount excl. VAT, the VAT and the two together. */
export type DepositVatLine = { rate: string; base: bigint; vat: bigint; total: bigint };

/**
 * The deposit's VAT per rate (issue 26, the deposit invoice): a deposit of `amountCents` incl. VAT
 * of a quote whose one-off part is `oneOff` (the signed selection's totals) is that share of every
 * rate. Each rate gets its proportion of the amount incl. VAT (largest remainders, as discounts are
 * spread in totals.ts: the parts add up to the amount to the cent), which is then split into base
 * and VAT at the rate, the VAT being the rest (so base + VAT is exactly the part). Paying the whole
 * one-off total gives the quote's own breakdown, unchanged.
 */
export function depositVatBreakdown(oneOff: Pick<TotalsPartCents, "vat" | "totalInclVat">, amountCents: bigint): DepositVatLine[] {
  if (amountCents <= 0n || oneOff.totalInclVat <= 0n) return [];
  if (amountCents === oneOff.totalInclVat) return oneOff.vat.filter((v) => v.base + v.vat !== 0n).map((v) => ({ ...v, total: v.base + v.vat }));
  const shares = spread(amountCents, new Map(oneOff.vat.map((v) => [v.rate, v.base + v.vat])));
  return oneOff.vat.flatMap((v) => {
    const total = shares.get(v.rate) ?? 0n;
    if (total === 0n) return [];
    const base = divRoundHalfAwayFromZero(total * 10_000n, 10_000n + (percentToHundredths(v.rate) ?? 0n));
    return [{ rate: v.rate, base, vat: total - base, total }];
  });
}
