import { Suspense, lazy, memo } from "react";
import { useTranslation } from "../../../i18n";
import type { RichTextEditorProps } from "./rich-text-editor";

/**
 * The rich-text editor, downloaded only when a form that edits text is shown (TipTap and
 * ProseMirror are ~100 KB gzipped): the public quote, marketing pages and lists never load it.
 */
const RichTextEditor = lazy(() => import("./rich-text-editor"));

/** Memoised: a form's re-render (e.g. when it becomes dirty) does not re-render the editor. */
export const LazyRichTextEditor = memo(function LazyRichTextEditor(props: RichTextEditorProps) {
  const { t } = useTranslation();
  return (
    <Suspense
      fallback={
        <div>
          <span className="block text-sm font-medium text-slate-900">{props.label}</span>
          <p className="mt-1 min-h-32 rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-500" role="status">
            {t("editor:richText.loading")}
          </p>
        </div>
      }
    >
      <RichTextEditor {...props} />
    </Suspense>
  );
});
