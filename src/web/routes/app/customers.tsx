import { useState } from "react";
import { Link } from "react-router";
import { useMutation, useQuery } from "urql";
import { CUSTOMER_SORTS, type TCustomerSort } from "../../../shared/customers";
import { ConfirmDialog } from "../../components/ui/dialog";
import { EmptyState } from "../../components/ui/empty-state";
import { Pagination } from "../../components/ui/pagination";
import { QueryState } from "../../components/ui/query-state";
import { Table, Td, Th } from "../../components/ui/table";
import { SelectField, TextField } from "../../components/ui/field";
import { toast } from "../../components/ui/toast";
import { graphql } from "../../graphql/generated";
import { useLocalizedHref, useTranslation } from "../../i18n";
import { linkButton, mutationErrors } from "../../lib/mutation-errors";
import { useListParams, useStayOnExistingPage } from "../../lib/use-list-params";

const PAGE_SIZE = 20;

const CustomersQuery = graphql(`
  query Customers($page: Int, $pageSize: Int, $search: String, $sort: CustomerSort) {
    customers(page: $page, pageSize: $pageSize, search: $search, sort: $sort) {
      totalCount
      page
      pageSize
      items {
        id
        name
        companyName
        totalQuotes
        totalSignedQuotes
      }
    }
  }
`);

export const DeleteCustomerMutation = graphql(`
  mutation DeleteCustomer($id: ID!) {
    deleteCustomer(id: $id)
  }
`);

type Target = { id: string; name: string; totalQuotes: number };

/** The delete confirmation, shared by the list and the edit page. */
export function DeleteCustomerDialog({ target, onClose, onDeleted }: { target: Target | null; onClose: () => void; onDeleted?: () => void }) {
  const { t } = useTranslation();
  const [{ fetching }, deleteCustomer] = useMutation(DeleteCustomerMutation);
  return (
    <ConfirmDialog
      open={target !== null}
      title={t("customers:confirmDelete.title", { name: target?.name ?? "" })}
      confirmLabel={t("customers:confirmDelete.confirm")}
      cancelLabel={t("customers:cancel")}
      danger
      busy={fetching}
      onCancel={onClose}
      onConfirm={async () => {
        if (!target) return;
        const result = await deleteCustomer({ id: target.id });
        if (result.error) {
          toast.error(mutationErrors(result.error, t("errors.generic")).message ?? t("errors.generic"));
          return;
        }
        toast.success(t("customers:deleted"));
        onClose();
        onDeleted?.();
      }}
    >
      <p>{t("customers:confirmDelete.body")}</p>
      {target && target.totalQuotes > 0 ? <p>{t("customers:confirmDelete.quotes", { count: target.totalQuotes })}</p> : null}
    </ConfirmDialog>
  );
}

export default function CustomersPage() {
  const { t } = useTranslation();
  const href = useLocalizedHref();
  const { params, search, page, searchInput, setSearchInput, applySearch, update } = useListParams();
  const sort = (CUSTOMER_SORTS as readonly string[]).includes(params.get("sort") ?? "") ? (params.get("sort") as TCustomerSort) : "NAME_ASC";
  const [target, setTarget] = useState<Target | null>(null);


  const [{ data, fetching, error }, refetch] = useQuery({
    query: CustomersQuery,
    variables: { page, pageSize: PAGE_SIZE, search: search || null, sort },
    requestPolicy: "cache-and-network",
  });
  const list = data?.customers;
  useStayOnExistingPage(list, update);

  return (
    <section className="mx-auto max-w-6xl px-4 py-8">
      <title>{`${t("customers:title")} · Offerly`}</title>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold tracking-tight">{t("customers:title")}</h1>
        <Link to={href("/app/customers/mutate")} className={linkButton.primary} data-testid="new-customer">
          {t("customers:new")}
        </Link>
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
          errorMessage={mutationErrors(error, t("errors.generic")).message}
        />
        {list && list.items.length === 0 ? (
          search ? (
            <EmptyState title={t("customers:empty.noResults", { search })} />
          ) : (
            <EmptyState
              title={t("customers:empty.title")}
              body={t("customers:empty.body")}
              action={
                <Link to={href("/app/customers/mutate")} className={linkButton.primary}>
                  {t("customers:new")}
                </Link>
              }
            />
          )
        ) : null}
        {list && list.items.length > 0 ? (
          <>
            <Table label={t("customers:title")}>
              <thead className="bg-slate-50">
                <tr>
                  <Th>{t("customers:columns.name")}</Th>
                  <Th className="hidden sm:table-cell">{t("customers:columns.company")}</Th>
                  <Th className="hidden text-right sm:table-cell">{t("customers:columns.totalQuotes")}</Th>
                  <Th className="hidden text-right sm:table-cell">{t("customers:columns.totalSignedQuotes")}</Th>
                  <Th className="text-right">
                    <span className="sr-only">{t("customers:columns.actions")}</span>
                  </Th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {list.items.map((c) => (
                  <tr key={c.id} data-testid="customer-row">
                    <Td>
                      <Link to={href(`/app/customers/mutate/${c.id}`)} className="font-medium text-slate-900 hover:text-brand-700 hover:underline">
                        {c.name}
                      </Link>
                      <p className="text-xs text-slate-500 sm:hidden">
                        {[c.companyName, t("customers:summary", { total: c.totalQuotes, signed: c.totalSignedQuotes })].filter(Boolean).join(" · ")}
                      </p>
                    </Td>
                    <Td className="hidden sm:table-cell">{c.companyName ?? "—"}</Td>
                    <Td className="hidden text-right tabular-nums sm:table-cell"><span data-testid="customer-total-quotes">{c.totalQuotes}</span></Td>
                    <Td className="hidden text-right tabular-nums sm:table-cell">{c.totalSignedQuotes}</Td>
                    <Td className="text-right">
                      <div className="flex justify-end gap-1">
                        <Link aria-label={`${t("customers:edit")}: ${c.name}`} to={href(`/app/customers/mutate/${c.id}`)} className="rounded-md px-2 py-1 text-sm font-medium text-brand-700 hover:bg-brand-50">
                          {t("customers:edit")}
                        </Link>
                        <button
                          type="button"
                          aria-label={`${t("customers:delete")}: ${c.name}`}
                          className="rounded-md px-2 py-1 text-sm font-medium text-red-700 hover:bg-red-50"
                          onClick={() => setTarget({ id: c.id, name: c.name, totalQuotes: c.totalQuotes })}
                        >
                          {t("customers:delete")}
                        </button>
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
      <DeleteCustomerDialog target={target} onClose={() => setTarget(null)} />
    </section>
  );
}
