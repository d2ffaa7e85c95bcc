import { type Placeholder, type SQL, and, eq, gt, sql } from "drizzle-orm";
import { type Database, type Executor, queryRows } from "../db/client";
import { rateLimitBuckets } from "../db/schema";

/**
 * Fixed-window counter shared by every app server (it lives in the database). Returns true when
 * the call is allowed. One atomic upsert: concurrent calls cannot both slip under the limit.
 * `weight` counts one call as several (a GraphQL request spends its query cost).
 */
export async function hitRateLimit(
  db: Executor,
  key: string,
  limit: number,
  windowSeconds: number,
  weight = 1,
): Promise<{ allowed: boolean; count: number; retryAfterSeconds: number; windowLeftMs: number }> {
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
      windowLeftMs: sql<number>`greatest(0, floor(extract(epoch from (${rateLimitBuckets.windowEndsAt} - now())) * 1000))::int`,
    });
  const row = rows[0];
  return { allowed: row.count <= limit, count: row.count, retryAfterSeconds: Number(row.retryAfter), windowLeftMs: Number(row.windowLeftMs) };
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
export async function hitRateLimits(db: Database, counters: RateLimitCounter[]): Promise<boolean> {
  const rows = await queryRows<{ allowed: boolean }>(db, rateLimitHitsSql(counters));
  return rows.length === counters.length && rows.every((r) => r.allowed);
}

export type RateLimitCounter = { key: string; limit: number; windowSeconds: number };

/**
 * The upsert behind hitRateLimits as SQL, for a hot path that puts it in a CTE of its own
 * statement (statistics beacons: one round trip). One row per counter: `allowed` when that
 * counter is within its limit. Keys must be distinct; a key may be a `sql.placeholder` (for a
 * statement prepared once: db/client.ts preparedStatement).
 */
export function rateLimitHitsSql(counters: (Omit<RateLimitCounter, "key"> & { key: string | Placeholder })[]): SQL {
  const values = sql.join(
    counters.map((c) => sql`(${c.key}, 1, now() + make_interval(secs => ${c.windowSeconds}::int))`),
    sql`, `,
  );
  const limitOf = sql.join(
    counters.map((c) => sql`when ${c.key}::text then ${c.limit}::int`),
    sql` `,
  );
  return sql`insert into rate_limit_buckets as b (key, count, window_ends_at) values ${values}
    on conflict (key) do update set
      count = case when b.window_ends_at <= now() then 1 else b.count + 1 end,
      -- A lapsed window restarts with the window the new row would have had.
      window_ends_at = case when b.window_ends_at <= now() then excluded.window_ends_at else b.window_ends_at end
    returning b.count <= (case b.key ${limitOf} end) as allowed`;
}

/**
 * A budget shared by every app server, spent mostly in memory: a server takes units from the shared
 * counter (hitRateLimit) a lease at a time — `leaseUnits`, or the request's whole cost when larger —
 * and spends them locally until they run out or the window ends. One database write per lease
 * instead of one per request (the per-request upsert was half of a small query's time).
 *
 * Never more than `limit` units are granted in a window across all servers: a lease only holds
 * units the shared counter granted. The price is that units leased by one server and not spent
 * there are not available on another: a caller spread over N servers may be refused up to
 * (N − 1) × leaseUnits early. Sized at 1/50 of the budget that is 2 % per extra server.
 */
export function createBudget(options: { limit: number; windowSeconds: number; leaseUnits?: number; maxKeys?: number }) {
  // Capped: the shared counter is a 32-bit integer column (a huge test budget must not overflow it).
  const leaseUnits = Math.max(1, Math.min(Math.floor(options.leaseUnits ?? options.limit / 50), 1_000_000));
  const maxKeys = options.maxKeys ?? 10_000;
  const leases = new Map<string, { remaining: number; endsAt: number }>();

  function prune(now: number) {
    for (const [key, lease] of leases) if (lease.endsAt <= now) leases.delete(key);
    // Still full (an attack from many addresses): forget the oldest; they lease again from the database.
    for (const key of leases.keys()) {
      if (leases.size <= maxKeys / 2) break;
      leases.delete(key);
    }
  }

  return {
    leaseUnits,
    async spend(db: Database, key: string, cost: number): Promise<{ allowed: boolean; retryAfterSeconds: number }> {
      const now = Date.now();
      const held = leases.get(key);
      if (held && held.endsAt > now && held.remaining >= cost) {
        held.remaining -= cost;
        return { allowed: true, retryAfterSeconds: 0 };
      }
      const grant = Math.max(cost, leaseUnits);
      const hit = await hitRateLimit(db, key, options.limit, options.windowSeconds, grant);
      // The part of this grant that fits under the limit (the counter may have passed it already).
      const granted = Math.max(0, Math.min(grant, options.limit - (hit.count - grant)));
      const endsAt = Date.now() + hit.windowLeftMs;
      const lease = leases.get(key);
      // Units left from the previous window are dropped; concurrent grants in one window add up.
      const remaining = (lease && lease.endsAt > now && Math.abs(lease.endsAt - endsAt) < 1000 ? lease.remaining : 0) + granted;
      if (!leases.has(key) && leases.size >= maxKeys) prune(now);
      if (remaining >= cost) {
        leases.set(key, { remaining: remaining - cost, endsAt });
        return { allowed: true, retryAfterSeconds: 0 };
      }
      leases.set(key, { remaining, endsAt });
      return { allowed: false, retryAfterSeconds: Math.max(1, hit.retryAfterSeconds) };
    },
  };
}
