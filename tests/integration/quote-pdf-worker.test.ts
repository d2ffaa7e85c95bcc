import { threadId as mainThreadId } from "node:worker_threads";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type PdfSealer, closePdfWorker, createSelfSignedP12, renderSealedQuotePdfInWorker, sealerFromP12, verifyPdfSeal } from "../../src/server/pdf/index";
import { PDF_WARM_UP_ROUNDS, PDF_WORKER_YOUNG_GENERATION_MB, pdfWorkerRenders, pdfWorkerResourceLimits, warmPdfWorker } from "../../src/server/pdf/render-pool";
import { warmUpPdfInput } from "../../src/server/pdf/warm-up";
import { TEXT_FONTS } from "../../src/shared/enums";
import type { QuotePdfInput } from "../../src/shared/quote-pdf";
import { pdfText, realisticPdfInput } from "../support/quote-pdf";

// Decision 067: the sealed quote PDF is made in a worker thread, so the server's main thread keeps
// answering requests during @react-pdf's synchronous layout.
describe("the sealed quote PDF in the PDF worker thread", () => {
  let sealer: PdfSealer;
  let input: QuotePdfInput;
  beforeAll(async () => {
    sealer = sealerFromP12(createSelfSignedP12("offerly.test", "secret"), "secret", "generated");
    input = await realisticPdfInput("NL");
  });
  afterAll(() => closePdfWorker());

  it("is rendered and sealed on another thread than the caller's, and verifies", async () => {
    const { pdf, threadId } = await renderSealedQuotePdfInWorker(input, sealer);
    expect(threadId).not.toBe(mainThreadId);
    expect(verifyPdfSeal(pdf)).toMatchObject({ valid: true, coversWholeFile: true, signer: sealer.signerName });
    const text = (await pdfText(pdf)).replace(/\s+/g, " ");
    expect(text).toContain("Bakkerij De Vries B.V.");
    expect(text).toContain("Pagina 1 van");
  }, 120_000);

  it("warms up (decisions 070, 097): a real-sized quote rendered and sealed in the worker, not counted, and the next PDF uses the same worker", async () => {
    await closePdfWorker();
    const renders = pdfWorkerRenders();
    const warm = await warmPdfWorker(2);
    expect(warm.threadId).not.toBe(mainThreadId);
    // Sealed (the seal's code warms up too), by the worker's throw-away certificate, not the server's.
    expect(verifyPdfSeal(warm.pdf)).toMatchObject({ valid: true, coversWholeFile: true, signer: expect.stringContaining("warm-up.offerly.invalid") });
    // The second round is the Dutch one, the size of a real quote: ten blocks over several pages.
    const text = (await pdfText(warm.pdf)).replace(/\s+/g, " ");
    expect(text).toContain("Warm-up");
    expect(text).toContain("Block 10");
    expect(text).toMatch(/Pagina 1 van [4-9]/);
    expect(pdfWorkerRenders()).toBe(renders);
    const next = await renderSealedQuotePdfInWorker(input, sealer);
    expect(next.threadId).toBe(warm.threadId);
    expect(verifyPdfSeal(next.pdf).valid).toBe(true);
    expect(pdfWorkerRenders()).toBe(renders + 1);
  }, 120_000);

  it("warms up on what a real quote draws (decision 097): both languages and every text font over the server's rounds", () => {
    const rounds = Array.from({ length: PDF_WARM_UP_ROUNDS }, (_, i) => warmUpPdfInput(i));
    expect(new Set(rounds.map((r) => r.language))).toEqual(new Set(["ENG", "NL"]));
    expect(new Set(rounds.map((r) => r.account.textFont))).toEqual(new Set(TEXT_FONTS));
    for (const r of rounds) {
      expect(r.document.blocks).toHaveLength(10);
      expect(r.document.blocks.flatMap((b) => b.pricing?.lines ?? [])).toHaveLength(40);
      expect(r.account.logo?.contentType).toBe("image/png");
      expect(r.signatures.map((s) => Boolean(s.drawnPng))).toEqual([true, false]);
      expect(r.evidence).toHaveLength(6);
    }
  });

  it("renders requests made together one after the other in the same worker", async () => {
    const results = await Promise.all([renderSealedQuotePdfInWorker(input, sealer), renderSealedQuotePdfInWorker({ ...input, language: "ENG" }, sealer)]);
    expect(new Set(results.map((r) => r.threadId)).size).toBe(1);
    for (const { pdf } of results) expect(verifyPdfSeal(pdf).valid).toBe(true);
  }, 120_000);

  it("runs with the larger young generation (decision 083), and one worker's fonts serve both languages' text", async () => {
    await closePdfWorker();
    const english = await renderSealedQuotePdfInWorker(await realisticPdfInput("ENG"), sealer);
    expect(pdfWorkerResourceLimits()?.maxYoungGenerationSizeMb).toBe(PDF_WORKER_YOUNG_GENERATION_MB);
    // The same worker (fonts parsed once, heap reused), then the Dutch copy: its own words, accents included.
    const dutch = await renderSealedQuotePdfInWorker(input, sealer);
    expect(dutch.threadId).toBe(english.threadId);
    const en = (await pdfText(english.pdf)).replace(/\s+/g, " ");
    const nl = (await pdfText(dutch.pdf)).replace(/\s+/g, " ");
    expect(en).toContain("Page 1 of");
    expect(en).toContain("Including preparation and one round of changes");
    expect(nl).toContain("Pagina 1 van");
    expect(nl).toContain("Inclusief voorbereiding en één correctieronde");
    expect(nl).not.toContain("Page 1 of");
    for (const { pdf } of [english, dutch]) expect(verifyPdfSeal(pdf)).toMatchObject({ valid: true, coversWholeFile: true });
  }, 120_000);

  it("fails a render the worker cannot make with its error, and keeps the worker", async () => {
    const { threadId } = await renderSealedQuotePdfInWorker(input, sealer);
    const wrong = { ...sealer, passphrase: "not the passphrase" };
    await expect(renderSealedQuotePdfInWorker(input, wrong)).rejects.toThrow(/the PKCS#12 cannot be opened/);
    expect((await renderSealedQuotePdfInWorker(input, sealer)).threadId).toBe(threadId);
  }, 120_000);

  it("fails the render in hand when the worker stops, and the next render starts a new worker", async () => {
    const { threadId } = await renderSealedQuotePdfInWorker(input, sealer);
    const inHand = renderSealedQuotePdfInWorker(input, sealer);
    const stopped = expect(inHand).rejects.toThrow(/PDF worker stopped/);
    // The queue hands the request to the worker in a microtask: after this it is in the worker's hands.
    await new Promise((resolve) => setImmediate(resolve));
    await closePdfWorker();
    await stopped;
    const next = await renderSealedQuotePdfInWorker(input, sealer);
    expect(next.threadId).not.toBe(threadId);
    expect(next.threadId).not.toBe(mainThreadId);
    expect(verifyPdfSeal(next.pdf).valid).toBe(true);
  }, 120_000);
});
