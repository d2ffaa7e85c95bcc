import type { Locale } from "../shared/locales";
import type { PublicConfig } from "../server/config";
import type { RequestContext } from "../server/graphql/context";
import type { QuoteFragmentCache } from "../server/modules/public-quote/fragment-cache";
import type { PublicReadCache } from "../server/modules/public-quote/read-cache";

/** What the server hands every loader and action (React Router's load context). */
export type OfferlyLoadContext = {
  locale: Locale;
  /** CSP nonce for this response's inline scripts. */
  nonce: string;
  publicConfig: PublicConfig;
  /** The same per-request context GraphQL resolvers get: db, auth, t, … (server only). */
  ctx: RequestContext;
  /** The caller's network address (X-Forwarded-For's last hop with TRUST_PROXY), for rate limits. */
  clientAddress?: string;
  /** The app's cache of rendered quote documents (decision 088); absent when it is off (development, tests that compare). */
  quoteFragments?: QuoteFragmentCache;
  /** The public page's read models under their stamp (decision 095); absent when off (development, tests that compare). */
  publicReads?: PublicReadCache;
  /** A non-hydrated page's data past React Router's loader data (src/web/server-data.ts, decision 095): a new object a request. */
  serverData?: Record<string, unknown>;
};

declare module "react-router" {
  interface AppLoadContext extends OfferlyLoadContext {}
}
