import { z } from "zod";
import { defineJob } from "../../jobs/define";

/** How often each app server (main.ts) queues the next daily run; the singleton key keeps one. */
export const STATISTICS_RETENTION_QUEUE_EVERY_MS = 60 * 60_000;
export const STATISTICS_RETENTION_SINGLETON = "statistics-retention";
/** The daily run's hour (UTC): a quiet hour in Europe. */
const RUN_HOUR_UTC = 3;

/** The next daily run after `now`: today's 03:00 UTC if still ahead, else tomorrow's. */
export function nextRetentionRun(now = new Date()): Date {
  const run = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), RUN_HOUR_UTC));
  if (run.getTime() <= now.getTime()) run.setUTCDate(run.getUTCDate() + 1);
  return run;
}

/**
 * Retention of raw statistics (decision 026/034): deletes views that began more than
 * STATS.rawRetentionMonths ago, with their time entries, in bounded batches; the rollups every
 * figure is read from stay. main.ts queues it for 03:00 UTC every day (one waiting job across all
 * servers: singleton key). Idempotent: a second run finds nothing left to delete. Handler:
 * statistics.job-handlers.ts.
 */
export const statisticsRetentionJob = defineJob("statistics-retention", z.object({}));
