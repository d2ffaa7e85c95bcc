import { integer, pgTable, uuid } from "drizzle-orm/pg-core";
import { accounts } from "./identity";

/**
 * How many quotes and customers an account has (decision 081): the lists' "page x of y" without
 * counting every row of the account on every request. Kept by the database's own statement-level
 * triggers on `quotes` and `customers` (insert, delete, truncate, a change of account), whoever
 * writes; migration 0035 filled it. No row: none of either.
 */
export const accountListCounts = pgTable("account_list_counts", {
  accountId: uuid("account_id")
    .primaryKey()
    .references(() => accounts.id, { onDelete: "cascade" }),
  quotes: integer("quotes").notNull().default(0),
  customers: integer("customers").notNull().default(0),
});
