import type { Database } from "../../db/client";
import type { ReadDb } from "../../db/replica";
import { createBoundedLru } from "./bounded-lru";
import { pageStamp } from "./page-cache";
import { readPublicQuote } from "./public-quote.read";
import type { PublicQuoteResult } from "./public-quote.service";

/**
 * The public page's read model kept per link and validated by the page stamp on EVERY request
 * (decision 095), for the rendered page: a first view after a change, a query string
 * (`?utm_source=…`, a form's status message, `?changesSince=`). It is the page cache's rule
 * (decision 033) one step earlier: the page cache keeps the page's bytes under the stamp, this
 * keeps what the page is rendered from under the same stamp, so a rendered page runs the stamp's
 * one cheap check (kept in memory on PGlite, decision 076) instead of the read model's statements.
 *
 * - Only a customer's view: a signed-in caller (the sender's preview; membership is not in the
 *   stamp) always reads the database.
 * - Only an AVAILABLE link is kept; anything else (unknown, withdrawn, expired) is read every time,
 *   never from an entry (the stamp holds the availability: a kept entry cannot match it again).
 * - The stamp is read BEFORE the model: a change committed between the two reads leaves a model
 *   newer than its stamp, read again on the next request (the stamp differs); never an older one.
 * - Both reads go where the page's reads go (the read replica, decision 036), with the same rule:
 *   an answer other than "available" is confirmed on the primary.
 * - The kept results are shared by requests: nothing downstream may change them (the page's loader
 *   builds its own objects from them).
 *
 * When the read model starts showing something new, `pageStamp` must cover it (page-cache.ts says
 * how): this cache then follows, as the page cache does.
 */
export type PublicReadCache = {
  read(readDb: ReadDb, nanoId: string, options: { changesSince: number | null }): Promise<PublicQuoteResult & { answeredBy: Database }>;
  /** hits: served from a kept model; misses: read (none kept, or `stale`: one kept under another stamp); unavailable: read, never kept. */
  stats(): { entries: number; bytes: number; hits: number; misses: number; stale: number; unavailable: number };
};

type Entry = { stamp: string; result: PublicQuoteResult & { answeredBy: Database } };

export function createPublicReadCache(options: { maxBytes?: number; now?: () => Date; keptStamps?: boolean } = {}): PublicReadCache {
  // 16 MiB: ~200 read models of the bench's quote (8 blocks of 5 lines: ~40 KB counted).
  const lru = createBoundedLru<Entry>(options.maxBytes ?? 16 * 1024 * 1024);
  const now = options.now ?? (() => new Date());
  const kept = options.keptStamps ?? true;
  const counts = { hits: 0, misses: 0, stale: 0, unavailable: 0 };
  return {
    async read(readDb, nanoId, { changesSince }) {
      const at = now();
      const current = await readDb.run((db) => pageStamp(db, nanoId, at, { kept }), {
        confirm: (answer) => answer?.availability !== "AVAILABLE",
      });
      const key = `${nanoId} ${changesSince ?? ""}`;
      const read = () => readPublicQuote(readDb, nanoId, { viewerUserId: null, changesSince, now: at });
      if (current?.availability !== "AVAILABLE") {
        counts.unavailable += 1;
        return read();
      }
      const known = lru.get(key);
      if (known && known.stamp === current.stamp) {
        counts.hits += 1;
        return known.result;
      }
      counts.misses += 1;
      if (known) counts.stale += 1;
      const result = await read();
      // Counted at two bytes a character of its JSON (strings dominate), only on a miss.
      if (result.availability === "AVAILABLE" && result.view) lru.set(key, { stamp: current.stamp, result }, 2 * JSON.stringify(result.view).length + 512);
      return result;
    },
    stats: () => {
      const { entries, bytes } = lru.stats();
      return { entries, bytes, ...counts };
    },
  };
}
