import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { INTERVALS, PLANS } from "../../../shared/enums";
import { accounts } from "./identity";

/** The account's link to the payment provider: customer, mandate, subscription, VAT number. */
export const billingSubscriptions = pgTable(
  "billing_subscriptions",
  {
    accountId: uuid("account_id")
      .primaryKey()
      .references(() => accounts.id, { onDelete: "cascade" }),
    provider: text("provider").notNull(),
    providerCustomerId: text("provider_customer_id").notNull(),
    providerMandateId: text("provider_mandate_id"),
    providerSubscriptionId: text("provider_subscription_id"),
    plan: text("plan", { enum: PLANS }),
    interval: text("interval", { enum: INTERVALS }),
    /** none (no paid subscription yet) | active | canceled */
    status: text("status").notNull().default("none"),
    canceledAt: timestamp("canceled_at", { withTimezone: true }),
    vatNumber: text("vat_number"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("billing_subscriptions_provider_subscription_key").on(t.providerSubscriptionId),
    check("billing_subscriptions_status_check", sql`${t.status} in ('none', 'active', 'canceled')`),
  ],
);

/** Every payment the provider told us about (first and recurring), with its VAT split. */
export const billingPayments = pgTable(
  "billing_payments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    provider: text("provider").notNull(),
    providerPaymentId: text("provider_payment_id"),
    sequenceType: text("sequence_type").notNull(),
    /**
     * subscribe: a first payment that starts (or restarts) a subscription; upgrade: the prorated
     * checkout of a move to a higher plan on a running subscription (decision 029); renewal:
     * a recurring charge of the subscription.
     */
    purpose: text("purpose").notNull().default("subscribe"),
    plan: text("plan", { enum: PLANS }).notNull(),
    interval: text("interval", { enum: INTERVALS }).notNull(),
    /** An upgrade: the interval the subscription renews at afterwards (may differ from the current one). */
    renewalInterval: text("renewal_interval", { enum: INTERVALS }),
    netCents: integer("net_cents").notNull(),
    vatCents: integer("vat_cents").notNull(),
    totalCents: integer("total_cents").notNull(),
    vatRule: text("vat_rule").notNull(),
    /** open | paid | failed | canceled | expired */
    status: text("status").notNull().default("open"),
    checkoutUrl: text("checkout_url"),
    periodStart: timestamp("period_start", { withTimezone: true }),
    periodEnd: timestamp("period_end", { withTimezone: true }),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("billing_payments_provider_payment_key").on(t.provider, t.providerPaymentId),
    index("billing_payments_account_idx").on(t.accountId, t.createdAt),
    check("billing_payments_status_check", sql`${t.status} in ('open', 'paid', 'failed', 'canceled', 'expired')`),
    check("billing_payments_sequence_check", sql`${t.sequenceType} in ('first', 'recurring')`),
    check("billing_payments_purpose_check", sql`${t.purpose} in ('subscribe', 'upgrade', 'renewal')`),
    check("billing_payments_amounts_check", sql`${t.netCents} >= 0 and ${t.vatCents} >= 0 and ${t.totalCents} = ${t.netCents} + ${t.vatCents}`),
  ],
);

/** One invoice per paid payment; numbers are gapless per calendar year (OFF-2026-000001). */
export const billingInvoices = pgTable(
  "billing_invoices",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    paymentId: uuid("payment_id")
      .notNull()
      .references(() => billingPayments.id, { onDelete: "cascade" }),
    number: text("number").notNull(),
    year: integer("year").notNull(),
    issuedAt: timestamp("issued_at", { withTimezone: true }).notNull(),
    /** Interface locale of the invoice: en | nl. */
    locale: text("locale").notNull(),
    seller: jsonb("seller").notNull(),
    buyer: jsonb("buyer").notNull(),
    plan: text("plan", { enum: PLANS }).notNull(),
    interval: text("interval", { enum: INTERVALS }).notNull(),
    periodStart: timestamp("period_start", { withTimezone: true }).notNull(),
    periodEnd: timestamp("period_end", { withTimezone: true }).notNull(),
    netCents: integer("net_cents").notNull(),
    vatCents: integer("vat_cents").notNull(),
    totalCents: integer("total_cents").notNull(),
    vatRule: text("vat_rule").notNull(),
    vatRatePercent: integer("vat_rate_percent").notNull(),
  },
  (t) => [
    uniqueIndex("billing_invoices_number_key").on(t.number),
    uniqueIndex("billing_invoices_payment_key").on(t.paymentId),
    index("billing_invoices_account_idx").on(t.accountId, t.issuedAt),
  ],
);

/** The last invoice number per year: the upsert locks the row, so numbers are gapless. */
export const billingInvoiceCounters = pgTable("billing_invoice_counters", {
  year: integer("year").primaryKey(),
  lastValue: integer("last_value").notNull(),
});

/**
 * E-mails about billing that must go out once: a failed renewal (ref = the provider's payment id),
 * a trial about to end (ref = the trial's end). The row is inserted in the transaction that
 * enqueues the send-mail job; the primary key makes a second one impossible.
 */
export const billingNotices = pgTable(
  "billing_notices",
  {
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    ref: text("ref").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.kind, t.ref] }), check("billing_notices_kind_check", sql`${t.kind} in ('renewal-failed', 'trial-ending')`)],
);

/**
 * The development payment provider's own objects (payments, subscriptions), Mollie's model kept
 * in the database instead of a process's memory: a checkout opened before a restart still
 * completes, and several app servers share it (payments/dev.ts, decision 029).
 */
export const billingDevObjects = pgTable(
  "billing_dev_objects",
  {
    id: text("id").primaryKey(),
    kind: text("kind").notNull(),
    idempotencyKey: text("idempotency_key"),
    data: jsonb("data").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("billing_dev_objects_idempotency_key").on(t.idempotencyKey),
    check("billing_dev_objects_kind_check", sql`${t.kind} in ('payment', 'subscription')`),
  ],
);
