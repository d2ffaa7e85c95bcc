import { sql } from "drizzle-orm";
import { bigint, boolean, check, date, index, integer, jsonb, numeric, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { BLOCK_KINDS, CURRENCIES, DISCOUNT_TYPES, LANGUAGES, PAYMENT_MODES, PRICING_UNITS, QUOTE_STATUSES } from "../../../shared/enums";
import type { RichDocument } from "../../../shared/rich-text";
import type { Totals } from "../../../shared/totals";
import { accounts } from "./identity";

/** The customer's details frozen on a quote when it is published (a published quote never changes). */
export type CustomerSnapshot = {
  name: string;
  companyName: string | null;
  contactPerson: string | null;
  email: string | null;
  phone: string | null;
  content: string | null;
};

/**
 * A quote. Status DRAFT | PUBLISHED | SIGNED (expired is derived from the expiration date).
 * Database rules (migration 0002, trigger `quotes_guard`): a PUBLISHED or SIGNED quote's content
 * never changes; only the transitions DRAFT→PUBLISHED, PUBLISHED→DRAFT (withdraw) and
 * PUBLISHED→SIGNED are allowed; only drafts can be deleted (except when the account goes).
 * The customer reference is a composite foreign key (account_id, customer_id) → customers, so a
 * quote can only point at a customer of its own account; deleting the customer sets it to null.
 */
export const quotes = pgTable(
  "quotes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    customerId: uuid("customer_id"),
    /** Readable, unique per account, sequential per year: 2026-0001. */
    quoteNumber: text("quote_number").notNull(),
    name: text("name").notNull(),
    slug: text("slug").notNull(),
    /** The public link's secret: ≥ 22 url-safe characters from a CSPRNG. */
    nanoId: text("nano_id").notNull(),
    language: text("language", { enum: LANGUAGES }).notNull(),
    currency: text("currency", { enum: CURRENCIES }).notNull(),
    status: text("status", { enum: QUOTE_STATUSES }).notNull().default("DRAFT"),
    signable: boolean("signable").notNull().default(true),
    quoteDate: date("quote_date").notNull(),
    expirationDate: date("expiration_date").notNull(),
    customerSnapshot: jsonb("customer_snapshot").$type<CustomerSnapshot>(),
    /**
     * Payment terms (issue 26, src/shared/payment-terms.ts): the mode, its value (whole percent for
     * DEPOSIT_PERCENT, cents incl. VAT for DEPOSIT_FIXED; null otherwise), pay-to-accept and whether
     * recurring lines start a subscription. Content: locked with the rest once published.
     */
    paymentMode: text("payment_mode", { enum: PAYMENT_MODES }).notNull().default("NONE"),
    paymentPercent: integer("payment_percent"),
    paymentFixedCents: bigint("payment_fixed_cents", { mode: "number" }),
    paymentPayToAccept: boolean("payment_pay_to_accept").notNull().default(false),
    paymentStartRecurring: boolean("payment_start_recurring").notNull().default(false),
    publishedAt: timestamp("published_at", { withTimezone: true }),
    signedAt: timestamp("signed_at", { withTimezone: true }),
    /**
     * The totals of the quote's blocks as they are now (issue 27, decision 062): written by every
     * change of its blocks, in the same transaction, by src/shared/totals.ts (the function the
     * editor, the public page and the versions use). Null only for a quote written before the
     * column existed and not yet filled by the start-up backfill (readers then compute them).
     * Published and signed quotes cannot change their blocks, so theirs are their version's.
     */
    totals: jsonb("totals").$type<Totals>(),
    /**
     * What the list's search matches on the quote itself, lower-cased by the database (decision 062):
     * title, number and the customer's name as published, a line break apart (a search has no control
     * characters, so it never matches across two). `like` on it is several times cheaper than
     * `ilike` on each, which folds the case of every row again.
     */
    searchText: text("search_text")
      .notNull()
      .generatedAlwaysAs(sql`lower("name" || chr(10) || "quote_number" || chr(10) || coalesce("customer_snapshot"->>'name', ''))`),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("quotes_account_number_key").on(t.accountId, t.quoteNumber),
    uniqueIndex("quotes_nano_id_key").on(t.nanoId),
    // The list's order (newest first, then number): pages by keyset walk this index (decision 062).
    index("quotes_account_created_number_idx").on(t.accountId, t.createdAt, t.quoteNumber),
    index("quotes_customer_idx").on(t.customerId),
    check("quotes_status_check", sql`${t.status} in ('DRAFT', 'PUBLISHED', 'SIGNED')`),
    check("quotes_language_check", sql`${t.language} in ('ENG', 'NL')`),
    check("quotes_currency_check", sql`${t.currency} in ('EUR', 'USD', 'GBP')`),
    check("quotes_dates_check", sql`${t.expirationDate} >= ${t.quoteDate}`),
    check("quotes_nano_id_check", sql`length(${t.nanoId}) >= 22 and ${t.nanoId} ~ '^[A-Za-z0-9_-]+$'`),
    check("quotes_name_length_check", sql`length(${t.name}) between 1 and 200`),
    check(
      "quotes_payment_terms_check",
      sql`${t.paymentMode} in ('NONE', 'DEPOSIT_PERCENT', 'DEPOSIT_FIXED', 'FULL')
        and (${t.paymentMode} = 'DEPOSIT_PERCENT') = (${t.paymentPercent} is not null)
        and (${t.paymentMode} = 'DEPOSIT_FIXED') = (${t.paymentFixedCents} is not null)
        and (${t.paymentPercent} is null or ${t.paymentPercent} between 1 and 100)
        and (${t.paymentFixedCents} is null or ${t.paymentFixedCents} between 1 and 100000000000)`,
    ),
  ],
);

/**
 * The last quote number handed out per account and year. `insert … on conflict do update … returning`
 * takes a row lock, so concurrent creations in one account queue up and get consecutive numbers;
 * the unique index on quotes(account_id, quote_number) backs it.
 */
export const quoteNumberCounters = pgTable(
  "quote_number_counters",
  {
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    year: integer("year").notNull(),
    lastValue: integer("last_value").notNull(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.year] })],
);

/**
 * A block of a quote: TEXT (name, content) or PRICING (also a pricing unit, a block discount and
 * line items). Content is the editor's JSON document (shared/rich-text.ts), sanitised on input.
 * The same columns describe template blocks (templates.ts): `blockColumns` / `lineItemColumns`.
 */
export const quoteBlocks = pgTable(
  "quote_blocks",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    quoteId: uuid("quote_id")
      .notNull()
      .references(() => quotes.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    ...blockColumns(),
  },
  (t) => [
    index("quote_blocks_quote_position_idx").on(t.quoteId, t.position),
    check("quote_blocks_kind_check", sql`${t.kind} in ('TEXT', 'PRICING')`),
    check(
      "quote_blocks_pricing_unit_check",
      sql`(${t.kind} = 'TEXT' and ${t.pricingUnit} is null) or (${t.kind} = 'PRICING' and ${t.pricingUnit} in ('DAY', 'WEEK', 'MONTH', 'QUARTER', 'YEAR', 'ITEMS', 'NONE'))`,
    ),
    check("quote_blocks_discount_check", discountCheck(t)),
  ],
);

/** The columns a quote block and a template block share (one block implementation). */
export function blockColumns() {
  return {
    kind: text("kind", { enum: BLOCK_KINDS }).notNull(),
    name: text("name").notNull(),
    content: jsonb("content").$type<RichDocument>(),
    /** PRICING blocks: the unit of the line items' amounts (DAY … NONE). */
    pricingUnit: text("pricing_unit", { enum: PRICING_UNITS }),
    /** Block discount: PERCENTAGE ("10" = 10 %) or AMOUNT (money); both null when none. */
    discountType: text("discount_type", { enum: DISCOUNT_TYPES }),
    discountValue: numeric("discount_value", { precision: 20, scale: 2 }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  };
}

/** The columns a quote line item and a template line item share. */
export function lineItemColumns() {
  return {
    position: integer("position").notNull(),
    name: text("name").notNull(),
    description: text("description"),
    priceCents: bigint("price_cents", { mode: "number" }).notNull(),
    amount: numeric("amount", { precision: 12, scale: 3 }).notNull().default("1"),
    /** VAT percentage, 0–100 with 2 decimals. */
    vatRate: numeric("vat_rate", { precision: 5, scale: 2 }).notNull().default("0"),
    discountType: text("discount_type", { enum: DISCOUNT_TYPES }),
    discountValue: numeric("discount_value", { precision: 20, scale: 2 }),
    /** The customer may tick it; `selected` is its default state. */
    optional: boolean("optional").notNull().default(false),
    selected: boolean("selected").notNull().default(true),
    /** Recurring per the block's unit (MONTH / QUARTER / YEAR) instead of one-off. */
    recurring: boolean("recurring").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  };
}

type DiscountColumns = { discountType: unknown; discountValue: unknown };
/** A discount is a known type with a value ≥ 0, or nothing at all. */
export function discountCheck(t: DiscountColumns) {
  return sql`(${t.discountType} is null and ${t.discountValue} is null) or (${t.discountType} in ('PERCENTAGE', 'AMOUNT') and ${t.discountValue} >= 0 and (${t.discountType} = 'AMOUNT' or ${t.discountValue} <= 100))`;
}
/** VAT 0–100 %. */
export function vatCheck(t: { vatRate: unknown }) {
  return sql`${t.vatRate} >= 0 and ${t.vatRate} <= 100`;
}

/** A line of a pricing block: price in integer cents × an exact decimal amount. */
export const quoteLineItems = pgTable(
  "quote_line_items",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    blockId: uuid("block_id")
      .notNull()
      .references(() => quoteBlocks.id, { onDelete: "cascade" }),
    ...lineItemColumns(),
  },
  (t) => [
    index("quote_line_items_block_position_idx").on(t.blockId, t.position),
    check("quote_line_items_discount_check", discountCheck(t)),
    check("quote_line_items_vat_check", vatCheck(t)),
  ],
);
