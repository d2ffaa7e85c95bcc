import type { Handler } from "hono";
import { ZTimeStatisticInput } from "../../../shared/statistics";
import type { Config } from "../../config";
import type { Database } from "../../db/client";
import { isForeignOrigin } from "../../http/cors";
import type { Logger } from "../../logger";
import { recordTime } from "./statistics.service";

/**
 * `POST /api/beacon`: reading-time beacons from the public quote page (`navigator.sendBeacon`,
 * which cannot set the GraphQL CSRF header). The same service and rules as `createTimeStatistic`:
 * bounded, rate-limited, silently dropped when anything is wrong. Always 204, never a 5xx; a page
 * of another origin is refused (403) like GraphQL refuses it. Body: the TimeStatisticInput JSON
 * (`{ viewId, nanoId, seconds, blocks }`), at most 8 KB (the /api body limit). Mounted in app.ts
 * ahead of the page middleware it does not need.
 */
export function beaconHandler(deps: { db: Database; config: Config; log: Logger; clientIp: (request: Request, env: unknown) => string }): Handler {
  return async (c) => {
    if (isForeignOrigin(deps.config, c.req.raw)) return c.body(null, 403);
    try {
      const text = await c.req.text();
      const parsed = ZTimeStatisticInput.safeParse(JSON.parse(text));
      if (parsed.success) await recordTime(deps.db, parsed.data, deps.clientIp(c.req.raw, c.env));
    } catch (error) {
      if (!(error instanceof SyntaxError)) deps.log.warn({ err: error }, "beacon dropped");
    }
    return c.body(null, 204, { "cache-control": "no-store" });
  };
}
