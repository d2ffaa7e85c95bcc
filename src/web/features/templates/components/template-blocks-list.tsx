import { useState } from "react";
import { Link } from "react-router";
import { useMutation, useQuery } from "urql";
import { BLOCK_KINDS, type BlockKind, isOneOf } from "../../../../shared/enums";
import { formatDate } from "../../../../shared/format";
import { Button } from "../../../components/ui/button";
import { DeleteDialog } from "../../../components/ui/delete-dialog";
import { EmptyState } from "../../../components/ui/empty-state";
import { SelectField, TextField } from "../../../components/ui/field";
import { Pagination } from "../../../components/ui/pagination";
import { QueryState } from "../../../components/ui/query-state";
import { toast } from "../../../components/ui/toast";
import { useLocale, useLocalizedHref, useTranslation } from "../../../i18n";
import { linkButton, serverRefusal } from "../../../lib/mutation-errors";
import { useListParams, useStayOnExistingPage } from "../../../lib/use-list-params";
import { useRefusalToast } from "../../../lib/use-refusal-toast";
import { DeleteTemplateBlockMutation, DuplicateTemplateBlockMutation, TemplateBlocksQuery } from "../operations";

const PAGE_SIZE = 20;

/** The text and pricing templates: search, kind filter and pages in the URL; edit, duplicate, delete. */
export function TemplateBlocksList() {
  const { t } = useTranslation();
  const href = useLocalizedHref();
  const locale = useLocale();
  const showRefusal = useRefusalToast();
  const { params, search, page, searchInput, setSearchInput, applySearch, update } = useListParams();
  const kindParam = params.get("kind");
  const kind: BlockKind | null = isOneOf(BLOCK_KINDS, kindParam) ? kindParam : null;
  const [{ data, fetching, error }, refetch] = useQuery({
    query: TemplateBlocksQuery,
    variables: { page, pageSize: PAGE_SIZE, search: search || null, kind },
    requestPolicy: "cache-and-network",
  });
  const [{ fetching: deletingBusy }, deleteTemplate] = useMutation(DeleteTemplateBlockMutation);
  const [{ fetching: duplicating }, duplicateTemplate] = useMutation(DuplicateTemplateBlockMutation);
  const [deleting, setDeleting] = useState<{ id: string; name: string } | null>(null);
  const list = data?.templateBlocks;
  useStayOnExistingPage(list, update);
  const newLinks = (
    <div className="flex flex-wrap gap-2">
      <Link to={href("/app/templates/mutate?kind=TEXT")} className={linkButton.primary} data-testid="new-text-template">
        {t("templates:newText")}
      </Link>
      <Link to={href("/app/templates/mutate?kind=PRICING")} className={linkButton.secondary} data-testid="new-pricing-template">
        {t("templates:newPricing")}
      </Link>
    </div>
  );

  return (
    <div>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="grid flex-1 gap-3 sm:grid-cols-[1fr_12rem]">
          <TextField
            label={t("templates:searchLabel")}
            type="search"
            value={searchInput}
            maxLength={100}
            onChange={(e) => {
              setSearchInput(e.target.value);
              applySearch(e.target.value);
            }}
          />
          <SelectField
            label={t("templates:kindFilter")}
            value={kind ?? ""}
            onChange={(e) => update({ kind: e.target.value || null, page: null })}
            options={[{ value: "", label: t("templates:allKinds") }, ...BLOCK_KINDS.map((k) => ({ value: k, label: t(`editor:kinds.${k}`) }))]}
          />
        </div>
        {newLinks}
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
          search || kind ? (
            <EmptyState title={t("templates:empty.noResults")} />
          ) : (
            <EmptyState title={t("templates:empty.title")} body={t("templates:empty.body")} action={newLinks} />
          )
        ) : null}
        {list && list.items.length > 0 ? (
          <>
            <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white">
              {list.items.map((item) => (
                <li key={item.id} className="flex flex-col gap-2 p-3 sm:flex-row sm:items-center sm:gap-4 sm:p-4" data-testid="template-row">
                  <div className="min-w-0 flex-1">
                    <Link to={href(`/app/templates/mutate/${item.id}`)} className="font-semibold text-slate-900 hover:underline [overflow-wrap:anywhere]">
                      {item.name}
                    </Link>
                    <p className="text-xs text-slate-500">
                      {t(`editor:kinds.${item.__typename === "PricingTemplateBlock" ? "PRICING" : "TEXT"}`)}
                      {item.__typename === "PricingTemplateBlock" ? ` · ${t("editor:pricing.lineCount", { count: item.templateLineItems.length })}` : ""} ·{" "}
                      {t("templates:updated", { date: formatDate(item.updatedAt.slice(0, 10), locale) })}
                    </p>
                  </div>
                  <div className="flex flex-wrap gap-1">
                    <Link
                      to={href(`/app/templates/mutate/${item.id}`)}
                      className="inline-flex items-center rounded-md px-3 py-1.5 text-sm font-semibold text-brand-700 hover:bg-brand-50"
                      aria-label={t("editor:actions.editNamed", { name: item.name })}
                    >
                      {t("editor:actions.edit")}
                    </Link>
                    <Button
                      variant="ghost"
                      className="px-3 py-1.5"
                      disabled={duplicating}
                      aria-label={t("editor:actions.duplicateNamed", { name: item.name })}
                      onClick={async () => {
                        const result = await duplicateTemplate({ id: item.id });
                        if (!showRefusal(result.error)) toast.success(t("editor:duplicated"));
                      }}
                    >
                      {t("editor:actions.duplicate")}
                    </Button>
                    <Button
                      variant="ghost"
                      className="px-3 py-1.5 text-red-700"
                      aria-label={t("editor:actions.deleteNamed", { name: item.name })}
                      onClick={() => setDeleting({ id: item.id, name: item.name })}
                    >
                      {t("editor:actions.delete")}
                    </Button>
                  </div>
                </li>
              ))}
            </ul>
            <Pagination page={list.page} pageSize={list.pageSize} totalCount={list.totalCount} onPage={(p) => update({ page: p > 1 ? String(p) : null })} />
          </>
        ) : null}
      </div>
      <DeleteDialog
        open={deleting !== null}
        title={t("templates:confirmDelete.title", { name: deleting?.name ?? "" })}
        confirmLabel={t("templates:confirmDelete.confirm")}
        cancelLabel={t("editor:cancel")}
        deletedMessage={t("editor:removed")}
        busy={deletingBusy}
        onDelete={() => deleteTemplate({ id: deleting!.id })}
        onClose={() => setDeleting(null)}
      >
        <p>{t("templates:confirmDelete.body")}</p>
      </DeleteDialog>
    </div>
  );
}
