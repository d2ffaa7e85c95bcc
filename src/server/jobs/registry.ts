import type { z } from "zod";
import { billingRemindersJob } from "./billing-reminders";
import { deleteFilesJob } from "./delete-files";
import { sendQuoteReminderJob } from "../modules/conversation/conversation.jobs";
import { sweepImagesJob } from "../modules/blocks/images.jobs";
import { renderQuotePdfJob } from "../modules/public-quote/quote-pdf.jobs";
import { statisticsRetentionJob } from "../modules/statistics/statistics.jobs";
import { sendMailJob } from "./send-mail";

/** Every kind of background work the app runs; the worker in main.ts handles all of them. */
export const appJobs = [sendMailJob, deleteFilesJob, billingRemindersJob, sendQuoteReminderJob, renderQuotePdfJob, statisticsRetentionJob, sweepImagesJob] as const;

type AppJob = (typeof appJobs)[number];
export type AppJobName = AppJob["name"];
export type AppJobPayload<N extends AppJobName> = z.input<Extract<AppJob, { name: N }>["schema"]>;
