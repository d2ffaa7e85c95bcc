import { useTranslation } from "react-i18next";
import { Button } from "./button";

/**
 * Previous / next with "page x of y"; hidden when everything fits on one page. A list paged by
 * keyset (decision 062) passes `hasPreviousPage`/`hasNextPage`: they decide the buttons (a row may
 * have been added before the page), and `onPage` says which way so that the list can send its cursor.
 */
export function Pagination({
  page,
  pageSize,
  totalCount,
  onPage,
  hasPreviousPage,
  hasNextPage,
}: {
  page: number;
  pageSize: number;
  totalCount: number;
  onPage: (page: number, direction: "previous" | "next") => void;
  hasPreviousPage?: boolean;
  hasNextPage?: boolean;
}) {
  const { t } = useTranslation();
  const pages = Math.max(1, Math.ceil(totalCount / pageSize), page);
  const canPrevious = hasPreviousPage ?? page > 1;
  const canNext = hasNextPage ?? page < pages;
  if (pages <= 1 && !canPrevious && !canNext) return null;
  return (
    <nav aria-label={t("pagination.nav")} className="mt-4 flex items-center justify-between gap-2">
      <Button variant="secondary" disabled={!canPrevious} onClick={() => onPage(Math.max(1, page - 1), "previous")}>
        {t("pagination.previous")}
      </Button>
      <span className="text-sm text-slate-600" aria-live="polite">
        {t("pagination.status", { page, pages })}
      </span>
      <Button variant="secondary" disabled={!canNext} onClick={() => onPage(page + 1, "next")}>
        {t("pagination.next")}
      </Button>
    </nav>
  );
}
