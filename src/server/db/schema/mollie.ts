import { sql } from "drizzle-orm";
import { check, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { accounts, users } from "./identity";

/**
 * The owner's own Mollie account for receiving their customers' payments (issue 26; decision 057):
 * one per Offerly account. `method`: OAUTH (Mollie Connect: an access token that expires after an
 * hour and a refresh token) or API_KEY (a pasted key of the owner's own account, where no Connect
 * app is configured). Tokens and keys are encrypted like webhook secrets (webhooks.crypto.ts),
 * bound to the account (a ciphertext copied to another account does not decrypt).
 */
export const mollieConnections = pgTable(
  "mollie_connections",
  {
    accountId: uuid("account_id")
      .primaryKey()
      .references(() => accounts.id, { onDelete: "cascade" }),
    method: text("method", { enum: ["OAUTH", "API_KEY"] }).notNull(),
    /** test or live: from the key's prefix, or the token's organisation (OAuth: live unless Mollie says test). */
    mode: text("mode", { enum: ["test", "live"] }).notNull(),
    /** What Settings → Integrations shows: the Mollie profile (API key) or organisation (OAuth) name. */
    displayName: text("display_name"),
    accessTokenEncrypted: text("access_token_encrypted").notNull(),
    refreshTokenEncrypted: text("refresh_token_encrypted"),
    accessTokenExpiresAt: timestamp("access_token_expires_at", { withTimezone: true }),
    connectedByUserId: uuid("connected_by_user_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("mollie_connections_method_check", sql`${t.method} in ('OAUTH', 'API_KEY')`),
    check("mollie_connections_mode_check", sql`${t.mode} in ('test', 'live')`),
    check(
      "mollie_connections_tokens_check",
      sql`(${t.method} = 'OAUTH') = (${t.refreshTokenEncrypted} is not null and ${t.accessTokenExpiresAt} is not null) and length(coalesce(${t.displayName}, '')) <= 200`,
    ),
  ],
);
