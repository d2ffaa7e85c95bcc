import { Image, Link, Text, View } from "@react-pdf/renderer";
import type { Style } from "@react-pdf/types";
import type { ReactNode } from "react";
import { RICH_TEXT_MAX_DEPTH, type RichDocument, type RichNode, isSafeHref, isSafeImageSrc, sanitizeDocument } from "../../shared/rich-text";

/** Bytes of an image a block's rich text shows (by its `/files/…` src). */
export type PdfImage = { bytes: Uint8Array; contentType: string };

export type RichTextPdfOptions = {
  linkColor: string;
  /** Images by src; a missing one (or one that is not PNG or JPEG) prints its alt text. */
  images?: Record<string, PdfImage>;
  imageLabel: (alt: string) => string;
};

/**
 * Read-only rich text in a PDF: a document (shared/rich-text.ts) as @react-pdf elements, through
 * the ONE allow-list: the document is checked with `sanitizeDocument` first (a refused document
 * renders nothing), and the renderer knows only the allowed nodes and marks. Links are http(s) or
 * mailto only; images only uploads under /files/ whose bytes the caller supplied. Never HTML.
 */
export function RichTextPdf({ doc, options }: { doc: RichDocument | null | undefined; options: RichTextPdfOptions }) {
  if (!doc) return null;
  const result = sanitizeDocument(doc);
  if (!result.ok || !result.doc.content?.length) return null;
  return <View style={{ marginTop: 4 }}>{blocks(result.doc, 0, options)}</View>;
}

/** The `/files/…` sources of a document's images (what the caller should load for `images`). */
export function richTextImageSources(doc: RichNode | null | undefined): string[] {
  const out = new Set<string>();
  const walk = (node: RichNode, depth: number) => {
    if (depth > RICH_TEXT_MAX_DEPTH) return;
    if (node.type === "image" && isSafeImageSrc(node.attrs?.src)) out.add(node.attrs.src);
    for (const child of node.content ?? []) walk(child, depth + 1);
  };
  if (doc) walk(doc, 0);
  return [...out];
}

const paragraph: Style = { marginBottom: 5 };

function blocks(node: RichNode, depth: number, o: RichTextPdfOptions, tight = false): ReactNode[] {
  return (node.content ?? []).map((child, index) => block(child, depth + 1, index, o, tight));
}

function inlines(node: RichNode, depth: number, o: RichTextPdfOptions): ReactNode[] {
  return (node.content ?? []).map((child, index) => inline(child, depth + 1, index, o));
}

function textOf(node: RichNode, key: number, o: RichTextPdfOptions): ReactNode {
  const style: Style = {};
  let href: string | null = null;
  for (const mark of node.marks ?? []) {
    if (mark.type === "bold") style.fontWeight = 700;
    else if (mark.type === "italic") style.fontStyle = "italic";
    else if (mark.type === "link" && isSafeHref(mark.attrs?.href)) href = mark.attrs.href;
  }
  const text = node.text ?? "";
  // A run without marks is the paragraph's own text: no node of its own (fewer nodes for the
  // paginator to lay out again at every page break, decision 097).
  if (!href && style.fontWeight === undefined && style.fontStyle === undefined) return text;
  if (href) {
    return (
      <Link key={key} src={href} style={{ ...style, color: o.linkColor, textDecoration: "underline" }}>
        {text}
      </Link>
    );
  }
  return (
    <Text key={key} style={style}>
      {text}
    </Text>
  );
}

function inline(node: RichNode, depth: number, key: number, o: RichTextPdfOptions): ReactNode {
  if (depth > RICH_TEXT_MAX_DEPTH) return null;
  switch (node.type) {
    case "text":
      return textOf(node, key, o);
    case "hardBreak":
      return <Text key={key}>{"\n"}</Text>;
    case "image":
      return <Text key={key}>{altText(node, o)}</Text>;
    default:
      // Block content inside a line (not produced by the editor): its text, nothing else.
      return <Text key={key}>{inlines(node, depth, o)}</Text>;
  }
}

function altText(node: RichNode, o: RichTextPdfOptions): string {
  const alt = typeof node.attrs?.alt === "string" && node.attrs.alt ? node.attrs.alt : typeof node.attrs?.title === "string" ? node.attrs.title : "";
  return alt ? `[${o.imageLabel(alt)}]` : "";
}

function imageFormat(contentType: string): "png" | "jpg" | null {
  if (contentType === "image/png") return "png";
  if (contentType === "image/jpeg" || contentType === "image/jpg") return "jpg";
  return null;
}

function span(node: RichNode, name: "colspan" | "rowspan"): number {
  const value = node.attrs?.[name];
  return typeof value === "number" && value > 1 ? value : 1;
}

/** A list item of one paragraph (most are): drawn as one text beside its bullet, without a box around it. */
function singleParagraph(item: RichNode): item is RichNode & { content: [RichNode] } {
  return item.type === "listItem" && item.content?.length === 1 && item.content[0].type === "paragraph";
}

/** `tight`: inside a list item or a table cell (no space after its paragraphs). */
function block(node: RichNode, depth: number, key: number, o: RichTextPdfOptions, tight = false): ReactNode {
  if (depth > RICH_TEXT_MAX_DEPTH) return null;
  switch (node.type) {
    case "paragraph":
      return (
        <Text key={key} style={tight ? undefined : paragraph}>
          {inlines(node, depth, o)}
        </Text>
      );
    case "heading":
      return (
        <Text key={key} style={{ fontWeight: 700, fontSize: node.attrs?.level === 3 ? 10.5 : 12, marginTop: 4, marginBottom: 4 }} minPresenceAhead={24}>
          {inlines(node, depth, o)}
        </Text>
      );
    case "bulletList":
    case "orderedList": {
      const start = node.type === "orderedList" && typeof node.attrs?.start === "number" ? node.attrs.start : 1;
      return (
        <View key={key} style={{ marginBottom: 5 }}>
          {(node.content ?? []).map((item, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: list items have no identity of their own
            <View key={index} style={{ flexDirection: "row", marginBottom: 1 }} wrap={false}>
              <Text style={{ width: 16 }}>{node.type === "bulletList" ? "•" : `${start + index}.`}</Text>
              {singleParagraph(item) ? (
                <Text style={{ flex: 1 }}>{inlines(item.content[0], depth + 2, o)}</Text>
              ) : (
                <View style={{ flex: 1 }}>{item.type === "listItem" ? blocks(item, depth + 1, o, true) : block(item, depth + 1, 0, o, true)}</View>
              )}
            </View>
          ))}
        </View>
      );
    }
    case "listItem":
      return <View key={key}>{blocks(node, depth, o, true)}</View>;
    case "table":
      return (
        <View key={key} style={{ marginBottom: 6, borderTopWidth: 0.5, borderLeftWidth: 0.5, borderColor: "#cbd5e1" }}>
          {(node.content ?? []).map((row, rowIndex) =>
            row.type === "tableRow" ? (
              // biome-ignore lint/suspicious/noArrayIndexKey: table rows have no identity of their own
              <View key={rowIndex} style={{ flexDirection: "row" }} wrap={false}>
                {(row.content ?? []).map((cell, cellIndex) =>
                  cell.type === "tableCell" || cell.type === "tableHeader" ? (
                    <View
                      // biome-ignore lint/suspicious/noArrayIndexKey: cells have no identity of their own
                      key={cellIndex}
                      style={{
                        flexGrow: span(cell, "colspan"),
                        flexBasis: 0,
                        padding: 3,
                        borderRightWidth: 0.5,
                        borderBottomWidth: 0.5,
                        borderColor: "#cbd5e1",
                        ...(cell.type === "tableHeader" ? { backgroundColor: "#f1f5f9", fontWeight: 700 } : {}),
                      }}
                    >
                      {blocks(cell, depth + 2, o, true)}
                    </View>
                  ) : null,
                )}
              </View>
            ) : null,
          )}
        </View>
      );
    case "image": {
      const src = node.attrs?.src;
      const image = isSafeImageSrc(src) ? o.images?.[src] : undefined;
      const format = image ? imageFormat(image.contentType) : null;
      if (image && format) {
        return (
          <Image
            key={key}
            src={{ data: Buffer.from(image.bytes), format }}
            style={{ maxWidth: "100%", maxHeight: 280, objectFit: "contain", marginBottom: 6 }}
          />
        );
      }
      const alt = altText(node, o);
      return alt ? (
        <Text key={key} style={{ ...paragraph, color: "#64748b", fontStyle: "italic" }}>
          {alt}
        </Text>
      ) : null;
    }
    case "text":
    case "hardBreak":
      return <Text key={key}>{inline(node, depth, 0, o)}</Text>;
    default:
      return null;
  }
}
