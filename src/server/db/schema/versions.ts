import { sql } from "drizzle-orm";
import { check, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import type { QuoteVersionDocument } from "../../../shared/quote-versions";
import { accounts } from "./identity";
import { quotes } from "./quotes";

/**
 * A numbered, frozen version of a quote's document (issue 14, decision 032): written by
 * `publishQuote` in its transaction (1, 2, … per quote), read by the public page, the signing
 * rules (document hash), the PDF and the owner's version history. Append-only like the audit
 * trail (trigger in migration "quote_versions"): never updated, deleted only with its quote or account.
 */
export const quoteVersions = pgTable(
  "quote_versions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    quoteId: uuid("quote_id")
      .notNull()
      .references(() => quotes.id, { onDelete: "cascade" }),
    number: integer("number").notNull(),
    /** The document as published (blocks, lines, options, totals) and the sender's styling. */
    document: jsonb("document").$type<QuoteVersionDocument>().notNull(),
    /** SHA-256 (hex) of the version as published (default selection): `documentHash`. */
    documentHash: text("document_hash").notNull(),
    publishedAt: timestamp("published_at", { withTimezone: true }).notNull(),
    publishedByName: text("published_by_name"),
    publishedByEmail: text("published_by_email"),
  },
  (t) => [uniqueIndex("quote_versions_quote_number_idx").on(t.quoteId, t.number), check("quote_versions_number_check", sql`${t.number} >= 1`)],
);
