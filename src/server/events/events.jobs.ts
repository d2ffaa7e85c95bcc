import { z } from "zod";
import { defineJob } from "../jobs/define";

/**
 * `quote.expired` at the quote's expiry moment (the start of the day after its expiration date,
 * UTC, when src/shared/quote-status.ts starts calling it expired): queued by `publishQuote` (a
 * published quote's dates never change; a new publication queues its own). The handler
 * (events.job-handlers.ts → expiry.ts `expireQuote`) records the event only when the quote is
 * still published with that expiration date and expired, and once per quote and date.
 */
export const quoteExpiredJob = defineJob("quote-expired", z.object({ accountId: z.uuid(), quoteId: z.uuid(), expirationDate: z.iso.date() }));
