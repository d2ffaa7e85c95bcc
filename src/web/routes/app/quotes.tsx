import { Link } from "react-router";
import { useQuery } from "urql";
import { QUOTE_STATES, type QuoteState } from "../../../shared/quote-state";
import { ListScreen } from "../../components/ui/list-screen";
import { QuotesTable } from "../../features/quotes/components/quotes-table";
import { QuotesQuery } from "../../features/quotes/operations";
import { useLocalizedHref, useTranslation } from "../../i18n";
import { linkButton } from "../../lib/mutation-errors";
import { useListParams, useStayOnExistingPage } from "../../lib/use-list-params";

const PAGE_SIZE = 20;

/** /app/quotes — the quotes list with search, a status filter and pages (all in the URL). */
export default function QuotesPage() {
  const { t } = useTranslation();
  const href = useLocalizedHref();
  const listParams = useListParams();
  const { params, search, page, after, before, update } = listParams;
  const statusParam = params.get("status") ?? "";
  // The filter is the displayed state (src/shared/quote-state.ts), the same as the badges.
  const state = (QUOTE_STATES as readonly string[]).includes(statusParam) ? (statusParam as QuoteState) : null;
  const [{ data, fetching, error }, refetch] = useQuery({
    query: QuotesQuery,
    variables: { page, after, before, pageSize: PAGE_SIZE, search: search || null, state },
    requestPolicy: "cache-and-network",
  });
  const list = data?.quotes;
  useStayOnExistingPage(list, update);

  return (
    <ListScreen
      title={t("quotes:title")}
      newAction={(testId) => (
        <Link to={href("/app/quotes/mutate")} viewTransition className={linkButton.primary} data-testid={testId}>
          {t("quotes:new")}
        </Link>
      )}
      newActionTestId="new-quote"
      listParams={listParams}
      searchLabel={t("quotes:searchLabel")}
      searchPlaceholder={t("quotes:searchPlaceholder")}
      select={{
        label: t("quotes:statusFilter"),
        value: state ?? "",
        onChange: (value) => update({ status: value || null, page: null }),
        options: [{ value: "", label: t("quotes:allStatuses") }, ...QUOTE_STATES.map((s) => ({ value: s, label: t(`quotes:state.${s}`) }))],
      }}
      query={{ fetching, error, hasData: Boolean(data), refetch: () => refetch({ requestPolicy: "network-only" }) }}
      list={list}
      narrowed={Boolean(search || state)}
      noResults={t("quotes:empty.noResults")}
      empty={{ title: t("quotes:empty.title"), body: t("quotes:empty.body") }}
    >
      {(items) => <QuotesTable items={items} />}
    </ListScreen>
  );
}
