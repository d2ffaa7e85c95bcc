import { publicQuoteUrl } from "../../shared/quotes";

/**
 * The site's public address (PUBLIC_URL) the event payloads' links are written with. Set once when
 * the server starts (createApp, createJobWorker): `recordEvent(tx, input)` and
 * `quoteSummaries(db, accountId, ids)` are called from services that do not carry the
 * configuration, and one process serves one PUBLIC_URL (decision 046). Unset (a script, a unit
 * test), links are paths relative to the site.
 */
let base = "";

export function configureEventLinks(publicUrl: string): void {
  base = publicUrl.replace(/\/+$/, "");
}

/** The configured public address ("" when unset): for subscribers that write links of their own (owner e-mails). */
export function eventLinkBase(): string {
  return base;
}

/**
 * A quote's links in a payload: the customer's on `publicBase` (the account's own domain while it
 * serves, decision 060; else the site), the app's always on the site (the app is not served on an
 * owner's domain).
 */
export function quoteLinks(quote: { id: string; slug: string; nanoId: string; language: string }, publicBase = base): { public: string; app: string } {
  return { public: publicQuoteUrl(publicBase, quote), app: `${base}/app/quotes/mutate/${quote.id}` };
}
