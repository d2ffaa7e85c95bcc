import { useState } from "react";
import { useMutation, useQuery } from "urql";
import { Button } from "../../../components/ui/button";
import { DeleteDialog } from "../../../components/ui/delete-dialog";
import { EmptyState } from "../../../components/ui/empty-state";
import { Pagination } from "../../../components/ui/pagination";
import { QueryState } from "../../../components/ui/query-state";
import type { TemplateSignatureFieldsFragment } from "../../../graphql/generated/graphql";
import { useTranslation } from "../../../i18n";
import { DeleteTemplateSignatureMutation, TemplateSignaturesQuery } from "../operations";
import { SignatureForm } from "./signature-form";

const PAGE_SIZE = 20;

/** The account's signature templates: list (the default marked), add, edit, delete. */
export function SignatureTemplates() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [{ data, fetching, error }, refetch] = useQuery({
    query: TemplateSignaturesQuery,
    variables: { page, pageSize: PAGE_SIZE },
    requestPolicy: "cache-and-network",
  });
  const [{ fetching: deletingBusy }, deleteSignature] = useMutation(DeleteTemplateSignatureMutation);
  const [editing, setEditing] = useState<TemplateSignatureFieldsFragment | "new" | null>(null);
  const [deleting, setDeleting] = useState<{ id: string; name: string } | null>(null);
  const list = data?.templateSignatures;

  if (editing)
    return <SignatureForm key={editing === "new" ? "new" : editing.id} signature={editing === "new" ? null : editing} onDone={() => setEditing(null)} />;
  const add = (
    <Button onClick={() => setEditing("new")} data-testid="new-signature">
      {t("templates:signatures.new")}
    </Button>
  );
  return (
    <div>
      <div className="flex justify-end">{list && list.items.length > 0 ? add : null}</div>
      <div className="mt-4">
        <QueryState fetching={fetching} error={error} hasData={Boolean(data)} onRetry={() => refetch({ requestPolicy: "network-only" })} />
        {list && list.items.length === 0 ? (
          <EmptyState title={t("templates:signatures.empty.title")} body={t("templates:signatures.empty.body")} action={add} />
        ) : null}
        {list && list.items.length > 0 ? (
          <>
            <ul className="grid gap-3 sm:grid-cols-2">
              {list.items.map((s) => (
                <li key={s.id} className="rounded-xl border border-slate-200 bg-white p-4" data-testid="signature-row">
                  <div className="flex items-baseline justify-between gap-2">
                    <p className="font-semibold text-slate-900 [overflow-wrap:anywhere]">{s.name}</p>
                    {s.isDefault ? (
                      <span className="rounded bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-800">{t("templates:signatures.default")}</span>
                    ) : null}
                  </div>
                  <div className="mt-2 flex h-20 items-center rounded-md bg-slate-50 px-3">
                    {s.kind === "DRAWN" ? (
                      <img src={s.signature} alt={t("templates:signatures.imageAlt", { name: s.name })} className="max-h-16" />
                    ) : (
                      <span className="font-serif text-2xl italic text-slate-900 [overflow-wrap:anywhere]">{s.signature}</span>
                    )}
                  </div>
                  <div className="mt-2 flex gap-1">
                    <Button variant="ghost" className="px-3 py-1.5" onClick={() => setEditing(s)} aria-label={t("editor:actions.editNamed", { name: s.name })}>
                      {t("editor:actions.edit")}
                    </Button>
                    <Button
                      variant="ghost"
                      className="px-3 py-1.5 text-red-700"
                      onClick={() => setDeleting({ id: s.id, name: s.name })}
                      aria-label={t("editor:actions.deleteNamed", { name: s.name })}
                    >
                      {t("editor:actions.delete")}
                    </Button>
                  </div>
                </li>
              ))}
            </ul>
            <Pagination page={list.page} pageSize={list.pageSize} totalCount={list.totalCount} onPage={setPage} />
          </>
        ) : null}
      </div>
      <DeleteDialog
        open={deleting !== null}
        title={t("templates:signatures.confirmDelete", { name: deleting?.name ?? "" })}
        confirmLabel={t("editor:actions.delete")}
        cancelLabel={t("editor:cancel")}
        deletedMessage={t("templates:signatures.deleted")}
        busy={deletingBusy}
        onDelete={() => deleteSignature({ id: deleting!.id })}
        onClose={() => setDeleting(null)}
      >
        <p>{t("templates:signatures.confirmDeleteBody")}</p>
      </DeleteDialog>
    </div>
  );
}
