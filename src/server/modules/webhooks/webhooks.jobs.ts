import { z } from "zod";
import { defineJob } from "../../jobs/define";

/**
 * When a failed delivery is tried again, after the attempt with the same index (attempt 1 failed:
 * wait RETRY_SCHEDULE_MS[0]…), each ±20 % (jitter, so receivers that come back are not hit by every
 * sender at once). In all about three days (≈ 75 h); after the last attempt fails, the endpoint is
 * disabled (FAILING) and the account's owners get an e-mail.
 */
export const RETRY_SCHEDULE_MS: readonly number[] = [
  5_000,
  30_000,
  2 * 60_000,
  10 * 60_000,
  30 * 60_000,
  3600_000,
  2 * 3600_000,
  4 * 3600_000,
  8 * 3600_000,
  12 * 3600_000,
  12 * 3600_000,
  12 * 3600_000,
  12 * 3600_000,
  12 * 3600_000,
];

/**
 * One message to one endpoint (issue 23): a domain event (`eventId`, its envelope is built when
 * delivered) or a test message (`testBody`, the exact JSON). `webhookId` (msg_…) is the same for
 * every attempt and every resend of the message. `manual`: a person asked for it (test, resend):
 * delivered to a disabled endpoint too. `deliveryId`: the PENDING log row the request made for
 * attempt 1. Handler: webhooks.job-handlers.ts.
 */
export const deliverWebhookJob = defineJob(
  "deliver-webhook",
  z.object({
    accountId: z.uuid(),
    endpointId: z.uuid(),
    webhookId: z.string().regex(/^msg_[A-Za-z0-9]{1,64}$/),
    eventId: z.uuid().optional(),
    eventType: z.string().min(1).max(100),
    testBody: z.string().max(10_000).optional(),
    manual: z.boolean().optional(),
  }),
  // The handler decides each wait (RetryJobError: the schedule above, or the receiver's Retry-After).
  { maxAttempts: RETRY_SCHEDULE_MS.length + 1, backoffMs: 5_000, maxBackoffMs: 12 * 3600_000 },
  { urgent: true }, // commit to first attempt ≤ 1 s (issue 23)
);

/** Deletes delivery log rows older than 30 days (queued daily by main.ts, one waiting at a time). */
export const webhookLogRetentionJob = defineJob("webhook-log-retention", z.object({}), { maxAttempts: 3, backoffMs: 60_000 });
export const WEBHOOK_LOG_RETENTION_SINGLETON = "webhook-log-retention";
export const WEBHOOK_LOG_RETENTION_EVERY_MS = 6 * 3600_000;
