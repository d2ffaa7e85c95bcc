// The worker's side of the jobs adapter (main.ts, tests). A service that queues a job imports
// `./queue` and the job's definition instead: this index lists every handler, which import the
// services (an import circle; tests/unit/imports.test.ts fails on one).
export {
  type JobContext,
  type JobDefinition,
  type JobDeps,
  type JobHandler,
  PermanentJobError,
  RetryJobError,
  type RetryPolicy,
  type RunnableJob,
  defineJob,
  handleJob,
} from "./define";
export { type EnqueueOptions, type JobQueryable, enqueue } from "./queue";
export { appJobs } from "./handlers";
export { BILLING_REMINDERS_EVERY_MS, billingRemindersJob } from "./billing-reminders";
export { deleteFilesJob } from "./delete-files";
export { sendMailJob } from "./send-mail";
export { type JobWorker, createJobWorker } from "./worker";
