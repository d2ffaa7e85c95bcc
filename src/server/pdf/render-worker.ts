/**
 * The PDF worker thread (decision 067): renders and seals quote PDFs off the server's main thread,
 * one request at a time, for render-pool.ts; the account's invoices and the quotes' deposit
 * invoices too (decision 070). Started from source through tsx (render-pool's bootstrap) and in
 * the production bundle as build/server/pdf-worker.cjs (scripts/build-server.mjs).
 */
import { parentPort, threadId } from "node:worker_threads";
import type { InvoiceRow } from "../modules/billing/billing.service";
import type { QuoteInvoiceRow } from "../modules/quote-payments/deposit-invoice";
import type { QuotePdfInput } from "../../shared/quote-pdf";
import { produceSealedQuotePdf } from "./produce";
import type { PdfSealer } from "./seal";
import { warmUpPdfRenderer } from "./warm-up";

/** What the worker makes: a sealed quote PDF, an invoice (billing) or a quote's deposit invoice. */
export type PdfJob =
  | { kind: "quote"; input: QuotePdfInput; sealer: PdfSealer }
  | { kind: "invoice"; invoice: InvoiceRow }
  | { kind: "deposit-invoice"; invoice: QuoteInvoiceRow }
  /** The warm-up quote (warm-up.ts), `times` renders: the modules, fonts and JIT ready for the first real PDF. */
  | { kind: "warm-up"; times: number };
export type PdfWorkerRequest = { id: number; job: PdfJob };
export type PdfWorkerReply =
  | { id: number; ok: true; pdf: Uint8Array<ArrayBuffer>; threadId: number }
  | { id: number; ok: false; error: { name: string; message: string; stack?: string } };

// A sealer arrives as a copy with every request; its PKCS#12 is opened once per certificate
// (seal.ts keeps the opened key per sealer object), so the first copy of each is kept.
const sealers = new Map<string, PdfSealer>();

if (!parentPort) throw new Error("render-worker.ts runs as a worker thread (render-pool.ts)");
const port = parentPort;

function keptSealer(sealer: PdfSealer): PdfSealer {
  const key = `${sealer.fingerprint}\u0000${sealer.passphrase}`;
  let kept = sealers.get(key);
  if (!kept) {
    kept = sealer;
    sealers.set(key, sealer);
  }
  return kept;
}

async function make(job: PdfJob): Promise<Uint8Array> {
  switch (job.kind) {
    case "quote":
      return produceSealedQuotePdf(job.input, keptSealer(job.sealer));
    case "invoice": {
      const { renderInvoicePdf } = await import("../modules/billing/invoice-pdf");
      return renderInvoicePdf(job.invoice);
    }
    case "deposit-invoice": {
      const { renderDepositInvoicePdf } = await import("../modules/quote-payments/deposit-invoice-pdf");
      return renderDepositInvoicePdf(job.invoice);
    }
    case "warm-up":
      return warmUpPdfRenderer(job.times);
  }
}

port.on("message", async ({ id, job }: PdfWorkerRequest) => {
  try {
    const made = await make(job);
    // Transfer the bytes, not a copy: a view on a buffer of its own.
    const pdf =
      made.byteOffset === 0 && made.byteLength === made.buffer.byteLength && made.buffer instanceof ArrayBuffer
        ? new Uint8Array(made.buffer)
        : new Uint8Array(made);
    const reply: PdfWorkerReply = { id, ok: true, pdf, threadId };
    port.postMessage(reply, [pdf.buffer]);
  } catch (error) {
    const e = error instanceof Error ? error : new Error(String(error));
    const reply: PdfWorkerReply = { id, ok: false, error: { name: e.name, message: e.message, stack: e.stack } };
    port.postMessage(reply);
  }
});
