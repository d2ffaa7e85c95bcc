/**
 * How one delivery reaches its destination (decision 053). The deliver-webhook job
 * (modules/webhooks/webhooks.delivery.ts) does what every kind shares — the endpoint and plan
 * check, the attempt's row in the delivery log, the event's body, retries with backoff and
 * Retry-After, disabling after the last attempt — and hands the sending itself to the transport of
 * the endpoint's kind: a signed Standard Webhooks POST, a Slack message, Harvest records.
 *
 * A transport never throws for what the destination answered: it returns an outcome, which the
 * job records and acts on. `disable` asks the job to switch the endpoint off with that reason
 * (e.g. REVOKED: Slack answered 404/410 for the channel, Harvest 401/403 for the token) instead of
 * retrying; the job then tells the account's owners.
 */
import type { WebhookEndpointKind } from "../../../shared/webhooks";
import type { WebhookConfig } from "../../config";
import type { Database } from "../../db/client";
import type { webhookEndpoints } from "../../db/schema";
import type { Logger } from "../../logger";
import type { HttpOutcome } from "../webhooks/webhooks.http";

export type EndpointRecord = typeof webhookEndpoints.$inferSelect;

export type TransportInput = {
  db: Database;
  log: Logger;
  webhooks: WebhookConfig;
  /** The app's public address (links back into Offerly). */
  publicUrl: string;
  now: Date;
  endpoint: EndpointRecord;
  message: {
    accountId: string;
    endpointId: string;
    /** msg_…: the same for every attempt and resend of one message (an idempotency key). */
    webhookId: string;
    eventId?: string | null;
    eventType: string;
  };
  /** The event as the Standard Webhooks payload (docs/webhooks.md): `{ type, timestamp, data }`, JSON. */
  body: string;
  job: { id: string; attempt: number; maxAttempts: number };
};

export type TransportOutcome = HttpOutcome & {
  /** Switch the endpoint off with this reason instead of retrying (the job records it and mails the owners). */
  disable?: "GONE" | "REVOKED";
};

export type Transport = {
  kind: WebhookEndpointKind;
  send: (input: TransportInput) => Promise<TransportOutcome>;
};
