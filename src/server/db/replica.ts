import { sql } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import pg from "pg";
import type { Logger } from "../logger";
import { type Database, queryRows, schema } from "./client";

/**
 * Reads that tolerate a little lag (the statistics dashboard, public quote pages) may go to a
 * PostgreSQL streaming replica (DATABASE_READ_URL, decision 036). Every such read goes through
 * `ReadDb.run`: on the replica while it is up and caught up, otherwise on the primary. Without a
 * replica (or on PGlite) `run` simply reads the primary.
 */
export type ReadDb = {
  /**
   * Runs `read` on the replica when it is usable, else on the primary. A failure on the replica,
   * or an answer `confirm` returns true for (e.g. "not available": perhaps only not replicated
   * yet), is read again on the primary, whose answer counts.
   */
  run<T>(read: (db: Database) => Promise<T>, options?: { confirm?: (answer: T) => boolean }): Promise<T>;
};

/** Every read on the primary: no replica configured, or the request asked for a fresh answer. */
export function primaryReadDb(primary: Database): ReadDb {
  return { run: (read) => read(primary) };
}

/**
 * - `starting`: no health check has answered yet; `up`: reads go to the replica;
 * - `lagging`: it has not replayed what the primary had written one check ago (paused, or slow);
 * - `down`: unreachable (or a query failed with a connection error) until a check answers again;
 * - `not-a-replica`: the URL is not a server in recovery (e.g. the primary itself, or a promoted
 *   standby that no longer follows the primary): never used.
 */
export type ReplicaState = "starting" | "up" | "lagging" | "down" | "not-a-replica";

export type ReadReplica = {
  /** The request's reads: on the primary when it asked for a fresh answer (a reload), else this replica's. */
  forRequest: (request: Request) => ReadDb;
  readDb: ReadDb;
  state: () => ReplicaState;
  /** How many reads each side answered, and why reads went back to the primary. */
  counts: () => { replica: number; primary: number; failedOver: number; confirmed: number };
  /** One health check now (the timer runs them every `checkEveryMs`). */
  check: () => Promise<ReplicaState>;
  close: () => Promise<void>;
};

export type ReadReplicaOptions = {
  url: string;
  primary: Database;
  poolSize?: number;
  log?: Pick<Logger, "info" | "warn" | "debug">;
  /**
   * The lag bound: a check compares what the replica has replayed with what the primary had
   * written at the previous check, this long ago. Default 1 s.
   */
  checkEveryMs?: number;
  /** Connecting to the replica (and one health check) gives up after this long. Default 1 s. */
  timeoutMs?: number;
  /** A query on the replica gives up after this long (then the primary answers). Default 10 s. */
  queryTimeoutMs?: number;
};

/** "16/B374D848" → a comparable number. */
export function parseLsn(lsn: string): bigint {
  const [hi, lo] = lsn.split("/");
  return (BigInt(`0x${hi}`) << 32n) | BigInt(`0x${lo}`);
}

const CONNECTION_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EHOSTUNREACH", "ENETUNREACH", "ENOTFOUND", "EAI_AGAIN", "EPIPE"]);
/** admin_shutdown, crash_shutdown, cannot_connect_now, too_many_connections */
const SERVER_GONE = new Set(["57P01", "57P02", "57P03", "53300"]);

/** The replica is unreachable or went away (not: a query that failed on its own). */
export function isConnectionError(error: unknown): boolean {
  for (let e = error as { code?: unknown; message?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 5; e = e.cause as typeof e, depth++) {
    const code = typeof e.code === "string" ? e.code : "";
    if (CONNECTION_CODES.has(code) || SERVER_GONE.has(code) || code.startsWith("08")) return true;
    if (typeof e.message === "string" && /Connection terminated|Client has encountered a connection error|Connection refused/i.test(e.message)) return true;
  }
  return false;
}

/** A reload (Cache-Control: no-cache or max-age=0, Pragma: no-cache) asks for the current state: read the primary. */
export function wantsFreshAnswer(request: Request): boolean {
  const cacheControl = request.headers.get("cache-control")?.toLowerCase() ?? "";
  return /(^|[\s,])(no-cache|no-store|max-age=0)\b/.test(cacheControl) || (request.headers.get("pragma")?.toLowerCase().includes("no-cache") ?? false);
}

/**
 * Opens the replica's pool and runs the first health check (bounded by `timeoutMs`: a replica
 * that is down at start-up does not delay the start; reads go to the primary until it answers).
 */
export async function openReadReplica(options: ReadReplicaOptions): Promise<ReadReplica> {
  const { primary, log } = options;
  const checkEveryMs = options.checkEveryMs ?? 1000;
  const timeoutMs = options.timeoutMs ?? 1000;
  const pool = new pg.Pool({
    connectionString: options.url,
    max: options.poolSize ?? 10,
    application_name: "offerly-read",
    connectionTimeoutMillis: timeoutMs,
    query_timeout: options.queryTimeoutMs ?? 10_000,
  });
  // Health checks on a connection of their own, so that a full pool does not look like a dead replica.
  const checks = new pg.Pool({
    connectionString: options.url,
    max: 1,
    application_name: "offerly-read-check",
    connectionTimeoutMillis: timeoutMs,
    query_timeout: timeoutMs,
  });
  for (const p of [pool, checks]) p.on("error", () => {}); // idle clients' errors: the next query reports them
  const replica = drizzlePg({ client: pool, schema }) as unknown as Database;

  let state: ReplicaState = "starting";
  let previousPrimaryLsn: bigint | undefined;
  const counts = { replica: 0, primary: 0, failedOver: 0, confirmed: 0 };

  const setState = (next: ReplicaState, details: Record<string, unknown> = {}) => {
    if (next === state) return;
    const was = state;
    state = next;
    if (next === "up") log?.info({ was, ...details }, "read replica in use");
    else if (next === "lagging") log?.warn({ ...details }, "read replica lagging behind the primary: reads go to the primary");
    else if (next === "down") log?.warn({ ...details }, "read replica unreachable: reads go to the primary");
    else if (next === "not-a-replica") log?.warn("DATABASE_READ_URL is not a standby (pg_is_in_recovery() is false): reads go to the primary");
  };

  let running: Promise<ReplicaState> | undefined;
  const check = () => {
    running ??= (async () => {
      try {
        // The primary first: the replica must have replayed at least what the primary had written one check ago.
        let primaryLsn: bigint | undefined;
        try {
          const [row] = await queryRows<{ lsn: string }>(primary, sql`select pg_current_wal_lsn()::text as lsn`);
          primaryLsn = parseLsn(row.lsn);
        } catch (error) {
          log?.debug({ err: error }, "read replica check: the primary did not answer");
        }
        let row: { recovery: boolean; replay: string | null };
        try {
          row = (
            await checks.query<{ recovery: boolean; replay: string | null }>("select pg_is_in_recovery() as recovery, pg_last_wal_replay_lsn()::text as replay")
          ).rows[0];
        } catch (error) {
          setState("down", { error: (error as Error).message });
          return state;
        }
        if (!row.recovery) setState("not-a-replica");
        else if (primaryLsn !== undefined) {
          const bound = previousPrimaryLsn ?? primaryLsn;
          const replayed = row.replay ? parseLsn(row.replay) : 0n;
          if (replayed >= bound) setState("up");
          else setState("lagging", { behindBytes: Number(bound - replayed) });
        }
        if (primaryLsn !== undefined) previousPrimaryLsn = primaryLsn;
        return state;
      } finally {
        running = undefined;
      }
    })();
    return running;
  };
  const timer = setInterval(() => void check(), checkEveryMs);
  timer.unref();
  await check();

  const onPrimary = <T>(read: (db: Database) => Promise<T>) => {
    counts.primary++;
    return read(primary);
  };
  const readDb: ReadDb = {
    async run(read, runOptions) {
      if (state !== "up") return onPrimary(read);
      let answer: Awaited<ReturnType<typeof read>>;
      try {
        answer = await read(replica);
      } catch (error) {
        // Whatever failed (a connection, a query cancelled by recovery, "not found" for a row not
        // replicated yet) is asked again where the truth is.
        if (isConnectionError(error)) setState("down", { error: (error as Error).message });
        counts.failedOver++;
        return onPrimary(read);
      }
      if (runOptions?.confirm?.(answer)) {
        counts.confirmed++;
        return onPrimary(read);
      }
      counts.replica++;
      return answer;
    },
  };
  const fresh: ReadDb = { run: (read) => onPrimary(read) };

  return {
    readDb,
    forRequest: (request) => (wantsFreshAnswer(request) ? fresh : readDb),
    state: () => state,
    counts: () => ({ ...counts }),
    check,
    close: async () => {
      clearInterval(timer);
      await running?.catch(() => null);
      await Promise.all([pool.end(), checks.end()]);
    },
  };
}
