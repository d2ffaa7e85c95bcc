import { handleJob } from "../../jobs/define";
import { deliverWebhook } from "./webhooks.delivery";
import { deliverWebhookJob, webhookLogRetentionJob } from "./webhooks.jobs";
import { deleteOldWebhookDeliveries } from "./webhooks.service";

export const deliverWebhookHandler = handleJob(deliverWebhookJob, async (message, { db, log, webhooks, publicUrl, job }) => {
  if (!webhooks) throw new Error("The job worker has no webhook configuration (JobDeps.webhooks)");
  await deliverWebhook(message, { db, log, webhooks, publicUrl: publicUrl ?? "", job });
});

export const webhookLogRetentionHandler = handleJob(webhookLogRetentionJob, async (_payload, { db, log, job }) => {
  const deleted = await deleteOldWebhookDeliveries(db);
  log.info({ jobId: job.id, deleted }, "webhook-log-retention job done");
});
