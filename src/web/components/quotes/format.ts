import { formatMoney } from "../../../shared/money";
import type { Locale } from "../../../shared/locales";

/** A calendar date (YYYY-MM-DD) in the interface language, without time-zone shifts. */
export function formatDate(iso: string, locale: Locale): string {
  return new Intl.DateTimeFormat(locale === "nl" ? "nl-NL" : "en-GB", { dateStyle: "medium", timeZone: "UTC" }).format(new Date(`${iso}T00:00:00Z`));
}

/** Money in the quote's own language and currency (a Dutch quote shows € 1.234,50 in any interface). */
export function formatQuoteMoney(amount: string, quote: { currency: string; language: string }): string {
  return formatMoney(amount, quote.currency, quote.language);
}

/** Today (local calendar day of the browser) as YYYY-MM-DD, for form defaults. */
export function localTodayIso(): string {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, "0")}-${String(now.getDate()).padStart(2, "0")}`;
}
