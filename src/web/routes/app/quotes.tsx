import { useState } from "react";
import { Link, useNavigate } from "react-router";
import { useMutation, useQuery } from "urql";
import { QUOTE_DISPLAY_STATUSES, type QuoteDisplayStatus } from "../../../shared/quote-status";
import { formatDate, formatQuoteMoney } from "../../components/quotes/format";
import { StatusBadge } from "../../components/quotes/status-badge";
import { ConfirmDialog } from "../../components/ui/dialog";
import { EmptyState } from "../../components/ui/empty-state";
import { Pagination } from "../../components/ui/pagination";
import { QueryState } from "../../components/ui/query-state";
import { Table, Td, Th } from "../../components/ui/table";
import { SelectField, TextField } from "../../components/ui/field";
import { toast } from "../../components/ui/toast";
import { graphql } from "../../graphql/generated";
import { useLocale, useLocalizedHref, useTranslation } from "../../i18n";
import { linkButton, mutationErrors } from "../../lib/mutation-errors";
import { useListParams, useStayOnExistingPage } from "../../lib/use-list-params";

const PAGE_SIZE = 20;

const QuotesQuery = graphql(`
  query Quotes($page: Int, $pageSize: Int, $search: String, $status: QuoteDisplayStatus) {
    quotes(page: $page, pageSize: $pageSize, search: $search, status: $status) {
      totalCount
      page
      pageSize
      items {
        id
        quoteNumber
        name
        status
        displayStatus
        total
        currency
        language
        quoteDateAt
        quoteExpirationAt
        customer {
          id
          name
        }
        customerDetails {
          name
        }
      }
    }
  }
`);

export const DeleteQuoteMutation = graphql(`
  mutation DeleteQuote($id: ID!) {
    deleteQuote(id: $id)
  }
`);

export const DuplicateQuoteMutation = graphql(`
  mutation DuplicateQuote($id: ID!) {
    duplicateQuote(id: $id) {
      id
      quoteNumber
      name
      status
      displayStatus
    }
  }
`);

/** Duplicates a quote, says so, and opens the copy (a new draft); errors become a toast. */
export function useDuplicateQuote() {
  const { t } = useTranslation();
  const href = useLocalizedHref();
  const navigate = useNavigate();
  const [{ fetching }, duplicateQuote] = useMutation(DuplicateQuoteMutation);
  async function duplicate(id: string) {
    const result = await duplicateQuote({ id });
    if (result.error || !result.data) {
      toast.error(mutationErrors(result.error, t("errors.generic")).message ?? t("errors.generic"));
      return;
    }
    toast.success(t("quotes:duplicated"));
    navigate(href(`/app/quotes/mutate/${result.data.duplicateQuote.id}`), { viewTransition: true });
  }
  return { duplicate, duplicating: fetching };
}

/** The delete confirmation, shared by the list and the quote page. */
export function DeleteQuoteDialog({ target, onClose, onDeleted }: { target: { id: string; quoteNumber: string } | null; onClose: () => void; onDeleted?: () => void }) {
  const { t } = useTranslation();
  const [{ fetching }, deleteQuote] = useMutation(DeleteQuoteMutation);
  return (
    <ConfirmDialog
      open={target !== null}
      title={t("quotes:confirmDelete.title", { number: target?.quoteNumber ?? "" })}
      confirmLabel={t("quotes:confirmDelete.confirm")}
      cancelLabel={t("quotes:actions.cancel")}
      danger
      busy={fetching}
      onCancel={onClose}
      onConfirm={async () => {
        if (!target) return;
        const result = await deleteQuote({ id: target.id });
        if (result.error) {
          toast.error(mutationErrors(result.error, t("errors.generic")).message ?? t("errors.generic"));
          onClose();
          return;
        }
        toast.success(t("quotes:deleted"));
        onClose();
        onDeleted?.();
      }}
    >
      <p>{t("quotes:confirmDelete.body")}</p>
    </ConfirmDialog>
  );
}

export default function QuotesPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const href = useLocalizedHref();
  const { params, search, page, searchInput, setSearchInput, applySearch, update } = useListParams();
  const statusParam = params.get("status") ?? "";
  const status = (QUOTE_DISPLAY_STATUSES as readonly string[]).includes(statusParam) ? (statusParam as QuoteDisplayStatus) : null;
  const [target, setTarget] = useState<{ id: string; quoteNumber: string } | null>(null);
  const { duplicate } = useDuplicateQuote();


  const [{ data, fetching, error }, refetch] = useQuery({
    query: QuotesQuery,
    variables: { page, pageSize: PAGE_SIZE, search: search || null, status },
    requestPolicy: "cache-and-network",
  });
  const list = data?.quotes;
  useStayOnExistingPage(list, update);
  const filtered = Boolean(search || status);

  return (
    <section className="mx-auto max-w-6xl px-4 py-8">
      <title>{`${t("quotes:title")} · Offerly`}</title>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold tracking-tight">{t("quotes:title")}</h1>
        <Link to={href("/app/quotes/mutate")} viewTransition className={linkButton.primary} data-testid="new-quote">
          {t("quotes:new")}
        </Link>
      </div>

      <div className="mt-6 grid gap-3 sm:grid-cols-[1fr_14rem]">
        <TextField
          label={t("quotes:searchLabel")}
          type="search"
          placeholder={t("quotes:searchPlaceholder")}
          value={searchInput}
          maxLength={100}
          onChange={(e) => {
            setSearchInput(e.target.value);
            applySearch(e.target.value);
          }}
        />
        <SelectField
          label={t("quotes:statusFilter")}
          value={status ?? ""}
          onChange={(e) => update({ status: e.target.value || null, page: null })}
          options={[{ value: "", label: t("quotes:allStatuses") }, ...QUOTE_DISPLAY_STATUSES.map((s) => ({ value: s, label: t(`quotes:status.${s}`) }))]}
        />
      </div>

      <div className="mt-6">
        <QueryState
          fetching={fetching}
          error={error}
          hasData={Boolean(data)}
          onRetry={() => refetch({ requestPolicy: "network-only" })}
          errorMessage={mutationErrors(error, t("errors.generic")).message}
        />
        {list && list.items.length === 0 ? (
          filtered ? (
            <EmptyState title={t("quotes:empty.noResults")} />
          ) : (
            <EmptyState
              title={t("quotes:empty.title")}
              body={t("quotes:empty.body")}
              action={
                <Link to={href("/app/quotes/mutate")} viewTransition className={linkButton.primary}>
                  {t("quotes:new")}
                </Link>
              }
            />
          )
        ) : null}
        {list && list.items.length > 0 ? (
          <>
            <Table label={t("quotes:title")}>
              <thead className="bg-slate-50">
                <tr>
                  <Th className="hidden sm:table-cell">{t("quotes:columns.number")}</Th>
                  <Th>{t("quotes:columns.title")}</Th>
                  <Th className="hidden md:table-cell">{t("quotes:columns.customer")}</Th>
                  <Th className="hidden sm:table-cell">{t("quotes:columns.status")}</Th>
                  <Th className="hidden text-right sm:table-cell">{t("quotes:columns.total")}</Th>
                  <Th className="hidden lg:table-cell">{t("quotes:columns.quoteDate")}</Th>
                  <Th className="hidden lg:table-cell">{t("quotes:columns.expirationDate")}</Th>
                  <Th className="text-right">
                    <span className="sr-only">{t("quotes:columns.actions")}</span>
                  </Th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {list.items.map((q) => (
                  <tr key={q.id} data-testid="quote-row">
                    <Td className="hidden whitespace-nowrap tabular-nums text-slate-600 sm:table-cell">{q.quoteNumber}</Td>
                    <Td>
                      <Link
                        to={href(`/app/quotes/mutate/${q.id}`)}
                        viewTransition
                        className="font-medium text-slate-900 hover:text-brand-700 hover:underline"
                        style={{ viewTransitionName: `quote-${q.id}` }}
                      >
                        {q.name}
                      </Link>
                      <div className="mt-1 flex flex-wrap items-center gap-2 text-xs tabular-nums text-slate-500 sm:hidden">
                        <span>{q.quoteNumber}</span>
                        <StatusBadge status={q.displayStatus} />
                      </div>
                      <p className="text-xs text-slate-500 md:hidden">{q.customer?.name ?? q.customerDetails?.name ?? t("quotes:noCustomer")}</p>
                      <p className="text-xs tabular-nums text-slate-500 sm:hidden">{formatQuoteMoney(q.total, q)}</p>
                    </Td>
                    <Td className="hidden md:table-cell">{q.customer?.name ?? q.customerDetails?.name ?? <span className="text-slate-400">{t("quotes:noCustomer")}</span>}</Td>
                    <Td className="hidden sm:table-cell">
                      <StatusBadge status={q.displayStatus} />
                    </Td>
                    <Td className="hidden whitespace-nowrap text-right tabular-nums sm:table-cell">{formatQuoteMoney(q.total, q)}</Td>
                    <Td className="hidden whitespace-nowrap lg:table-cell">{formatDate(q.quoteDateAt, locale)}</Td>
                    <Td className="hidden whitespace-nowrap lg:table-cell">{formatDate(q.quoteExpirationAt, locale)}</Td>
                    <Td className="text-right">
                      <div className="flex justify-end gap-1">
                        <button type="button" aria-label={`${t("quotes:actions.duplicate")}: ${q.quoteNumber}`} className="rounded-md px-2 py-1 text-sm font-medium text-brand-700 hover:bg-brand-50" onClick={() => void duplicate(q.id)}>
                          {t("quotes:actions.duplicate")}
                        </button>
                        {q.status === "DRAFT" ? (
                          <button type="button" aria-label={`${t("quotes:actions.delete")}: ${q.quoteNumber}`} className="rounded-md px-2 py-1 text-sm font-medium text-red-700 hover:bg-red-50" onClick={() => setTarget({ id: q.id, quoteNumber: q.quoteNumber })}>
                            {t("quotes:actions.delete")}
                          </button>
                        ) : null}
                      </div>
                    </Td>
                  </tr>
                ))}
              </tbody>
            </Table>
            <Pagination
              page={list.page}
              pageSize={list.pageSize}
              totalCount={list.totalCount}
              onPage={(p) => update({ page: p > 1 ? String(p) : null })}
            />
          </>
        ) : null}
      </div>
      <DeleteQuoteDialog target={target} onClose={() => setTarget(null)} />
    </section>
  );
}
