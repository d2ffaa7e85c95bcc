/**
 * What page loaders (src/web) may call in the public-quote domain (the `.server.ts` name keeps it
 * out of the browser bundle: tests/unit/imports.test.ts).
 */
export { loadPublicQuote, type PublicQuoteView } from "./public-quote.service";
export { readPublicQuote } from "./public-quote.read";
export { recordView } from "./signing.service";
export { pageViewMemo } from "./view-memo";
export { loadQuotePdfInput } from "./pdf-input";
export { findQuoteSubscriptions } from "../quote-payments/quote-subscriptions.service";
