/**
 * The sealed quote PDF, made in ONE long-lived worker thread (decision 067): @react-pdf's layout is
 * synchronous CPU work (about 0.5 s warm, seconds for the first render of a process) that would
 * otherwise stop the server answering anything meanwhile. The worker starts on the first render,
 * renders one PDF at a time (queued here), keeps the process alive only while a render runs, and is
 * stopped by `closePdfWorker` (server shutdown). A worker that crashes fails the render in hand like
 * any error (the job system retries it); the next render starts a new worker.
 *
 * Where the worker's code is: from the production bundle (this code inside build/server/server.cjs)
 * the second entry build/server/pdf-worker.cjs next to it (scripts/build-server.mjs); from source
 * (vitest, tsx, `npm run dev`) render-worker.ts next to this file, loaded through tsx's ESM hooks
 * (a worker ignores `--import tsx` for its entry file on Node 20, so a tiny bootstrap registers tsx).
 */
import fs from "node:fs";
import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import type { QuotePdfInput } from "../../shared/quote-pdf";
import type { InvoiceRow } from "../modules/billing/billing.service";
import type { QuoteInvoiceRow } from "../modules/quote-payments/deposit-invoice";
import type { PdfJob, PdfWorkerReply, PdfWorkerRequest } from "./render-worker";
import type { PdfSealer } from "./seal";

export type RenderedPdf = { pdf: Uint8Array<ArrayBuffer> /** The worker thread that made it (tests: not the main thread's). */; threadId: number };

/**
 * The worker's young generation (decision 083): 192 MB = 64 MiB semi-spaces, against V8's default
 * of 48 MB (16 MiB semi-spaces). A render allocates ~180 MB of short-lived copies (@react-pdf's
 * layout copies its tree at every step) while the tree it builds stays alive, so with the default
 * every render took ~11 scavenges, each copying that live tree again; with this, ~3. The semi-spaces
 * grow to it only while renders run; the old generation's limit is unchanged.
 */
export const PDF_WORKER_YOUNG_GENERATION_MB = 192;

let worker: Worker | null = null;
let nextId = 1;
let rendered = 0;
let queue: Promise<unknown> = Promise.resolve();

/** tsx's ESM API (`tsx/esm/api`, its `import` condition: require.resolve would give the CommonJS one). */
function tsxEsmApi(): string {
  const manifest = createRequire(import.meta.url).resolve("tsx/package.json");
  const pkg = JSON.parse(fs.readFileSync(manifest, "utf8")) as { exports: Record<string, { import: { default: string } }> };
  return new URL(pkg.exports["./esm/api"].import.default, pathToFileURL(manifest)).href;
}

function startWorker(): Worker {
  const bundled = import.meta.url.endsWith(".cjs");
  const options = { name: "offerly-pdf", resourceLimits: { maxYoungGenerationSizeMb: PDF_WORKER_YOUNG_GENERATION_MB } };
  const started = bundled
    ? new Worker(new URL("./pdf-worker.cjs", import.meta.url), options)
    : new Worker(
        `import(${JSON.stringify(tsxEsmApi())})` +
          `.then((tsx) => { tsx.register(); return import(${JSON.stringify(new URL("./render-worker.ts", import.meta.url).href)}); })`,
        { ...options, eval: true },
      );
  // Idle: an error is followed by its exit (a render in hand hears both itself); forget the worker.
  started.on("error", () => undefined);
  started.once("exit", () => {
    if (worker === started) worker = null;
  });
  started.unref();
  return started;
}

function renderOnce(job: PdfJob): Promise<RenderedPdf> {
  if (!worker) worker = startWorker();
  const current = worker;
  const id = nextId++;
  return new Promise<RenderedPdf>((resolve, reject) => {
    const settle = () => {
      current.off("message", onMessage);
      current.off("error", onError);
      current.off("exit", onExit);
      current.unref();
    };
    const lost = (error: Error) => {
      settle();
      if (worker === current) worker = null;
      void current.terminate();
      reject(error);
    };
    const onMessage = (reply: PdfWorkerReply) => {
      if (reply.id !== id) return;
      settle();
      if (reply.ok) {
        if (job.kind !== "warm-up") rendered++;
        resolve({ pdf: reply.pdf, threadId: reply.threadId });
      } else reject(Object.assign(new Error(reply.error.message), { name: reply.error.name, stack: reply.error.stack }));
    };
    const onError = (error: Error) => lost(new Error(`the PDF worker failed: ${error.message}`, { cause: error }));
    const onExit = (code: number) => lost(new Error(`the PDF worker stopped (exit code ${code})`));
    current.on("message", onMessage);
    current.on("error", onError);
    current.on("exit", onExit);
    // Alive while it renders: a script awaiting the PDF must not end meanwhile.
    current.ref();
    const request: PdfWorkerRequest = { id, job };
    current.postMessage(request);
  });
}

/** Makes a PDF in the PDF worker thread; one at a time, in the order asked. */
function inWorker(job: PdfJob): Promise<RenderedPdf> {
  const run = queue.then(() => renderOnce(job));
  queue = run.catch(() => undefined);
  return run;
}

/** Renders and seals the quote PDF in the PDF worker thread; one at a time, in the order asked. */
export function renderSealedQuotePdfInWorker(input: QuotePdfInput, sealer: PdfSealer): Promise<RenderedPdf> {
  return inWorker({ kind: "quote", input, sealer });
}

/**
 * The account's invoice (billing) as a PDF, made in the PDF worker thread like the quote's (decision
 * 070): @react-pdf's layout would otherwise hold the server's main thread (seconds on a process's
 * first PDF).
 */
export function renderInvoicePdfInWorker(invoice: InvoiceRow): Promise<RenderedPdf> {
  return inWorker({ kind: "invoice", invoice });
}

/** A quote's deposit invoice as a PDF, made in the PDF worker thread (decision 070). */
export function renderDepositInvoicePdfInWorker(invoice: QuoteInvoiceRow): Promise<RenderedPdf> {
  return inWorker({ kind: "deposit-invoice", invoice });
}

/**
 * How many times the server's warm-up renders the warm-up quote (decision 097): the JIT keeps
 * compiling over a worker's first real-sized quotes (measured in the worker: 950, 475, 320 ms, then
 * ~265 ms; after 2 warm-up rounds the first real PDFs still took 835, 566, 523 ms, after 6 none over
 * 470). Six rounds: both languages, every text font, a few seconds of the worker's CPU after start.
 */
export const PDF_WARM_UP_ROUNDS = 6;

/**
 * Warms the PDF worker up (decisions 070 and 097): starts it if needed and has it render and seal
 * the warm-up quote (warm-up.ts) `times` times, queued like any PDF, so that the first real PDF
 * after a start is not the one that loads the modules and fonts and waits for the JIT. Resolves
 * with the last warm-up PDF (sealed by a throw-away certificate); not counted in `pdfWorkerRenders`.
 */
export function warmPdfWorker(times = PDF_WARM_UP_ROUNDS): Promise<RenderedPdf> {
  return inWorker({ kind: "warm-up", times });
}

/** How many PDFs the worker threads of this process have made (tests: the job renders off the main thread). */
export function pdfWorkerRenders(): number {
  return rendered;
}

/** The running PDF worker's engine limits (tests: the young generation of decision 083); none running: null. */
export function pdfWorkerResourceLimits(): Worker["resourceLimits"] | null {
  return worker?.resourceLimits ?? null;
}

/** Stops the PDF worker (server shutdown); a render after this starts a new one. */
export async function closePdfWorker(): Promise<void> {
  const current = worker;
  worker = null;
  if (current) await current.terminate();
}
