import type { Cache, UpdatesConfig } from "@urql/exchange-graphcache";
import { invalidateList } from "../../graphql/cache";

const refetchIntegrations = (_result: unknown, _args: unknown, cache: Cache) => invalidateList(cache, "integrations");

/**
 * Settings → Integrations: connecting or disconnecting refetches the lists (a change of events or
 * of the on/off state updates the connection by its id). Each kind's connect mutation is listed here.
 */
export const integrationsUpdates: NonNullable<UpdatesConfig["Mutation"]> = {
  disconnectIntegration: refetchIntegrations,
  connectSlackWebhook: refetchIntegrations,
  connectHarvest: refetchIntegrations,
};
