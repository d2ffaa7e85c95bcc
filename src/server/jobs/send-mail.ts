import { z } from "zod";
import { defineJob } from "./define";

/**
 * Sends one e-mail through the mail adapter (SMTP or the development outbox), retried with
 * back-off while the mail server is unreachable. Enqueue it in the transaction that decided to
 * send, so the request never waits for the mail server. Handler: jobs/handlers.ts.
 */
export const sendMailJob = defineJob(
  "send-mail",
  z.object({
    to: z.email(),
    subject: z.string().min(1).max(998),
    text: z.string(),
    html: z.string(),
    replyTo: z.email().optional(),
    /** Logged with the message (never the body), e.g. a sign-in link in development. */
    logHint: z.record(z.string(), z.string()).optional(),
  }),
  { maxAttempts: 8, backoffMs: 30_000, maxBackoffMs: 60 * 60_000 },
);
