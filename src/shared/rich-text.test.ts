import { describe, expect, it } from "vitest";
import { RICH_TEXT_MAX_BYTES, documentToPlainText, isSafeHref, paragraphDocument, sanitizeDocument } from "./rich-text";

const doc = (...content: unknown[]) => ({ type: "doc", content });
const p = (...content: unknown[]) => ({ type: "paragraph", content });
const text = (t: string, marks?: unknown[]) => (marks ? { type: "text", text: t, marks } : { type: "text", text: t });

describe("sanitizeDocument", () => {
  it("keeps allowed nodes and marks and drops unknown attributes", () => {
    const input = doc(
      { type: "heading", attrs: { level: 2, textAlign: "left" }, content: [text("Scope")] },
      p(text("Bold", [{ type: "bold" }]), text(" link", [{ type: "link", attrs: { href: "https://example.com", target: "_blank", class: "x" } }])),
      { type: "bulletList", content: [{ type: "listItem", content: [p(text("one"))] }] },
      { type: "table", content: [{ type: "tableRow", content: [{ type: "tableHeader", attrs: { colspan: 1, rowspan: 1, colwidth: null }, content: [p(text("A"))] }] }] },
      { type: "image", attrs: { src: "/files/acc/img.png", alt: "Logo" } },
    );
    const result = sanitizeDocument(input);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.doc.content?.[0]).toEqual({ type: "heading", attrs: { level: 2 }, content: [text("Scope")] });
    expect(result.doc.content?.[1].content?.[1].marks).toEqual([{ type: "link", attrs: { href: "https://example.com" } }]);
    expect(result.doc.content?.[3].content?.[0].content?.[0]).toEqual({ type: "tableHeader", content: [p(text("A"))] });
  });
  it.each([
    ["a script node", doc({ type: "script", content: [text("alert(1)")] }), "blocks:validation.contentUnknownNode"],
    ["script tags in text", doc(p(text("<script>alert(1)</script>"))), "blocks:validation.contentScript"],
    ["a javascript: link", doc(p(text("x", [{ type: "link", attrs: { href: "javascript:alert(1)" } }]))), "blocks:validation.contentUnsafeLink"],
    ["a data: link", doc(p(text("x", [{ type: "link", attrs: { href: "data:text/html,hi" } }]))), "blocks:validation.contentUnsafeLink"],
    ["an unknown mark", doc(p(text("x", [{ type: "code" }]))), "blocks:validation.contentUnknownNode"],
    ["an h1", doc({ type: "heading", attrs: { level: 1 }, content: [text("x")] }), "blocks:validation.contentUnknownNode"],
    ["an outside image", doc({ type: "image", attrs: { src: "https://evil.example/x.png" } }), "blocks:validation.contentUnsafeImage"],
    ["a nested doc", doc({ type: "doc" }), "blocks:validation.contentUnknownNode"],
    ["HTML instead of JSON", "<p>hi</p>", "blocks:validation.contentInvalid"],
    ["a non-doc root", p(text("x")), "blocks:validation.contentInvalid"],
  ])("refuses %s", (_name, input, error) => {
    expect(sanitizeDocument(input)).toEqual({ ok: false, error });
  });
  it("refuses more than 256 KB and absurd nesting", () => {
    expect(sanitizeDocument(doc(p(text("x".repeat(RICH_TEXT_MAX_BYTES)))))).toEqual({ ok: false, error: "blocks:validation.contentTooLarge" });
    let deep: unknown = p(text("x"));
    for (let i = 0; i < 40; i++) deep = { type: "bulletList", content: [{ type: "listItem", content: [deep] }] };
    expect(sanitizeDocument(doc(deep))).toEqual({ ok: false, error: "blocks:validation.contentTooDeep" });
  });
  it("only lets http(s) and mailto links through", () => {
    expect(isSafeHref("mailto:a@b.nl")).toBe(true);
    expect(isSafeHref(" JavaScript:alert(1)")).toBe(false);
    expect(isSafeHref("java\nscript:alert(1)")).toBe(false);
  });
});

describe("plain text", () => {
  it("turns text into paragraphs and back", () => {
    const d = paragraphDocument("Hello\nWorld");
    expect(documentToPlainText(d)).toBe("Hello\nWorld");
    expect(sanitizeDocument(d).ok).toBe(true);
  });
});
