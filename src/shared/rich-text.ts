/**
 * Rich text is stored as the editor's JSON document (TipTap / ProseMirror), never as HTML. This is
 * the ONE allow-list: the server sanitises every document on input with `sanitizeDocument` (the
 * zod schemas in shared/blocks.ts call it), and the read-only renderer
 * (web/features/quote-document/rich-text.tsx) renders only what it lets through. Pure: no DOM.
 *
 * Allowed nodes: doc, paragraph, heading (level 2–3), text, bulletList, orderedList (start),
 * listItem, hardBreak, table, tableRow, tableHeader, tableCell (colspan, rowspan), image (src only
 * an upload of the account itself, `/files/images-<account id hex>/<key>.png|jpg` — see
 * `imageFileArea` — with alt and title). Marks: bold, italic, link (href http:, https:, mailto: only).
 * `sanitizeDocument(doc, { accountId })` refuses images of any other account (the server passes
 * the account; the forms, which do not know it, check the shape only).
 * Anything else — an unknown node or mark, a `javascript:` link, an image elsewhere, HTML
 * (`<script`) in the text, more than 256 KB of JSON, deeper than 32 levels — is REFUSED with a
 * translation key (namespace `blocks`), not silently dropped. Unknown attributes of allowed nodes
 * (TipTap adds `target`, `rel`, `class` to links, for example) are dropped.
 */

import { hasControlCharacters } from "./text";

export const RICH_TEXT_MAX_BYTES = 256 * 1024;
export const RICH_TEXT_MAX_DEPTH = 32;

export type RichMark = { type: "bold" | "italic" } | { type: "link"; attrs: { href: string } };
export type RichNode = {
  type: RichNodeType;
  attrs?: Record<string, string | number | null>;
  content?: RichNode[];
  text?: string;
  marks?: RichMark[];
};
export type RichDocument = RichNode & { type: "doc" };

export const RICH_NODE_TYPES = [
  "doc",
  "paragraph",
  "heading",
  "text",
  "bulletList",
  "orderedList",
  "listItem",
  "hardBreak",
  "table",
  "tableRow",
  "tableHeader",
  "tableCell",
  "image",
] as const;
export type RichNodeType = (typeof RICH_NODE_TYPES)[number];
export const RICH_MARK_TYPES = ["bold", "italic", "link"] as const;

export type SanitizeResult = { ok: true; doc: RichDocument } | { ok: false; error: string };

class Refused extends Error {}

const SAFE_LINK = /^(https?:\/\/|mailto:)[^\s<>"'`]+$/i;
/** An uploaded rich-text image (modules/blocks/images.ts): its area names the account. */
const SAFE_IMAGE = /^\/files\/images-([0-9a-f]{32})\/[A-Za-z0-9_-]{22}\.(png|jpg)$/;

/** The files adapter's area for an account's rich-text images: `images-` + the account id without dashes. */
export function imageFileArea(accountId: string): string {
  return `images-${accountId.replace(/-/g, "").toLowerCase()}`;
}

/** Whether a link target may be rendered: http(s) or mailto, nothing else (no javascript:, data:). */
export function isSafeHref(href: unknown): href is string {
  return typeof href === "string" && SAFE_LINK.test(href.trim()) && !hasControlCharacters(href);
}
/**
 * Whether an image source may be stored and rendered: an image uploaded through the files adapter
 * (never `javascript:`, `data:`, another site or another kind of file) — and, when `accountId` is
 * given, uploaded by that account.
 */
export function isSafeImageSrc(src: unknown, accountId?: string): src is string {
  if (typeof src !== "string") return false;
  const match = SAFE_IMAGE.exec(src);
  if (!match) return false;
  return accountId === undefined || `images-${match[1]}` === imageFileArea(accountId);
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function positiveInt(value: unknown, max: number): number | undefined {
  return typeof value === "number" && Number.isInteger(value) && value >= 1 && value <= max ? value : undefined;
}

function sanitizeMarks(marks: unknown): RichMark[] | undefined {
  if (marks === undefined || marks === null) return undefined;
  if (!Array.isArray(marks)) throw new Refused("blocks:validation.contentInvalid");
  const result: RichMark[] = [];
  for (const mark of marks) {
    if (!isObject(mark) || typeof mark.type !== "string") throw new Refused("blocks:validation.contentInvalid");
    if (mark.type === "bold" || mark.type === "italic") result.push({ type: mark.type });
    else if (mark.type === "link") {
      const href = isObject(mark.attrs) ? mark.attrs.href : undefined;
      if (!isSafeHref(href)) throw new Refused("blocks:validation.contentUnsafeLink");
      result.push({ type: "link", attrs: { href: href.trim() } });
    } else throw new Refused("blocks:validation.contentUnknownNode");
  }
  return result.length ? result : undefined;
}

type SanitizeOptions = { accountId?: string };

function sanitizeAttrs(type: RichNodeType, attrs: unknown, options: SanitizeOptions): Record<string, string | number | null> | undefined {
  const a = isObject(attrs) ? attrs : {};
  switch (type) {
    case "heading": {
      const level = a.level ?? 2;
      if (level !== 2 && level !== 3) throw new Refused("blocks:validation.contentUnknownNode");
      return { level };
    }
    case "orderedList": {
      const start = positiveInt(a.start, 1_000_000);
      return start && start !== 1 ? { start } : undefined;
    }
    case "tableCell":
    case "tableHeader": {
      const colspan = positiveInt(a.colspan, 100) ?? 1;
      const rowspan = positiveInt(a.rowspan, 100) ?? 1;
      return colspan === 1 && rowspan === 1 ? undefined : { colspan, rowspan };
    }
    case "image": {
      if (!isSafeImageSrc(a.src, options.accountId)) throw new Refused("blocks:validation.contentUnsafeImage");
      const alt = typeof a.alt === "string" ? a.alt.slice(0, 500) : null;
      const title = typeof a.title === "string" ? a.title.slice(0, 500) : null;
      return { src: a.src, alt, title };
    }
    default:
      return undefined;
  }
}

function sanitizeNode(node: unknown, depth: number, options: SanitizeOptions): RichNode {
  if (depth > RICH_TEXT_MAX_DEPTH) throw new Refused("blocks:validation.contentTooDeep");
  if (!isObject(node) || typeof node.type !== "string") throw new Refused("blocks:validation.contentInvalid");
  if (!(RICH_NODE_TYPES as readonly string[]).includes(node.type) || (node.type === "doc" && depth > 0)) {
    throw new Refused("blocks:validation.contentUnknownNode");
  }
  const type = node.type as RichNodeType;
  if (type === "text") {
    if (typeof node.text !== "string" || node.text.length === 0) throw new Refused("blocks:validation.contentInvalid");
    if (/<\s*\/?\s*script/i.test(node.text)) throw new Refused("blocks:validation.contentScript");
    const marks = sanitizeMarks(node.marks);
    return marks ? { type, text: node.text, marks } : { type, text: node.text };
  }
  const result: RichNode = { type };
  const attrs = sanitizeAttrs(type, node.attrs, options);
  if (attrs) result.attrs = attrs;
  if (node.content !== undefined && node.content !== null) {
    if (!Array.isArray(node.content)) throw new Refused("blocks:validation.contentInvalid");
    if (type === "hardBreak" || type === "image") throw new Refused("blocks:validation.contentInvalid");
    result.content = node.content.map((child) => sanitizeNode(child, depth + 1, options));
  }
  return result;
}

/** The size of a document as stored (UTF-8 bytes of its JSON). */
export function documentBytes(value: unknown): number {
  const json = JSON.stringify(value) ?? "";
  return new TextEncoder().encode(json).length;
}

/**
 * Checks a document against the allow-list. Returns the cleaned document (unknown attributes
 * dropped) or a translation key saying why it was refused. Accepts a parsed value or a JSON string.
 */
export function sanitizeDocument(input: unknown, options: SanitizeOptions = {}): SanitizeResult {
  let value = input;
  if (typeof value === "string") {
    if (value.length > RICH_TEXT_MAX_BYTES) return { ok: false, error: "blocks:validation.contentTooLarge" };
    try {
      value = JSON.parse(value);
    } catch {
      return { ok: false, error: "blocks:validation.contentInvalid" };
    }
  }
  let bytes: number;
  try {
    bytes = documentBytes(value);
  } catch {
    return { ok: false, error: "blocks:validation.contentInvalid" };
  }
  if (bytes > RICH_TEXT_MAX_BYTES) return { ok: false, error: "blocks:validation.contentTooLarge" };
  if (!isObject(value) || value.type !== "doc") return { ok: false, error: "blocks:validation.contentInvalid" };
  try {
    return { ok: true, doc: sanitizeNode(value, 0, options) as RichDocument };
  } catch (error) {
    if (error instanceof Refused) return { ok: false, error: error.message };
    if (error instanceof RangeError) return { ok: false, error: "blocks:validation.contentTooDeep" };
    throw error;
  }
}

/** The files-adapter keys of a document's images (`images-…/….png`), e.g. to delete them with the account. */
export function documentImageKeys(doc: RichNode | null | undefined): string[] {
  const keys: string[] = [];
  const walk = (node: RichNode, depth: number) => {
    if (depth > RICH_TEXT_MAX_DEPTH) return;
    if (node.type === "image" && isSafeImageSrc(node.attrs?.src)) keys.push(String(node.attrs?.src).slice("/files/".length));
    for (const child of node.content ?? []) walk(child, depth + 1);
  };
  if (doc) walk(doc, 0);
  return keys;
}

/** A paragraph document for plain text (each line a paragraph; empty text → an empty doc). */
export function paragraphDocument(text: string): RichDocument {
  const lines = text.split(/\r?\n/);
  return {
    type: "doc",
    content: lines.map((line) => (line ? { type: "paragraph", content: [{ type: "text", text: line }] } : { type: "paragraph" })),
  };
}

const BLOCK_NODES = new Set<string>(["paragraph", "heading", "listItem", "tableRow", "table", "bulletList", "orderedList"]);

/** The document's text (blocks on their own lines, cells separated by tabs), for e-mails and search. */
export function documentToPlainText(doc: RichNode | null | undefined): string {
  if (!doc) return "";
  const out: string[] = [];
  const walk = (node: RichNode) => {
    if (node.type === "text") out.push(node.text ?? "");
    else if (node.type === "hardBreak") out.push("\n");
    else if (node.type === "image") out.push(typeof node.attrs?.alt === "string" ? node.attrs.alt : "");
    node.content?.forEach((child, index) => {
      if (index > 0 && node.type === "tableRow") out.push("\t");
      walk(child);
    });
    if (BLOCK_NODES.has(node.type)) out.push("\n");
  };
  walk(doc);
  return out
    .join("")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

/** A part of a block's preview: a paragraph (or heading, table row) of text, or a list of item texts. */
export type PreviewPart = { kind: "text"; text: string } | { kind: "list"; ordered: boolean; start: number; items: string[] };

/**
 * The start of a document as a block's preview shows it (issue 28: a list stays a list, not
 * "Design Development Launch" on one line): its top-level paragraphs, headings and table rows as
 * text, its lists as lists of item texts (a nested list's items after their parent's text), up to
 * `maxLines` paragraphs and items in all. `truncated`: there was more.
 */
export function documentPreview(doc: RichNode | null | undefined, maxLines = 4): { parts: PreviewPart[]; truncated: boolean } {
  const parts: PreviewPart[] = [];
  let lines = 0;
  let truncated = false;
  const flat = (node: RichNode) =>
    documentToPlainText({ type: "doc", content: [node] })
      .replace(/\s+/g, " ")
      .trim();
  const add = (part: PreviewPart) => {
    if (lines >= maxLines) {
      truncated = true;
      return;
    }
    if (part.kind === "list") {
      const room = maxLines - lines;
      if (part.items.length > room) truncated = true;
      part.items = part.items.slice(0, room);
      lines += part.items.length;
    } else lines += 1;
    parts.push(part);
  };
  for (const node of doc?.content ?? []) {
    if (node.type === "bulletList" || node.type === "orderedList") {
      const items = (node.content ?? []).map(flat).filter(Boolean);
      if (items.length) add({ kind: "list", ordered: node.type === "orderedList", start: typeof node.attrs?.start === "number" ? node.attrs.start : 1, items });
    } else if (node.type === "table") {
      for (const row of node.content ?? []) {
        const text = (row.content ?? []).map(flat).join("\t").trim();
        if (text) add({ kind: "text", text });
      }
    } else {
      // Line breaks inside a paragraph stay (the preview keeps them with white-space: pre-line).
      const text = documentToPlainText({ type: "doc", content: [node] });
      if (text) add({ kind: "text", text });
    }
  }
  return { parts, truncated };
}
