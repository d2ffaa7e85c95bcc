/**
 * VAT on Offerly's own invoices (decision 022). The seller is a Dutch company, so:
 * - buyer in the Netherlands (business or not): Dutch VAT, 21 %;
 * - buyer in another EU country WITH a VAT number: reverse-charged (0 %, the buyer accounts for it);
 * - buyer in another EU country without a VAT number (a consumer, or a business that gave none):
 *   Dutch VAT, 21 % (we do not apply other countries' OSS rates: see the decision);
 * - buyer outside the EU: no VAT (export of a service, outside the scope of Dutch VAT);
 * - no country known: Dutch VAT (the safe side).
 * Pure: amounts are integer cents, VAT rounded half up per invoice.
 */

export const SELLER_COUNTRY = "NL";
export const NL_VAT_PERCENT = 21;

/** EU member states (ISO 3166-1 alpha-2). Greece is "GR" here (its VAT prefix is "EL"). */
export const EU_COUNTRIES = [
  "AT",
  "BE",
  "BG",
  "CY",
  "CZ",
  "DE",
  "DK",
  "EE",
  "ES",
  "FI",
  "FR",
  "GR",
  "HR",
  "HU",
  "IE",
  "IT",
  "LT",
  "LU",
  "LV",
  "MT",
  "NL",
  "PL",
  "PT",
  "RO",
  "SE",
  "SI",
  "SK",
] as const;

export type VatRule = "NL" | "REVERSE_CHARGE" | "OUTSIDE_EU";
export type VatBuyer = { country: string | null | undefined; vatNumber?: string | null };
export type VatResult = { rule: VatRule; ratePercent: number; netCents: number; vatCents: number; totalCents: number };

/** A syntactically plausible EU VAT number: a 2-letter prefix and 2–13 letters or digits (not checked against VIES). */
export function isPlausibleVatNumber(value: string | null | undefined): boolean {
  return typeof value === "string" && /^[A-Z]{2}[0-9A-Z]{2,13}$/.test(normaliseVatNumber(value));
}

export function normaliseVatNumber(value: string): string {
  return value.replace(/[\s.-]/g, "").toUpperCase();
}

export function isEuCountry(country: string | null | undefined): boolean {
  return typeof country === "string" && (EU_COUNTRIES as readonly string[]).includes(country.trim().toUpperCase());
}

export function vatRuleFor(buyer: VatBuyer): VatRule {
  const country = buyer.country?.trim().toUpperCase() || null;
  if (!country || country === SELLER_COUNTRY) return "NL";
  if (!isEuCountry(country)) return "OUTSIDE_EU";
  return isPlausibleVatNumber(buyer.vatNumber) ? "REVERSE_CHARGE" : "NL";
}

export function vatRatePercent(rule: VatRule): number {
  return rule === "NL" ? NL_VAT_PERCENT : 0;
}

/** VAT on a net amount (cents, excluding VAT), rounded half up to the cent. */
export function computeVat(netCents: number, buyer: VatBuyer): VatResult {
  if (!Number.isSafeInteger(netCents) || netCents < 0) throw new RangeError("netCents must be a non-negative integer");
  const rule = vatRuleFor(buyer);
  const ratePercent = vatRatePercent(rule);
  const vatCents = Math.floor((netCents * ratePercent * 2 + 100) / 200);
  return { rule, ratePercent, netCents, vatCents, totalCents: netCents + vatCents };
}
