/**
 * The `webhook` kind's transport (decision 048): sign the body with the endpoint's secret (both
 * secrets during a rotation's grace period), resolve and check the address (pinned), POST. A 410
 * Gone from the receiver disables the endpoint (GONE).
 */
import type { Transport } from "../integrations/transport";
import { WebhookAddressError, resolveWebhookAddress } from "./webhooks.address";
import { requireWebhookKey, signatureHeader } from "./webhooks.crypto";
import { type HttpOutcome, postWebhook } from "./webhooks.http";
import { signingSecrets } from "./webhooks.service";

/** For tests: the request itself (default: postWebhook). */
export function createWebhookTransport(post: typeof postWebhook = postWebhook): Transport {
  return {
    kind: "webhook",
    send: async ({ webhooks, endpoint, message, body, now }) => {
      let outcome: HttpOutcome;
      try {
        const key = requireWebhookKey(webhooks);
        const secrets = signingSecrets(key, endpoint, now);
        const url = new URL(endpoint.url);
        const address = await resolveWebhookAddress(url, webhooks.allowPrivate);
        const timestamp = Math.floor(now.getTime() / 1000);
        const headers = {
          "content-type": "application/json",
          "user-agent": "Offerly-Webhooks/1.0",
          "webhook-id": message.webhookId,
          "webhook-timestamp": String(timestamp),
          "webhook-signature": signatureHeader(secrets, message.webhookId, timestamp, body),
        };
        outcome = await post(url, address, headers, body);
      } catch (error) {
        const reason = error instanceof WebhookAddressError ? error.message : `${(error as Error).name}: ${(error as Error).message}`;
        outcome = { statusCode: null, latencyMs: 0, responseBody: null, error: reason, retryAfterMs: null };
      }
      return outcome.statusCode === 410 ? { ...outcome, disable: "GONE" } : outcome;
    },
  };
}

export const webhookTransport = createWebhookTransport();
