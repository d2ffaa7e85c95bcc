import { useMemo, useState } from "react";
import { Link } from "react-router";
import { formatDate, formatMoney } from "../../../../shared/format";
import { Table, Td, Th } from "../../../components/ui/table";
import type { QuotesQuery } from "../../../graphql/generated/graphql";
import { useLocale, useLocalizedHref, useTranslation } from "../../../i18n";
import { useQuoteListStatistics } from "../../statistics/hooks/use-quote-list-statistics";
import { useDuplicateQuote } from "../hooks/use-duplicate-quote";
import { type DeleteQuoteTarget, DeleteQuoteDialog } from "./delete-quote-dialog";
import { StatusBadge } from "./status-badge";

type Row = QuotesQuery["quotes"]["items"][number];

/**
 * The quotes list. Totals and dates follow the INTERFACE language (a list is the user's screen);
 * the quote's own language is for the customer's documents only.
 */
export function QuotesTable({ items }: { items: Row[] }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const href = useLocalizedHref();
  const { duplicate } = useDuplicateQuote();
  const [target, setTarget] = useState<DeleteQuoteTarget | null>(null);
  // Views per quote: one batched quoteListStatistics query for the page.
  const stats = useQuoteListStatistics(useMemo(() => items.map((q) => q.id), [items]));
  const money = (q: Row) => formatMoney(q.total, q.currency, locale);
  const customer = (q: Row) => q.customer?.name ?? q.customerDetails?.name;
  return (
    <>
      <Table label={t("quotes:title")}>
        <thead className="bg-slate-50">
          <tr>
            <Th className="hidden sm:table-cell">{t("quotes:columns.number")}</Th>
            <Th>{t("quotes:columns.title")}</Th>
            <Th className="hidden md:table-cell">{t("quotes:columns.customer")}</Th>
            <Th className="hidden sm:table-cell">{t("quotes:columns.status")}</Th>
            <Th className="hidden text-right sm:table-cell">{t("quotes:columns.total")}</Th>
            <Th className="hidden text-right sm:table-cell">{t("statistics:list.views")}</Th>
            <Th className="hidden lg:table-cell">{t("quotes:columns.quoteDate")}</Th>
            <Th className="hidden lg:table-cell">{t("quotes:columns.expirationDate")}</Th>
            <Th className="text-right">
              <span className="sr-only">{t("quotes:columns.actions")}</span>
            </Th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {items.map((q) => (
            <tr key={q.id} data-testid="quote-row">
              <Td className="hidden whitespace-nowrap tabular-nums text-slate-600 sm:table-cell">{q.quoteNumber}</Td>
              <Td>
                <Link
                  to={href(`/app/quotes/mutate/${q.id}`)}
                  viewTransition
                  className="font-medium text-slate-900 [overflow-wrap:anywhere] hover:text-brand-700 hover:underline"
                  style={{ viewTransitionName: `quote-${q.id}` }}
                >
                  {q.name}
                </Link>
                <div className="mt-1 flex flex-wrap items-center gap-2 text-xs tabular-nums text-slate-500 sm:hidden">
                  <span>{q.quoteNumber}</span>
                  <StatusBadge state={q.lifecycle.state} />
                </div>
                <p className="text-xs text-slate-500 [overflow-wrap:anywhere] md:hidden">{customer(q) ?? t("quotes:noCustomer")}</p>
                <p className="text-xs tabular-nums text-slate-500 sm:hidden">{money(q)}</p>
              </Td>
              <Td className="hidden [overflow-wrap:anywhere] md:table-cell">
                {customer(q) ?? <span className="text-slate-500">{t("quotes:noCustomer")}</span>}
              </Td>
              <Td className="hidden sm:table-cell">
                <StatusBadge state={q.lifecycle.state} />
              </Td>
              <Td className="hidden whitespace-nowrap text-right tabular-nums sm:table-cell" data-testid="quote-row-total">
                {money(q)}
              </Td>
              <Td className="hidden whitespace-nowrap text-right tabular-nums sm:table-cell" data-testid="quote-row-views">
                {stats.get(q.id)?.views ?? 0}
              </Td>
              <Td className="hidden whitespace-nowrap lg:table-cell">{formatDate(q.quoteDateAt, locale)}</Td>
              <Td className="hidden whitespace-nowrap lg:table-cell">{formatDate(q.quoteExpirationAt, locale)}</Td>
              <Td className="text-right">
                <div className="flex flex-wrap justify-end gap-1">
                  <Link
                    to={href(`/app/quotes/mutate?from=${q.id}`)}
                    aria-label={`${t("quotes:actions.startFrom")}: ${q.quoteNumber}`}
                    className="rounded-md px-2 py-1 text-sm font-medium text-brand-700 hover:bg-brand-50"
                    data-testid="quote-start-from"
                  >
                    {t("quotes:actions.startFrom")}
                  </Link>
                  <button
                    type="button"
                    aria-label={`${t("quotes:actions.duplicate")}: ${q.quoteNumber}`}
                    className="rounded-md px-2 py-1 text-sm font-medium text-brand-700 hover:bg-brand-50"
                    onClick={() => void duplicate(q.id)}
                  >
                    {t("quotes:actions.duplicate")}
                  </button>
                  {q.status === "DRAFT" ? (
                    <button
                      type="button"
                      aria-label={`${t("quotes:actions.delete")}: ${q.quoteNumber}`}
                      className="rounded-md px-2 py-1 text-sm font-medium text-red-700 hover:bg-red-50"
                      onClick={() => setTarget({ id: q.id, quoteNumber: q.quoteNumber })}
                    >
                      {t("quotes:actions.delete")}
                    </button>
                  ) : null}
                </div>
              </Td>
            </tr>
          ))}
        </tbody>
      </Table>
      <DeleteQuoteDialog target={target} onClose={() => setTarget(null)} />
    </>
  );
}
