import { createRequire } from "node:module";
import fs from "node:fs";
import { PDFDocument } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { woffToSfnt } from "./fonts";
import { PdfSealError, createSelfSignedP12, sealPdf, sealerFromP12, verifyPdfSeal } from "./seal";

async function tinyPdf() {
  const doc = await PDFDocument.create();
  doc.addPage().drawText("Quote 2026-0001: total EUR 1,234.50");
  return doc.save();
}

describe("the PDF seal", () => {
  const p12 = createSelfSignedP12("unit.offerly.test", "pass phrase");

  it("opens the generated PKCS#12 only with its passphrase, without echoing it", () => {
    const sealer = sealerFromP12(p12, "pass phrase", "generated");
    expect(sealer).toMatchObject({ signerName: "Offerly document seal (unit.offerly.test)", selfSigned: true, source: "generated" });
    expect(sealer.fingerprint).toMatch(/^[0-9a-f]{64}$/);
    expect(sealer.notAfter.getTime()).toBeGreaterThan(Date.now() + 9 * 365 * 24 * 3600 * 1000);
    let error: unknown;
    try {
      sealerFromP12(p12, "not it", "configured");
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(PdfSealError);
    expect(String(error)).not.toContain("not it");
  });

  it("seals a PDF so that the signature verifies, and any flipped byte of it breaks the seal", async () => {
    const sealer = sealerFromP12(p12, "pass phrase", "generated");
    const signingTime = new Date("2026-11-05T10:03:05Z");
    const sealed = await sealPdf(await tinyPdf(), sealer, { signingTime });
    expect(verifyPdfSeal(sealed)).toEqual({
      valid: true,
      coversWholeFile: true,
      signer: sealer.signerName,
      signedAt: signingTime,
      fingerprint: sealer.fingerprint,
    });
    const text = Buffer.from(sealed).toString("latin1");
    const [a, b, c, d] = /\/ByteRange \[(\d+) (\d+) (\d+) (\d+)\]/.exec(text)!.slice(1).map(Number);
    expect(a).toBe(0);
    expect(c + d).toBe(sealed.length);
    for (let at = 0; at < sealed.length; at += 97) {
      if (at >= b && at < c) continue; // the signature itself
      const tampered = new Uint8Array(sealed);
      tampered[at] ^= 0x20;
      expect(verifyPdfSeal(tampered).valid, `byte ${at}`).toBe(false);
    }
  });
});

describe("fonts for PDFs", () => {
  it("unwraps a WOFF into a plain font whose every table matches its recorded checksum", () => {
    const file = createRequire(import.meta.url).resolve("@fontsource/lato/files/lato-latin-400-normal.woff");
    const woff = fs.readFileSync(file);
    const sfnt = Buffer.from(woffToSfnt(woff));
    expect(sfnt.readUInt32BE(0)).toBe(woff.readUInt32BE(4)); // the flavor (TrueType or CFF)
    const numTables = sfnt.readUInt16BE(4);
    expect(numTables).toBe(woff.readUInt16BE(12));
    for (let i = 0; i < numTables; i++) {
      const rec = 12 + i * 16;
      const tag = sfnt.toString("latin1", rec, rec + 4);
      const [checksum, offset, length] = [sfnt.readUInt32BE(rec + 4), sfnt.readUInt32BE(rec + 8), sfnt.readUInt32BE(rec + 12)];
      expect(offset % 4, tag).toBe(0);
      expect(length, tag).toBe(woff.readUInt32BE(44 + i * 20 + 12)); // origLength
      const table = Buffer.alloc((length + 3) & ~3);
      sfnt.copy(table, 0, offset, offset + length);
      if (tag === "head") table.writeUInt32BE(0, 8); // checkSumAdjustment is left out of the head checksum
      let sum = 0;
      for (let at = 0; at < table.length; at += 4) sum = (sum + table.readUInt32BE(at)) >>> 0;
      expect(sum, tag).toBe(checksum);
    }
  });
});
