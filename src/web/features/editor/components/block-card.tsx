import { type ReactNode, memo } from "react";
import { Link } from "react-router";
import { documentPreview, type RichNode } from "../../../../shared/rich-text";
import type { Totals } from "../../../../shared/totals";
import { Button } from "../../../components/ui/button";
import { useTranslation } from "../../../i18n";
import { TotalsSummary } from "./totals-summary";

export type BlockSummary = {
  id: string;
  name: string;
  kind: "TEXT" | "PRICING";
  content: unknown;
  lineCount?: number;
  totals?: Totals;
};

/**
 * The start of a block's text: paragraphs as paragraphs, lists as lists (issue 28: not "Design
 * Development Launch" on one line), four lines at most, an ellipsis when there is more.
 */
function BlockPreview({ content }: { content: RichNode | null }) {
  const { parts, truncated } = documentPreview(content);
  if (parts.length === 0) return null;
  const last = parts.length - 1;
  const more = (index: number) => (truncated && index === last ? " …" : "");
  return (
    <div className="mt-1 space-y-1 text-sm text-slate-600 [overflow-wrap:anywhere]" data-testid="block-preview">
      {parts.map((part, index) =>
        part.kind === "text" ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one document, in order
          <p key={index} className="line-clamp-2 whitespace-pre-line">
            {part.text}
            {more(index)}
          </p>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one document, in order
          <List key={index} ordered={part.ordered} start={part.start}>
            {part.items.map((item, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the items of one list, in order
              <li key={i}>
                <span className="line-clamp-1">
                  {item}
                  {i === part.items.length - 1 ? more(index) : ""}
                </span>
              </li>
            ))}
          </List>
        ),
      )}
    </div>
  );
}

function List({ ordered, start, children }: { ordered: boolean; start: number; children: ReactNode }) {
  return ordered ? (
    <ol start={start} className="list-decimal space-y-0.5 pl-5">
      {children}
    </ol>
  ) : (
    <ul className="list-disc space-y-0.5 pl-5">{children}</ul>
  );
}

/**
 * One block in the quote's list: its drag handle, what it holds, and its actions. Memoised (the
 * actions take the block, so the parent passes the same callbacks to every card).
 */
export const BlockCard = memo(function BlockCard({
  block,
  handle,
  editHref,
  language,
  currency,
  busy,
  onDuplicate,
  onSaveAsTemplate,
  onDelete,
}: {
  block: BlockSummary;
  handle: ReactNode;
  editHref: string | null;
  language: string;
  currency: string;
  busy: boolean;
  onDuplicate?: (id: string) => void;
  onSaveAsTemplate?: (id: string) => void;
  onDelete?: (block: BlockSummary) => void;
}) {
  const { t } = useTranslation();
  return (
    <article className="flex gap-2 rounded-xl border border-slate-200 bg-white p-3 sm:p-4" aria-label={block.name}>
      {handle}
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-baseline gap-x-2">
          <h3 className="min-w-0 font-semibold text-slate-900 [overflow-wrap:anywhere]" data-testid="block-name">
            {block.name}
          </h3>
          <span className="text-xs font-medium uppercase tracking-wide text-slate-500">{t(`editor:kinds.${block.kind}`)}</span>
        </div>
        <BlockPreview content={block.content as RichNode | null} />
        {block.kind === "PRICING" && block.totals ? (
          <div className="mt-2">
            <p className="text-xs text-slate-500">{t("editor:pricing.lineCount", { count: block.lineCount ?? 0 })}</p>
            <TotalsSummary totals={block.totals} language={language} currency={currency} testId="block-card-totals" />
          </div>
        ) : null}
        <div className="mt-3 flex flex-wrap gap-1">
          {editHref ? (
            <Link
              to={editHref}
              className="inline-flex items-center rounded-md px-3 py-1.5 text-sm font-semibold text-brand-700 hover:bg-brand-50"
              aria-label={t("editor:actions.editNamed", { name: block.name })}
            >
              {t("editor:actions.edit")}
            </Link>
          ) : null}
          {onDuplicate ? (
            <Button
              variant="ghost"
              className="px-3 py-1.5"
              disabled={busy}
              onClick={() => onDuplicate(block.id)}
              aria-label={t("editor:actions.duplicateNamed", { name: block.name })}
            >
              {t("editor:actions.duplicate")}
            </Button>
          ) : null}
          {onSaveAsTemplate ? (
            <Button
              variant="ghost"
              className="px-3 py-1.5"
              disabled={busy}
              onClick={() => onSaveAsTemplate(block.id)}
              aria-label={t("editor:actions.saveAsTemplateNamed", { name: block.name })}
            >
              {t("editor:actions.saveAsTemplate")}
            </Button>
          ) : null}
          {onDelete ? (
            <Button
              variant="ghost"
              className="px-3 py-1.5 text-red-700"
              disabled={busy}
              onClick={() => onDelete(block)}
              aria-label={t("editor:actions.deleteNamed", { name: block.name })}
            >
              {t("editor:actions.delete")}
            </Button>
          ) : null}
        </div>
      </div>
    </article>
  );
});
