import { useTranslation } from "../../../i18n";
import { formatMoment } from "./format";

/** "Declined" with the date and the customer's reason, at the top of a declined quote's page. */
export function DeclinedNotice({ decline, locale, timeZone }: { decline: { declinedAt: string; reason?: string | null }; locale: string; timeZone: string }) {
  const { t } = useTranslation();
  return (
    <div role="status" className="rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-900 sm:p-5" data-testid="quote-declined">
      <p className="flex flex-wrap items-center gap-2">
        <span className="rounded-full bg-red-600 px-2.5 py-0.5 text-xs font-semibold uppercase tracking-wide text-white">
          {t("conversation:status.declined")}
        </span>
        <span>{t("conversation:status.declinedAlert", { date: formatMoment(decline.declinedAt, locale, timeZone) })}</span>
      </p>
      {decline.reason ? (
        <p className="mt-2 whitespace-pre-line break-words">
          <span className="font-semibold">{t("conversation:status.reasonLabel")}</span> {decline.reason}
        </p>
      ) : (
        <p className="mt-2 italic">{t("conversation:panel.noReason")}</p>
      )}
      <p className="mt-2 text-red-800">{t("conversation:status.declinedHint")}</p>
    </div>
  );
}
