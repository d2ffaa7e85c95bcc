/**
 * Every transport, by endpoint kind (decision 053): ONE table, read by the deliver-webhook job.
 * A kind without a transport here cannot be delivered (the job fails the attempt and says so).
 */
import type { WebhookEndpointKind } from "../../../shared/webhooks";
import { webhookTransport } from "../webhooks/webhooks.transport";
import { harvestTransport } from "./harvest/harvest.transport";
import { slackTransport } from "./slack/slack.transport";
import type { Transport } from "./transport";

export const transports: Partial<Record<WebhookEndpointKind, Transport>> = {
  webhook: webhookTransport,
  slack: slackTransport,
  harvest: harvestTransport,
};
