import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { accounts } from "./identity";

/**
 * An account's custom domain (issue 25, decision 060): at most one per account, a host name at most
 * once across accounts. `token` is the TXT record's secret; `status` PENDING → ACTIVE when both
 * records are seen, ACTIVE → INACTIVE when they go away. Whether it serves also needs the Pro plan
 * (checked on every request, so a downgrade stops it at once).
 */
export const customDomains = pgTable(
  "custom_domains",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    domain: text("domain").notNull(),
    token: text("token").notNull(),
    status: text("status").notNull().default("PENDING"),
    cnameState: text("cname_state").notNull().default("UNCHECKED"),
    txtState: text("txt_state").notNull().default("UNCHECKED"),
    /** Checks run so far (the back-off's exponent, and the verification job chain's singleton key). */
    checks: integer("checks").notNull().default(0),
    lastCheckedAt: timestamp("last_checked_at", { withTimezone: true }),
    nextCheckAt: timestamp("next_check_at", { withTimezone: true }),
    verifiedAt: timestamp("verified_at", { withTimezone: true }),
    deactivatedAt: timestamp("deactivated_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("custom_domains_account_idx").on(t.accountId),
    uniqueIndex("custom_domains_domain_idx").on(t.domain),
    index("custom_domains_status_idx").on(t.status),
    check("custom_domains_status_check", sql`${t.status} in ('PENDING', 'ACTIVE', 'INACTIVE')`),
    check(
      "custom_domains_states_check",
      sql`${t.cnameState} in ('UNCHECKED', 'OK', 'MISSING', 'WRONG', 'ERROR') and ${t.txtState} in ('UNCHECKED', 'OK', 'MISSING', 'WRONG', 'ERROR')`,
    ),
    check("custom_domains_lengths_check", sql`length(${t.domain}) <= 253 and length(${t.token}) <= 100`),
  ],
);
