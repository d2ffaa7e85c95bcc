import type { QuoteState } from "../../../../shared/quote-state";
import { useTranslation } from "../../../i18n";

/** One colour per displayed state (src/shared/quote-state.ts); the words are quotes:state.*. */
const STYLES: Record<QuoteState, string> = {
  DRAFT: "bg-slate-100 text-slate-700 ring-slate-300",
  WITHDRAWN: "bg-slate-100 text-slate-700 ring-slate-300",
  PUBLISHED: "bg-blue-50 text-blue-800 ring-blue-200",
  VIEWED: "bg-indigo-50 text-indigo-800 ring-indigo-200",
  DECLINED: "bg-red-50 text-red-800 ring-red-200",
  CUSTOMER_SIGNED: "bg-emerald-50 text-emerald-800 ring-emerald-200",
  EXPIRED: "bg-amber-50 text-amber-800 ring-amber-200",
  SIGNED: "bg-green-50 text-green-800 ring-green-200",
};

export function StatusBadge({ state }: { state: QuoteState }) {
  const { t } = useTranslation();
  return (
    <span
      data-testid="quote-status"
      data-status={state}
      className={`inline-flex items-center whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${STYLES[state]}`}
    >
      {t(`quotes:state.${state}`)}
    </span>
  );
}
