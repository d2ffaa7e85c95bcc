import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";

/** queued → running → completed, or back to queued (retry with back-off) until failed. */
export const JOB_STATUSES = ["queued", "running", "completed", "failed"] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

/**
 * Durable background work (src/server/jobs). A row is inserted in the caller's transaction, so a
 * job exists exactly when the work that asked for it was committed. Workers claim due rows with
 * `FOR UPDATE SKIP LOCKED`; see docs/decisions/006-background-jobs.md.
 */
export const jobs = pgTable(
  "jobs",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    payload: jsonb("payload").notNull(),
    status: text("status", { enum: JOB_STATUSES }).notNull().default("queued"),
    /** Attempts started so far (a claim counts as an attempt). */
    attempts: integer("attempts").notNull().default(0),
    maxAttempts: integer("max_attempts").notNull(),
    /** Not before this time (first run, or the next retry). */
    runAt: timestamp("run_at", { withTimezone: true }).notNull().defaultNow(),
    /** At most one queued or running job per (name, singleton key). */
    singletonKey: text("singleton_key"),
    lockedBy: text("locked_by"),
    lockedAt: timestamp("locked_at", { withTimezone: true }),
    lastError: text("last_error"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (t) => [
    index("jobs_due_idx").on(t.runAt).where(sql`${t.status} = 'queued'`),
    index("jobs_running_idx").on(t.lockedAt).where(sql`${t.status} = 'running'`),
    index("jobs_finished_idx").on(t.finishedAt).where(sql`${t.finishedAt} is not null`),
    uniqueIndex("jobs_singleton_key").on(t.name, t.singletonKey).where(sql`${t.status} in ('queued', 'running')`),
    check("jobs_status_check", sql`${t.status} in ('queued', 'running', 'completed', 'failed')`),
    check("jobs_attempts_check", sql`${t.attempts} >= 0 and ${t.maxAttempts} >= 1`),
  ],
);
