import { handleJob } from "../jobs/define";
import { quoteExpiredJob } from "./events.jobs";
import { expireQuote } from "./expiry";

/** Records quote.expired when it is due (events.jobs.ts); the worker's list is jobs/handlers.ts. */
export const quoteExpiredHandler = handleJob(quoteExpiredJob, async (payload, { db, log, job }) => {
  const outcome = await expireQuote(db, payload);
  log.info({ jobId: job.id, quoteId: payload.quoteId, outcome }, "quote-expired job done");
});
