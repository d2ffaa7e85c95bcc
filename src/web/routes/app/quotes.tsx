import { Link } from "react-router";
import { useQuery } from "urql";
import { QUOTE_DISPLAY_STATUSES, type QuoteDisplayStatus } from "../../../shared/quote-status";
import { EmptyState } from "../../components/ui/empty-state";
import { SelectField, TextField } from "../../components/ui/field";
import { Pagination } from "../../components/ui/pagination";
import { QueryState } from "../../components/ui/query-state";
import { QuotesTable } from "../../features/quotes/components/quotes-table";
import { QuotesQuery } from "../../features/quotes/operations";
import { useLocalizedHref, useTranslation } from "../../i18n";
import { linkButton, serverRefusal } from "../../lib/mutation-errors";
import { useListParams, useStayOnExistingPage } from "../../lib/use-list-params";

const PAGE_SIZE = 20;

/** /app/quotes — the quotes list with search, a status filter and pages (all in the URL). */
export default function QuotesPage() {
  const { t } = useTranslation();
  const href = useLocalizedHref();
  const { params, search, page, searchInput, setSearchInput, applySearch, update } = useListParams();
  const statusParam = params.get("status") ?? "";
  const status = (QUOTE_DISPLAY_STATUSES as readonly string[]).includes(statusParam) ? (statusParam as QuoteDisplayStatus) : null;
  const [{ data, fetching, error }, refetch] = useQuery({
    query: QuotesQuery,
    variables: { page, pageSize: PAGE_SIZE, search: search || null, status },
    requestPolicy: "cache-and-network",
  });
  const list = data?.quotes;
  useStayOnExistingPage(list, update);
  const newQuote = (testId?: string) => (
    <Link to={href("/app/quotes/mutate")} viewTransition className={linkButton.primary} data-testid={testId}>
      {t("quotes:new")}
    </Link>
  );

  return (
    <section className="mx-auto max-w-6xl px-4 py-8">
      <title>{`${t("quotes:title")} · Offerly`}</title>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold tracking-tight">{t("quotes:title")}</h1>
        {newQuote("new-quote")}
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
          errorMessage={serverRefusal(error, t("errors.generic")).message}
        />
        {list && list.items.length === 0 ? (
          search || status ? (
            <EmptyState title={t("quotes:empty.noResults")} />
          ) : (
            <EmptyState title={t("quotes:empty.title")} body={t("quotes:empty.body")} action={newQuote()} />
          )
        ) : null}
        {list && list.items.length > 0 ? (
          <>
            <QuotesTable items={list.items} />
            <Pagination page={list.page} pageSize={list.pageSize} totalCount={list.totalCount} onPage={(p) => update({ page: p > 1 ? String(p) : null })} />
          </>
        ) : null}
      </div>
    </section>
  );
}
