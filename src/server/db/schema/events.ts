import { sql } from "drizzle-orm";
import { check, index, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { EVENT_TYPES, type EventType } from "../../../shared/events";
import { accounts } from "./identity";

/**
 * The domain events (issue 23, decision 046): one row per thing that happened to a quote or a
 * customer, written only by `recordEvent` (src/server/events) in the transaction of the change,
 * so an event exists exactly when its change committed (the jobs its subscribers enqueue make
 * this a transactional outbox). `id` is the event's identity for receivers: the webhook-id is
 * `msg_` + this id without dashes. `quote_id` / `customer_id` are plain references (no foreign
 * key): an event outlives a deleted draft or customer, and goes with its account.
 * `payload` is the event's small stable data (src/server/events/payloads.ts, docs/events/).
 */
export const domainEvents = pgTable(
  "domain_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    type: text("type", { enum: EVENT_TYPES }).$type<EventType>().notNull(),
    /** Server time when the row was written (the clock, not the transaction's start). */
    occurredAt: timestamp("occurred_at", { withTimezone: true }).notNull().default(sql`clock_timestamp()`),
    quoteId: uuid("quote_id"),
    customerId: uuid("customer_id"),
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull(),
  },
  (t) => [
    index("domain_events_account_occurred_idx").on(t.accountId, t.occurredAt),
    index("domain_events_quote_idx").on(t.quoteId),
    check("domain_events_type_check", sql.raw(`"type" in (${EVENT_TYPES.map((type) => `'${type}'`).join(", ")})`)),
  ],
);
