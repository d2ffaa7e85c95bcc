import type { Context, MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { DEFAULT_LOCALE, type Locale, splitLocalePath } from "../../shared/locales";
import { apiLocale, payloadTooLargeMessage } from "./request";

/**
 * Request body limits, in bytes: what each kind of route needs and no more. A request announcing a
 * larger Content-Length is refused before a byte of its body is read; a streamed (chunked) body is
 * read only up to the limit.
 */
export const BODY_LIMITS = {
  /** /api/auth/*: small JSON objects (an e-mail address, a name, a company, a return path). */
  api: 8 * 1024,
  /** Page form posts (contact, newsletter, …): a 5 000-character message, URL-encoded, fits. */
  pageForm: 64 * 1024,
  /** /graphql: a query of at most a few thousand tokens plus its variables (quote content). */
  graphql: 1024 * 1024,
  /**
   * /graphql as multipart/form-data (a file upload, GraphQL multipart request spec): the largest
   * file (a 5 MB logo, shared/account-settings.ts LOGO.maxBytes) plus the operation, the map and
   * the part headers. The file's own limit is checked again, exactly, by the service.
   */
  graphqlUpload: 5 * 1024 * 1024 + 64 * 1024,
} as const;

function localeOf(c: Context): Locale {
  const { locale } = splitLocalePath(c.req.path);
  return locale !== DEFAULT_LOCALE ? locale : apiLocale(c.req.header("accept-language"));
}

/** 413 in the shape the route's callers expect: GraphQL errors, an API error, or a small page. */
export function limitBody(maxSize: number, shape: "graphql" | "api" | "page"): MiddlewareHandler {
  return bodyLimit({
    maxSize,
    onError: (c) => {
      const locale = localeOf(c);
      const message = payloadTooLargeMessage(locale, maxSize);
      // The client may still be sending: tell it not to reuse this connection.
      c.header("Connection", "close");
      if (shape === "graphql") return c.json({ errors: [{ message, extensions: { code: "PAYLOAD_TOO_LARGE" } }] }, 413);
      if (shape === "page" && c.req.header("accept")?.includes("text/html")) {
        return c.html(`<!DOCTYPE html><html lang="${locale}"><head><meta charset="utf-8"><title>413</title></head><body><p>${message}</p></body></html>`, 413);
      }
      return c.json({ error: { code: "payload-too-large", message } }, 413);
    },
  });
}

/** /graphql: the JSON limit, or the upload limit for a multipart request (and only for that). */
export function graphqlBodyLimit(): MiddlewareHandler {
  const json = limitBody(BODY_LIMITS.graphql, "graphql");
  const upload = limitBody(BODY_LIMITS.graphqlUpload, "graphql");
  return (c, next) => (c.req.header("content-type")?.toLowerCase().startsWith("multipart/form-data") ? upload(c, next) : json(c, next));
}
