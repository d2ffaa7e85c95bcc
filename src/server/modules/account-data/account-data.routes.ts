import { Hono } from "hono";
import { hasPermission } from "../../../shared/permissions";
import type { Database } from "../../db/client";
import type { AuthState } from "../../graphql/context";
import { hitRateLimit } from "../../http/rate-limit";
import type { Logger } from "../../logger";
import { exportAccountData } from "./account-data.service";

/** Exports one account may download per hour. */
export const EXPORTS_PER_HOUR = 10;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * `GET /api/account-data/export?account=<id>`: the account's data as a zip, for its owner (the
 * session cookie or bearer token, checked like a GraphQL request with that `Account`). A GET so
 * that a plain link downloads it; it changes nothing.
 */
export function accountDataRoutes(deps: { db: Database; log: Logger; authenticate: (request: Request, db: Database) => Promise<AuthState> }) {
  const app = new Hono();
  app.get("/export", async (c) => {
    const accountId = c.req.query("account") ?? "";
    const noStore = { "cache-control": "no-store" };
    if (!UUID.test(accountId)) return c.json({ error: "NOT_FOUND" }, 404, noStore);
    const headers = new Headers(c.req.raw.headers);
    headers.set("account", accountId);
    const auth = await deps.authenticate(new Request(c.req.url, { headers }), deps.db);
    if (!auth.user) return c.json({ error: "UNAUTHENTICATED" }, 401, noStore);
    if (!auth.account || !hasPermission(auth.account.role, "account.export")) return c.json({ error: "FORBIDDEN" }, 403, noStore);
    const limit = await hitRateLimit(deps.db, `account-data:export:${accountId}`, EXPORTS_PER_HOUR, 60 * 60);
    if (!limit.allowed) return c.json({ error: "RATE_LIMITED" }, 429, { ...noStore, "retry-after": String(limit.retryAfterSeconds) });
    const { zip, accountName } = await exportAccountData(deps.db, accountId);
    const slug =
      accountName
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, "-")
        .replace(/^-|-$/g, "")
        .slice(0, 40) || "account";
    const date = new Date().toISOString().slice(0, 10);
    deps.log.info({ accountId, userId: auth.user.id, bytes: zip.byteLength }, "account data exported");
    return new Response(new Blob([zip as Uint8Array<ArrayBuffer>]), {
      headers: {
        "content-type": "application/zip",
        "content-disposition": `attachment; filename="offerly-${slug}-${date}.zip"`,
        "cache-control": "no-store",
        "x-content-type-options": "nosniff",
      },
    });
  });
  return app;
}
