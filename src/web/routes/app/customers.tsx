import { Link } from "react-router";
import { useQuery } from "urql";
import { CUSTOMER_SORTS, type TCustomerSort } from "../../../shared/customers";
import { ListScreen } from "../../components/ui/list-screen";
import { CustomersTable } from "../../features/customers/components/customers-table";
import { CustomersQuery } from "../../features/customers/operations";
import { useLocalizedHref, useTranslation } from "../../i18n";
import { linkButton } from "../../lib/mutation-errors";
import { useListParams, useStayOnExistingPage } from "../../lib/use-list-params";

const PAGE_SIZE = 20;

/** /app/customers — the customers list with search, sort and pages (all in the URL). */
export default function CustomersPage() {
  const { t } = useTranslation();
  const href = useLocalizedHref();
  const listParams = useListParams();
  const { params, search, page, after, before, update } = listParams;
  const sort = (CUSTOMER_SORTS as readonly string[]).includes(params.get("sort") ?? "") ? (params.get("sort") as TCustomerSort) : "NAME_ASC";
  const [{ data, fetching, error }, refetch] = useQuery({
    query: CustomersQuery,
    variables: { page, after, before, pageSize: PAGE_SIZE, search: search || null, sort },
    requestPolicy: "cache-and-network",
  });
  const list = data?.customers;
  useStayOnExistingPage(list, update);

  return (
    <ListScreen
      title={t("customers:title")}
      newAction={(testId) => (
        <Link to={href("/app/customers/mutate")} className={linkButton.primary} data-testid={testId}>
          {t("customers:new")}
        </Link>
      )}
      newActionTestId="new-customer"
      listParams={listParams}
      searchLabel={t("customers:searchLabel")}
      searchPlaceholder={t("customers:searchPlaceholder")}
      select={{
        label: t("customers:sortLabel"),
        value: sort,
        onChange: (value) => update({ sort: value === "NAME_ASC" ? null : value, page: null }),
        options: CUSTOMER_SORTS.map((s) => ({ value: s, label: t(`customers:sort.${s}`) })),
      }}
      query={{ fetching, error, hasData: Boolean(data), refetch: () => refetch({ requestPolicy: "network-only" }) }}
      list={list}
      narrowed={Boolean(search)}
      noResults={t("customers:empty.noResults", { search })}
      empty={{ title: t("customers:empty.title"), body: t("customers:empty.body") }}
    >
      {(items) => <CustomersTable items={items} />}
    </ListScreen>
  );
}
