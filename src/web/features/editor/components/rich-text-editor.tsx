import Image from "@tiptap/extension-image";
import { TableKit } from "@tiptap/extension-table";
import { EditorContent, type JSONContent, useEditor, useEditorState } from "@tiptap/react";
import StarterKit from "@tiptap/starter-kit";
import { type ChangeEvent, useId, useRef, useState } from "react";
import { useMutation } from "urql";
import { RICH_TEXT_IMAGE } from "../../../../shared/blocks";
import { useTranslation } from "../../../i18n";
import { serverRefusal } from "../../../lib/mutation-errors";
import { UploadRichTextImageMutation } from "../operations";

/**
 * The rich-text editor (TipTap 3): only what the server's allow-list keeps (shared/rich-text.ts):
 * headings 2–3, bold, italic, bullet and numbered lists, links (http, https, mailto), tables and
 * images — uploaded through `uploadRichTextImage` (button, paste or drop; the server re-encodes
 * them and the allow-list keeps only this account's uploads).
 * Loaded on demand (`lazy-rich-text-editor.tsx`): pages that do not edit never download it.
 * The value is the editor's JSON document, never HTML.
 */
export type RichTextEditorProps = {
  label: string;
  value: JSONContent | null | undefined;
  onChange: (value: JSONContent) => void;
  disabled?: boolean;
  /** Id of the element describing an error of this field. */
  describedBy?: string;
};

const LINK_PROTOCOLS = ["http", "https", "mailto"];
const IMAGE_TYPES: readonly string[] = RICH_TEXT_IMAGE.types;

/** The image files among pasted or dropped files. */
function imageFiles(list: FileList | null | undefined): File[] {
  return Array.from(list ?? []).filter((file) => IMAGE_TYPES.includes(file.type));
}

/** Preflight resets headings, lists and tables: give the editable content a readable shape. */
const CONTENT_STYLES =
  "[&_h2]:mt-3 [&_h2]:text-lg [&_h2]:font-semibold [&_h3]:mt-2 [&_h3]:font-semibold [&_p]:my-1 [&_ul]:list-disc [&_ul]:pl-5 [&_ol]:list-decimal [&_ol]:pl-5 [&_a]:text-brand-700 [&_a]:underline [&_table]:my-2 [&_table]:w-full [&_table]:border-collapse [&_td]:border [&_td]:border-slate-300 [&_td]:p-1 [&_th]:border [&_th]:border-slate-300 [&_th]:bg-slate-50 [&_th]:p-1 [&_th]:text-left [&_.selectedCell]:bg-brand-50 [&_img]:my-2 [&_img]:max-w-full [&_img]:rounded [&_img.ProseMirror-selectednode]:ring-2 [&_img.ProseMirror-selectednode]:ring-brand-500";

/** Whether a link target may be stored: http(s) and mailto only (no javascript:, data:, …). */
export function isAllowedLink(href: string): boolean {
  try {
    const url = new URL(href);
    return LINK_PROTOCOLS.includes(url.protocol.replace(/:$/, ""));
  } catch {
    return false;
  }
}

export default function RichTextEditor({ label, value, onChange, disabled = false, describedBy }: RichTextEditorProps) {
  const { t } = useTranslation();
  const labelId = useId();
  const [, uploadImage] = useMutation(UploadRichTextImageMutation);
  const [imageStatus, setImageStatus] = useState<{ busy: boolean; message: string; error: boolean }>({ busy: false, message: "", error: false });
  /** Uploads images and inserts them (at `pos`, or at the cursor); the latest function, for ProseMirror's handlers. */
  const insertImages = useRef<(files: File[], pos?: number) => Promise<void>>(async () => undefined);
  insertImages.current = async (files, pos) => {
    if (!editor || files.length === 0) return;
    setImageStatus({ busy: true, message: t("editor:richText.imageUploading"), error: false });
    for (const file of files) {
      const result = await uploadImage({ file });
      const src = result.data?.uploadRichTextImage.src;
      if (!src) {
        setImageStatus({ busy: false, message: serverRefusal(result.error, t("editor:richText.imageFailed")).message, error: true });
        return;
      }
      // Added at the drop point, or after the selection (a selected image stays; it is not replaced).
      editor
        .chain()
        .focus()
        .insertContentAt(pos ?? editor.state.selection.to, { type: "image", attrs: { src, alt: "" } })
        .run();
    }
    setImageStatus({ busy: false, message: t("editor:richText.imageInserted"), error: false });
  };
  const editor = useEditor({
    immediatelyRender: false,
    editable: !disabled,
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3] },
        blockquote: false,
        code: false,
        codeBlock: false,
        horizontalRule: false,
        strike: false,
        underline: false,
        link: {
          openOnClick: false,
          autolink: true,
          defaultProtocol: "https",
          protocols: LINK_PROTOCOLS,
          isAllowedUri: (url) => isAllowedLink(url),
        },
      }),
      TableKit.configure({ table: { resizable: false } }),
      Image.configure({ inline: false, allowBase64: false }),
    ],
    content: value ?? undefined,
    editorProps: {
      attributes: {
        role: "textbox",
        "aria-multiline": "true",
        "aria-labelledby": labelId,
        ...(describedBy ? { "aria-describedby": describedBy } : {}),
        class: `min-h-32 px-3 py-2 text-sm focus:outline-none ${CONTENT_STYLES}`,
        "data-testid": "rich-text-input",
      },
      // Pasted or dropped image files are uploaded, never inlined (the allow-list refuses data: URLs).
      handlePaste: (_view, event) => {
        const files = imageFiles(event.clipboardData?.files);
        if (files.length === 0) return false;
        event.preventDefault();
        void insertImages.current(files);
        return true;
      },
      handleDrop: (view, event, _slice, moved) => {
        const files = moved ? [] : imageFiles(event.dataTransfer?.files);
        if (files.length === 0) return false;
        event.preventDefault();
        void insertImages.current(files, view.posAtCoords({ left: event.clientX, top: event.clientY })?.pos);
        return true;
      },
    },
    onUpdate: ({ editor }) => onChange(editor.getJSON()),
  });

  return (
    <div>
      <span id={labelId} className="block text-sm font-medium text-slate-900">
        {label}
      </span>
      {/* Focused text: the same 2 px outline as every other field (app.css :focus-visible), on the whole editor. */}
      <div className="mt-1 rounded-md border border-slate-300 bg-white shadow-sm has-[.ProseMirror-focused]:border-brand-500 has-[.ProseMirror-focused]:outline-2 has-[.ProseMirror-focused]:outline-offset-2 has-[.ProseMirror-focused]:outline-brand-500">
        {editor && !disabled ? <Toolbar editor={editor} onImages={(files) => void insertImages.current(files)} imageBusy={imageStatus.busy} /> : null}
        {editor ? (
          <EditorContent editor={editor} />
        ) : (
          <p className="min-h-32 px-3 py-2 text-sm text-slate-500" role="status">
            {t("editor:richText.loading")}
          </p>
        )}
      </div>
      <p
        role="status"
        className={`mt-1 min-h-5 text-xs ${imageStatus.error ? "font-medium text-red-700" : "text-slate-500"}`}
        data-testid="rich-text-image-status"
      >
        {imageStatus.message}
      </p>
    </div>
  );
}

type Editor = NonNullable<ReturnType<typeof useEditor>>;

function Toolbar({ editor, onImages, imageBusy }: { editor: Editor; onImages: (files: File[]) => void; imageBusy: boolean }) {
  const { t } = useTranslation();
  const fileInput = useRef<HTMLInputElement>(null);
  const [altText, setAltText] = useState<string | null>(null);
  const [linking, setLinking] = useState<string | null>(null);
  const [linkError, setLinkError] = useState(false);
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      h2: e.isActive("heading", { level: 2 }),
      h3: e.isActive("heading", { level: 3 }),
      bold: e.isActive("bold"),
      italic: e.isActive("italic"),
      bulletList: e.isActive("bulletList"),
      orderedList: e.isActive("orderedList"),
      link: e.isActive("link"),
      table: e.isActive("table"),
      image: e.isActive("image"),
    }),
  });
  const pickImages = (event: ChangeEvent<HTMLInputElement>) => {
    onImages(Array.from(event.target.files ?? []));
    event.target.value = "";
  };
  const applyAltText = (event: { preventDefault: () => void }) => {
    event.preventDefault();
    chain()
      .updateAttributes("image", { alt: (altText ?? "").trim() })
      .run();
    setAltText(null);
  };
  /**
   * Commands run on the focused editor. TipTap's `focus()` gives the focus back in a later frame
   * (requestAnimationFrame) when the editor does not have it: a key typed in between went to the
   * toolbar button and was lost ("three" became "hree" at 35 ms a key). So the buttons never take
   * the focus from the editor on a click (mousedown prevented), and when reached by keyboard the
   * editor is focused at once, before the command runs.
   */
  const chain = () => {
    if (!editor.view.hasFocus()) editor.view.focus();
    return editor.chain().focus();
  };
  const keepEditorFocus = (event: { preventDefault: () => void }) => event.preventDefault();
  const button = (key: string, label: string, active: boolean, run: () => void) => (
    <button
      key={key}
      type="button"
      aria-pressed={active}
      onMouseDown={keepEditorFocus}
      onClick={run}
      className={`rounded px-2 py-1 text-xs font-semibold ${active ? "bg-brand-100 text-brand-800" : "text-slate-700 hover:bg-slate-100"}`}
    >
      {label}
    </button>
  );
  const applyLink = (event: { preventDefault: () => void }) => {
    event.preventDefault();
    const href = (linking ?? "").trim();
    if (href === "") {
      chain().extendMarkRange("link").unsetLink().run();
      setLinking(null);
      return;
    }
    const full = /^[a-z][a-z0-9+.-]*:/i.test(href) ? href : `https://${href}`;
    if (!isAllowedLink(full)) {
      setLinkError(true);
      return;
    }
    chain().extendMarkRange("link").setLink({ href: full }).run();
    setLinking(null);
    setLinkError(false);
  };

  return (
    <div className="border-b border-slate-200 px-1 py-1">
      <div role="toolbar" aria-label={t("editor:richText.toolbar")} className="flex flex-wrap gap-1">
        {button("h2", t("editor:richText.heading2"), state.h2, () => chain().toggleHeading({ level: 2 }).run())}
        {button("h3", t("editor:richText.heading3"), state.h3, () => chain().toggleHeading({ level: 3 }).run())}
        {button("bold", t("editor:richText.bold"), state.bold, () => chain().toggleBold().run())}
        {button("italic", t("editor:richText.italic"), state.italic, () => chain().toggleItalic().run())}
        {button("ul", t("editor:richText.bulletList"), state.bulletList, () => chain().toggleBulletList().run())}
        {button("ol", t("editor:richText.orderedList"), state.orderedList, () => chain().toggleOrderedList().run())}
        {button("link", t("editor:richText.link"), state.link, () => setLinking(editor.getAttributes("link").href ?? ""))}
        {state.table
          ? [
              button("row", t("editor:richText.addRow"), false, () => chain().addRowAfter().run()),
              button("col", t("editor:richText.addColumn"), false, () => chain().addColumnAfter().run()),
              button("delRow", t("editor:richText.deleteRow"), false, () => chain().deleteRow().run()),
              button("delCol", t("editor:richText.deleteColumn"), false, () => chain().deleteColumn().run()),
              button("delTable", t("editor:richText.deleteTable"), false, () => chain().deleteTable().run()),
            ]
          : button("table", t("editor:richText.table"), false, () => chain().insertTable({ rows: 3, cols: 3, withHeaderRow: true }).run())}
        <button
          type="button"
          onClick={() => fileInput.current?.click()}
          disabled={imageBusy}
          className="rounded px-2 py-1 text-xs font-semibold text-slate-700 hover:bg-slate-100 disabled:opacity-50"
          data-testid="rich-text-image-button"
        >
          {t("editor:richText.image")}
        </button>
        {state.image ? button("alt", t("editor:richText.altText"), false, () => setAltText(String(editor.getAttributes("image").alt ?? ""))) : null}
        <input
          ref={fileInput}
          type="file"
          accept={IMAGE_TYPES.join(",")}
          multiple
          className="sr-only"
          tabIndex={-1}
          aria-hidden="true"
          onChange={pickImages}
          data-testid="rich-text-image-input"
        />
      </div>
      {altText !== null ? (
        // Not a <form>: this toolbar sits inside the block's form, and forms cannot nest.
        <div className="mt-1 flex flex-wrap items-center gap-2 px-1 pb-1" data-testid="rich-text-alt">
          <label className="w-full text-xs text-slate-700" htmlFor="rich-text-alt">
            {t("editor:richText.altTextLabel")}
          </label>
          <input
            id="rich-text-alt"
            type="text"
            value={altText}
            maxLength={500}
            onChange={(e) => setAltText(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === "Enter") applyAltText(e);
              if (e.key === "Escape") setAltText(null);
            }}
            className="min-w-0 flex-1 rounded border border-slate-300 px-2 py-1 text-sm"
            // biome-ignore lint/a11y/noAutofocus: the field was opened by the Alt text button just now
            autoFocus
          />
          <button type="button" onClick={applyAltText} className="rounded bg-brand-600 px-2 py-1 text-xs font-semibold text-white">
            {t("editor:richText.applyAltText")}
          </button>
          <button type="button" className="rounded px-2 py-1 text-xs font-semibold text-slate-700 hover:bg-slate-100" onClick={() => setAltText(null)}>
            {t("editor:cancel")}
          </button>
        </div>
      ) : null}
      {linking !== null ? (
        // Not a <form>: this toolbar sits inside the block's form, and forms cannot nest (a nested
        // form's submit reached the block's form and reloaded the page).
        <div className="mt-1 flex flex-wrap items-center gap-2 px-1 pb-1">
          <label className="sr-only" htmlFor="rich-text-link">
            {t("editor:richText.linkLabel")}
          </label>
          <input
            id="rich-text-link"
            type="text"
            inputMode="url"
            value={linking}
            aria-invalid={linkError || undefined}
            aria-describedby={linkError ? "rich-text-link-error" : undefined}
            placeholder="https://…"
            onChange={(e) => {
              setLinking(e.target.value);
              setLinkError(false);
            }}
            onKeyDown={(e) => {
              if (e.key === "Enter") applyLink(e);
              if (e.key === "Escape") setLinking(null);
            }}
            className="min-w-0 flex-1 rounded border border-slate-300 px-2 py-1 text-sm"
            // biome-ignore lint/a11y/noAutofocus: the field was opened by the Link button just now
            autoFocus
          />
          <button type="button" onClick={applyLink} className="rounded bg-brand-600 px-2 py-1 text-xs font-semibold text-white">
            {t("editor:richText.applyLink")}
          </button>
          <button type="button" className="rounded px-2 py-1 text-xs font-semibold text-slate-700 hover:bg-slate-100" onClick={() => setLinking(null)}>
            {t("editor:cancel")}
          </button>
          {linkError ? (
            <p id="rich-text-link-error" className="w-full text-xs font-medium text-red-700">
              {t("editor:richText.linkInvalid")}
            </p>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
