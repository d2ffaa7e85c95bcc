import { and, count, eq, ilike, or, sql } from "drizzle-orm";
import { type TCustomerSort, likePattern } from "../../../shared/customers";
import { type Executor, queryRows } from "../../db/client";
import { type KeyColumn, type KeysetPage, afterKeyAtSkip, beyondKey, keyAtSql, keyOrder, keyText, keysetPage } from "../../db/keyset";
import { withFastRows } from "../../db/fast-rows";
import { accountListCounts, customers, quotes } from "../../db/schema";
import { isUuid } from "../../db/ids";
import { namedOnPglite } from "../../db/pglite-named";
import { AppError } from "../../errors";
import { assertEntitled } from "../billing/entitlements";
import { recordEvent } from "../../events";

export type CustomerRecord = typeof customers.$inferSelect;
/** A customer row; its quote counts are loaded per list (Customer.totalQuotes batches them). */
export type CustomerRow = CustomerRecord;
export const customerNotFound = () => new AppError("NOT_FOUND", "customers:notFound");

export type CustomerValues = {
  name: string;
  companyName: string | null;
  contactPerson: string | null;
  email: string | null;
  phone: string | null;
  content: string | null;
};

// For sorting by the number of quotes (the composite FK keeps them in the same account).
const totalQuotesSql = sql<number>`(select count(*) from quotes q where q.customer_id = "customers"."id")::int`;
const lowerName = sql`lower(${customers.name})`;
const id = sql`${customers.id}`;
const createdAt = sql`${customers.createdAt}`;

/** Each sort's key (decision 062): its order, ending in the id, read by keyset. */
export const CUSTOMER_SORT_KEYS: Record<TCustomerSort, KeyColumn[]> = {
  NAME_ASC: [
    { expr: lowerName, type: "text", desc: false },
    { expr: id, type: "uuid", desc: false },
  ],
  NAME_DESC: [
    { expr: lowerName, type: "text", desc: true },
    { expr: id, type: "uuid", desc: true },
  ],
  NEWEST: [
    { expr: createdAt, type: "timestamptz", desc: true },
    { expr: id, type: "uuid", desc: true },
  ],
  OLDEST: [
    { expr: createdAt, type: "timestamptz", desc: false },
    { expr: id, type: "uuid", desc: false },
  ],
  MOST_QUOTES: [
    { expr: totalQuotesSql, type: "int", desc: true },
    { expr: lowerName, type: "text", desc: false },
    { expr: id, type: "uuid", desc: false },
  ],
};

/**
 * The unfiltered list's reads of one sort as prepared statements, named on PGlite (decision 087):
 * the first page with the account's stored count, the page after a cursor, and — for a sort in one
 * direction — the page at a number in one statement, as the quotes list's (decision 084): the
 * stored count, the key of the row before the page read from the nearer end, and the page after it.
 */
function buildPlainCustomerQueries(db: Executor, sort: TCustomerSort) {
  const columns = CUSTOMER_SORT_KEYS[sort];
  const key = keyText(columns);
  const where = eq(customers.accountId, sql.placeholder("accountId"));
  const listTotal = sql<number>`(select ${accountListCounts.customers} from ${accountListCounts} where ${accountListCounts.accountId} = ${sql.placeholder("accountId")})`;
  const order = keyOrder(columns);
  const limit = sql.placeholder("limit");
  const afterKey = beyondKey(
    columns,
    columns.map((_, i) => sql.placeholder(`k${i}`) as unknown as string),
    true,
  );
  const prepared = <T>(query: T) => namedOnPglite(withFastRows(query));
  const firstPage = prepared(
    db
      .select({ customer: customers, key, listTotal })
      .from(customers)
      .where(where)
      .orderBy(...order)
      .limit(limit)
      .prepare(""),
  );
  const pageAfter = prepared(
    db
      .select({ customer: customers, key })
      .from(customers)
      .where(and(where, afterKey))
      .orderBy(...order)
      .limit(limit)
      .prepare(""),
  );
  if (!columns.every((c) => c.desc === columns[0].desc)) return { firstPage, pageAfter, pageAt: undefined };
  const pageAt = prepared(
    db
      .select({ customer: customers, key, listTotal })
      .from(customers)
      .where(and(where, afterKeyAtSkip(columns, sql`${customers}`, where, listTotal)))
      .orderBy(...order)
      .limit(limit)
      .prepare(""),
  );
  return { firstPage, pageAfter, pageAt };
}
const plainCustomerQueries = new WeakMap<object, Map<TCustomerSort, ReturnType<typeof buildPlainCustomerQueries>>>();
function plainCustomersOf(db: Executor, sort: TCustomerSort) {
  let bySort = plainCustomerQueries.get(db);
  if (!bySort) {
    bySort = new Map();
    plainCustomerQueries.set(db, bySort);
  }
  let queries = bySort.get(sort);
  if (!queries) {
    queries = buildPlainCustomerQueries(db, sort);
    bySort.set(sort, queries);
  }
  return queries;
}

/**
 * A page of the account's customers (their quote counts are batched by Customer.totalQuotes). By
 * keyset (src/server/db/keyset.ts): after or before a cursor of the same sort, or at a page number.
 */
export async function findCustomers(
  db: Executor,
  accountId: string,
  options: { search: string | null; sort: TCustomerSort; offset: number; limit: number; after?: string[] | null; before?: string[] | null },
): Promise<KeysetPage<CustomerRow & { key: string[] }>> {
  const pattern = options.search ? likePattern(options.search) : null;
  const where = and(
    eq(customers.accountId, accountId),
    pattern
      ? or(ilike(customers.name, pattern), ilike(customers.companyName, pattern), ilike(customers.contactPerson, pattern), ilike(customers.email, pattern))
      : undefined,
  );
  const columns = CUSTOMER_SORT_KEYS[options.sort];
  const key = keyText(columns);
  // No search: the first page's read brings the account's stored number of customers along
  // (decision 084), which its answer then takes instead of a statement of its own.
  const listTotal = sql<number>`(select ${accountListCounts.customers} from ${accountListCounts} where ${accountListCounts.accountId} = ${accountId})`;
  let totalRead: number | null = null;
  return keysetPage(
    columns,
    { after: options.after ?? null, before: options.before ?? null, offset: options.offset, limit: options.limit },
    {
      read: async (extra, order, limit) => {
        const rows = await db
          .select({ customer: customers, key, listTotal: pattern || extra ? sql<null>`null` : listTotal })
          .from(customers)
          .where(and(where, extra))
          .orderBy(...order)
          .limit(limit);
        if (!pattern && !extra && rows.length) totalRead = Number(rows[0].listTotal ?? 0);
        return rows.map((r) => ({ ...r.customer, key: r.key }));
      },
      count: async (condition) => {
        const [row] = await db
          .select({ total: count(), matching: condition ? sql<number>`count(*) filter (where ${condition})` : count() })
          .from(customers)
          .where(where);
        return { total: Number(row.total), matching: Number(row.matching) };
      },
      keyAt: async (order, offset) => {
        const [row] = await queryRows<{ key: string[] }>(db, keyAtSql(columns, sql`${customers} where ${where}`, order, offset));
        return row?.key ?? null;
      },
      // No search: the reads forward are the prepared statements of plainCustomersOf.
      forward: pattern
        ? undefined
        : {
            read: async (after, limit) => {
              const queries = plainCustomersOf(db, options.sort);
              if (after) {
                const rows = await queries.pageAfter.execute({ accountId, limit, ...Object.fromEntries(after.map((v, i) => [`k${i}`, v])) });
                return rows.map((r) => ({ ...r.customer, key: r.key }));
              }
              const rows = await queries.firstPage.execute({ accountId, limit });
              totalRead = rows.length ? Number(rows[0].listTotal ?? 0) : 0;
              return rows.map((r) => ({ ...r.customer, key: r.key }));
            },
            pageAt: plainCustomersOf(db, options.sort).pageAt
              ? async (offset, limit) => {
                  const rows = (await plainCustomersOf(db, options.sort).pageAt?.execute({ accountId, skip: offset - 1, limit })) ?? [];
                  return rows.length ? { rows: rows.map((r) => ({ ...r.customer, key: r.key })), total: Number(rows[0].listTotal ?? 0) } : null;
                }
              : undefined,
          },
      // No search: the total is the account's stored count (decision 081).
      counted: pattern
        ? undefined
        : {
            total: async () => {
              if (totalRead !== null) return totalRead;
              const [row] = await db
                .select({ customers: accountListCounts.customers })
                .from(accountListCounts)
                .where(eq(accountListCounts.accountId, accountId));
              return Number(row?.customers ?? 0);
            },
            countWhere: async (condition) => {
              const [row] = await db.select({ n: count() }).from(customers).where(and(where, condition));
              return Number(row.n);
            },
          },
    },
    options.sort,
  );
}

export async function getCustomerById(db: Executor, accountId: string, id: string): Promise<CustomerRow | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db
    .select()
    .from(customers)
    .where(and(eq(customers.accountId, accountId), eq(customers.id, id)))
    .limit(1);
  return row;
}

export type QuoteCounts = { totalQuotes: number; totalSignedQuotes: number };

/**
 * The quote counts' statement, prepared once per database: on PGlite a named statement, planned
 * once (decision 087); the customers as one array value (`= any`), so that the statement's text is
 * the same for any number of them (`in ($1, $2, …)` made a text per page size).
 */
const buildQuoteCounts = (db: Executor) =>
  namedOnPglite(
    db
      .select({
        customerId: quotes.customerId,
        totalQuotes: sql<number>`count(*)::int`,
        totalSignedQuotes: sql<number>`(count(*) filter (where ${quotes.status} = 'SIGNED'))::int`,
      })
      .from(quotes)
      .where(sql`${quotes.customerId} = any(${sql.placeholder("ids")}::uuid[])`)
      .groupBy(quotes.customerId)
      .prepare(""),
  );
const quoteCountsStatements = new WeakMap<object, ReturnType<typeof buildQuoteCounts>>();

/** Quote counts of several customers in one query (0 for a customer without quotes). */
export async function countQuotesOfCustomers(db: Executor, customerIds: readonly string[]): Promise<Map<string, QuoteCounts>> {
  const counts = new Map<string, QuoteCounts>();
  const ids = customerIds.filter(isUuid);
  if (ids.length === 0) return counts;
  let statement = quoteCountsStatements.get(db);
  if (!statement) {
    statement = buildQuoteCounts(db);
    quoteCountsStatements.set(db, statement);
  }
  const rows = await statement.execute({ ids });
  for (const row of rows) if (row.customerId) counts.set(row.customerId, { totalQuotes: row.totalQuotes, totalSignedQuotes: row.totalSignedQuotes });
  return counts;
}

export async function createCustomer(db: Executor, accountId: string, values: CustomerValues): Promise<CustomerRow> {
  await assertEntitled(db, accountId, "quotes");
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(customers)
      .values({ accountId, ...values })
      .returning();
    await recordEvent(tx, { type: "customer.created", accountId, customerId: row.id });
    return row;
  });
}

export async function updateCustomer(db: Executor, accountId: string, id: string, values: CustomerValues): Promise<CustomerRow | undefined> {
  if (!isUuid(id)) return undefined;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(customers)
      .set({ ...values, updatedAt: new Date() })
      .where(and(eq(customers.accountId, accountId), eq(customers.id, id)))
      .returning();
    if (row) await recordEvent(tx, { type: "customer.updated", accountId, customerId: row.id });
    return row;
  });
}

/**
 * Deletes a customer. Their quotes stay: the foreign key clears quotes.customer_id (drafts then
 * need a new customer before they can be published; published and signed quotes keep the customer
 * snapshot taken when they were published). Returns false when there was no such customer.
 */
export async function deleteCustomer(db: Executor, accountId: string, id: string): Promise<boolean> {
  if (!isUuid(id)) return false;
  const deleted = await db
    .delete(customers)
    .where(and(eq(customers.accountId, accountId), eq(customers.id, id)))
    .returning({ id: customers.id });
  return deleted.length > 0;
}
