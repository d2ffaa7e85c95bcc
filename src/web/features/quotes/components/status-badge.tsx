import type { QuoteDisplayStatus } from "../../../../shared/quote-status";
import { useTranslation } from "../../../i18n";

const STYLES: Record<QuoteDisplayStatus, string> = {
  DRAFT: "bg-slate-100 text-slate-700 ring-slate-300",
  PUBLISHED: "bg-blue-50 text-blue-800 ring-blue-200",
  EXPIRED: "bg-amber-50 text-amber-800 ring-amber-200",
  SIGNED: "bg-green-50 text-green-800 ring-green-200",
};

export function StatusBadge({ status }: { status: QuoteDisplayStatus }) {
  const { t } = useTranslation();
  return (
    <span data-testid="quote-status" data-status={status} className={`inline-flex items-center whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${STYLES[status]}`}>
      {t(`quotes:status.${status}`)}
    </span>
  );
}
