import type { Database } from "../../db/client";
import type { ReadDb } from "../../db/replica";
import { type PublicQuoteResult, loadPublicQuote } from "./public-quote.service";

/**
 * `loadPublicQuote` for the public page and the `publicQuote` query, on the read replica when one
 * is configured (decision 036). A replica may be a moment behind: anything but AVAILABLE (not
 * available, expired, an unknown link) may be a publication it has not replayed yet, so that answer
 * is read again on the primary. A customer never sees a stale "not available". `answeredBy`: the
 * database that answered (the page takes the decline read with the quote only from the primary,
 * where it read it before: decision 085).
 */
export function readPublicQuote(
  readDb: ReadDb,
  nanoId: string,
  options?: Parameters<typeof loadPublicQuote>[2],
): Promise<PublicQuoteResult & { answeredBy: Database }> {
  return readDb.run(async (db) => ({ ...(await loadPublicQuote(db, nanoId, options)), answeredBy: db }), {
    confirm: (answer) => answer.availability !== "AVAILABLE",
  });
}
