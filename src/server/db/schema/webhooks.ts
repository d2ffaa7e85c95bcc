import { sql } from "drizzle-orm";
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { WEBHOOK_DELIVERY_STATUSES, WEBHOOK_DISABLED_REASONS, WEBHOOK_ENDPOINT_KINDS } from "../../../shared/webhooks";
import { accounts, users } from "./identity";

/**
 * Outbound webhook endpoints (modules/webhooks, decision 048). The signing secret is stored
 * encrypted with the server's key (AES-256-GCM, the endpoint id as associated data); during a
 * rotation's grace period the previous secret is kept too, and deliveries carry both signatures.
 */
export const webhookEndpoints = pgTable(
  "webhook_endpoints",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    /**
     * The transport (shared/webhooks.ts WEBHOOK_ENDPOINT_KINDS): `webhook` rows are the Developers
     * screen's and the REST API's; `slack` and `harvest` rows are Settings → Integrations' (issue 24).
     */
    kind: text("kind", { enum: WEBHOOK_ENDPOINT_KINDS }).notNull().default("webhook"),
    /** The kind's settings that are not secret (a Slack channel's name, a Harvest account id and what to create); null for `webhook`. */
    config: jsonb("config").$type<Record<string, unknown>>(),
    /**
     * Where the transport sends. For `slack`, the incoming-webhook URL is a credential: it is kept
     * encrypted in `secret_encrypted` and this column holds a form without its secret part.
     */
    url: text("url").notNull(),
    description: text("description"),
    eventTypes: text("event_types").array().notNull(),
    enabled: boolean("enabled").notNull().default(true),
    disabledReason: text("disabled_reason", { enum: WEBHOOK_DISABLED_REASONS }),
    disabledAt: timestamp("disabled_at", { withTimezone: true }),
    secretEncrypted: text("secret_encrypted").notNull(),
    previousSecretEncrypted: text("previous_secret_encrypted"),
    previousSecretExpiresAt: timestamp("previous_secret_expires_at", { withTimezone: true }),
    createdByUserId: uuid("created_by_user_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("webhook_endpoints_account_idx").on(t.accountId, t.createdAt),
    index("webhook_endpoints_account_kind_idx").on(t.accountId, t.kind),
    check("webhook_endpoints_disabled_check", sql`${t.enabled} = (${t.disabledReason} is null)`),
    check("webhook_endpoints_reason_check", sql`${t.disabledReason} is null or ${t.disabledReason} in ('GONE', 'FAILING', 'MANUAL', 'REVOKED')`),
    check("webhook_endpoints_kind_check", sql`${t.kind} in ('webhook', 'slack', 'harvest')`),
    check("webhook_endpoints_previous_check", sql`(${t.previousSecretEncrypted} is null) = (${t.previousSecretExpiresAt} is null)`),
    check(
      "webhook_endpoints_lengths_check",
      sql`length(${t.url}) <= 2000 and length(${t.description}) <= 500 and cardinality(${t.eventTypes}) between 1 and 50`,
    ),
  ],
);

/**
 * The delivery log: one row per attempt, kept 30 days. `webhook_id` (msg_…) is the same for every
 * attempt and resend of one message; `event_id` is the domain event it carries (null for a test
 * event, whose body is kept in `test_body` so it can be resent). `job_id` ties an attempt to the
 * job that made it (an attempt left PENDING by a worker that died is closed by the next one).
 */
export const webhookDeliveries = pgTable(
  "webhook_deliveries",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    endpointId: uuid("endpoint_id")
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: "cascade" }),
    webhookId: text("webhook_id").notNull(),
    eventId: uuid("event_id"),
    eventType: text("event_type").notNull(),
    testBody: text("test_body"),
    jobId: uuid("job_id"),
    attempt: integer("attempt").notNull(),
    status: text("status", { enum: WEBHOOK_DELIVERY_STATUSES }).notNull().default("PENDING"),
    statusCode: integer("status_code"),
    latencyMs: integer("latency_ms"),
    responseBody: text("response_body"),
    /** Why an attempt failed without an HTTP answer (timeout, refused address, connection error). */
    error: text("error"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (t) => [
    index("webhook_deliveries_endpoint_idx").on(t.endpointId, t.createdAt),
    index("webhook_deliveries_account_idx").on(t.accountId),
    index("webhook_deliveries_job_idx").on(t.jobId),
    index("webhook_deliveries_created_idx").on(t.createdAt),
    check("webhook_deliveries_status_check", sql`${t.status} in ('PENDING', 'SUCCEEDED', 'FAILED')`),
    check("webhook_deliveries_attempt_check", sql`${t.attempt} >= 1`),
    check("webhook_deliveries_lengths_check", sql`length(${t.responseBody}) <= 1024 and length(${t.error}) <= 500 and length(${t.testBody}) <= 10000`),
  ],
);
