import { useTranslation } from "react-i18next";
import { Button } from "./button";

/** Previous / next with "page x of y"; hidden when everything fits on one page. */
export function Pagination({ page, pageSize, totalCount, onPage }: { page: number; pageSize: number; totalCount: number; onPage: (page: number) => void }) {
  const { t } = useTranslation();
  const pages = Math.max(1, Math.ceil(totalCount / pageSize));
  if (pages <= 1) return null;
  return (
    <nav aria-label={t("pagination.nav")} className="mt-4 flex items-center justify-between gap-2">
      <Button variant="secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t("pagination.previous")}
      </Button>
      <span className="text-sm text-slate-600" aria-live="polite">
        {t("pagination.status", { page, pages })}
      </span>
      <Button variant="secondary" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {t("pagination.next")}
      </Button>
    </nav>
  );
}
