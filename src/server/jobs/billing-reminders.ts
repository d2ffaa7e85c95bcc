import { z } from "zod";
import { defineJob } from "./define";

/** How often main.ts queues the look for trials about to end. */
export const BILLING_REMINDERS_EVERY_MS = 15 * 60_000;

/**
 * The periodic look for trials about to end (3 days before, once per trial). main.ts queues it
 * every BILLING_REMINDERS_EVERY_MS with a singleton key, so of several app servers one runs it at
 * a time; the billing_notices table makes each e-mail go once whoever runs it (idempotent).
 * Handler: jobs/handlers.ts (it calls modules/billing/notices, which enqueues e-mails).
 */
export const billingRemindersJob = defineJob("billing-reminders", z.object({ publicUrl: z.url() }));
