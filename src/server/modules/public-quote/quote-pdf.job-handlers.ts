import { PermanentJobError, handleJob } from "../../jobs/define";
import { renderQuotePdfJob } from "./quote-pdf.jobs";
import { renderAndStoreQuotePdf } from "./quote-pdf.service";

/** Renders and stores a quote's sealed PDF (quote-pdf.jobs.ts); the worker's list is jobs/handlers.ts. */
export const renderQuotePdfHandler = handleJob(renderQuotePdfJob, async (payload, { db, files, log, job, publicUrl, pdfSeal }) => {
  if (!publicUrl) throw new PermanentJobError("The job worker has no publicUrl for the PDF's link and seal");
  const started = performance.now();
  const outcome = await renderAndStoreQuotePdf({ db, files, publicUrl, pdfSeal: pdfSeal ?? null }, payload);
  log.info({ jobId: job.id, quoteId: payload.quoteId, outcome, ms: Math.round(performance.now() - started) }, "render-quote-pdf job done");
});
