import type { Locale } from "../../../shared/locales";

const TAGS: Record<Locale, string> = { en: "en-IE", nl: "nl-NL" };

/** €49 / € 49 for whole euros, €40.83 / € 40,83 otherwise. Input in cents. */
export function formatEuros(cents: number, locale: Locale): string {
  const whole = cents % 100 === 0;
  return new Intl.NumberFormat(TAGS[locale], {
    style: "currency",
    currency: "EUR",
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: whole ? 0 : 2,
  }).format(cents / 100);
}

/** Always with cents, for documents such as the example quote. */
export function formatAmount(cents: number, locale: Locale): string {
  return new Intl.NumberFormat(TAGS[locale], { style: "currency", currency: "EUR" }).format(cents / 100);
}
