import { useCallback, useMemo, useRef, useState } from "react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { useMutation, useQuery } from "urql";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { QueryState } from "../../../components/ui/query-state";
import { toast } from "../../../components/ui/toast";
import { useLocalizedHref, useTranslation } from "../../../i18n";
import { linkButton } from "../../../lib/mutation-errors";
import { useRefusalToast } from "../../../lib/use-refusal-toast";
import {
  CreateQuoteBlockFromTemplateMutation,
  DuplicateQuoteBlockMutation,
  QuoteEditorQuery,
  SaveQuoteBlockAsTemplateMutation,
  UpdateQuoteBlockPositionsMutation,
} from "../operations";
import { BlockCard, type BlockSummary } from "./block-card";
import { DeleteBlockDialog } from "./delete-block-dialog";
import { SortableBlocks } from "./sortable-blocks";
import { TemplatePicker } from "./template-picker";
import { TotalsSummary } from "./totals-summary";

/**
 * The blocks of a draft quote, in order: reorder (drag or keyboard), add text / pricing / from a
 * template, duplicate, save as template, delete; the quote's totals below. Editing a block opens
 * its own page (/app/quoteblock/mutate/:quoteId/:quoteBlockId).
 */
export function QuoteBlocksEditor({ quoteId }: { quoteId: string }) {
  const { t } = useTranslation();
  const href = useLocalizedHref();
  const showRefusal = useRefusalToast();
  const [{ data, fetching, error }, refetch] = useQuery({ query: QuoteEditorQuery, variables: { id: quoteId }, requestPolicy: "cache-and-network" });
  const [order, setOrder] = useState<string[] | null>(null);
  const [deleting, setDeleting] = useState<{ id: string; name: string } | null>(null);
  const [picking, setPicking] = useState(false);
  const [, updatePositions] = useMutation(UpdateQuoteBlockPositionsMutation);
  const moves = useRef({ count: 0, saving: Promise.resolve() });
  const [{ fetching: duplicating }, duplicateBlock] = useMutation(DuplicateQuoteBlockMutation);
  const [{ fetching: inserting }, createFromTemplate] = useMutation(CreateQuoteBlockFromTemplateMutation);
  const [{ fetching: savingTemplate }, saveAsTemplate] = useMutation(SaveQuoteBlockAsTemplateMutation);

  const quote = data?.quote;
  // The same summary object for a block whose shown values did not change (and so the same memoised
  // card): a drag step, a toast or a refetch after a move (new result objects, same blocks) re-renders
  // this list, not the 200 cards.
  const previous = useRef(new Map<string, BlockSummary>());
  const blocks = useMemo<BlockSummary[]>(() => {
    const next = new Map<string, BlockSummary>();
    const list = (quote?.quoteBlocks ?? []).map((b) => {
      const fresh: BlockSummary = {
        id: b.id,
        name: b.name,
        kind: b.__typename === "PricingQuoteBlock" ? "PRICING" : "TEXT",
        content: b.content,
        lineCount: b.__typename === "PricingQuoteBlock" ? b.quoteLineItems.length : undefined,
        totals: b.__typename === "PricingQuoteBlock" ? b.totals : undefined,
      };
      const old = previous.current.get(b.id);
      const summary = old && sameSummary(old, fresh) ? old : fresh;
      next.set(b.id, summary);
      return summary;
    });
    previous.current = next;
    return list;
  }, [quote?.quoteBlocks]);
  // The cards' actions, stable across renders (they read the latest values through a ref).
  const actions = useRef({ duplicate: (_id: string) => {}, toTemplate: (_id: string) => {}, remove: (_block: BlockSummary) => {} });
  const onDuplicate = useCallback((id: string) => actions.current.duplicate(id), []);
  const onSaveAsTemplate = useCallback((id: string) => actions.current.toTemplate(id), []);
  const onDelete = useCallback((block: BlockSummary) => actions.current.remove(block), []);
  const editable = quote?.status === "DRAFT";
  // Not `moving`: saving a new order disables nothing (moves are saved one after the other), so a
  // drop does not re-render every card and drag handle twice (disabled, then enabled again).
  const busy = duplicating || inserting || savingTemplate;
  const language = quote?.language ?? "";
  const currency = quote?.currency ?? "";
  const renderItem = useCallback(
    (block: BlockSummary, handle: ReactNode) => (
      <BlockCard
        block={block}
        handle={handle}
        language={language}
        currency={currency}
        busy={busy}
        editHref={editable ? href(`/app/quoteblock/mutate/${quoteId}/${block.id}`) : null}
        onDuplicate={editable ? onDuplicate : undefined}
        onSaveAsTemplate={onSaveAsTemplate}
        onDelete={editable ? onDelete : undefined}
      />
    ),
    [language, currency, busy, editable, href, quoteId, onDuplicate, onSaveAsTemplate, onDelete],
  );
  const shownOrder = useMemo(() => {
    if (!order || order.length !== blocks.length) return blocks;
    const byId = new Map(blocks.map((b) => [b.id, b]));
    const ordered = order.map((id) => byId.get(id));
    return ordered.every((b) => b !== undefined) ? (ordered as BlockSummary[]) : blocks;
  }, [order, blocks]);
  // The same element while the totals are the same: React then skips it when the page re-renders
  // (a move, its save and its toast re-render this page).
  const totals = quote?.totals;
  const quoteTotals = useMemo(
    () => (totals ? <TotalsSummary totals={totals} language={language} currency={currency} detailed testId="quote-totals" /> : null),
    [totals, language, currency],
  );
  if (!quote) return <QueryState fetching={fetching} error={error} hasData={false} onRetry={() => refetch({ requestPolicy: "network-only" })} />;
  // While a new order is being saved, show it (and keep it if the server agrees).
  const shown = shownOrder;

  // Each move sends the whole order; moves made while one is being saved wait for it, so the server
  // gets them in the order they were made and the last one wins. The new order is shown meanwhile.
  function reorder(ids: string[]) {
    const move = ++moves.current.count;
    setOrder(ids);
    moves.current.saving = moves.current.saving.then(async () => {
      const result = await updatePositions({ quoteId, ids });
      const last = move === moves.current.count;
      if (last) setOrder(null);
      if (!showRefusal(result.error) && last) toast.success(t("editor:saved"));
    });
  }
  async function duplicate(id: string) {
    const result = await duplicateBlock({ id });
    if (!showRefusal(result.error)) toast.success(t("editor:duplicated"));
  }
  async function insert(templateBlockId: string) {
    const result = await createFromTemplate({ quoteId, templateBlockId });
    setPicking(false);
    if (!showRefusal(result.error)) toast.success(t("editor:inserted"));
  }
  async function toTemplate(id: string) {
    const result = await saveAsTemplate({ id });
    if (!showRefusal(result.error)) toast.success(t("editor:savedAsTemplate"));
  }
  actions.current = {
    duplicate: (id) => void duplicate(id),
    toTemplate: (id) => void toTemplate(id),
    remove: (block) => setDeleting({ id: block.id, name: block.name }),
  };

  return (
    <div className="space-y-4" data-testid="quote-blocks-editor">
      {!editable ? <Alert kind="info">{t("editor:readOnly")}</Alert> : null}
      {shown.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 bg-white px-4 py-8 text-center text-sm text-slate-600">{t("editor:noBlocks")}</p>
      ) : null}
      <SortableBlocks items={shown} disabled={!editable} onReorder={(ids) => reorder(ids)} renderItem={renderItem} />
      {editable ? (
        <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
          <Link to={href(`/app/quoteblock/mutate/${quoteId}?kind=TEXT`)} className={linkButton.secondary} data-testid="add-text-block">
            {t("editor:actions.addText")}
          </Link>
          <Link to={href(`/app/quoteblock/mutate/${quoteId}?kind=PRICING`)} className={linkButton.secondary} data-testid="add-pricing-block">
            {t("editor:actions.addPricing")}
          </Link>
          <Button variant="secondary" onClick={() => setPicking(true)} data-testid="add-from-template">
            {t("editor:actions.addFromTemplate")}
          </Button>
        </div>
      ) : null}
      <section aria-labelledby="quote-totals-title" className="rounded-xl border border-slate-200 bg-white p-4">
        <h3 id="quote-totals-title" className="mb-2 text-base font-semibold text-slate-900">
          {t("editor:totals.quoteTitle")}
        </h3>
        {quoteTotals}
      </section>
      <DeleteBlockDialog target={deleting} onClose={() => setDeleting(null)} />
      <TemplatePicker open={picking} busy={inserting} onPick={(id) => void insert(id)} onClose={() => setPicking(false)} />
    </div>
  );
}

/** Whether a block shows the same as before (its content and totals compared by value). */
function sameSummary(a: BlockSummary, b: BlockSummary): boolean {
  return (
    a.name === b.name &&
    a.kind === b.kind &&
    a.lineCount === b.lineCount &&
    (a.content === b.content || JSON.stringify(a.content) === JSON.stringify(b.content)) &&
    (a.totals === b.totals || JSON.stringify(a.totals) === JSON.stringify(b.totals))
  );
}
