import type { Handler } from "hono";
import { ZTimeStatisticInput } from "../../../shared/statistics";
import type { Config } from "../../config";
import { isForeignOrigin } from "../../http/cors";
import type { Logger } from "../../logger";
import type { BeaconBatcher } from "./beacon-batch";

/**
 * `POST /api/beacon`: reading-time beacons from the public quote page (`navigator.sendBeacon`,
 * which cannot set the GraphQL CSRF header). The same rules as `createTimeStatistic`: bounded,
 * rate-limited per beacon, silently dropped when anything is wrong; checked here and written in
 * batches of this server's last quarter second (beacon-batch.ts, decision 064). Always 204, never a 5xx; a page
 * of another origin is refused (403) like GraphQL refuses it. Body: the TimeStatisticInput JSON
 * (`{ viewId, nanoId, seconds, blocks }`), at most 8 KB (the /api body limit). Mounted in app.ts
 * ahead of the page middleware it does not need.
 */
export function beaconHandler(deps: { beacons: BeaconBatcher; config: Config; log: Logger; clientIp: (request: Request, env: unknown) => string }): Handler {
  return async (c) => {
    if (isForeignOrigin(deps.config, c.req.raw)) return c.body(null, 403);
    try {
      const text = await c.req.text();
      const parsed = ZTimeStatisticInput.safeParse(JSON.parse(text));
      if (parsed.success && deps.beacons.add(parsed.data, deps.clientIp(c.req.raw, c.env))) await deps.beacons.settled();
    } catch (error) {
      if (!(error instanceof SyntaxError)) deps.log.warn({ err: error }, "beacon dropped");
    }
    return c.body(null, 204, { "cache-control": "no-store" });
  };
}
