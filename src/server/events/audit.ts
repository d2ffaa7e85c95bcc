import { sql } from "drizzle-orm";
import type { QuoteAuditEvent } from "../../shared/enums";
import type { Executor } from "../db/client";
import { quoteAuditEvents } from "../db/schema";

/**
 * THE writer of the quote audit trail (decision 024, issue 23): `recordEvent` writes the row of an
 * event that has one (published, declined, signature added, marked signed), and the two audit
 * rows without a domain event are written here too: OPTION_CHANGED (a customer ticking options)
 * and the public page's VIEWED evidence (one per address and browser per 30 minutes: not the
 * `quote.viewed` event, which is one per new visitor). Nothing else inserts into quote_audit_events.
 */

/** Who acted and from where: the evidence stored with signatures and audit rows. */
export type Evidence = { ip: string | null; userAgent: string | null };

export type AuditRow = {
  accountId: string;
  quoteId: string;
  event: QuoteAuditEvent;
  /** Default: the clock when the row is written. */
  at?: Date;
  actorName?: string | null;
  actorEmail?: string | null;
  documentHash?: string | null;
  versionNumber?: number | null;
  details?: Record<string, unknown> | null;
};

const clip = (value: string | null | undefined, max: number) => (value == null ? null : value.slice(0, max));

/** Appends one audit row (inside the caller's transaction). Rows are never changed or removed. */
export async function recordQuoteAudit(tx: Executor, row: AuditRow, evidence: Evidence): Promise<void> {
  await tx.insert(quoteAuditEvents).values({
    accountId: row.accountId,
    quoteId: row.quoteId,
    event: row.event,
    ...(row.at ? { at: row.at } : {}),
    actorName: row.actorName ?? null,
    actorEmail: row.actorEmail ?? null,
    documentHash: row.documentHash ?? null,
    versionNumber: row.versionNumber ?? null,
    details: row.details ?? null,
    ip: clip(evidence.ip, 100),
    userAgent: clip(evidence.userAgent, 500),
  });
}

/**
 * The public page's view evidence: one VIEWED row per address and browser per 30 minutes (a
 * reload is not a new view), in one statement (the page's hot path). Answers how much longer (ms,
 * by the database's clock) a VIEWED row for this address, browser and version stays inside the
 * 30 minutes: the row just written, or the one that made this view a repeat. Rows are never
 * removed, so until then the same call would write nothing (the page cache skips it: decision 065).
 */
export async function recordViewAudit(
  db: Executor,
  view: { accountId: string; quoteId: string; versionNumber: number | null },
  evidence: Evidence,
): Promise<number> {
  const ip = clip(evidence.ip, 100);
  const userAgent = clip(evidence.userAgent, 500);
  const result = await db.execute(sql`
    with prior as (
      select max(at) as at from ${quoteAuditEvents}
      where quote_id = ${view.quoteId} and event = 'VIEWED' and ip is not distinct from ${ip} and user_agent is not distinct from ${userAgent}
        and version_number is not distinct from ${view.versionNumber}::integer
        and at > now() - interval '30 minutes'
    ), inserted as (
      insert into ${quoteAuditEvents} (account_id, quote_id, event, ip, user_agent, version_number)
      select ${view.accountId}, ${view.quoteId}, 'VIEWED', ${ip}, ${userAgent}, ${view.versionNumber}::integer
      where (select at from prior) is null
      returning at
    )
    select (extract(epoch from coalesce((select at from inserted), (select at from prior)) + interval '30 minutes' - clock_timestamp()) * 1000)::float8 as valid_ms`);
  const [row] = (result as unknown as { rows: { valid_ms: number | string | null }[] }).rows;
  return Math.max(0, Number(row?.valid_ms ?? 0) || 0);
}
