import type { ReadDb } from "../../db/replica";
import { type PublicQuoteResult, loadPublicQuote } from "./public-quote.service";

/**
 * `loadPublicQuote` for the public page and the `publicQuote` query, on the read replica when one
 * is configured (decision 036). A replica may be a moment behind: anything but AVAILABLE (not
 * available, expired, an unknown link) may be a publication it has not replayed yet, so that answer
 * is read again on the primary. A customer never sees a stale "not available".
 */
export function readPublicQuote(readDb: ReadDb, nanoId: string, options?: Parameters<typeof loadPublicQuote>[2]): Promise<PublicQuoteResult> {
  return readDb.run((db) => loadPublicQuote(db, nanoId, options), { confirm: (answer) => answer.availability !== "AVAILABLE" });
}
