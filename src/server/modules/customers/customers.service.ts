import { and, asc, count, desc, eq, ilike, inArray, or, sql } from "drizzle-orm";
import { type TCustomerSort, likePattern } from "../../../shared/customers";
import type { Executor } from "../../db/client";
import { customers, quotes } from "../../db/schema";
import { isUuid } from "../../db/ids";
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

const SORTS: Record<TCustomerSort, ReturnType<typeof asc>[]> = {
  NAME_ASC: [asc(sql`lower(${customers.name})`), asc(customers.id)],
  NAME_DESC: [desc(sql`lower(${customers.name})`), desc(customers.id)],
  NEWEST: [desc(customers.createdAt), desc(customers.id)],
  OLDEST: [asc(customers.createdAt), asc(customers.id)],
  MOST_QUOTES: [desc(totalQuotesSql), asc(sql`lower(${customers.name})`), asc(customers.id)],
};

/** A page of the account's customers, with their quote counts. */
export async function findCustomers(db: Executor, accountId: string, options: { search: string | null; sort: TCustomerSort; offset: number; limit: number }) {
  const pattern = options.search ? likePattern(options.search) : null;
  const where = and(
    eq(customers.accountId, accountId),
    pattern
      ? or(ilike(customers.name, pattern), ilike(customers.companyName, pattern), ilike(customers.contactPerson, pattern), ilike(customers.email, pattern))
      : undefined,
  );
  const [rows, [{ total }]] = await Promise.all([
    db
      .select()
      .from(customers)
      .where(where)
      .orderBy(...SORTS[options.sort])
      .offset(options.offset)
      .limit(options.limit),
    db.select({ total: count() }).from(customers).where(where),
  ]);
  return { items: rows, total };
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

/** Quote counts of several customers in one query (0 for a customer without quotes). */
export async function countQuotesOfCustomers(db: Executor, customerIds: readonly string[]): Promise<Map<string, QuoteCounts>> {
  const counts = new Map<string, QuoteCounts>();
  if (customerIds.length === 0) return counts;
  const rows = await db
    .select({
      customerId: quotes.customerId,
      totalQuotes: sql<number>`count(*)::int`,
      totalSignedQuotes: sql<number>`(count(*) filter (where ${quotes.status} = 'SIGNED'))::int`,
    })
    .from(quotes)
    .where(inArray(quotes.customerId, [...customerIds]))
    .groupBy(quotes.customerId);
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
