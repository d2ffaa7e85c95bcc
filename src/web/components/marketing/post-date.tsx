import { useLocale } from "../../i18n";

/** A calendar date (YYYY-MM-DD) in the page's language, identical on server and browser. */
export function PostDate({ date }: { date: string }) {
  const locale = useLocale();
  const text = new Intl.DateTimeFormat(locale === "nl" ? "nl-NL" : "en-GB", { dateStyle: "long", timeZone: "UTC" }).format(new Date(`${date}T00:00:00Z`));
  return <time dateTime={date}>{text}</time>;
}
