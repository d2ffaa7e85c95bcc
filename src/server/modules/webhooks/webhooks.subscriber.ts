import { and, arrayContains, eq } from "drizzle-orm";
import { webhookEndpoints } from "../../db/schema";
import type { EventSubscriber } from "../../events";
import { enqueue } from "../../jobs/queue";
import { deliverWebhookJob } from "./webhooks.jobs";
import { deliveriesPaused, featureOfKind, webhookIdOf } from "./webhooks.service";

/**
 * Outbound webhooks listen to every domain event: inside the event's transaction, one
 * deliver-webhook job per enabled endpoint of the account that subscribed to the type, whatever
 * its kind (a webhook URL, a Slack channel, a Harvest connection: decision 053) — none for a kind
 * whose plan feature the account lacks (developer API, integrations: deliveries are paused). The job exists exactly when the change
 * commits, so a rolled-back change is never delivered; the request itself never calls a receiver.
 */
export const webhooksSubscriber: EventSubscriber = {
  name: "webhooks",
  types: "all",
  onEvent: async (tx, event) => {
    const endpoints = await tx
      .select({ id: webhookEndpoints.id, kind: webhookEndpoints.kind })
      .from(webhookEndpoints)
      .where(
        and(eq(webhookEndpoints.accountId, event.accountId), eq(webhookEndpoints.enabled, true), arrayContains(webhookEndpoints.eventTypes, [event.type])),
      );
    if (endpoints.length === 0) return;
    const paused = new Map<string, boolean>();
    for (const endpoint of endpoints) {
      const feature = featureOfKind(endpoint.kind);
      if (!paused.has(feature)) paused.set(feature, await deliveriesPaused(tx, event.accountId, feature));
      if (paused.get(feature)) continue;
      await enqueue(tx, deliverWebhookJob, {
        accountId: event.accountId,
        endpointId: endpoint.id,
        webhookId: webhookIdOf(event.id),
        eventId: event.id,
        eventType: event.type,
      });
    }
  },
};
