import { formatDate } from "../../../shared/format";
import { useLocale } from "../../i18n";

/** A calendar date (YYYY-MM-DD) in the page's language, identical on server and browser. */
export function PostDate({ date }: { date: string }) {
  const locale = useLocale();
  return <time dateTime={date}>{formatDate(date, locale, "long")}</time>;
}
