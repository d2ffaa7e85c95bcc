import { sql } from "drizzle-orm";
import { bigint, check, index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { QUOTE_AUDIT_EVENTS, QUOTE_SIGNATURE_KINDS, SIGNATURE_KINDS } from "../../../shared/enums";
import type { FrozenPayment } from "../../../shared/quote-payments";
import { accounts } from "./identity";
import { quotes } from "./quotes";

/**
 * A signature placed on a quote (SPEC §3 Signature): by the CUSTOMER through the public link, or by
 * the sending ACCOUNT in the app. `signature` holds the typed text, or the file key of the drawn PNG
 * (files adapter, area `signatures`). The evidence columns (selection, document hash, IP, user
 * agent, e-mail) are what decision 024 keeps. Migration "signing": rows are never updated, and
 * deleted only together with their quote (a draft, or the whole account).
 */
export const quoteSignatures = pgTable(
  "quote_signatures",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    quoteId: uuid("quote_id")
      .notNull()
      .references(() => quotes.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: QUOTE_SIGNATURE_KINDS }).notNull(),
    name: text("name").notNull(),
    signatureKind: text("signature_kind", { enum: SIGNATURE_KINDS }).notNull(),
    signature: text("signature").notNull(),
    signedAt: timestamp("signed_at", { withTimezone: true }).notNull(),
    /** The optional line ids the customer ticked (null for account signatures). */
    selection: jsonb("selection").$type<string[]>(),
    /** SHA-256 (hex) of the canonical document the signer saw, with their selection. */
    documentHash: text("document_hash"),
    /** The quote version the signer saw and signed (decision 032); null before versions existed. */
    versionNumber: integer("version_number"),
    ip: text("ip"),
    userAgent: text("user_agent"),
    actorEmail: text("actor_email"),
    /**
     * A customer's signature on a quote whose terms ask a payment (issue 26, decision 058): the
     * terms and the amount due for their selection incl. VAT, frozen at signing. Null: nothing to pay.
     */
    payment: jsonb("payment").$type<FrozenPayment>(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("quote_signatures_quote_idx").on(t.quoteId, t.createdAt),
    check("quote_signatures_kind_check", sql`${t.kind} in ('CUSTOMER', 'ACCOUNT')`),
    check("quote_signatures_signature_kind_check", sql`${t.signatureKind} in ('DRAWN', 'TYPED')`),
    check("quote_signatures_name_length_check", sql`length(${t.name}) between 1 and 100`),
  ],
);

/**
 * The append-only audit trail of a quote (decision 024): server time, the actor, the network
 * evidence and, where relevant, the document hash. The database refuses UPDATE (always) and DELETE
 * (unless the quote itself is being deleted: a draft, or with its account).
 */
export const quoteAuditEvents = pgTable(
  "quote_audit_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    quoteId: uuid("quote_id")
      .notNull()
      .references(() => quotes.id, { onDelete: "cascade" }),
    /** The order of the trail (rows of one transaction share their `at`). */
    seq: bigint("seq", { mode: "number" }).generatedAlwaysAsIdentity(),
    event: text("event", { enum: QUOTE_AUDIT_EVENTS }).notNull(),
    /** Server time when the row was written (the clock, not the transaction's start). */
    at: timestamp("at", { withTimezone: true }).notNull().default(sql`clock_timestamp()`),
    actorName: text("actor_name"),
    actorEmail: text("actor_email"),
    ip: text("ip"),
    userAgent: text("user_agent"),
    documentHash: text("document_hash"),
    /** The quote version the event is about (PUBLISHED, VIEWED, SIGNED, …; decision 032). */
    versionNumber: integer("version_number"),
    /** Event details (e.g. the selection of optional lines). */
    details: jsonb("details").$type<Record<string, unknown>>(),
  },
  (t) => [
    index("quote_audit_events_quote_idx").on(t.quoteId, t.seq),
    check("quote_audit_events_event_check", sql`${t.event} in ('PUBLISHED', 'VIEWED', 'OPTION_CHANGED', 'SIGNED', 'MARKED_SIGNED', 'DECLINED', 'PAID')`),
  ],
);
