import { sql } from "drizzle-orm";
import { check, index, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { accounts } from "./identity";
import { quotes } from "./quotes";

/**
 * What an integration created elsewhere for a quote (decision 055): one row per (account, quote,
 * provider, the provider's account, kind of object). The Harvest transport claims the row BEFORE it
 * asks Harvest to create the object (external_id still null) and fills in the id afterwards, so a
 * retry, a resend or a second worker never creates a second client, project or estimate.
 */
export const integrationLinks = pgTable(
  "integration_links",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    quoteId: uuid("quote_id")
      .notNull()
      .references(() => quotes.id, { onDelete: "cascade" }),
    /** "harvest". */
    provider: text("provider").notNull(),
    /** The provider's account the object lives in (a Harvest account id). */
    externalAccount: text("external_account").notNull(),
    /** client | project | estimate | estimate_accepted. */
    object: text("object").notNull(),
    /** The provider's id; null while the creation is in flight (the claim). */
    externalId: text("external_id"),
    claimedAt: timestamp("claimed_at", { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("integration_links_object_idx").on(t.accountId, t.quoteId, t.provider, t.externalAccount, t.object),
    index("integration_links_quote_idx").on(t.quoteId),
    check(
      "integration_links_lengths_check",
      sql`length(${t.provider}) <= 50 and length(${t.externalAccount}) <= 100 and length(${t.object}) <= 50 and length(${t.externalId}) <= 200`,
    ),
  ],
);
