import type { Cache, UpdatesConfig } from "@urql/exchange-graphcache";
import { invalidateList } from "../../graphql/cache";

const refetchEndpoints = (_result: unknown, _args: unknown, cache: Cache) => invalidateList(cache, "webhookEndpoints");
const refetchDeliveries = (_result: unknown, _args: unknown, cache: Cache) => invalidateList(cache, "webhookDeliveries");

/**
 * Settings → Developers: adding or deleting an endpoint refetches the list (an edit or a rotation
 * updates the endpoint by its id); a test event or a resend refetches the delivery logs; a new
 * API key refetches the keys (a revocation updates the key by its id).
 */
export const developersUpdates: NonNullable<UpdatesConfig["Mutation"]> = {
  createWebhookEndpoint: refetchEndpoints,
  deleteWebhookEndpoint: (result, args, cache) => {
    refetchEndpoints(result, args, cache);
    refetchDeliveries(result, args, cache);
  },
  sendTestWebhookEvent: refetchDeliveries,
  resendWebhookDelivery: refetchDeliveries,
  createApiKey: (_result, _args, cache) => invalidateList(cache, "apiKeys"),
};

/** The created key (shown once) has no identity of its own: embedded in the mutation's result. */
export const developersKeys = {
  CreatedApiKey: () => null,
  // Settings → Integrations' Mollie card (issue 26): one per account, no identity of their own.
  MollieSettings: () => null,
  MollieConnection: () => null,
} as const;
