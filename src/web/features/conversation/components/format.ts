import { intlLocale } from "../../../../shared/format";

/**
 * A moment in the conversation, to the minute, in the given time zone (the owner's account's; for
 * the customer, the sending account's, which is the quote's), named ("CET"): the same on the server
 * and in the browser, whatever the browser's own zone.
 */
export function formatMoment(iso: string, language: string, timeZone: string): string {
  const format = (zone: string) =>
    new Intl.DateTimeFormat(intlLocale(language), {
      year: "numeric",
      month: "short",
      day: "numeric",
      hour: "2-digit",
      minute: "2-digit",
      timeZone: zone,
      timeZoneName: "short",
    }).format(new Date(iso));
  try {
    return format(timeZone);
  } catch {
    return format("UTC");
  }
}
