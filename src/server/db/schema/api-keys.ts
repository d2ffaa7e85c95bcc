import { sql } from "drizzle-orm";
import { check, index, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { API_KEY_ROLES } from "../../../shared/events";
import { accounts, users } from "./identity";

/**
 * An API key of an account (issue 23, decision 050): `ofr_live_` + 32 random bytes (base64url).
 * Only the SHA-256 of the whole key is stored, with its first characters for display (`prefix`);
 * the key itself is shown once, by createApiKey. Looked up on every request (no cache: a revoke
 * or an expiry holds on every app server at once).
 */
export const apiKeys = pgTable(
  "api_keys",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    role: text("role", { enum: API_KEY_ROLES }).notNull(),
    /** SHA-256 (hex) of the full key. */
    keyHash: text("key_hash").notNull(),
    /** The key's first characters (`ofr_live_` + 6), to recognise it in lists. */
    prefix: text("prefix").notNull(),
    createdByUserId: uuid("created_by_user_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** Written at most about once a minute per key. */
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("api_keys_key_hash_key").on(t.keyHash),
    index("api_keys_account_idx").on(t.accountId, t.createdAt),
    check("api_keys_role_check", sql`${t.role} in ('ADMIN', 'READ_ONLY')`),
  ],
);
