import { sql } from "drizzle-orm";
import { bigint, check, date, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { CURRENCIES, MOLLIE_PAYMENT_STATUSES, QUOTE_SUBSCRIPTION_STATUSES, RECURRING_INTERVALS } from "../../../shared/enums";
import { accounts } from "./identity";
import { quotes } from "./quotes";

/**
 * A customer's payment of a quote version on the owner's own Mollie account (issue 26, decision
 * 058): one row per Mollie payment (an attempt). `status` is Mollie's, as last fetched from Mollie
 * (the webhook trusts only the id). At most one attempt per quote version is in progress or paid
 * (a partial unique index): a failed, expired or canceled one may be followed by a new one, a paid
 * version is never paid again.
 */
export const quotePayments = pgTable(
  "quote_payments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    quoteId: uuid("quote_id")
      .notNull()
      .references(() => quotes.id, { onDelete: "cascade" }),
    /**
     * The customer signature whose frozen amount this pays. No foreign key: signatures are
     * append-only and go only with their quote (whose cascade removes these rows too), and a key
     * referencing them would turn the signatures' TRUNCATE guard into a foreign-key error.
     */
    signatureId: uuid("signature_id").notNull(),
    /** The quote version paid (null: published before versions existed). */
    versionNumber: integer("version_number"),
    amountCents: bigint("amount_cents", { mode: "bigint" }).notNull(),
    currency: text("currency", { enum: CURRENCIES }).notNull(),
    status: text("status", { enum: MOLLIE_PAYMENT_STATUSES }).notNull(),
    molliePaymentId: text("mollie_payment_id").notNull(),
    /** test or live: the owner's connection's mode when the payment was made (OAuth calls send testmode). */
    mollieMode: text("mollie_mode", { enum: ["test", "live"] }).notNull(),
    /** Mollie's hosted checkout (`_links.checkout`) while the payment is open. */
    checkoutUrl: text("checkout_url"),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    /** The deposit invoice issued when the payment was paid (quote_invoices.number). */
    invoiceNumber: text("invoice_number"),
    /**
     * A payment that starts subscriptions (decision 061) is Mollie's `sequenceType: first` for this
     * Mollie customer on the owner's account (its mandate then charges the subscriptions); null: one-off.
     */
    mollieCustomerId: text("mollie_customer_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("quote_payments_mollie_id_idx").on(t.molliePaymentId),
    uniqueIndex("quote_payments_one_active_idx")
      .on(t.quoteId, sql`coalesce(${t.versionNumber}, 0)`)
      .where(sql`${t.status} in ('open', 'pending', 'authorized', 'paid')`),
    index("quote_payments_quote_idx").on(t.quoteId, t.createdAt),
    check("quote_payments_status_check", sql`${t.status} in ('open', 'pending', 'authorized', 'paid', 'failed', 'expired', 'canceled')`),
    check("quote_payments_amount_check", sql`${t.amountCents} > 0`),
    check("quote_payments_mode_check", sql`${t.mollieMode} in ('test', 'live')`),
  ],
);

/** A party on a deposit invoice: name, address lines, VAT number. */
export type QuoteInvoiceParty = { name: string; lines: string[]; vatNumber: string | null };
/** One VAT rate of a deposit invoice, amounts as exact decimal strings. */
export type QuoteInvoiceVatLine = { rate: string; base: string; vat: string; total: string };

/**
 * The deposit invoice of a customer's paid payment (issue 26): issued in the transaction that
 * applies Mollie's "paid", one per payment, numbered per account and year without gaps
 * (F2026-0001: quote_invoice_counters), with the seller (the account), the buyer (the customer as
 * the signed version names them), the deposit's VAT per rate and the language of the quote, frozen.
 */
export const quoteInvoices = pgTable(
  "quote_invoices",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    quoteId: uuid("quote_id")
      .notNull()
      .references(() => quotes.id, { onDelete: "cascade" }),
    paymentId: uuid("payment_id")
      .notNull()
      .references(() => quotePayments.id, { onDelete: "cascade" }),
    number: text("number").notNull(),
    issuedAt: timestamp("issued_at", { withTimezone: true }).notNull(),
    /** The quote's language: ENG | NL. */
    language: text("language").notNull(),
    currency: text("currency", { enum: CURRENCIES }).notNull(),
    seller: jsonb("seller").$type<QuoteInvoiceParty>().notNull(),
    buyer: jsonb("buyer").$type<QuoteInvoiceParty>().notNull(),
    /** What was paid for: the quote's number and name, the terms (e.g. a 30 % deposit). */
    quoteNumber: text("quote_number").notNull(),
    quoteName: text("quote_name").notNull(),
    mode: text("mode").notNull(),
    percent: integer("percent"),
    vat: jsonb("vat").$type<QuoteInvoiceVatLine[]>().notNull(),
    totalCents: bigint("total_cents", { mode: "bigint" }).notNull(),
  },
  (t) => [
    uniqueIndex("quote_invoices_number_key").on(t.accountId, t.number),
    uniqueIndex("quote_invoices_payment_key").on(t.paymentId),
    index("quote_invoices_quote_idx").on(t.quoteId, t.issuedAt),
  ],
);

/** The last deposit-invoice number per account and year: the upsert locks the row, so numbers are gapless. */
export const quoteInvoiceCounters = pgTable(
  "quote_invoice_counters",
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
 * The subscriptions a paid first payment starts on the owner's Mollie account (issue 26 item 4,
 * decision 061): one per interval of the signed selection's recurring lines, inserted with the
 * payment's "paid" (status CREATING; the unique key payment + interval makes a replayed webhook
 * insert none), then created at Mollie and given Mollie's id and status. The amount is the
 * interval's recurring total incl. VAT, frozen with the signature.
 */
export const quoteSubscriptions = pgTable(
  "quote_subscriptions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    quoteId: uuid("quote_id")
      .notNull()
      .references(() => quotes.id, { onDelete: "cascade" }),
    /** The first payment (sequenceType first) whose mandate the subscription charges. */
    paymentId: uuid("payment_id")
      .notNull()
      .references(() => quotePayments.id, { onDelete: "cascade" }),
    interval: text("interval", { enum: RECURRING_INTERVALS }).notNull(),
    amountCents: bigint("amount_cents", { mode: "bigint" }).notNull(),
    currency: text("currency", { enum: CURRENCIES }).notNull(),
    status: text("status", { enum: QUOTE_SUBSCRIPTION_STATUSES }).notNull(),
    /** The agreed first charge (YYYY-MM-DD): one interval after signing (or the day it was created, when later). */
    startDate: date("start_date", { mode: "string" }).notNull(),
    /** Mollie's `nextPaymentDate`, as last read. */
    nextPaymentDate: date("next_payment_date", { mode: "string" }),
    mollieCustomerId: text("mollie_customer_id").notNull(),
    mollieSubscriptionId: text("mollie_subscription_id"),
    mollieMode: text("mollie_mode", { enum: ["test", "live"] }).notNull(),
    /** Paid charges of the subscription (its payments after the first one) and their sum. */
    paymentsCount: integer("payments_count").notNull().default(0),
    paidCents: bigint("paid_cents", { mode: "bigint" }).notNull().default(sql`0`),
    canceledAt: timestamp("canceled_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("quote_subscriptions_payment_interval_key").on(t.paymentId, t.interval),
    uniqueIndex("quote_subscriptions_mollie_id_idx").on(t.mollieSubscriptionId),
    index("quote_subscriptions_account_idx").on(t.accountId, t.status),
    index("quote_subscriptions_quote_idx").on(t.quoteId),
    check("quote_subscriptions_amount_check", sql`${t.amountCents} > 0`),
    check("quote_subscriptions_interval_check", sql`${t.interval} in ('MONTH', 'QUARTER', 'YEAR')`),
    check("quote_subscriptions_status_check", sql`${t.status} in ('CREATING', 'PENDING', 'ACTIVE', 'SUSPENDED', 'CANCELED', 'COMPLETED')`),
  ],
);

/**
 * The payments Mollie makes for a quote's subscription (its webhook, with the subscription in the
 * URL and the payment fetched from the owner's account): one row per Mollie payment, counted on the
 * subscription once, when it becomes paid.
 */
export const quoteSubscriptionPayments = pgTable(
  "quote_subscription_payments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    subscriptionId: uuid("subscription_id")
      .notNull()
      .references(() => quoteSubscriptions.id, { onDelete: "cascade" }),
    molliePaymentId: text("mollie_payment_id").notNull(),
    status: text("status", { enum: MOLLIE_PAYMENT_STATUSES }).notNull(),
    amountCents: bigint("amount_cents", { mode: "bigint" }).notNull(),
    currency: text("currency", { enum: CURRENCIES }).notNull(),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("quote_subscription_payments_mollie_id_idx").on(t.molliePaymentId),
    index("quote_subscription_payments_subscription_idx").on(t.subscriptionId),
  ],
);
