import { quoteExpiredHandler } from "../events/events.job-handlers";
import { isFileKey } from "../files/storage";
import { verifyCustomDomainHandler } from "../modules/custom-domains/custom-domains.job-handlers";
import { sendQuoteReminderHandler } from "../modules/conversation/conversation.job-handlers";
import { sweepImagesHandler } from "../modules/blocks/images.job-handlers";
import { sendTrialEndingNotices } from "../modules/billing/notices";
import { sendDocuSignEnvelopeHandler } from "../modules/integrations/docusign/docusign.job-handlers";
import { renderQuotePdfHandler } from "../modules/public-quote/quote-pdf.job-handlers";
import { statisticsRetentionHandler } from "../modules/statistics/statistics.job-handlers";
import { deliverWebhookHandler, webhookLogRetentionHandler } from "../modules/webhooks/webhooks.job-handlers";
import { billingRemindersJob } from "./billing-reminders";
import { handleJob } from "./define";
import { deleteFilesJob } from "./delete-files";
import { sendMailJob } from "./send-mail";

const sendMailHandler = handleJob(sendMailJob, async (message, { mail, log, job }) => {
  const sent = await mail.send(message);
  log.info({ jobId: job.id, messageId: sent.messageId }, "send-mail job done");
});

const deleteFilesHandler = handleJob(deleteFilesJob, async ({ keys }, { files, log, job }) => {
  for (const key of keys) if (isFileKey(key)) await files.delete(key);
  log.info({ jobId: job.id, files: keys.length }, "delete-files job done");
});

const billingRemindersHandler = handleJob(billingRemindersJob, async ({ publicUrl }, { db, log, job }) => {
  const told = await sendTrialEndingNotices(db, publicUrl);
  log.info({ jobId: job.id, told }, "billing-reminders job done");
});

/**
 * Every kind of background work the app runs, with its handler: the worker in main.ts runs all of
 * them. Only the worker's start-up imports this list (it imports every module that has a job);
 * code that queues a job imports the job's definition (`<module>.jobs.ts`) and jobs/queue.ts.
 * A definition missing here would wait in the table forever: tests/unit/jobs.test.ts checks that
 * every definition in src/server has its handler in this list.
 */
export const appJobs = [
  sendMailHandler,
  deleteFilesHandler,
  billingRemindersHandler,
  sendQuoteReminderHandler,
  renderQuotePdfHandler,
  sendDocuSignEnvelopeHandler,
  statisticsRetentionHandler,
  sweepImagesHandler,
  quoteExpiredHandler,
  deliverWebhookHandler,
  webhookLogRetentionHandler,
  verifyCustomDomainHandler,
] as const;
