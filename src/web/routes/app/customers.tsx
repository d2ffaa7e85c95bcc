import { Link } from "react-router";
import { useQuery } from "urql";
import { CUSTOMER_SORTS, type TCustomerSort } from "../../../shared/customers";
import { EmptyState } from "../../components/ui/empty-state";
import { SelectField, TextField } from "../../components/ui/field";
import { Pagination } from "../../components/ui/pagination";
import { QueryState } from "../../components/ui/query-state";
import { CustomersTable } from "../../features/customers/components/customers-table";
import { CustomersQuery } from "../../features/customers/operations";
import { useLocalizedHref, useTranslation } from "../../i18n";
import { linkButton, serverRefusal } from "../../lib/mutation-errors";
import { useListParams, useStayOnExistingPage } from "../../lib/use-list-params";

const PAGE_SIZE = 20;

/** /app/customers — the customers list with search, sort and pages (all in the URL). */
export default function CustomersPage() {
  const { t } = useTranslation();
  const href = useLocalizedHref();
  const { params, search, page, searchInput, setSearchInput, applySearch, update } = useListParams();
  const sort = (CUSTOMER_SORTS as readonly string[]).includes(params.get("sort") ?? "") ? (params.get("sort") as TCustomerSort) : "NAME_ASC";
  const [{ data, fetching, error }, refetch] = useQuery({
    query: CustomersQuery,
    variables: { page, pageSize: PAGE_SIZE, search: search || null, sort },
    requestPolicy: "cache-and-network",
  });
  const list = data?.customers;
  useStayOnExistingPage(list, update);
  const newCustomer = (testId?: string) => (
    <Link to={href("/app/customers/mutate")} className={linkButton.primary} data-testid={testId}>
      {t("customers:new")}
    </Link>
  );

  return (
    <section className="mx-auto max-w-6xl px-4 py-8">
      <title>{`${t("customers:title")} · Offerly`}</title>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold tracking-tight">{t("customers:title")}</h1>
        {newCustomer("new-customer")}
      </div>
      <div className="mt-6 grid gap-3 sm:grid-cols-[1fr_14rem]">
        <TextField
          label={t("customers:searchLabel")}
          type="search"
          placeholder={t("customers:searchPlaceholder")}
          value={searchInput}
          maxLength={100}
          onChange={(e) => {
            setSearchInput(e.target.value);
            applySearch(e.target.value);
          }}
        />
        <SelectField
          label={t("customers:sortLabel")}
          value={sort}
          onChange={(e) => update({ sort: e.target.value === "NAME_ASC" ? null : e.target.value, page: null })}
          options={CUSTOMER_SORTS.map((s) => ({ value: s, label: t(`customers:sort.${s}`) }))}
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
          search ? (
            <EmptyState title={t("customers:empty.noResults", { search })} />
          ) : (
            <EmptyState title={t("customers:empty.title")} body={t("customers:empty.body")} action={newCustomer()} />
          )
        ) : null}
        {list && list.items.length > 0 ? (
          <>
            <CustomersTable items={list.items} />
            <Pagination page={list.page} pageSize={list.pageSize} totalCount={list.totalCount} onPage={(p) => update({ page: p > 1 ? String(p) : null })} />
          </>
        ) : null}
      </div>
    </section>
  );
}
