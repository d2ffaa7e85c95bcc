import { intlLocale } from "../../../../shared/format";

/** A moment in the conversation, to the minute, in UTC (the same on the server and in the browser). */
export function formatMoment(iso: string, language: string): string {
  const text = new Intl.DateTimeFormat(intlLocale(language), { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" }).format(new Date(iso));
  return `${text} UTC`;
}
