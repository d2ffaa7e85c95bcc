import { integer, pgTable, uuid } from "drizzle-orm/pg-core";
import { quotes } from "./quotes";

/**
 * One row per quote: the public page's validity stamp (decision 072), kept by the triggers of
 * migration "quote_page_stamps" and never written by the application. `changes` is bumped in the
 * same statement as every change that can change what the quote's public page shows: the quote row
 * itself, its signatures, payments, subscriptions, DocuSign envelopes, versions and conversation
 * entries (a decline set or cleared). `version` is the quote's current version number (null: none).
 * The page cache's check reads the quote by its nanoId, this row and the account's shown columns:
 * one index lookup, on the primary or the read replica (the row is written in the change's
 * transaction, so it replicates with it).
 */
export const quotePageStamps = pgTable("quote_page_stamps", {
  quoteId: uuid("quote_id")
    .primaryKey()
    .references(() => quotes.id, { onDelete: "cascade" }),
  changes: integer("changes").notNull().default(0),
  version: integer("version"),
});
