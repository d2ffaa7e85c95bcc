import { useEffect, useId, useRef, useState } from "react";
import { useQuery } from "urql";
import { BLOCK_KINDS, type BlockKind } from "../../../../shared/enums";
import { Button } from "../../../components/ui/button";
import { SelectField, TextField } from "../../../components/ui/field";
import { QueryState } from "../../../components/ui/query-state";
import { useTranslation } from "../../../i18n";
import { TemplateBlocksQuery } from "../../templates/operations";

/**
 * "Insert from template": a modal list of the account's block templates (search, kind filter);
 * choosing one calls `onPick` (the quote editor appends a copy of it to the quote).
 */
export function TemplatePicker({ open, busy, onPick, onClose }: { open: boolean; busy: boolean; onPick: (templateId: string) => void; onClose: () => void }) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const [search, setSearch] = useState("");
  const [kind, setKind] = useState<"" | BlockKind>("");
  const [{ data, fetching, error }, refetch] = useQuery({
    query: TemplateBlocksQuery,
    variables: { page: 1, pageSize: 50, search: search.trim() || null, kind: kind || null },
    pause: !open,
    requestPolicy: "cache-and-network",
  });
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    else if (!open && dialog.open) dialog.close();
  }, [open]);
  const items = data?.templateBlocks.items ?? [];

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      data-testid="template-picker"
      onCancel={(e) => {
        e.preventDefault();
        if (!busy) onClose();
      }}
      className="m-auto w-[calc(100%-2rem)] max-w-lg rounded-xl border border-slate-200 p-0 shadow-xl backdrop:bg-slate-900/40"
    >
      <div className="p-4 sm:p-6">
        <h2 id={titleId} className="text-lg font-semibold text-slate-900">
          {t("editor:picker.title")}
        </h2>
        <div className="mt-3 grid gap-3 sm:grid-cols-[1fr_10rem]">
          <TextField label={t("editor:picker.search")} type="search" value={search} maxLength={100} onChange={(e) => setSearch(e.target.value)} />
          <SelectField
            label={t("editor:picker.kind")}
            value={kind}
            onChange={(e) => setKind(e.target.value as "" | BlockKind)}
            options={[{ value: "", label: t("editor:picker.allKinds") }, ...BLOCK_KINDS.map((k) => ({ value: k, label: t(`editor:kinds.${k}`) }))]}
          />
        </div>
        <div className="mt-4 max-h-80 overflow-y-auto">
          <QueryState fetching={fetching} error={error} hasData={Boolean(data)} onRetry={() => refetch({ requestPolicy: "network-only" })} />
          {data && items.length === 0 ? (
            <p className="py-6 text-center text-sm text-slate-500">{search ? t("editor:picker.noResults") : t("editor:picker.empty")}</p>
          ) : null}
          <ul className="divide-y divide-slate-100">
            {items.map((item) => (
              <li key={item.id} className="flex items-center justify-between gap-3 py-2" data-testid="template-option">
                <div className="min-w-0">
                  <p className="font-medium text-slate-900 [overflow-wrap:anywhere]">{item.name}</p>
                  <p className="text-xs text-slate-500">{t(`editor:kinds.${item.__typename === "PricingTemplateBlock" ? "PRICING" : "TEXT"}`)}</p>
                </div>
                <Button variant="secondary" disabled={busy} onClick={() => onPick(item.id)} aria-label={t("editor:picker.insertNamed", { name: item.name })}>
                  {t("editor:picker.insert")}
                </Button>
              </li>
            ))}
          </ul>
        </div>
        <div className="mt-4 flex justify-end">
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            {t("editor:cancel")}
          </Button>
        </div>
      </div>
    </dialog>
  );
}
