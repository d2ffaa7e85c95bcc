import { useCallback, useEffect, useMemo, useState } from "react";
import { useSearchParams } from "react-router";

/** Calls `fn` with the latest value once it has not changed for `ms` (for search boxes). */
export function debounce<A extends unknown[]>(fn: (...args: A) => void, ms: number) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return (...args: A) => {
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => fn(...args), ms);
  };
}

/**
 * The state of a paginated, searchable list kept in the URL (?q=…&page=…&<filters>), so that a
 * list can be linked, reloaded and navigated back to. The search box updates the URL 300 ms after
 * the last keystroke and goes back to page 1.
 */
export function useListParams() {
  const [params, setParams] = useSearchParams();
  const search = params.get("q") ?? "";
  const page = Math.max(1, Number(params.get("page")) || 1);
  /** The cursor of a page reached by "next" or "previous" (lists paged by keyset, decision 062). */
  const after = params.get("after");
  const before = after ? null : params.get("before");
  const [searchInput, setSearchInput] = useState(search);

  const update = useCallback(
    (changes: Record<string, string | null>) =>
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          // A cursor belongs to the page it was read on: any other change of page (a search, a
          // filter, a sort go back to page 1) drops it.
          if ("page" in changes) {
            next.delete("after");
            next.delete("before");
          }
          for (const [key, value] of Object.entries(changes)) {
            if (value) next.set(key, value);
            else next.delete(key);
          }
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  const applySearch = useMemo(() => debounce((value: string) => update({ q: value.trim() || null, page: null }), 300), [update]);
  useEffect(() => setSearchInput(search), [search]);

  return { params, search, page, after, before, searchInput, setSearchInput, applySearch, update };
}

/** After deleting the last row of a later page, show the page before it. */
export function useStayOnExistingPage(list: { items: unknown[]; page: number } | undefined, update: (changes: Record<string, string | null>) => void) {
  useEffect(() => {
    if (list && list.items.length === 0 && list.page > 1) update({ page: list.page - 1 > 1 ? String(list.page - 1) : null });
  }, [list, update]);
}
