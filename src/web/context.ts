import type { Locale } from "../shared/locales";
import type { PublicConfig } from "../server/config";
import type { RequestContext } from "../server/graphql/context";

/** What the server hands every loader and action (React Router's load context). */
export type OfferlyLoadContext = {
  locale: Locale;
  /** CSP nonce for this response's inline scripts. */
  nonce: string;
  publicConfig: PublicConfig;
  /** The same per-request context GraphQL resolvers get: db, auth, t, … (server only). */
  ctx: RequestContext;
};

declare module "react-router" {
  interface AppLoadContext extends OfferlyLoadContext {}
}
