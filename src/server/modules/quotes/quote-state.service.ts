import { type SQL, inArray, sql } from "drizzle-orm";
import type { QuoteStatus } from "../../../shared/quote-status";
import { todayIso } from "../../../shared/quote-status";
import { type QuoteAction, type QuoteFacts, type QuoteState, type QuoteStateView, can, quoteState } from "../../../shared/quote-state";
import type { Executor } from "../../db/client";
import { quoteAuditEvents, quoteConversationEntries, quoteSignatures, quoteVersions, quotes } from "../../db/schema";
import { AppError } from "../../errors";

/**
 * The stored facts the quote's state is derived from (src/shared/quote-state.ts), as SQL over the
 * outer `quotes` row: one query for a page of quotes, and the same expressions filter the list.
 */
// Qualified by hand: drizzle writes a column of a one-table query without its table ("id"), which
// inside these subqueries would name the subquery's own column.
const quoteId = sql.raw(`"quotes"."id"`);
const quoteStatus = sql.raw(`"quotes"."status"`);
const quoteExpiration = sql.raw(`"quotes"."expiration_date"`);
const currentVersion = sql`(select max(v.number) from ${quoteVersions} v where v.quote_id = ${quoteId})`;
export const factsSql = {
  customerSignatures: sql<number>`(select count(*)::int from ${quoteSignatures} s where s.quote_id = ${quoteId} and s.kind = 'CUSTOMER' and s.version_number is not distinct from ${currentVersion})`,
  declined: sql<boolean>`exists (select 1 from ${quoteConversationEntries} d where d.quote_id = ${quoteId} and d.kind = 'DECLINE' and d.cleared_at is null)`,
  everPublished: sql<boolean>`exists (select 1 from ${quoteVersions} pv where pv.quote_id = ${quoteId})`,
  viewed: sql<boolean>`exists (select 1 from ${quoteAuditEvents} e where e.quote_id = ${quoteId} and e.event = 'VIEWED' and e.version_number is not distinct from ${currentVersion})`,
};

/**
 * The list filter "in this state": quoteState's precedence as a CASE over the same facts. The
 * integration test (tests/integration/quote-states.test.ts) checks that it agrees with quoteState
 * for every state.
 */
export function stateSql(today: string = todayIso()): SQL<QuoteState> {
  return sql<QuoteState>`(case
    when ${quoteStatus} = 'SIGNED' then 'SIGNED'
    when ${quoteStatus} = 'DRAFT' then (case when ${factsSql.everPublished} then 'WITHDRAWN' else 'DRAFT' end)
    when ${factsSql.declined} then 'DECLINED'
    when ${factsSql.customerSignatures} > 0 then 'CUSTOMER_SIGNED'
    when ${quoteExpiration} < ${today}::date then 'EXPIRED'
    when ${factsSql.viewed} then 'VIEWED'
    else 'PUBLISHED' end)`;
}

/** The facts' columns, to select with the quote row (lists read them in the same query). */
export const factsColumns = {
  customerSignatures: factsSql.customerSignatures,
  declined: factsSql.declined,
  everPublished: factsSql.everPublished,
  viewed: factsSql.viewed,
};

type FactColumns = { customerSignatures: unknown; declined: unknown; everPublished: unknown; viewed: unknown };
/** A quote row and its facts' columns as QuoteFacts (drivers give counts and booleans in their own types). */
export function toFacts(quote: { status: string; expirationDate: string; signable: boolean }, row: FactColumns): QuoteFacts {
  return {
    status: quote.status as QuoteStatus,
    expirationDate: quote.expirationDate,
    signable: quote.signable,
    customerSignatures: Number(row.customerSignatures),
    declined: row.declined === true || row.declined === "t",
    everPublished: row.everPublished === true || row.everPublished === "t",
    viewed: row.viewed === true || row.viewed === "t",
  };
}

/** The facts of the given quotes (any account: callers pass ids they already scoped), in one query. */
export async function loadQuoteFacts(db: Executor, ids: string[]): Promise<Map<string, QuoteFacts>> {
  const result = new Map<string, QuoteFacts>();
  if (ids.length === 0) return result;
  const rows = await db
    .select({ id: quotes.id, status: quotes.status, expirationDate: quotes.expirationDate, signable: quotes.signable, ...factsColumns })
    .from(quotes)
    .where(inArray(quotes.id, ids));
  for (const row of rows) result.set(row.id, toFacts(row, row));
  return result;
}

/** The state of the given quotes, in one query. */
export async function loadQuoteStates(db: Executor, ids: string[], now = new Date()): Promise<Map<string, QuoteStateView>> {
  const facts = await loadQuoteFacts(db, ids);
  const today = todayIso(now);
  return new Map([...facts].map(([id, f]) => [id, quoteState(f, today)]));
}

/**
 * The server's side of the same rules: refuses `action` unless the quote's state allows it. Call it
 * in the transaction that holds the quote's row lock. The message says what state the quote is in
 * and what is possible (`quotes:stateHint.<STATE>`, the quote page's sentence), unless the caller gives its own.
 */
export async function assertQuoteAction(
  tx: Executor,
  quoteId: string,
  action: QuoteAction,
  options: { now?: Date; refusal?: (state: QuoteState) => AppError | null } = {},
): Promise<QuoteStateView> {
  const view = (await loadQuoteStates(tx, [quoteId], options.now)).get(quoteId);
  if (!view) throw new AppError("NOT_FOUND", "quotes:notFound");
  if (!can(view, action)) throw options.refusal?.(view.state) ?? new AppError("CONFLICT", `quotes:stateHint.${view.state}`);
  return view;
}
