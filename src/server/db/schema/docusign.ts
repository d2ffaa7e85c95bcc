import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { DOCUSIGN_ENVELOPE_STATUSES } from "../../../shared/enums";
import { accounts, users } from "./identity";
import { quotes } from "./quotes";

/**
 * The owner's own DocuSign account (issue 25, decision 059): one per Offerly account, connected
 * with DocuSign's Authorization Code Grant. Tokens are encrypted like webhook secrets
 * (webhooks.crypto.ts), bound to the account. `docusignAccountId` and `baseUri` come from
 * DocuSign's `/oauth/userinfo` (the user's default account): every eSignature call goes to
 * `<baseUri>/restapi/v2.1/accounts/<docusignAccountId>/…`.
 */
export const docusignConnections = pgTable(
  "docusign_connections",
  {
    accountId: uuid("account_id")
      .primaryKey()
      .references(() => accounts.id, { onDelete: "cascade" }),
    docusignAccountId: text("docusign_account_id").notNull(),
    baseUri: text("base_uri").notNull(),
    /** What Settings → Integrations shows: DocuSign's account name and the connected user's e-mail. */
    accountName: text("account_name"),
    userEmail: text("user_email"),
    accessTokenEncrypted: text("access_token_encrypted").notNull(),
    refreshTokenEncrypted: text("refresh_token_encrypted").notNull(),
    accessTokenExpiresAt: timestamp("access_token_expires_at", { withTimezone: true }).notNull(),
    connectedByUserId: uuid("connected_by_user_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("docusign_connections_remote_idx").on(t.docusignAccountId, t.accountId),
    check("docusign_connections_lengths_check", sql`length(coalesce(${t.accountName}, '')) <= 200 and length(coalesce(${t.userEmail}, '')) <= 320`),
  ],
);

export { DOCUSIGN_ENVELOPE_STATUSES };

/**
 * A quote version sent for signature with DocuSign (decision 059): one row per envelope. At most one
 * envelope per quote is being sent or out for signature (PREPARING, SENT) at a time (a partial
 * unique index). The signed PDF
 * and DocuSign's certificate of completion are stored through the files adapter (area `docusign`)
 * when the envelope completes.
 */
export const docusignEnvelopes = pgTable(
  "docusign_envelopes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    quoteId: uuid("quote_id")
      .notNull()
      .references(() => quotes.id, { onDelete: "cascade" }),
    /** The DocuSign account the envelope lives in (Connect posts name it). */
    docusignAccountId: text("docusign_account_id").notNull(),
    /** DocuSign's envelope id: null while PREPARING (and when FAILED before DocuSign made one). */
    envelopeId: text("envelope_id"),
    versionNumber: integer("version_number"),
    status: text("status", { enum: DOCUSIGN_ENVELOPE_STATUSES }).notNull(),
    signerName: text("signer_name").notNull(),
    signerEmail: text("signer_email").notNull(),
    /** A decline's or void's reason, as DocuSign gives it. */
    reason: text("reason"),
    signedFileKey: text("signed_file_key"),
    certificateFileKey: text("certificate_file_key"),
    sentByUserId: uuid("sent_by_user_id").references(() => users.id, { onDelete: "set null" }),
    completedAt: timestamp("completed_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("docusign_envelopes_envelope_idx").on(t.envelopeId),
    uniqueIndex("docusign_envelopes_one_out_idx").on(t.quoteId).where(sql`${t.status} in ('PREPARING', 'SENT')`),
    index("docusign_envelopes_quote_idx").on(t.quoteId, t.createdAt),
    check("docusign_envelopes_status_check", sql`${t.status} in ('PREPARING', 'SENT', 'COMPLETED', 'DECLINED', 'VOIDED', 'FAILED')`),
    check("docusign_envelopes_id_check", sql`${t.envelopeId} is not null or ${t.status} in ('PREPARING', 'FAILED')`),
    check("docusign_envelopes_reason_check", sql`length(coalesce(${t.reason}, '')) <= 1000`),
  ],
);
