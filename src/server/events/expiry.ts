import { and, eq, sql } from "drizzle-orm";
import { isExpired, todayIso } from "../../shared/quote-status";
import type { Database, Executor } from "../db/client";
import { domainEvents, jobs, quotes } from "../db/schema";
import { enqueue } from "../jobs/queue";
import { quoteExpiredJob } from "./events.jobs";
import { recordEvent } from "./index";

/** The moment a quote expires: the start (UTC) of the day after its expiration date (its last valid day). */
export function expiryMoment(expirationDate: string): Date {
  const moment = new Date(`${expirationDate}T00:00:00Z`);
  moment.setUTCDate(moment.getUTCDate() + 1);
  return moment;
}

/**
 * Queues the quote's `quote.expired` job for its expiry moment (in the transaction that publishes
 * it). One job per quote and expiration date waits at a time (singleton key).
 */
export async function scheduleQuoteExpiry(tx: Executor, quote: { id: string; accountId: string; expirationDate: string }): Promise<void> {
  await enqueue(
    tx,
    quoteExpiredJob,
    { accountId: quote.accountId, quoteId: quote.id, expirationDate: quote.expirationDate },
    { runAt: expiryMoment(quote.expirationDate), singletonKey: `quote-expired:${quote.id}:${quote.expirationDate}` },
  );
}

/**
 * Queues the expiry job of every published quote that should have one and has not: quotes
 * published before the job existed (an upgrade). Only quotes that have not expired yet: one that
 * expired before (months ago, perhaps) gets no `quote.expired` now, which integrations would take
 * for news. Run once when a server starts its background work; idempotent across servers (the
 * singleton key keeps one waiting job per quote and date). Returns how many it queued.
 */
export async function scheduleMissingQuoteExpiries(db: Database, now = new Date()): Promise<number> {
  const missing = await db
    .select({ id: quotes.id, accountId: quotes.accountId, expirationDate: quotes.expirationDate })
    .from(quotes)
    .where(
      and(
        eq(quotes.status, "PUBLISHED"),
        sql`${quotes.expirationDate} >= ${todayIso(now)}`,
        sql`not exists (select 1 from ${jobs} where ${jobs.name} = ${quoteExpiredJob.name} and ${jobs.status} in ('queued', 'running')
          and ${jobs.singletonKey} = 'quote-expired:' || ${quotes.id} || ':' || ${quotes.expirationDate})`,
      ),
    );
  let queued = 0;
  for (const quote of missing) {
    await scheduleQuoteExpiry(db, { id: quote.id, accountId: quote.accountId, expirationDate: quote.expirationDate });
    queued++;
  }
  return queued;
}

export type ExpireOutcome = "recorded" | "not-due" | "not-published" | "already-recorded";

/**
 * The job's work, under the quote's row lock: records `quote.expired` when the quote is still
 * published with this expiration date and has expired, unless it was recorded for this date before
 * (a job run twice, or a quote published again with the same date) — once per quote and expiry.
 */
export async function expireQuote(
  db: Database,
  payload: { accountId: string; quoteId: string; expirationDate: string },
  now = new Date(),
): Promise<ExpireOutcome> {
  return db.transaction(async (tx) => {
    const [quote] = await tx
      .select({ status: quotes.status, expirationDate: quotes.expirationDate })
      .from(quotes)
      .where(and(eq(quotes.accountId, payload.accountId), eq(quotes.id, payload.quoteId)))
      .for("update");
    if (quote?.status !== "PUBLISHED" || quote.expirationDate !== payload.expirationDate) return "not-published";
    if (!isExpired({ status: quote.status, expirationDate: quote.expirationDate }, todayIso(now))) return "not-due";
    const [earlier] = await tx
      .select({ id: domainEvents.id })
      .from(domainEvents)
      .where(
        and(
          eq(domainEvents.quoteId, payload.quoteId),
          eq(domainEvents.type, "quote.expired"),
          sql`${domainEvents.payload}->'quote'->>'expirationDate' = ${payload.expirationDate}`,
        ),
      )
      .limit(1);
    if (earlier) return "already-recorded";
    await recordEvent(tx, { type: "quote.expired", accountId: payload.accountId, quoteId: payload.quoteId, now });
    return "recorded";
  });
}
