import { sql } from "drizzle-orm";
import { check, index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

/** Messages sent through the contact form. submissionId makes a double submit store one row. */
export const contactMessages = pgTable(
  "contact_messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** Random id rendered into the form: the same form submitted twice is one message. */
    submissionId: uuid("submission_id").notNull().unique(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    message: text("message").notNull(),
    locale: text("locale").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** Set once the message went out to CONTACT_EMAIL; null when sending failed. */
    mailedAt: timestamp("mailed_at", { withTimezone: true }),
  },
  (t) => [index("contact_messages_created_at_idx").on(t.createdAt)],
);

export const NEWSLETTER_STATUSES = ["pending", "confirmed", "unsubscribed"] as const;
export type NewsletterStatus = (typeof NEWSLETTER_STATUSES)[number];

/**
 * Newsletter subscriptions, double opt-in. One row per (lower-cased) e-mail address. Tokens are
 * random (32 bytes) and only their sha256 hashes are stored.
 */
export const newsletterSubscriptions = pgTable(
  "newsletter_subscriptions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    email: text("email").notNull().unique(),
    locale: text("locale").notNull(),
    status: text("status", { enum: NEWSLETTER_STATUSES }).notNull().default("pending"),
    confirmTokenHash: text("confirm_token_hash").unique(),
    unsubscribeTokenHash: text("unsubscribe_token_hash").unique(),
    confirmationSentAt: timestamp("confirmation_sent_at", { withTimezone: true }),
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    unsubscribedAt: timestamp("unsubscribed_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [
    check("newsletter_subscriptions_status_check", sql`${t.status} in ('pending', 'confirmed', 'unsubscribed')`),
    check("newsletter_subscriptions_email_lower_check", sql`${t.email} = lower(${t.email})`),
  ],
);
