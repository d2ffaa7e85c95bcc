import { describe, expect, it } from "vitest";
import {
  RICH_TEXT_MAX_BYTES,
  type RichNode,
  documentImageKeys,
  documentPreview,
  documentToPlainText,
  imageFileArea,
  isSafeHref,
  isSafeImageSrc,
  paragraphDocument,
  sanitizeDocument,
} from "./rich-text";

const ACCOUNT = "0b6f3c1e-8c1a-4c52-9d3e-2f1a7b9c0d11";
const OTHER = "7d1e2f30-1111-4a2b-8c3d-444455556666";
const image = (accountId: string, name = "V1StGXR8_Z5jdHi6B-myT9.png") => `/files/${imageFileArea(accountId)}/${name}`;

const doc = (...content: unknown[]) => ({ type: "doc", content });
const p = (...content: unknown[]) => ({ type: "paragraph", content });
const text = (t: string, marks?: unknown[]) => (marks ? { type: "text", text: t, marks } : { type: "text", text: t });

describe("sanitizeDocument", () => {
  it("keeps allowed nodes and marks and drops unknown attributes", () => {
    const input = doc(
      { type: "heading", attrs: { level: 2, textAlign: "left" }, content: [text("Scope")] },
      p(text("Bold", [{ type: "bold" }]), text(" link", [{ type: "link", attrs: { href: "https://example.com", target: "_blank", class: "x" } }])),
      { type: "bulletList", content: [{ type: "listItem", content: [p(text("one"))] }] },
      {
        type: "table",
        content: [{ type: "tableRow", content: [{ type: "tableHeader", attrs: { colspan: 1, rowspan: 1, colwidth: null }, content: [p(text("A"))] }] }],
      },
      { type: "image", attrs: { src: image(ACCOUNT), alt: "Logo", width: 10 } },
    );
    const result = sanitizeDocument(input);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.doc.content?.[0]).toEqual({ type: "heading", attrs: { level: 2 }, content: [text("Scope")] });
    expect(result.doc.content?.[1].content?.[1].marks).toEqual([{ type: "link", attrs: { href: "https://example.com" } }]);
    expect(result.doc.content?.[3].content?.[0].content?.[0]).toEqual({ type: "tableHeader", content: [p(text("A"))] });
    expect(result.doc.content?.[4]).toEqual({ type: "image", attrs: { src: image(ACCOUNT), alt: "Logo", title: null } });
  });
  it.each([
    ["a script node", doc({ type: "script", content: [text("alert(1)")] }), "blocks:validation.contentUnknownNode"],
    ["script tags in text", doc(p(text("<script>alert(1)</script>"))), "blocks:validation.contentScript"],
    ["a javascript: link", doc(p(text("x", [{ type: "link", attrs: { href: "javascript:alert(1)" } }]))), "blocks:validation.contentUnsafeLink"],
    ["a data: link", doc(p(text("x", [{ type: "link", attrs: { href: "data:text/html,hi" } }]))), "blocks:validation.contentUnsafeLink"],
    ["an unknown mark", doc(p(text("x", [{ type: "code" }]))), "blocks:validation.contentUnknownNode"],
    ["an h1", doc({ type: "heading", attrs: { level: 1 }, content: [text("x")] }), "blocks:validation.contentUnknownNode"],
    ["an outside image", doc({ type: "image", attrs: { src: "https://evil.example/x.png" } }), "blocks:validation.contentUnsafeImage"],
    ["a data: image", doc({ type: "image", attrs: { src: "data:image/png;base64,iVBORw0KGgo=" } }), "blocks:validation.contentUnsafeImage"],
    ["a javascript: image", doc({ type: "image", attrs: { src: "javascript:alert(1)" } }), "blocks:validation.contentUnsafeImage"],
    ["a protocol-relative image", doc({ type: "image", attrs: { src: "//evil.example/files/x.png" } }), "blocks:validation.contentUnsafeImage"],
    [
      "another file of ours (a logo)",
      doc({ type: "image", attrs: { src: "/files/logos/V1StGXR8_Z5jdHi6B-myT9.png" } }),
      "blocks:validation.contentUnsafeImage",
    ],
    [
      "a path that climbs out",
      doc({ type: "image", attrs: { src: `${image(ACCOUNT).replace(/\/[^/]+$/, "")}/../logos/V1StGXR8_Z5jdHi6B-myT9.png` } }),
      "blocks:validation.contentUnsafeImage",
    ],
    ["an SVG", doc({ type: "image", attrs: { src: image(ACCOUNT, "V1StGXR8_Z5jdHi6B-myT9.svg") } }), "blocks:validation.contentUnsafeImage"],
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
  it("keeps images of the account only, when the account is given (the server always gives it)", () => {
    const d = doc({ type: "image", attrs: { src: image(OTHER) } });
    expect(sanitizeDocument(d).ok).toBe(true); // the form's check: the shape only
    expect(sanitizeDocument(d, { accountId: ACCOUNT })).toEqual({ ok: false, error: "blocks:validation.contentUnsafeImage" });
    expect(sanitizeDocument(doc({ type: "image", attrs: { src: image(ACCOUNT) } }), { accountId: ACCOUNT }).ok).toBe(true);
    expect(isSafeImageSrc(image(ACCOUNT), ACCOUNT.toUpperCase())).toBe(true);
    expect(documentImageKeys(doc(p(text("x")), { type: "image", attrs: { src: image(ACCOUNT) } }) as RichNode)).toEqual([
      image(ACCOUNT).slice("/files/".length),
    ]);
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

  it("keeps a list a list in a block's preview, up to a number of lines (issue 28)", () => {
    const item = (t: string) => ({ type: "listItem", content: [p(text(t))] });
    const phases = doc(
      p(text("Phases:")),
      { type: "bulletList", content: [item("Design"), item("Development"), item("Launch")] },
      { type: "orderedList", attrs: { start: 3 }, content: [item("Test"), item("Ship")] },
    ) as RichNode;
    expect(documentPreview(phases, 10)).toEqual({
      parts: [
        { kind: "text", text: "Phases:" },
        { kind: "list", ordered: false, start: 1, items: ["Design", "Development", "Launch"] },
        { kind: "list", ordered: true, start: 3, items: ["Test", "Ship"] },
      ],
      truncated: false,
    });
    // Four lines: the paragraph and three items; the ordered list is left out, and that is said.
    expect(documentPreview(phases)).toEqual({
      parts: [
        { kind: "text", text: "Phases:" },
        { kind: "list", ordered: false, start: 1, items: ["Design", "Development", "Launch"] },
      ],
      truncated: true,
    });
    expect(documentPreview(phases, 2).parts[1]).toEqual({ kind: "list", ordered: false, start: 1, items: ["Design"] });
    // A nested list's items follow their parent's text; a table row is a line; empty paragraphs none.
    const nested = doc(
      { type: "bulletList", content: [{ type: "listItem", content: [p(text("Build")), { type: "bulletList", content: [item("Front"), item("Back")] }] }] },
      p(),
      {
        type: "table",
        content: [
          {
            type: "tableRow",
            content: [
              { type: "tableCell", content: [p(text("A"))] },
              { type: "tableCell", content: [p(text("B"))] },
            ],
          },
        ],
      },
    ) as RichNode;
    expect(documentPreview(nested).parts).toEqual([
      { kind: "list", ordered: false, start: 1, items: ["Build Front Back"] },
      { kind: "text", text: "A\tB" },
    ]);
    expect(documentPreview(null)).toEqual({ parts: [], truncated: false });
  });
});
