import { intlLocale } from "../../../../shared/format";

/** A moment in the conversation, to the minute, in UTC (the same on the server and in the browser). */
export function formatMoment(iso: string, language: string): string {
  const text = new Intl.DateTimeFormat(intlLocale(language), { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" }).format(new Date(iso));
  return `${text} UTC`;
}

/** A count as the page's language writes it: 2,000 / 2.000. */
export function formatCount(value: number, language: string): string {
  return new Intl.NumberFormat(intlLocale(language)).format(value);
}
