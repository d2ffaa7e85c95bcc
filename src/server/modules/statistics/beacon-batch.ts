import type { Database } from "../../db/client";
import type { Logger } from "../../logger";
import { type TimeBatchResult, type TimeBatchRow, type TimeInput, recordTimeBatch, timeBatchRow } from "./statistics.service";

/**
 * Reading-time beacons (POST /api/beacon) written in batches (decision 064): each beacon is
 * checked on its request (JSON, schema, view id, seconds, blocks: timeBatchRow) and queued in this
 * process; the queue is written by ONE statement (recordTimeBatch, which counts the rate limits
 * per beacon in arrival order) at most `flushMs` after its first beacon arrived, at once when it
 * holds `maxRows` (or, while a batch is being written, as soon as that is done: then up to
 * `maxBatch` at once), and on close (graceful shutdown). An app server keeps nothing else: a kill -9
 * loses the beacons of its last `flushMs` (plus a write under way), never part of one.
 *
 * Flushes of one server run one after another (a batch waits for the one being written). From
 * `maxBatch` beacons waiting, the route answers only once the batches before are written
 * (`settled`: back-pressure); beyond `maxQueued` (the database cannot keep up at all), new ones
 * are dropped, as a flood is.
 */
export type BeaconBatcher = {
  /** Queues a beacon; false when it cannot count (invalid) or the queue is full. */
  add(input: TimeInput, ip: string, now?: Date): boolean;
  /**
   * Back-pressure: resolves at once while fewer than `maxBatch` beacons wait, else when the batches
   * before it are written. The route awaits it before answering, so a client faster than the
   * database is slowed down rather than its beacons dropped.
   */
  settled(): Promise<void>;
  /** Writes what is queued now (and waits for a write under way). */
  flush(): Promise<TimeBatchResult>;
  /** Flushes and writes every later beacon at once (the server is stopping). */
  close(): Promise<void>;
  /** Beacons queued and not yet written. */
  readonly queued: number;
};

export type BeaconBatchOptions = {
  flushMs?: number;
  maxRows?: number;
  maxQueued?: number;
  /** Most beacons one statement takes (a backlog built while a batch was written). */
  maxBatch?: number;
  /** Told of every batch written (the bench's figures). */
  onWrite?: (batch: { beacons: number; ms: number }) => void;
};

export const BEACON_BATCH = { flushMs: 250, maxRows: 50, maxBatch: 250, maxQueued: 20_000 };

export function createBeaconBatcher(db: Database, log: Logger, options: BeaconBatchOptions = {}): BeaconBatcher {
  const flushMs = options.flushMs ?? BEACON_BATCH.flushMs;
  const maxRows = options.maxRows ?? BEACON_BATCH.maxRows;
  const maxQueued = options.maxQueued ?? BEACON_BATCH.maxQueued;
  const maxBatch = Math.max(maxRows, options.maxBatch ?? BEACON_BATCH.maxBatch);
  const queue: TimeBatchRow[] = [];
  /** Beacons taken from the queue and not yet written. */
  let writing = 0;
  /** Batches being written or waiting for the one being written. */
  let batches = 0;
  let closed = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let tail: Promise<unknown> = Promise.resolve();
  const none: TimeBatchResult = { received: 0, allowed: 0, found: 0, acceptedSeconds: 0 };

  async function write(rows: TimeBatchRow[]): Promise<TimeBatchResult> {
    try {
      for (let attempt = 1; ; attempt++) {
        try {
          const started = performance.now();
          const result = await recordTimeBatch(db, rows);
          options.onWrite?.({ beacons: rows.length, ms: performance.now() - started });
          return result;
        } catch (error) {
          // A deadlock or serialization failure with another server's batch: once more, then dropped.
          const code = (error as { code?: string; cause?: { code?: string } }).code ?? (error as { cause?: { code?: string } }).cause?.code;
          if (attempt >= 2 || (code !== "40P01" && code !== "40001")) throw error;
        }
      }
    } catch (error) {
      log.warn({ err: error, beacons: rows.length }, "beacons dropped");
      return { ...none, received: rows.length };
    } finally {
      writing -= rows.length;
      batches--;
      // What came in meanwhile goes next, in one batch (up to maxBatch): on PostgreSQL the server
      // takes beacons while a batch is on the wire, and a serial writer of 50 could not keep up.
      if (batches === 0 && queue.length >= maxRows) void flush();
    }
  }

  function schedule() {
    if (timer || queue.length === 0) return;
    timer = setTimeout(() => void flush(), flushMs);
    timer.unref?.(); // close() writes what is queued when the server stops
  }

  function flush(): Promise<TimeBatchResult> {
    clearTimeout(timer);
    timer = undefined;
    const rows = queue.splice(0, maxBatch);
    schedule(); // the rest of a backlog longer than one batch
    if (rows.length === 0) return tail.then(() => none);
    writing += rows.length;
    batches++;
    const run = tail.then(() => write(rows));
    tail = run;
    return run;
  }

  return {
    add(input, ip, now = new Date()) {
      if (queue.length + writing >= maxQueued) return false;
      // Arrival order within the queue (it may hold the rest of a backlog: numbers go on from it).
      const seq = queue.length === 0 ? 0 : queue[queue.length - 1].seq + 1;
      const row = timeBatchRow(input, ip, seq, now);
      if (!row) return false;
      queue.push(row);
      // At maxRows when no batch is being written; otherwise when it is done (write's finally).
      if (closed || (queue.length >= maxRows && batches === 0)) void flush();
      else schedule();
      return true;
    },
    settled() {
      return queue.length + writing < maxBatch ? Promise.resolve() : tail.then(() => undefined);
    },
    flush,
    async close() {
      closed = true;
      await flush();
    },
    get queued() {
      return queue.length + writing;
    },
  };
}
