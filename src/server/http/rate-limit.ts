import { and, eq, gt, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { rateLimitBuckets } from "../db/schema";

/**
 * Fixed-window counter shared by every app server (it lives in the database). Returns true when
 * the call is allowed. One atomic upsert: concurrent calls cannot both slip under the limit.
 * `weight` counts one call as several (a GraphQL request spends its query cost).
 */
export async function hitRateLimit(
  db: Database,
  key: string,
  limit: number,
  windowSeconds: number,
  weight = 1,
): Promise<{ allowed: boolean; count: number; retryAfterSeconds: number }> {
  const rows = await db
    .insert(rateLimitBuckets)
    .values({ key, count: weight, windowEndsAt: sql`now() + make_interval(secs => ${windowSeconds})` })
    .onConflictDoUpdate({
      target: rateLimitBuckets.key,
      set: {
        count: sql`case when ${rateLimitBuckets.windowEndsAt} <= now() then ${weight}::int else ${rateLimitBuckets.count} + ${weight}::int end`,
        windowEndsAt: sql`case when ${rateLimitBuckets.windowEndsAt} <= now() then now() + make_interval(secs => ${windowSeconds}) else ${rateLimitBuckets.windowEndsAt} end`,
      },
    })
    .returning({
      count: rateLimitBuckets.count,
      retryAfter: sql<number>`greatest(0, ceil(extract(epoch from (${rateLimitBuckets.windowEndsAt} - now()))))::int`,
    });
  const row = rows[0];
  return { allowed: row.count <= limit, count: row.count, retryAfterSeconds: Number(row.retryAfter) };
}

/** Whether a key has a live window (without counting a hit): e.g. a remembered proof. */
export async function isRateLimitKeyLive(db: Database, key: string): Promise<boolean> {
  const rows = await db
    .select({ key: rateLimitBuckets.key })
    .from(rateLimitBuckets)
    .where(and(eq(rateLimitBuckets.key, key), gt(rateLimitBuckets.windowEndsAt, sql`now()`)))
    .limit(1);
  return rows.length > 0;
}

/**
 * Several fixed-window counters hit in ONE statement (a hot public path: statistics beacons count
 * per address and per quote). True when every counter is within its limit. Same semantics as
 * hitRateLimit, per key.
 */
export async function hitRateLimits(db: Database, counters: { key: string; limit: number; windowSeconds: number }[]): Promise<boolean> {
  const rows = await db
    .insert(rateLimitBuckets)
    .values(counters.map((c) => ({ key: c.key, count: 1, windowEndsAt: sql`now() + make_interval(secs => ${c.windowSeconds})` })))
    .onConflictDoUpdate({
      target: rateLimitBuckets.key,
      set: {
        count: sql`case when ${rateLimitBuckets.windowEndsAt} <= now() then 1 else ${rateLimitBuckets.count} + 1 end`,
        // A lapsed window restarts with the window the new row would have had.
        windowEndsAt: sql`case when ${rateLimitBuckets.windowEndsAt} <= now() then excluded.window_ends_at else ${rateLimitBuckets.windowEndsAt} end`,
      },
    })
    .returning({ key: rateLimitBuckets.key, count: rateLimitBuckets.count });
  const limits = new Map(counters.map((c) => [c.key, c.limit]));
  return rows.length === counters.length && rows.every((r) => r.count <= (limits.get(r.key) ?? 0));
}
