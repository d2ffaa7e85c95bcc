import { z } from "zod";
import { defineJob } from "../../../jobs/define";

/**
 * Sends a quote with DocuSign (decision 059): queued by `sendQuoteWithDocuSign` with the PREPARING
 * envelope row; the handler (docusign.job-handlers.ts, `deliverDocuSignEnvelope`) renders or reads
 * the sealed PDF and creates the envelope at DocuSign. A row that is no longer PREPARING is skipped.
 */
export const sendDocuSignEnvelopeJob = defineJob("send-docusign-envelope", z.object({ envelopeRowId: z.uuid() }), {
  maxAttempts: 5,
  backoffMs: 15_000,
  maxBackoffMs: 10 * 60_000,
});
