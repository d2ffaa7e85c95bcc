import { sql } from "drizzle-orm";
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { accounts } from "./identity";

/**
 * A customer of an account: who quotes are addressed to. `content` is the address block (with
 * contact details) printed on the quote.
 */
export const customers = pgTable(
  "customers",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    companyName: text("company_name"),
    contactPerson: text("contact_person"),
    email: text("email"),
    phone: text("phone"),
    content: text("content"),
    /**
     * What the quotes list's search matches on a quote's customer (name, company), lower-cased by
     * the database, a line break apart (decision 081, as quotes.search_text of decision 062): `like`
     * on it instead of two `ilike`s per customer, which fold the case of every row again.
     */
    quoteSearchText: text("quote_search_text").notNull().generatedAlwaysAs(sql`lower("name" || chr(10) || coalesce("company_name", ''))`),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Target of the quotes' composite foreign key: a quote's customer is in the quote's account.
    uniqueIndex("customers_account_id_id_key").on(t.accountId, t.id),
    // The list's name order ends in the id (its keyset, decision 062): the whole key in the index (decision 081).
    index("customers_account_name_id_idx").on(t.accountId, sql`lower(${t.name})`, t.id),
    index("customers_account_created_idx").on(t.accountId, t.createdAt),
  ],
);
