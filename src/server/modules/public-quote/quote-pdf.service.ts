import { and, eq } from "drizzle-orm";
import type { PdfSealConfig } from "../../config";
import type { Database, Executor } from "../../db/client";
import { quotePdfs, quotes } from "../../db/schema";
import type { FileStorage } from "../../files/storage";
import { enqueue } from "../../jobs/queue";
import { recordEvent } from "../../events";
import { publicBaseUrl } from "../custom-domains/public-base";
import { pdfInputFromView } from "./pdf-input";
import type { PublicQuoteView } from "./public-quote.service";
import { loadQuoteView } from "./public-quote.service";
import { customLinkBase, pdfStateKey, quotePdfJobKey } from "./quote-pdf-state";
import { renderQuotePdfJob } from "./quote-pdf.jobs";

/**
 * The sealed quote PDF in the product (decision 025): produced by the `render-quote-pdf` job,
 * stored through the files adapter (area `quote-pdfs`), one row per quote and state in
 * `quote_pdfs`. The download route (quote-pdf.routes.ts) serves the stored file for the quote's
 * current state or queues the job and answers 202: a request never waits for a PDF.
 */

/** A sealed PDF is far smaller than this (about 100–400 KB); the cap guards the store. */
const MAX_PDF_BYTES = 50 * 1024 * 1024;

/** The stored PDF's file key for this quote and state, or null. */
export async function findStoredQuotePdf(db: Executor, quoteId: string, stateKey: string): Promise<string | null> {
  const [row] = await db
    .select({ fileKey: quotePdfs.fileKey })
    .from(quotePdfs)
    .where(and(eq(quotePdfs.quoteId, quoteId), eq(quotePdfs.stateKey, stateKey)))
    .limit(1);
  return row?.fileKey ?? null;
}

/**
 * Queues the PDF of the quote's state (inside the caller's transaction when given one). At most one
 * job per quote and state waits: asking again while it does is a no-op.
 */
export async function enqueueQuotePdf(db: Pick<Database, "insert">, view: Pick<PublicQuoteView, "accountId" | "quoteId">, stateKey: string): Promise<void> {
  await enqueue(db, renderQuotePdfJob, { accountId: view.accountId, quoteId: view.quoteId }, { singletonKey: quotePdfJobKey(view.quoteId, stateKey) });
}

export type RenderQuotePdfDeps = { db: Database; files: FileStorage; publicUrl: string; pdfSeal: PdfSealConfig | null; now?: Date };
export type RenderQuotePdfOutcome = "stored" | "exists" | "gone" | "draft";

/**
 * The job's work: the quote's current state (one view: the state key and the PDF's input come from
 * the same read), rendered, sealed, stored, recorded. Idempotent: a state already stored is not
 * rendered again; when two runs race, the row inserted first wins and the loser removes its file.
 * A quote withdrawn to draft meanwhile (not public) or gone (deleted) gets no PDF.
 */
export async function renderAndStoreQuotePdf(deps: RenderQuotePdfDeps, ids: { accountId: string; quoteId: string }): Promise<RenderQuotePdfOutcome> {
  const { db, files } = deps;
  const view = await loadQuoteView(db, ids.accountId, ids.quoteId, deps.now);
  if (!view) return "gone";
  if (view.status === "DRAFT") return "draft";
  // One read of the link's base for the key and the PDF: the file stored under a key shows that link.
  const linkBase = await publicBaseUrl(db, deps.publicUrl, view.accountId);
  const stateKey = pdfStateKey(view, customLinkBase(linkBase, deps.publicUrl));
  const [existing] = await db
    .select({ id: quotePdfs.id, fileKey: quotePdfs.fileKey })
    .from(quotePdfs)
    .where(and(eq(quotePdfs.quoteId, view.quoteId), eq(quotePdfs.stateKey, stateKey)))
    .limit(1);
  if (existing) {
    if (await files.stat(existing.fileKey)) return "exists";
    // The file was lost (e.g. a bucket restored without it): forget the row and render again.
    await db.delete(quotePdfs).where(eq(quotePdfs.id, existing.id));
  }
  const input = await pdfInputFromView(db, view, { files, publicUrl: deps.publicUrl, linkBase, now: deps.now });
  // Loaded on first use: the sealing libraries stay out of processes that never render. The PDF is
  // rendered and sealed in the PDF worker thread (decision 067): @react-pdf's layout is seconds of
  // synchronous CPU work the first time, during which this thread would answer no request.
  const [{ getPdfSealer }, { renderSealedQuotePdfInWorker }] = await Promise.all([import("../../pdf/seal-store"), import("../../pdf/render-pool")]);
  const sealer = await getPdfSealer(db, { configured: deps.pdfSeal, publicUrl: deps.publicUrl });
  const { pdf } = await renderSealedQuotePdfInWorker(input, sealer);
  const stored = await files.put({ area: "quote-pdfs", contentType: "application/pdf", body: pdf, maxBytes: MAX_PDF_BYTES });
  let inserted: { id: string }[];
  try {
    // The row and quote.pdf_ready (issue 23) in one transaction: the event exists exactly when the PDF does.
    inserted = await db.transaction(async (tx) => {
      const rows = await tx
        .insert(quotePdfs)
        .values({ accountId: view.accountId, quoteId: view.quoteId, stateKey, fileKey: stored.key })
        .onConflictDoNothing({ target: [quotePdfs.quoteId, quotePdfs.stateKey] })
        .returning({ id: quotePdfs.id });
      if (rows.length > 0) await recordEvent(tx, { type: "quote.pdf_ready", accountId: view.accountId, quoteId: view.quoteId, now: deps.now });
      return rows;
    });
  } catch (error) {
    await files.delete(stored.key);
    // The quote (or its account) was deleted while the PDF was rendered: nothing to keep.
    const [still] = await db.select({ id: quotes.id }).from(quotes).where(eq(quotes.id, view.quoteId)).limit(1);
    if (!still) return "gone";
    throw error;
  }
  if (inserted.length === 0) {
    // Another run stored this state first: keep its file, drop ours.
    await files.delete(stored.key);
    return "exists";
  }
  return "stored";
}
