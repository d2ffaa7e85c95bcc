import crypto from "node:crypto";
import { configureEventLinks } from "../events/links";
import { type SQL, sql } from "drizzle-orm";
import { type Database, queryRows } from "../db/client";
import type { Logger } from "../logger";
import { type JobDeps, PermanentJobError, RetryJobError, type RunnableJob, retryDelayMs } from "./define";
import { onJobQueued } from "./signal";

export type JobWorkerOptions = {
  deps: JobDeps;
  /** The kinds of job this worker runs; it never claims others (e.g. during a rolling deploy). */
  jobs: readonly RunnableJob[];
  /** Jobs run at the same time by this worker (default 2). */
  concurrency?: number;
  /** How often an idle worker looks for due jobs (default 1 s). */
  pollIntervalMs?: number;
  /**
   * A running job whose lock has not been renewed for this long is run again: its worker died
   * (default 2 min). A live worker renews the locks of its running jobs every `heartbeatMs`
   * (default a quarter of the lock timeout), so a long job is never taken over while it runs.
   */
  lockTimeoutMs?: number;
  heartbeatMs?: number;
  /** Finished jobs are kept this long for inspection, then deleted (default 7 days; failed: 30 days). */
  keepCompletedMs?: number;
  keepFailedMs?: number;
  workerId?: string;
  /**
   * Called each time the loop has claimed what it could and goes to sleep until the next poll, a
   * free slot or a nudge (tests wait for it instead of guessing how long a claim takes).
   */
  onIdle?: () => void;
};

export type JobWorker = {
  id: string;
  /** Starts polling in the background. */
  start: () => void;
  /**
   * Stops claiming new jobs and waits (up to timeoutMs, default 10 s) for the running ones. A job
   * still running after that is left to be taken over when its lock expires.
   */
  stop: (options?: { timeoutMs?: number }) => Promise<void>;
  /** Claims the jobs due now (up to `concurrency`), runs them and waits; returns how many ran. */
  runOnce: () => Promise<number>;
};

/** When a worker looks again after a job of its own was queued in this process (`nudged`). */
export const NUDGE_DELAYS_MS = [20, 100, 300, 1_000, 3_000] as const;

type ClaimedJob = { id: string; name: string; payload: unknown; attempts: number; maxAttempts: number };

const ms = (value: number) => sql`make_interval(secs => ${value / 1000}::double precision)`;

/**
 * The worker for the table-backed queue (src/server/db/schema/jobs.ts), the same on PGlite and
 * PostgreSQL. A claim is one statement: due rows are picked with FOR UPDATE SKIP LOCKED and
 * marked running in the same UPDATE, so two workers (or two app servers) never claim the same job.
 */
export function createJobWorker(options: JobWorkerOptions): JobWorker {
  const { deps } = options;
  if (deps.publicUrl) configureEventLinks(deps.publicUrl);
  const db: Database = deps.db;
  const log: Logger = deps.log;
  const id = options.workerId ?? `worker-${crypto.randomBytes(6).toString("hex")}`;
  const concurrency = options.concurrency ?? 2;
  const pollIntervalMs = options.pollIntervalMs ?? 1000;
  const lockTimeoutMs = options.lockTimeoutMs ?? 2 * 60_000;
  const heartbeatMs = options.heartbeatMs ?? Math.max(1000, Math.floor(lockTimeoutMs / 4));
  const keepCompletedMs = options.keepCompletedMs ?? 7 * 24 * 3600_000;
  const keepFailedMs = options.keepFailedMs ?? 30 * 24 * 3600_000;
  const definitions = new Map(options.jobs.map((j) => [j.name, j]));
  if (definitions.size === 0) throw new Error("A job worker needs at least one job definition");
  const names: SQL = sql.join(
    [...definitions.keys()].map((name) => sql`${name}`),
    sql`, `,
  );

  let running = false;
  let loop: Promise<void> | undefined;
  let wake: (() => void) | undefined;
  // A nudge or a finished job while the loop is claiming (not asleep): claim again before sleeping,
  // rather than lose it until the next poll.
  let wakePending = false;
  const wakeNow = () => {
    if (wake) wake();
    else wakePending = true;
  };
  let lastCleanup = 0;
  const active = new Set<Promise<void>>();
  let stopListening: (() => void) | undefined;
  let nudgeSeriesUntil = 0;
  let heartbeat: NodeJS.Timeout | undefined;

  /** Renews the locks of this worker's running jobs (a crashed worker's expire: decision 006). */
  async function renewLocks(): Promise<void> {
    if (active.size === 0) return;
    try {
      await db.execute(sql`update jobs set locked_at = now() where locked_by = ${id} and status = 'running'`);
    } catch (error) {
      log.warn({ err: error, workerId: id }, "could not renew the locks of running jobs");
    }
  }

  /**
   * A job of ours was queued in this process, due now (jobs/signal.ts): look sooner than the next
   * poll. The enqueuing transaction may not have committed yet, so look a few times after it (20,
   * 100, 300 ms, and 1 and 3 s for a commit held up on a busy machine; one series started per 300
   * ms, so a burst of jobs does not multiply the claims). A nudge while the loop is claiming is
   * kept for after the claim (`wakePending`). A job that commits later still waits at most one
   * poll interval.
   */
  function nudged(name: string): void {
    if (!running || !definitions.has(name)) return;
    const now = Date.now();
    if (now < nudgeSeriesUntil) return;
    nudgeSeriesUntil = now + 300;
    for (const delay of NUDGE_DELAYS_MS) setTimeout(wakeNow, delay).unref();
  }

  let lastSweep = 0;
  async function sweep(): Promise<void> {
    lastSweep = Date.now();
    // A job whose worker vanished during its last allowed attempt will not be tried again.
    await db.execute(sql`
      update jobs set status = 'failed', finished_at = now(), updated_at = now(), locked_by = null, locked_at = null,
        last_error = 'The worker stopped during the last attempt (lock expired).'
      where status = 'running' and name in (${names}) and locked_at < now() - ${ms(lockTimeoutMs)} and attempts >= max_attempts`);
    // One whose worker vanished earlier is due again now (its claim counts the next attempt).
    await db.execute(sql`
      update jobs set status = 'queued', run_at = now(), updated_at = now(), locked_by = null, locked_at = null
      where status = 'running' and name in (${names}) and locked_at < now() - ${ms(lockTimeoutMs)} and attempts < max_attempts`);
    if (Date.now() - lastCleanup > 10 * 60_000) {
      lastCleanup = Date.now();
      await db.execute(sql`
        delete from jobs where (status = 'completed' and finished_at < now() - ${ms(keepCompletedMs)})
          or (status = 'failed' and finished_at < now() - ${ms(keepFailedMs)})`);
    }
  }

  /**
   * Claims up to `limit` due jobs. Lock-expired jobs were made due again by the sweep, so the claim
   * reads one partial index in order (jobs_due_idx on run_at, no sort) and stops at `limit`: with
   * a backlog of 10,000 deliveries it took 9 ms sorting them all when it also looked for expired
   * locks and ordered by created_at too, 0.2 ms now (EXPLAIN ANALYZE, decision 048). Jobs queued
   * in one transaction share run_at (and created_at: both are the transaction's now()), so the
   * dropped tie-break never ordered anything.
   */
  async function claim(limit: number, { sweepNow = true } = {}): Promise<ClaimedJob[]> {
    if (sweepNow || Date.now() - lastSweep >= pollIntervalMs) await sweep();
    return queryRows<ClaimedJob>(
      db,
      sql`
      update jobs set status = 'running', attempts = attempts + 1, locked_by = ${id}, locked_at = now(), updated_at = now()
      where id in (
        select id from jobs
        where name in (${names}) and status = 'queued' and run_at <= now()
        order by run_at
        limit ${limit}
        for update skip locked
      )
      returning id, name, payload, attempts, max_attempts as "maxAttempts"`,
    );
  }

  async function run(job: ClaimedJob): Promise<void> {
    const definition = definitions.get(job.name)!;
    const started = performance.now();
    try {
      const parsed = definition.schema.safeParse(job.payload);
      if (!parsed.success) throw new PermanentJobError(`Invalid payload: ${parsed.error.message}`);
      await definition.handler(parsed.data, {
        ...deps,
        job: { id: job.id, name: job.name, attempt: job.attempts, maxAttempts: job.maxAttempts },
      });
      await db.execute(sql`
        update jobs set status = 'completed', finished_at = now(), updated_at = now(), locked_by = null, locked_at = null
        where id = ${job.id} and locked_by = ${id} and status = 'running'`);
      log.info({ jobId: job.id, job: job.name, attempt: job.attempts, ms: Math.round(performance.now() - started) }, "job completed");
    } catch (error) {
      const message = (error instanceof Error ? `${error.name}: ${error.message}` : String(error)).slice(0, 2000);
      const final = error instanceof PermanentJobError || job.attempts >= job.maxAttempts;
      try {
        if (final) {
          await db.execute(sql`
            update jobs set status = 'failed', finished_at = now(), updated_at = now(), locked_by = null, locked_at = null, last_error = ${message}
            where id = ${job.id} and locked_by = ${id} and status = 'running'`);
          log.error({ err: error, jobId: job.id, job: job.name, attempt: job.attempts }, "job failed for good");
        } else {
          const delay = error instanceof RetryJobError ? Math.max(0, Math.round(error.delayMs)) : retryDelayMs(definition.retry, job.attempts);
          await db.execute(sql`
            update jobs set status = 'queued', run_at = now() + ${ms(delay)}, updated_at = now(), locked_by = null, locked_at = null, last_error = ${message}
            where id = ${job.id} and locked_by = ${id} and status = 'running'`);
          log.warn({ err: error, jobId: job.id, job: job.name, attempt: job.attempts, retryInMs: delay }, "job failed; will retry");
        }
      } catch (updateError) {
        // The database is unreachable: the lock expires and the job is tried again.
        log.error({ err: updateError, jobId: job.id }, "could not record a job's failure");
      }
    }
  }

  function track(job: ClaimedJob): Promise<void> {
    const promise = run(job).finally(() => {
      active.delete(promise);
      wakeNow();
    });
    active.add(promise);
    return promise;
  }

  async function poll(): Promise<void> {
    while (running) {
      const free = concurrency - active.size;
      if (free > 0) {
        try {
          // A busy worker claims again each time a job ends: the sweep runs at most once a poll interval.
          for (const job of await claim(free, { sweepNow: false })) track(job);
        } catch (error) {
          log.error({ err: error, workerId: id }, "could not claim jobs");
        }
      }
      if (!running) break;
      if (wakePending) {
        wakePending = false;
        continue;
      }
      // Sleep until the next poll, a finished job (a free slot) or stop().
      options.onIdle?.();
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, pollIntervalMs);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      wake = undefined;
    }
  }

  return {
    id,
    start() {
      if (running) return;
      running = true;
      stopListening = onJobQueued(nudged);
      heartbeat = setInterval(() => void renewLocks(), heartbeatMs);
      heartbeat.unref();
      loop = poll();
      log.info({ workerId: id, jobs: [...definitions.keys()], concurrency }, "job worker started");
    },
    async stop({ timeoutMs = 10_000 } = {}) {
      running = false;
      stopListening?.();
      stopListening = undefined;
      wake?.();
      await loop;
      loop = undefined;
      let timer: NodeJS.Timeout | undefined;
      const timedOut = await Promise.race([
        Promise.all(active).then(() => false),
        new Promise<boolean>((resolve) => {
          timer = setTimeout(() => resolve(true), timeoutMs);
        }),
      ]);
      clearTimeout(timer);
      clearInterval(heartbeat); // a job still running now is left to be taken over when its lock expires
      heartbeat = undefined;
      if (timedOut) log.warn({ workerId: id, running: active.size }, "job worker stopped with jobs still running; they will be retried");
    },
    async runOnce() {
      const jobs = await claim(concurrency);
      await Promise.all(jobs.map(track));
      return jobs.length;
    },
  };
}
