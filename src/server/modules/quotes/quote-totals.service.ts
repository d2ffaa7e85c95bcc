import { asc, isNull, sql } from "drizzle-orm";
import { type TotalsCents, totalsFromStrings, totalsToStrings } from "../../../shared/totals";
import type { Executor } from "../../db/client";
import { quotes } from "../../db/schema";
import { loadQuoteTotals, quoteLinesOf } from "../blocks/blocks.service";

/**
 * Stored quote totals (issue 27 item 4, docs/decisions/062-stored-totals-and-keyset.md): every
 * change of a quote's blocks writes `quotes.totals` in its transaction (blocks.service
 * `refreshQuoteTotals`), so a list reads one JSON value per quote instead of every line.
 */

/**
 * A quote's totals in cents: the stored ones, or (a quote the backfill has not reached yet)
 * computed from its lines, batched with the request's other quotes.
 */
export async function quoteTotalsOf(ctx: { db: Executor }, quote: { id: string; totals: (typeof quotes.$inferSelect)["totals"] }): Promise<TotalsCents> {
  if (quote.totals) return totalsFromStrings(quote.totals);
  const totals = (await loadQuoteTotals(ctx.db, [quote.id], quoteLinesOf(ctx))).get(quote.id);
  if (!totals) throw new Error(`no totals for quote ${quote.id}`);
  return totals;
}

/**
 * Fills `quotes.totals` of the quotes written before the column existed (migration 0030 adds it
 * empty): batches of `batchSize`, each computed by the same functions as every reader and written
 * in one statement only where it is still empty — a block change committed meanwhile wrote the
 * newer totals itself and is left alone. Run by every server once at start-up (idempotent, several
 * servers at once only repeat work). Returns how many quotes it filled.
 */
export async function backfillQuoteTotals(db: Executor, batchSize = 500): Promise<number> {
  let filled = 0;
  let after: string | null = null;
  for (;;) {
    const batch: { id: string }[] = await db
      .select({ id: quotes.id })
      .from(quotes)
      .where(after ? sql`${quotes.totals} is null and ${quotes.id} > ${after}` : isNull(quotes.totals))
      .orderBy(asc(quotes.id))
      .limit(batchSize);
    if (batch.length === 0) return filled;
    after = batch[batch.length - 1].id;
    const computed = await loadQuoteTotals(
      db,
      batch.map((q) => q.id),
    );
    const values = sql.join(
      [...computed].map(([id, totals]) => sql`(${id}::uuid, ${JSON.stringify(totalsToStrings(totals))}::jsonb)`),
      sql`, `,
    );
    const result = await db.execute(
      sql`update ${quotes} set totals = v.totals from (values ${values}) as v(id, totals) where ${quotes.id} = v.id and ${quotes.totals} is null`,
    );
    filled += Number((result as { affectedRows?: number; rowCount?: number }).affectedRows ?? (result as { rowCount?: number }).rowCount ?? 0);
    if (batch.length < batchSize) return filled;
  }
}
