import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import type { Database } from "../db/client";
import * as schema from "../db/schema";

/**
 * One lane for GraphQL's statements on the embedded database. PGlite runs one statement at a time
 * in the order they arrive, on the server's own thread: a request whose 15 aliases fire 30 queries
 * at once put all of them ahead of everybody else (a /healthz ping waited 21 s behind four such
 * requests). GraphQL resolvers reach PGlite through this lane, which lets one of their statements
 * in at a time (first come, first served, so requests interleave): a ping or a sign-in waits for
 * at most one GraphQL statement, not for whole requests. PostgreSQL (a pool of real connections)
 * needs no lane: the database is returned as it is.
 */
const lanes = new WeakMap<PGlite, Database>();

export function databaseLane(db: Database): Database {
  const client = (db as unknown as { $client?: unknown }).$client;
  if (!(client instanceof PGlite)) return db;
  const existing = lanes.get(client);
  if (existing) return existing;
  let tail: Promise<unknown> = Promise.resolve();
  // Between two statements the lane lets the event loop turn (setImmediate), so that requests
  // waiting for I/O — a health check, a page — get in between instead of after the whole chain.
  const turn = () => new Promise<void>((resolve) => setImmediate(resolve));
  const inLane = <T>(work: () => Promise<T>): Promise<T> => {
    const run = tail.then(turn, turn).then(work);
    tail = run.catch(() => undefined);
    return run;
  };
  const laned = new Proxy(client, {
    get(target, property) {
      // A transaction is one item in the lane: its statements run on the transaction object.
      if (property === "query" || property === "exec" || property === "transaction") {
        const method = (target[property] as (...args: unknown[]) => Promise<unknown>).bind(target);
        return (...args: unknown[]) => inLane(() => method(...args));
      }
      const value = Reflect.get(target, property, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
  const database = drizzle({ client: laned, schema }) as unknown as Database;
  lanes.set(client, database);
  return database;
}
