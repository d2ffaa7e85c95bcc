import { PermanentJobError, handleJob } from "../../../jobs/define";
import { sendDocuSignEnvelopeJob } from "./docusign.jobs";
import { deliverDocuSignEnvelope } from "./docusign.service";

/** Creates the DocuSign envelope of a "Send with DocuSign" (docusign.jobs.ts); the worker's list is jobs/handlers.ts. */
export const sendDocuSignEnvelopeHandler = handleJob(
  sendDocuSignEnvelopeJob,
  async (payload, { db, files, log, job, publicUrl, pdfSeal, webhooks, docusign }) => {
    if (!publicUrl || !webhooks || !docusign) throw new PermanentJobError("The job worker has no publicUrl, webhooks or docusign configuration");
    const outcome = await deliverDocuSignEnvelope({ db, files, config: { publicUrl, pdfSeal: pdfSeal ?? null, webhooks, docusign } }, payload.envelopeRowId, {
      last: job.attempt >= job.maxAttempts,
    });
    log.info({ jobId: job.id, envelopeRowId: payload.envelopeRowId, outcome }, "send-docusign-envelope job done");
  },
);
