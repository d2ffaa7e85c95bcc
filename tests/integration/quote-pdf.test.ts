import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseConfig } from "../../src/server/config";
import type { DatabaseHandle } from "../../src/server/db/client";
import { pdfSealCertificates } from "../../src/server/db/schema";
import {
  type PdfSealer,
  createSelfSignedP12,
  getPdfSealer,
  loadOrCreateGeneratedSealer,
  produceSealedQuotePdf,
  renderQuotePdf,
  richTextImageSources,
  sealPdf,
  sealerFromP12,
  verifyPdfSeal,
} from "../../src/server/pdf/index";
import { formatMoney } from "../../src/shared/format";
import type { QuotePdfInput } from "../../src/shared/quote-pdf";
import { createTestDatabase } from "../support/db";
import { logoPng, pdfText, realisticPdfInput } from "../support/quote-pdf";

/** Text without layout whitespace, to find phrases a line break may have split. */
const squash = (text: string) => text.replace(/\s+/g, " ");

let sealer: PdfSealer;
beforeAll(() => {
  sealer = sealerFromP12(createSelfSignedP12("offerly.test", "secret"), "secret", "generated");
});

describe.each(["ENG", "NL"] as const)("the quote PDF in %s", (language) => {
  let input: QuotePdfInput;
  let sealed: Uint8Array;
  let text: string;
  let pages: string[];
  let renderMs: number;

  beforeAll(async () => {
    input = await realisticPdfInput(language);
    const started = performance.now();
    sealed = await produceSealedQuotePdf(input, sealer);
    renderMs = performance.now() - started;
    const raw = await pdfText(sealed);
    pages = raw.split("\f").map(squash);
    text = squash(raw);
    console.log(`quote PDF (${language}, 10 blocks, 40 lines, 2 signatures, 6 evidence rows): render + seal ${renderMs.toFixed(0)} ms, ${sealed.length} bytes`);
  }, 120_000);

  it("is a PDF", () => {
    expect(Buffer.from(sealed.subarray(0, 5)).toString("latin1")).toBe("%PDF-");
    expect(Buffer.from(sealed.subarray(-6)).toString("latin1")).toContain("%%EOF");
  });

  it("shows the quote as the customer reads it: sender, number, dates, customer, blocks, lines, totals", () => {
    const doc = input.document;
    expect(text).toContain("Studio Noord");
    expect(text).toContain("Keizersgracht 100");
    expect(text).toContain(doc.name);
    expect(text).toContain("2026-0042");
    expect(text).toContain(language === "NL" ? "2 november 2026" : "2 November 2026");
    expect(text).toContain("Bakkerij De Vries B.V.");
    for (const block of doc.blocks) expect(text).toContain(block.name);
    for (const line of doc.blocks.flatMap((b) => b.pricing?.lines ?? [])) expect(text).toContain(line.name);
    // Rich text: a heading, a list item and a table cell of the first block.
    expect(text).toContain(language === "NL" ? "Onze aanpak" : "Our approach");
    expect(text).toContain(language === "NL" ? "Overdrachtsdocumentatie" : "Hand-over documentation");
    expect(text).toContain(language === "NL" ? "Mijlpaal" : "Milestone");
    // Money in the quote's language: the grand total incl. VAT and the VAT per rate.
    expect(text).toContain(squash(formatMoney(doc.totals.oneOff.totalInclVat, "EUR", language)));
    for (const v of doc.totals.oneOff.vat) expect(text).toContain(squash(formatMoney(v.vat, "EUR", language)));
    expect(text).toContain(language === "NL" ? "Btw 9%" : "VAT 9%");
    // Optional lines, selected or not; recurring apart from one-off.
    expect(text).toContain(language === "NL" ? "Optioneel · inbegrepen" : "Optional · included");
    expect(text).toContain(language === "NL" ? "Optioneel · niet inbegrepen" : "Optional · not included");
    expect(text).toContain(language === "NL" ? "Terugkerend: per maand" : "Recurring: per month");
    expect(text).toContain(language === "NL" ? "Gemaakt met Offerly" : "Made with Offerly");
  });

  it("numbers every page in its footer: page n of the total, in the quote's language", () => {
    expect(pages.length).toBeGreaterThan(2);
    pages.forEach((page, i) => {
      expect(page).toContain(language === "NL" ? `Pagina ${i + 1} van ${pages.length}` : `Page ${i + 1} of ${pages.length}`);
      expect(page).toContain(language === "NL" ? "Offerte 2026-0042 · Gemaakt met Offerly" : "Quote 2026-0042 · Made with Offerly");
    });
  });

  it("places the signatures and ends with a certificate page listing the evidence", () => {
    const certificate = text.slice(text.indexOf(language === "NL" ? "Ondertekeningscertificaat" : "Signing certificate"));
    expect(certificate.length).toBeGreaterThan(100);
    expect(text).toContain("Eva Jansen");
    expect(certificate).toContain(input.publicUrl);
    for (const row of input.evidence) {
      for (const value of [row.ip, row.actorEmail, row.documentHash]) if (value) expect(certificate).toContain(value);
      if (row.userAgent) expect(certificate).toContain(squash(row.userAgent));
    }
    for (const s of input.signatures) expect(certificate).toContain(s.documentHash);
    expect(certificate).toContain(language === "NL" ? "5 november 2026 om 09:14:03 UTC" : "5 November 2026 at 09:14:03 UTC");
    expect(certificate).toContain(language === "NL" ? "Als ondertekend gemarkeerd" : "Marked as signed");
    expect(certificate).toContain(language === "NL" ? "Pdf gemaakt" : "PDF generated");
    expect(certificate).toContain(sealer.signerName);
  });

  it("carries a seal that validates, covers the whole file, and breaks when any covered byte changes", () => {
    const check = verifyPdfSeal(sealed);
    expect(check).toMatchObject({ valid: true, coversWholeFile: true, signer: "Offerly document seal (offerly.test)", fingerprint: sealer.fingerprint });
    expect(check.signedAt?.toISOString()).toBe("2026-11-05T10:03:05.000Z");
    // One byte flipped: in the first range, in the middle, in the last range.
    const ranges = /\/ByteRange \[(\d+) (\d+) (\d+) (\d+)\]/.exec(Buffer.from(sealed).toString("latin1"))!.slice(1).map(Number);
    for (const at of [10, Math.floor(ranges[1] / 2), ranges[2] + Math.floor(ranges[3] / 2), sealed.length - 3]) {
      const tampered = new Uint8Array(sealed);
      tampered[at] ^= 0x01;
      expect(verifyPdfSeal(tampered).valid, `byte ${at}`).toBe(false);
    }
    // Bytes appended after sealing (an incremental update): no longer the whole file.
    const appended = new Uint8Array([...sealed, ...Buffer.from("\n% changed\n")]);
    expect(verifyPdfSeal(appended).coversWholeFile).toBe(false);
    // An unsealed PDF has no seal.
    expect(verifyPdfSeal(new Uint8Array(Buffer.from("%PDF-1.7\n%%EOF"))).valid).toBe(false);
  });
});

describe("a bare quote PDF", () => {
  it("renders without a logo, signatures, evidence or watermark", async () => {
    const input = await realisticPdfInput("ENG");
    const bare = {
      ...input,
      account: { ...input.account, logo: null, textFont: null, linkColor: "not a colour" },
      signatures: [],
      evidence: [],
      watermark: false,
    };
    const pdfText2 = squash(await pdfText(await renderQuotePdf(bare)));
    expect(pdfText2).toContain("This quote has not been signed yet.");
    expect(pdfText2).toContain("No events were recorded.");
    expect(pdfText2).not.toContain("Made with Offerly");
  }, 60_000);
});

describe("rich text in the PDF goes through the one allow-list", () => {
  it("renders allowed nodes, prints an image's alt text without its bytes, and drops a refused document", async () => {
    const base = await realisticPdfInput("ENG", { logo: false });
    const doc = {
      type: "doc" as const,
      content: [
        { type: "paragraph" as const, content: [{ type: "text" as const, text: "Allowed paragraph" }] },
        { type: "image" as const, attrs: { src: "/files/images-0123456789abcdef0123456789abcdef/AbCdEfGhIjKlMnOpQrStUv.png", alt: "Floor plan" } },
      ],
    };
    expect(richTextImageSources(doc)).toEqual(["/files/images-0123456789abcdef0123456789abcdef/AbCdEfGhIjKlMnOpQrStUv.png"]);
    const refused = { type: "doc", content: [{ type: "script", content: [{ type: "text", text: "Refused text" }] }] } as never;
    const blocks = [
      { id: "b1", name: "Allowed", content: doc, pricing: null },
      { id: "b2", name: "Refused", content: refused, pricing: null },
    ];
    const text = squash(await pdfText(await renderQuotePdf({ ...base, document: { ...base.document, blocks } })));
    expect(text).toContain("Allowed paragraph");
    expect(text).toContain("[Image: Floor plan]");
    expect(text).not.toContain("Refused text");
    // With the image's bytes supplied, the image is drawn instead of its alt text.
    const images = { "/files/images-0123456789abcdef0123456789abcdef/AbCdEfGhIjKlMnOpQrStUv.png": { bytes: await logoPng(), contentType: "image/png" } };
    const withImage = await renderQuotePdf({ ...base, images, document: { ...base.document, blocks } });
    expect(squash(await pdfText(withImage))).not.toContain("[Image: Floor plan]");
    expect(Buffer.from(withImage).toString("latin1")).toMatch(/\/Subtype\s*\/Image/);
  }, 60_000);
});

describe("the sealing certificate", () => {
  let database: DatabaseHandle;
  /** One unsealed quote PDF, sealed by each certificate below (what is checked is the seal). */
  let unsealed: Uint8Array;
  beforeAll(async () => {
    [database, unsealed] = await Promise.all([createTestDatabase(), realisticPdfInput("NL", { logo: false }).then((input) => renderQuotePdf(input))]);
  }, 60_000);
  afterAll(async () => {
    await database.close();
  });

  it("is generated once, even when two servers use it for the first time together, and kept in the database", async () => {
    const [a, b, c] = await Promise.all([
      loadOrCreateGeneratedSealer(database.db, "race.offerly.test"),
      loadOrCreateGeneratedSealer(database.db, "race.offerly.test"),
      loadOrCreateGeneratedSealer(database.db, "race.offerly.test"),
    ]);
    expect(a.fingerprint).toBe(b.fingerprint);
    expect(b.fingerprint).toBe(c.fingerprint);
    const rows = await database.db.select().from(pdfSealCertificates);
    expect(rows.filter((r) => r.host === "race.offerly.test")).toHaveLength(1);
    expect(a).toMatchObject({ source: "generated", selfSigned: true, signerName: "Offerly document seal (race.offerly.test)" });
    // A later server reads the same certificate back.
    expect((await loadOrCreateGeneratedSealer(database.db, "race.offerly.test")).fingerprint).toBe(a.fingerprint);
    // getPdfSealer: PUBLIC_URL's host names it; the same promise for the whole process.
    const config = parseConfig({ PUBLIC_URL: "https://race.offerly.test" });
    const viaConfig = await getPdfSealer(database.db, { configured: config.pdfSeal, publicUrl: config.publicUrl });
    expect(viaConfig.fingerprint).toBe(a.fingerprint);
    const sealed = await sealPdf(unsealed, viaConfig);
    expect(verifyPdfSeal(sealed)).toMatchObject({ valid: true, fingerprint: a.fingerprint });
  }, 60_000);

  it("uses a configured PKCS#12 (PDF_SEAL_P12 as a path or base64) instead of generating one", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "offerly-seal-"));
    try {
      const p12 = createSelfSignedP12("configured.offerly.test", "correct horse");
      const file = path.join(dir, "seal.p12");
      fs.writeFileSync(file, p12);
      for (const value of [file, Buffer.from(p12).toString("base64")]) {
        const config = parseConfig({ PUBLIC_URL: "https://other.offerly.test", PDF_SEAL_P12: value, PDF_SEAL_PASSPHRASE: "correct horse" });
        const configured = await getPdfSealer(database.db, { configured: config.pdfSeal, publicUrl: config.publicUrl });
        expect(configured).toMatchObject({ source: "configured", signerName: "Offerly document seal (configured.offerly.test)" });
        const sealed = await sealPdf(unsealed, configured);
        expect(verifyPdfSeal(sealed)).toMatchObject({ valid: true, fingerprint: configured.fingerprint });
      }
      const rows = await database.db.select().from(pdfSealCertificates);
      expect(rows.some((r) => r.host === "other.offerly.test")).toBe(false);
      // A wrong passphrase stops the sealer, naming the variables and not the key.
      const wrong = parseConfig({ PDF_SEAL_P12: file, PDF_SEAL_PASSPHRASE: "wrong" });
      expect(() => getPdfSealer(database.db, { configured: wrong.pdfSeal, publicUrl: wrong.publicUrl })).toThrow(/PDF_SEAL_P12 \/ PDF_SEAL_PASSPHRASE/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
