import { z } from "zod";
import { defineJob } from "../../jobs/define";

/** The reminder job's name: the service also finds a quote's queued reminders by it. */
export const REMINDER_JOB = "send-quote-reminder" as const;

/**
 * A quote's reminder e-mail, queued by `scheduleReminder` for N days before expiry. The handler
 * (conversation.job-handlers.ts) re-checks everything under the reminder row's lock
 * (conversation.service `sendDueReminder`), so a stale job (dates changed, quote signed, declined
 * or withdrawn, reminder switched off or already sent) does nothing, and running it twice sends once.
 */
export const sendQuoteReminderJob = defineJob(
  REMINDER_JOB,
  z.object({ quoteId: z.uuid(), expirationDate: z.iso.date(), daysBefore: z.number().int().min(1).max(30) }),
);
