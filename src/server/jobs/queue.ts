import type { z } from "zod";
import type { Database } from "../db/client";
import { jobs } from "../db/schema/jobs";
import type { JobDefinition } from "./define";
import { jobQueued } from "./signal";

/** The database or a transaction on it: a job is inserted in whatever the caller is inside. */
export type JobQueryable = Pick<Database, "insert">;

export type EnqueueOptions = {
  /** Not before this time (default: now). */
  runAt?: Date;
  /**
   * At most one queued or running job of this kind per key: enqueuing another while one waits is
   * a no-op (returns null). E.g. `reminder:<quoteId>`.
   */
  singletonKey?: string;
};

/**
 * Queues a job. Pass the caller's transaction to make the job exist exactly when the transaction
 * commits (a rolled-back request never sends its e-mail). The payload is validated now, so a bad
 * payload fails the caller, not the worker later. Returns the job id, or null when a job with the
 * same singleton key is already waiting.
 *
 * `job` is the job's definition (`<module>.jobs.ts`: name, schema, retry), not its handler, so
 * this file imports no module and a service that enqueues imports no job's handler.
 */
export async function enqueue<S extends z.ZodType>(
  db: JobQueryable,
  job: JobDefinition<S>,
  payload: z.input<S>,
  options: EnqueueOptions = {},
): Promise<string | null> {
  const checked = job.schema.safeParse(payload);
  if (!checked.success) throw new Error(`Invalid payload for job "${job.name}": ${checked.error.message}`);
  const rows = await db
    .insert(jobs)
    .values({
      name: job.name,
      payload: payload as object,
      maxAttempts: job.retry.maxAttempts,
      runAt: options.runAt,
      singletonKey: options.singletonKey,
    })
    .onConflictDoNothing()
    .returning({ id: jobs.id });
  const id = rows[0]?.id ?? null;
  if (id && job.urgent && (!options.runAt || options.runAt.getTime() <= Date.now())) jobQueued(job.name);
  return id;
}
