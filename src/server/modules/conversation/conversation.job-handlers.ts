import { PermanentJobError, handleJob } from "../../jobs/define";
import { sendQuoteReminderJob } from "./conversation.jobs";
import { sendDueReminder } from "./conversation.service";

/** Runs a quote's reminder (conversation.jobs.ts); the worker's list is jobs/handlers.ts. */
export const sendQuoteReminderHandler = handleJob(sendQuoteReminderJob, async (payload, { db, log, job, publicUrl }) => {
  if (!publicUrl) throw new PermanentJobError("The job worker has no publicUrl for the quote link");
  const outcome = await sendDueReminder(db, publicUrl, payload);
  log.info({ jobId: job.id, quoteId: payload.quoteId, outcome }, "quote reminder job done");
});
