/**
 * The PDF worker thread (decision 067): renders and seals quote PDFs off the server's main thread,
 * one request at a time, for render-pool.ts. Started from source through tsx (render-pool's
 * bootstrap) and in the production bundle as build/server/pdf-worker.cjs (scripts/build-server.mjs).
 */
import { parentPort, threadId } from "node:worker_threads";
import type { QuotePdfInput } from "../../shared/quote-pdf";
import { produceSealedQuotePdf } from "./produce";
import type { PdfSealer } from "./seal";

export type PdfWorkerRequest = { id: number; input: QuotePdfInput; sealer: PdfSealer };
export type PdfWorkerReply =
  | { id: number; ok: true; pdf: Uint8Array; threadId: number }
  | { id: number; ok: false; error: { name: string; message: string; stack?: string } };

// A sealer arrives as a copy with every request; its PKCS#12 is opened once per certificate
// (seal.ts keeps the opened key per sealer object), so the first copy of each is kept.
const sealers = new Map<string, PdfSealer>();

if (!parentPort) throw new Error("render-worker.ts runs as a worker thread (render-pool.ts)");
const port = parentPort;
port.on("message", async ({ id, input, sealer }: PdfWorkerRequest) => {
  try {
    const key = `${sealer.fingerprint}\u0000${sealer.passphrase}`;
    let kept = sealers.get(key);
    if (!kept) {
      kept = sealer;
      sealers.set(key, sealer);
    }
    let pdf = await produceSealedQuotePdf(input, kept);
    // Transfer the bytes, not a copy: a view on a buffer of its own.
    if (pdf.byteOffset !== 0 || pdf.byteLength !== pdf.buffer.byteLength) pdf = new Uint8Array(pdf);
    const reply: PdfWorkerReply = { id, ok: true, pdf, threadId };
    port.postMessage(reply, [pdf.buffer as ArrayBuffer]);
  } catch (error) {
    const e = error instanceof Error ? error : new Error(String(error));
    const reply: PdfWorkerReply = { id, ok: false, error: { name: e.name, message: e.message, stack: e.stack } };
    port.postMessage(reply);
  }
});
