import type { ReactNode } from "react";
import type { CombinedError } from "urql";
import { useTranslation } from "../../i18n";
import { serverRefusal } from "../../lib/mutation-errors";
import type { useListParams } from "../../lib/use-list-params";
import { EmptyState } from "./empty-state";
import { SelectField, TextField } from "./field";
import { Pagination } from "./pagination";
import { QueryState } from "./query-state";

/** A page; a list paged by keyset (quotes, customers: decision 062) also gives its cursors. */
type ListPage<T> = {
  items: T[];
  page: number;
  pageSize: number;
  totalCount: number;
  startCursor?: string | null;
  endCursor?: string | null;
  hasPreviousPage?: boolean;
  hasNextPage?: boolean;
};

export type ListScreenProps<T> = {
  title: string;
  /** The "new …" link; rendered in the header (with a test id) and in the empty state. */
  newAction: (testId?: string) => ReactNode;
  newActionTestId: string;
  /** The search box, bound to the URL through useListParams. */
  listParams: Pick<ReturnType<typeof useListParams>, "searchInput" | "setSearchInput" | "applySearch" | "update">;
  searchLabel: string;
  searchPlaceholder: string;
  /** One select beside the search box (sort or filter). */
  select: { label: string; value: string; onChange: (value: string) => void; options: { value: string; label: string }[] };
  query: { fetching: boolean; error?: CombinedError; hasData: boolean; refetch: () => void };
  list: ListPage<T> | undefined;
  /** True when a search or filter is applied: an empty list then means "no results", not "nothing yet". */
  narrowed: boolean;
  noResults: string;
  empty: { title: string; body: string };
  /** The table (or cards) for a non-empty page. */
  children: (items: T[]) => ReactNode;
};

/**
 * The shape every paginated list screen shares (customers, quotes, templates…): a title with the
 * "new" action, a search box and one select, loading/error state, empty and no-results states,
 * the items and the pages. Search, select and page live in the URL (useListParams).
 */
export function ListScreen<T>(props: ListScreenProps<T>) {
  const { t } = useTranslation();
  const { list, listParams, query } = props;
  return (
    <section className="mx-auto max-w-6xl px-4 py-8">
      <title>{`${props.title} · Offerly`}</title>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold tracking-tight">{props.title}</h1>
        {props.newAction(props.newActionTestId)}
      </div>
      <div className="mt-6 grid gap-3 sm:grid-cols-[1fr_14rem]">
        <TextField
          label={props.searchLabel}
          type="search"
          placeholder={props.searchPlaceholder}
          value={listParams.searchInput}
          maxLength={100}
          onChange={(e) => {
            listParams.setSearchInput(e.target.value);
            listParams.applySearch(e.target.value);
          }}
        />
        <SelectField
          label={props.select.label}
          value={props.select.value}
          onChange={(e) => props.select.onChange(e.target.value)}
          options={props.select.options}
        />
      </div>
      <div className="mt-6">
        <QueryState
          fetching={query.fetching}
          error={query.error}
          hasData={query.hasData}
          onRetry={query.refetch}
          errorMessage={serverRefusal(query.error, t("errors.generic")).message}
        />
        {list && list.items.length === 0 ? (
          props.narrowed ? (
            <EmptyState title={props.noResults} />
          ) : (
            <EmptyState title={props.empty.title} body={props.empty.body} action={props.newAction()} />
          )
        ) : null}
        {list && list.items.length > 0 ? (
          <>
            {props.children(list.items)}
            <Pagination
              page={list.page}
              pageSize={list.pageSize}
              totalCount={list.totalCount}
              hasPreviousPage={list.hasPreviousPage}
              hasNextPage={list.hasNextPage}
              // With cursors, "next" and "previous" continue from the rows shown (stable while quotes
              // are added); page 1 is the list's start. The page number stays in the URL.
              onPage={(p, direction) =>
                listParams.update({
                  page: p > 1 ? String(p) : null,
                  after: p > 1 && direction === "next" ? (list.endCursor ?? null) : null,
                  before: p > 1 && direction === "previous" ? (list.startCursor ?? null) : null,
                })
              }
            />
          </>
        ) : null}
      </div>
    </section>
  );
}
