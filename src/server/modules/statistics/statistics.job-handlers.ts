import { handleJob } from "../../jobs/define";
import { statisticsRetentionJob } from "./statistics.jobs";
import { purgeRawStatistics } from "./statistics.service";

/** Deletes raw statistics past retention (statistics.jobs.ts); the worker's list is jobs/handlers.ts. */
export const statisticsRetentionHandler = handleJob(statisticsRetentionJob, async (_payload, { db, log, job }) => {
  const result = await purgeRawStatistics(db);
  log.info({ jobId: job.id, ...result }, "statistics-retention job done");
});
