import type { IncomingMessage } from "node:http";
import type { Context, MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { DEFAULT_LOCALE, type Locale, splitLocalePath } from "../../shared/locales";
import { translator } from "../../shared/i18n/server";
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

/** How much of a refused body is read and dropped, at most, before the connection is cut. */
export const REFUSED_BODY_DRAIN = { maxBytes: 64 * 1024 * 1024, maxMs: 5_000 } as const;

/**
 * Keeps the connection of a refused request (413) open until the client has finished sending, so
 * the answer arrives. Closing a socket while unread bytes wait in the kernel's receive buffer makes
 * the kernel send a reset, which throws away the answer the client has not read yet (a browser then
 * shows a network error, not the message). The rest of the body is read and dropped — at most
 * `maxBytes` or `maxMs`, then the socket is destroyed — and Node's close after the answer
 * (`Connection: close`) waits for that. Call before the answer is sent.
 */
export function drainRefusedBody(req: IncomingMessage | undefined, limits: { maxBytes: number; maxMs: number } = REFUSED_BODY_DRAIN): void {
  if (!req || req.complete || req.destroyed) return;
  const socket = req.socket;
  let done = false;
  let closeNow: (() => void) | null = null;
  let bytes = 0;
  const finish = () => {
    if (done) return;
    done = true;
    clearTimeout(timer);
    closeNow?.();
  };
  const timer = setTimeout(() => {
    finish();
    socket.destroy();
  }, limits.maxMs);
  timer.unref();
  const drop = (chunk: Buffer) => {
    bytes += chunk.length;
    if (bytes > limits.maxBytes) {
      finish();
      socket.destroy();
    }
  };
  // Whoever was reading the body is done with it (Hono's node adapter opens a web stream over it
  // lazily, which pauses the request when nobody reads that stream): only this reader remains.
  const onlyThisReader = () => {
    for (const listener of req.listeners("data")) if (listener !== drop) req.off("data", listener as (chunk: Buffer) => void);
    if (!done) req.resume();
  };
  req.on("data", drop);
  req.on("pause", onlyThisReader);
  req.once("end", finish);
  req.once("close", finish);
  onlyThisReader();
  // Node ends a `Connection: close` exchange with socket.destroySoon() once the answer is written.
  const destroySoon = socket.destroySoon.bind(socket);
  socket.destroySoon = () => {
    if (done) destroySoon();
    else closeNow = destroySoon;
  };
}

function localeOf(c: Context): Locale {
  const { locale } = splitLocalePath(c.req.path);
  return locale !== DEFAULT_LOCALE ? locale : apiLocale(c.req.header("accept-language"));
}

/** 413 in the shape the route's callers expect: GraphQL errors, an API error, or a small page. */
export function limitBody(maxSize: number, shape: "graphql" | "api" | "page" | "problem"): MiddlewareHandler {
  return bodyLimit({
    maxSize,
    onError: (c) => {
      const locale = localeOf(c);
      const message = payloadTooLargeMessage(locale, maxSize);
      // The client may still be sending: tell it not to reuse this connection.
      c.header("Connection", "close");
      drainRefusedBody((c.env as { incoming?: IncomingMessage } | undefined)?.incoming);
      if (shape === "graphql") return c.json({ errors: [{ message, extensions: { code: "PAYLOAD_TOO_LARGE" } }] }, 413);
      if (shape === "problem") {
        // The REST API (src/server/rest): RFC 9457 problem details.
        const title = translator(locale)("apiKeys:rest.titles.payloadTooLarge") as string;
        const body = { type: "urn:offerly:problem:payload-too-large", title, status: 413, detail: message, code: "PAYLOAD_TOO_LARGE" };
        return c.body(JSON.stringify(body), 413, { "Content-Type": "application/problem+json" });
      }
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
