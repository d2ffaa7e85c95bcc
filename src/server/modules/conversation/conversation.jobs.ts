import { z } from "zod";
import { PermanentJobError, defineJob } from "../../jobs/define";
import { sendDueReminder } from "./conversation.service";
import { REMINDER_JOB } from "./reminder-job-name";

/**
 * A quote's reminder e-mail, queued by `scheduleReminder` for N days before expiry. The handler
 * re-checks everything under the reminder row's lock (conversation.service `sendDueReminder`), so
 * a stale job (dates changed, quote signed, declined or withdrawn, reminder switched off or
 * already sent) does nothing, and running it twice sends once.
 */
export const sendQuoteReminderJob = defineJob(
  REMINDER_JOB,
  z.object({ quoteId: z.uuid(), expirationDate: z.iso.date(), daysBefore: z.number().int().min(1).max(30) }),
  async (payload, { db, log, job, publicUrl }) => {
    if (!publicUrl) throw new PermanentJobError("The job worker has no publicUrl for the quote link");
    const outcome = await sendDueReminder(db, publicUrl, payload);
    log.info({ jobId: job.id, quoteId: payload.quoteId, outcome }, "quote reminder job done");
  },
);
