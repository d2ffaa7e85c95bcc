import { describe, expect, it } from "vitest";
import type { PublicQuoteView } from "../../src/server/modules/public-quote/public-quote.service";
import { customLinkBase, pdfStateKey } from "../../src/server/modules/public-quote/quote-pdf-state";
import { realisticPdfInput } from "../support/quote-pdf";

/**
 * Issue 27 item 5: a quote's sealed PDF is rendered once per version and language and served from
 * storage afterwards. The stored PDF is found by this key: whatever the PDF shows must change it,
 * whatever it does not show must not (or a view or a payment would render the same PDF again).
 */
async function view(language: "ENG" | "NL" = "ENG"): Promise<PublicQuoteView> {
  const input = await realisticPdfInput(language, { logo: false });
  const { logo: _logo, ...account } = input.account;
  return {
    quoteId: "3c9a1f0e-0000-4000-8000-000000000001",
    accountId: "3c9a1f0e-0000-4000-8000-000000000002",
    nanoId: "AbCdEfGhIjKlMnOpQrStUv",
    slug: "website",
    name: input.document.name,
    status: "PUBLISHED",
    signable: true,
    signingAllowed: true,
    canSign: true,
    docusign: null,
    watermark: true,
    viewerIsMember: false,
    document: input.document,
    account: { ...account, fileUrl: null, logoFileKey: null, logoSize: null },
    version: { number: 1 } as PublicQuoteView["version"],
    signatures: [],
    earlierSignatures: [],
    changes: null,
    payment: null,
  } as PublicQuoteView;
}

const signature = { id: "sig-1", kind: "CUSTOMER", name: "Daan" } as PublicQuoteView["signatures"][number];

describe("the stored quote PDF's state key", () => {
  it("is the same for the same version, language and state, whatever else the view holds", async () => {
    const a = await view();
    expect(pdfStateKey(a)).toMatch(/^[0-9a-f]{64}$/);
    expect(pdfStateKey(await view())).toBe(pdfStateKey(a));
    // What the PDF does not show: who looks, the changes panel, the payment, earlier versions' signatures.
    expect(pdfStateKey({ ...a, viewerIsMember: true, canSign: false, payment: {} as never, changes: {} as never, earlierSignatures: [signature] })).toBe(
      pdfStateKey(a),
    );
  });

  it("differs per language, per version and per state the PDF shows", async () => {
    const a = await view("ENG");
    const keys = [
      pdfStateKey(a),
      pdfStateKey(await view("NL")),
      pdfStateKey({ ...a, document: { ...a.document, language: "NL" } }),
      pdfStateKey({ ...a, version: { ...a.version!, number: 2 } }),
      pdfStateKey({ ...a, status: "SIGNED" }),
      pdfStateKey({ ...a, signatures: [signature] }),
      pdfStateKey({ ...a, watermark: false }),
      pdfStateKey({ ...a, account: { ...a.account, logoFileKey: "logos/AbCdEfGhIjKlMnOpQrStUv.png" } }),
      pdfStateKey({ ...a, account: { ...a.account, name: "Studio Zuid" } }),
      pdfStateKey({ ...a, document: { ...a.document, quoteNumber: "2026-0043" } }),
      // The link the certificate page prints, when the account's own domain serves it.
      pdfStateKey(a, "https://offerte.studio-noord.nl"),
    ];
    expect(new Set(keys).size).toBe(keys.length);
  });

  it("keeps the keys of PDFs linking to the app's own address (no custom domain) as they were", async () => {
    const a = await view();
    expect(customLinkBase("https://app.offerly.test", "https://app.offerly.test")).toBeNull();
    expect(customLinkBase("https://offerte.studio-noord.nl", "https://app.offerly.test")).toBe("https://offerte.studio-noord.nl");
    expect(pdfStateKey(a, customLinkBase("https://app.offerly.test", "https://app.offerly.test"))).toBe(pdfStateKey(a));
  });
});
