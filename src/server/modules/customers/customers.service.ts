import { and, asc, count, desc, eq, ilike, or, sql } from "drizzle-orm";
import { type TCustomerSort, likePattern } from "../../../shared/customers";
import type { Database } from "../../db/client";
import { customers } from "../../db/schema";
import { isUuid } from "../../db/ids";

export type CustomerRecord = typeof customers.$inferSelect;
export type CustomerRow = CustomerRecord & { totalQuotes?: number; totalSignedQuotes?: number };
export type CustomerValues = {
  name: string;
  companyName: string | null;
  contactPerson: string | null;
  email: string | null;
  phone: string | null;
  content: string | null;
};

// Correlated counts: quotes of the customer (the composite FK keeps them in the same account).
const totalQuotesSql = sql<number>`(select count(*) from quotes q where q.customer_id = "customers"."id")::int`;
const totalSignedSql = sql<number>`(select count(*) from quotes q where q.customer_id = "customers"."id" and q.status = 'SIGNED')::int`;

const SORTS: Record<TCustomerSort, ReturnType<typeof asc>[]> = {
  NAME_ASC: [asc(sql`lower(${customers.name})`), asc(customers.id)],
  NAME_DESC: [desc(sql`lower(${customers.name})`), desc(customers.id)],
  NEWEST: [desc(customers.createdAt), desc(customers.id)],
  OLDEST: [asc(customers.createdAt), asc(customers.id)],
  MOST_QUOTES: [desc(totalQuotesSql), asc(sql`lower(${customers.name})`), asc(customers.id)],
};

/** A page of the account's customers, with their quote counts. */
export async function findCustomers(
  db: Database,
  accountId: string,
  options: { search: string | null; sort: TCustomerSort; offset: number; limit: number },
) {
  const pattern = options.search ? likePattern(options.search) : null;
  const where = and(
    eq(customers.accountId, accountId),
    pattern
      ? or(
          ilike(customers.name, pattern),
          ilike(customers.companyName, pattern),
          ilike(customers.contactPerson, pattern),
          ilike(customers.email, pattern),
        )
      : undefined,
  );
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({ customer: customers, totalQuotes: totalQuotesSql, totalSignedQuotes: totalSignedSql })
      .from(customers)
      .where(where)
      .orderBy(...SORTS[options.sort])
      .offset(options.offset)
      .limit(options.limit),
    db.select({ total: count() }).from(customers).where(where),
  ]);
  return {
    items: rows.map((r): CustomerRow => ({ ...r.customer, totalQuotes: r.totalQuotes, totalSignedQuotes: r.totalSignedQuotes })),
    total,
  };
}

export async function getCustomerById(db: Database, accountId: string, id: string): Promise<CustomerRow | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db
    .select({ customer: customers, totalQuotes: totalQuotesSql, totalSignedQuotes: totalSignedSql })
    .from(customers)
    .where(and(eq(customers.accountId, accountId), eq(customers.id, id)))
    .limit(1);
  return row ? { ...row.customer, totalQuotes: row.totalQuotes, totalSignedQuotes: row.totalSignedQuotes } : undefined;
}

export async function countQuotesOfCustomer(db: Database, customerId: string): Promise<{ totalQuotes: number; totalSignedQuotes: number }> {
  const [row] = await db
    .select({ totalQuotes: totalQuotesSql, totalSignedQuotes: totalSignedSql })
    .from(customers)
    .where(eq(customers.id, customerId));
  return row ?? { totalQuotes: 0, totalSignedQuotes: 0 };
}

export async function createCustomer(db: Database, accountId: string, values: CustomerValues): Promise<CustomerRow> {
  const [row] = await db.insert(customers).values({ accountId, ...values }).returning();
  return { ...row, totalQuotes: 0, totalSignedQuotes: 0 };
}

export async function updateCustomer(db: Database, accountId: string, id: string, values: CustomerValues): Promise<CustomerRow | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db
    .update(customers)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(customers.accountId, accountId), eq(customers.id, id)))
    .returning();
  return row;
}

/**
 * Deletes a customer. Their quotes stay: the foreign key clears quotes.customer_id (drafts then
 * need a new customer before they can be published; published and signed quotes keep the customer
 * snapshot taken when they were published). Returns false when there was no such customer.
 */
export async function deleteCustomer(db: Database, accountId: string, id: string): Promise<boolean> {
  if (!isUuid(id)) return false;
  const deleted = await db
    .delete(customers)
    .where(and(eq(customers.accountId, accountId), eq(customers.id, id)))
    .returning({ id: customers.id });
  return deleted.length > 0;
}
