export { type JobContext, type JobDefinition, type JobDeps, PermanentJobError, type RetryPolicy, defineJob } from "./define";
export { type EnqueueOptions, type JobQueryable, enqueue } from "./queue";
export { type AppJobName, type AppJobPayload, appJobs } from "./registry";
export { BILLING_REMINDERS_EVERY_MS, billingRemindersJob } from "./billing-reminders";
export { deleteFilesJob } from "./delete-files";
export { sendMailJob } from "./send-mail";
export { type JobWorker, createJobWorker } from "./worker";
