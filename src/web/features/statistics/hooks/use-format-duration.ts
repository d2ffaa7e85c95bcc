import { useTranslation } from "../../../i18n";

/** Seconds as "45 s", "3 min 20 s" or "1 h 5 min", in the interface language. */
export function useFormatDuration() {
  const { t } = useTranslation();
  return (seconds: number) => {
    const s = Math.max(0, Math.round(seconds));
    if (s < 60) return t("statistics:duration.seconds", { s });
    if (s < 3600) return t("statistics:duration.minutes", { m: Math.floor(s / 60), s: s % 60 });
    return t("statistics:duration.hours", { h: Math.floor(s / 3600), m: Math.floor((s % 3600) / 60) });
  };
}
