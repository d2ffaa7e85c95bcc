import { Button } from "./button";

/** Previous / next with "page x of y"; hidden when everything fits on one page. */
export function Pagination({
  page,
  pageSize,
  totalCount,
  onPage,
  labels,
}: {
  page: number;
  pageSize: number;
  totalCount: number;
  onPage: (page: number) => void;
  labels: { previous: string; next: string; status: string; nav: string };
}) {
  const pages = Math.max(1, Math.ceil(totalCount / pageSize));
  if (pages <= 1) return null;
  return (
    <nav aria-label={labels.nav} className="mt-4 flex items-center justify-between gap-2">
      <Button variant="secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {labels.previous}
      </Button>
      <span className="text-sm text-slate-600" aria-live="polite">
        {labels.status}
      </span>
      <Button variant="secondary" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {labels.next}
      </Button>
    </nav>
  );
}
