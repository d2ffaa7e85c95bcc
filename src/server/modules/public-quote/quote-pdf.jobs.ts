import { z } from "zod";
import { PermanentJobError, defineJob } from "../../jobs/define";
import { renderAndStoreQuotePdf } from "./quote-pdf.service";
import { RENDER_QUOTE_PDF_JOB } from "./quote-pdf-state";

/**
 * The sealed PDF of a quote's current state (decision 025), queued by the download route (202
 * "being prepared") and by marking a quote signed. Idempotent: `renderAndStoreQuotePdf` renders a
 * state once and keeps one file per state, however often the job runs.
 */
export const renderQuotePdfJob = defineJob(
  RENDER_QUOTE_PDF_JOB,
  z.object({ accountId: z.uuid(), quoteId: z.uuid() }),
  async (payload, { db, files, log, job, publicUrl, pdfSeal }) => {
    if (!publicUrl) throw new PermanentJobError("The job worker has no publicUrl for the PDF's link and seal");
    const started = performance.now();
    const outcome = await renderAndStoreQuotePdf({ db, files, publicUrl, pdfSeal: pdfSeal ?? null }, payload);
    log.info({ jobId: job.id, quoteId: payload.quoteId, outcome, ms: Math.round(performance.now() - started) }, "render-quote-pdf job done");
  },
  { maxAttempts: 4, backoffMs: 10_000, maxBackoffMs: 10 * 60_000 },
);
