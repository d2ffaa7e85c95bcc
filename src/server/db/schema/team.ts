import { sql } from "drizzle-orm";
import { check, index, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { ACCOUNT_ROLES, INVITATION_STATUSES } from "../../../shared/enums";
import { accounts, users } from "./identity";

/**
 * An invitation to join an account. Only the SHA-256 of its 256-bit token is stored; it is used
 * once (status leaves `invited` in one atomic UPDATE) and lapses after INVITATION_TTL_DAYS.
 * At most one open invitation per account and address (partial unique index).
 */
export const accountInvitations = pgTable(
  "account_invitations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    name: text("name"),
    role: text("role", { enum: ACCOUNT_ROLES }).notNull(),
    tokenHash: text("token_hash").notNull(),
    status: text("status", { enum: INVITATION_STATUSES }).notNull().default("invited"),
    invitedByUserId: uuid("invited_by_user_id").references(() => users.id, { onDelete: "set null" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    respondedAt: timestamp("responded_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("account_invitations_token_hash_key").on(t.tokenHash),
    uniqueIndex("account_invitations_open_key").on(t.accountId, t.email).where(sql`${t.status} = 'invited'`),
    index("account_invitations_account_idx").on(t.accountId),
    check("account_invitations_email_lower", sql`${t.email} = lower(${t.email})`),
    check("account_invitations_role_check", sql`${t.role} in ('owner', 'admin', 'member')`),
    check("account_invitations_status_check", sql`${t.status} in ('invited', 'accepted', 'declined', 'revoked', 'expired')`),
  ],
);
