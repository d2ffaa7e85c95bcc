import { sql } from "drizzle-orm";
import { bigint, check, date, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { accounts } from "./identity";
import { quotes } from "./quotes";

/**
 * Statistics (docs/decisions/026-statistics-events-and-rollups.md). Raw events are append-only:
 * `quote_views` (one row per counted view; only its running counters `last_seen_at` and
 * `tracked_seconds` move, under a row lock, to bound time and apply the 30-minute rule) and
 * `quote_time_entries` (one row per accepted beacon). The rollups `quote_daily_stats`,
 * `account_daily_stats` and `quote_block_stats` are updated in the same transaction as the
 * event, so every dashboard read is a few rows of a rollup.
 */
export const quoteViews = pgTable(
  "quote_views",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    quoteId: uuid("quote_id")
      .notNull()
      .references(() => quotes.id, { onDelete: "cascade" }),
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    /** SHA-256 of a daily-rotating salt + address + user agent + quote: no cookie, not reversible once the salt is gone. */
    visitorHash: text("visitor_hash").notNull(),
    /** The account's local day at the start of the view: the day its views and time count on. */
    day: date("day", { mode: "string" }).notNull(),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
    trackedSeconds: integer("tracked_seconds").notNull().default(0),
  },
  (t) => [
    // No moving column (last_seen_at, tracked_seconds) is indexed: a beacon's update of the view
    // is then a HOT update (no index entries), with room left on each page (fillfactor 80, set in
    // the migration). A visitor has a few views of a quote at most: the 30-minute rule filters them.
    index("quote_views_quote_visitor_idx").on(t.quoteId, t.visitorHash),
    index("quote_views_quote_started_idx").on(t.quoteId, t.startedAt),
    index("quote_views_account_started_idx").on(t.accountId, t.startedAt),
    // The retention job deletes the oldest views first (statistics.jobs.ts).
    index("quote_views_started_idx").on(t.startedAt),
    check("quote_views_tracked_check", sql`${t.trackedSeconds} >= 0 and ${t.trackedSeconds} <= 14400`),
  ],
);

/** One accepted time beacon: seconds added to a view, and how they split over the quote's blocks. */
export const quoteTimeEntries = pgTable(
  "quote_time_entries",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    viewId: uuid("view_id")
      .notNull()
      .references(() => quoteViews.id, { onDelete: "cascade" }),
    quoteId: uuid("quote_id").notNull(),
    accountId: uuid("account_id").notNull(),
    insertedAt: timestamp("inserted_at", { withTimezone: true }).notNull().defaultNow(),
    seconds: integer("seconds").notNull(),
    /** { blockId: seconds }, summing to at most `seconds`. */
    blockSeconds: jsonb("block_seconds").$type<Record<string, number>>().notNull().default({}),
  },
  // Read through their view (the visit timeline, the data export) and deleted with it: one index
  // besides the key, so that appending one (every beacon) stays cheap.
  (t) => [index("quote_time_entries_view_idx").on(t.viewId), check("quote_time_entries_seconds_check", sql`${t.seconds} > 0 and ${t.seconds} <= 600`)],
);

/** Rollup: views and reading seconds per quote and local day (the day the view began). */
export const quoteDailyStats = pgTable(
  "quote_daily_stats",
  {
    quoteId: uuid("quote_id")
      .notNull()
      .references(() => quotes.id, { onDelete: "cascade" }),
    day: date("day", { mode: "string" }).notNull(),
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    views: integer("views").notNull().default(0),
    seconds: bigint("seconds", { mode: "number" }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.quoteId, t.day] })],
);

/** Rollup: per account and local day — views, seconds, quotes published and signed that day. */
export const accountDailyStats = pgTable(
  "account_daily_stats",
  {
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    day: date("day", { mode: "string" }).notNull(),
    views: integer("views").notNull().default(0),
    seconds: bigint("seconds", { mode: "number" }).notNull().default(0),
    quotesPublished: integer("quotes_published").notNull().default(0),
    quotesSigned: integer("quotes_signed").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.day] })],
);

/**
 * Rollup: customers' payments received per account, local day and currency (issue 26): how many
 * and how much incl. VAT, updated in the transaction that applies Mollie's "paid".
 */
export const accountDailyPayments = pgTable(
  "account_daily_payments",
  {
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    day: date("day", { mode: "string" }).notNull(),
    currency: text("currency").notNull(),
    payments: integer("payments").notNull().default(0),
    amountCents: bigint("amount_cents", { mode: "bigint" }).notNull().default(sql`0`),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.day, t.currency] })],
);

/** Rollup: reading seconds per block of a quote (all time). */
export const quoteBlockStats = pgTable(
  "quote_block_stats",
  {
    quoteId: uuid("quote_id")
      .notNull()
      .references(() => quotes.id, { onDelete: "cascade" }),
    blockId: uuid("block_id").notNull(),
    seconds: bigint("seconds", { mode: "number" }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.quoteId, t.blockId] })],
);

/** The first counted view of each publication of a quote: the owner is told once per publication. */
export const quoteFirstViews = pgTable(
  "quote_first_views",
  {
    quoteId: uuid("quote_id")
      .notNull()
      .references(() => quotes.id, { onDelete: "cascade" }),
    publishedAt: timestamp("published_at", { withTimezone: true }).notNull(),
    viewedAt: timestamp("viewed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.quoteId, t.publishedAt] })],
);

/** One random salt per UTC day for visitor hashes; salts older than two days are deleted. */
export const statisticsSalts = pgTable("statistics_salts", {
  day: date("day", { mode: "string" }).primaryKey(),
  salt: text("salt").notNull(),
});
