import { sql } from "drizzle-orm";
import { boolean, check, date, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { CONVERSATION_ENTRY_KINDS } from "../../../shared/enums";
import { accounts, users } from "./identity";
import { quotes } from "./quotes";

/**
 * The conversation around a quote (modules/conversation): the customer's questions (with the
 * owner's answer) and declines, the owner's sends and the reminders that went out. Its own table,
 * so it grows while the quote itself stays locked (trigger `quotes_guard`).
 * A DECLINE is "active" until the quote is published again (`cleared_at`); at most one active
 * decline per quote, and the database refuses to sign a quote with one (trigger in the migration).
 */
export const quoteConversationEntries = pgTable(
  "quote_conversation_entries",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    quoteId: uuid("quote_id")
      .notNull()
      .references(() => quotes.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: CONVERSATION_ENTRY_KINDS }).notNull(),
    /** The question, the decline reason, or the personal message of a send. */
    body: text("body"),
    /** Where a SENT or REMINDER e-mail went. */
    email: text("email"),
    answer: text("answer"),
    /** Where the answer was e-mailed. */
    answerEmail: text("answer_email"),
    answeredAt: timestamp("answered_at", { withTimezone: true }),
    answeredByUserId: uuid("answered_by_user_id").references(() => users.id, { onDelete: "set null" }),
    /** A DECLINE stops counting when the quote is published again. */
    clearedAt: timestamp("cleared_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("quote_conversation_quote_idx").on(t.quoteId, t.createdAt),
    index("quote_conversation_account_idx").on(t.accountId),
    uniqueIndex("quote_conversation_active_decline_key").on(t.quoteId).where(sql`${t.kind} = 'DECLINE' and ${t.clearedAt} is null`),
    check("quote_conversation_kind_check", sql`${t.kind} in ('QUESTION', 'DECLINE', 'SENT', 'REMINDER')`),
    check("quote_conversation_lengths_check", sql`length(${t.body}) <= 2000 and length(${t.answer}) <= 2000`),
    check("quote_conversation_question_check", sql`${t.kind} <> 'QUESTION' or ${t.body} is not null`),
    check("quote_conversation_answer_check", sql`${t.answer} is null or ${t.kind} = 'QUESTION'`),
  ],
);

/**
 * A quote's reminder setting: e-mail the customer `days_before` days before the expiration date
 * while the quote is published, unsigned and not declined. Its own row so it can change while the
 * quote is published. `sent_for_expiration` is the expiration date a reminder already went out
 * for: never twice for the same dates (checked under this row's lock by the job).
 */
export const quoteReminders = pgTable(
  "quote_reminders",
  {
    quoteId: uuid("quote_id")
      .primaryKey()
      .references(() => quotes.id, { onDelete: "cascade" }),
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    enabled: boolean("enabled").notNull().default(false),
    daysBefore: integer("days_before").notNull().default(3),
    sentForExpiration: date("sent_for_expiration"),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("quote_reminders_account_idx").on(t.accountId), check("quote_reminders_days_check", sql`${t.daysBefore} between 1 and 30`)],
);
