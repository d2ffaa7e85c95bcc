import type { TFunction } from "i18next";
import { TEST_EVENT_TYPE, isEventType } from "../../../../shared/events";
import type { Locale } from "../../../../shared/locales";

/** "Quote signed" for "quote.signed" (the type itself stays what receivers see); unknown types as they are. */
export function eventLabel(t: TFunction, type: string): string {
  if (!isEventType(type) && type !== TEST_EVENT_TYPE) return type;
  return t(`developers:events.${type}` as never);
}

/** A moment in the browser's time zone, to the second ("25 Nov 2026, 22:14:03"). The screen renders in the browser only. */
export function formatMoment(iso: string, locale: Locale): string {
  return new Intl.DateTimeFormat(locale === "nl" ? "nl-NL" : "en-GB", { dateStyle: "medium", timeStyle: "medium" }).format(new Date(iso));
}

/** A day in the browser's time zone ("25 Nov 2026"). */
export function formatDay(iso: string, locale: Locale): string {
  return new Intl.DateTimeFormat(locale === "nl" ? "nl-NL" : "en-GB", { dateStyle: "medium" }).format(new Date(iso));
}
