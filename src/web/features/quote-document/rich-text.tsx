import type { ReactNode } from "react";
import { RICH_TEXT_MAX_DEPTH, type RichNode, isSafeHref, isSafeImageSrc } from "../../../shared/rich-text";

/**
 * Read-only rich text: a document (shared/rich-text.ts) as React elements, through the same
 * allow-list the server checks on input — anything else renders nothing. Never
 * dangerouslySetInnerHTML: text is always a React text node. No client JavaScript of its own
 * (the public page stays script-free of it).
 */
export function RichText({ doc, className = "" }: { doc: RichNode | null | undefined; className?: string }) {
  if (doc?.type !== "doc" || !doc.content?.length) return null;
  return (
    <div className={`space-y-2 text-sm text-slate-700 [overflow-wrap:anywhere] ${className}`} data-testid="rich-text">
      {children(doc, 0)}
    </div>
  );
}

function children(node: RichNode, depth: number): ReactNode[] {
  return (node.content ?? []).map((child, index) => renderNode(child, depth + 1, index));
}

function renderText(node: RichNode, key: number): ReactNode {
  let out: ReactNode = node.text ?? "";
  for (const mark of node.marks ?? []) {
    if (mark.type === "bold") out = <strong>{out}</strong>;
    else if (mark.type === "italic") out = <em>{out}</em>;
    else if (mark.type === "link" && isSafeHref(mark.attrs?.href)) {
      out = (
        <a href={mark.attrs.href} rel="noopener noreferrer nofollow" className="text-brand-700 underline">
          {out}
        </a>
      );
    }
  }
  return <span key={key}>{out}</span>;
}

function cellSpan(node: RichNode) {
  const colSpan = typeof node.attrs?.colspan === "number" ? node.attrs.colspan : undefined;
  const rowSpan = typeof node.attrs?.rowspan === "number" ? node.attrs.rowspan : undefined;
  return { colSpan, rowSpan };
}

function renderNode(node: RichNode, depth: number, key: number): ReactNode {
  if (depth > RICH_TEXT_MAX_DEPTH) return null;
  switch (node.type) {
    case "text":
      return renderText(node, key);
    case "hardBreak":
      return <br key={key} />;
    case "paragraph":
      return <p key={key}>{children(node, depth)}</p>;
    case "heading":
      return node.attrs?.level === 3 ? (
        <h4 key={key} className="pt-1 text-sm font-semibold text-slate-900">
          {children(node, depth)}
        </h4>
      ) : (
        <h3 key={key} className="pt-1 text-base font-semibold text-slate-900">
          {children(node, depth)}
        </h3>
      );
    case "bulletList":
      return (
        <ul key={key} className="list-disc space-y-1 pl-5">
          {children(node, depth)}
        </ul>
      );
    case "orderedList":
      return (
        <ol key={key} start={typeof node.attrs?.start === "number" ? node.attrs.start : undefined} className="list-decimal space-y-1 pl-5">
          {children(node, depth)}
        </ol>
      );
    case "listItem":
      return <li key={key}>{children(node, depth)}</li>;
    case "table":
      return (
        <div key={key} className="overflow-x-auto">
          <table className="w-full border-collapse text-left">
            <tbody>{children(node, depth)}</tbody>
          </table>
        </div>
      );
    case "tableRow":
      return <tr key={key}>{children(node, depth)}</tr>;
    case "tableHeader":
      return (
        <th key={key} scope="col" {...cellSpan(node)} className="border border-slate-200 bg-slate-50 px-2 py-1 font-semibold">
          {children(node, depth)}
        </th>
      );
    case "tableCell":
      return (
        <td key={key} {...cellSpan(node)} className="border border-slate-200 px-2 py-1 align-top">
          {children(node, depth)}
        </td>
      );
    case "image":
      return isSafeImageSrc(node.attrs?.src) ? (
        <img key={key} src={node.attrs.src} alt={typeof node.attrs?.alt === "string" ? node.attrs.alt : ""} className="max-w-full rounded" loading="lazy" />
      ) : null;
    default:
      return null;
  }
}
