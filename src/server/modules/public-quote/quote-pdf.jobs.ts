import { z } from "zod";
import { defineJob } from "../../jobs/define";

/**
 * The sealed PDF of a quote's current state (decision 025), queued by the download route (202
 * "being prepared") and by marking a quote signed. Idempotent: the handler
 * (quote-pdf.job-handlers.ts, `renderAndStoreQuotePdf`) renders a state once and keeps one file
 * per state, however often the job runs.
 */
export const renderQuotePdfJob = defineJob("render-quote-pdf", z.object({ accountId: z.uuid(), quoteId: z.uuid() }), {
  maxAttempts: 4,
  backoffMs: 10_000,
  maxBackoffMs: 10 * 60_000,
});
