import { eq } from "drizzle-orm";
import { Hono } from "hono";
import { type QuoteStatus, publicAvailability } from "../../shared/quote-status";
import type { Database } from "../db/client";
import { quoteSignatures, quotes, templateSignatures } from "../db/schema";
import type { AuthState } from "../graphql/context";
import type { Logger } from "../logger";
import { FILE_TYPES, type FileStorage, type StoredFile, filePath, isFileKey } from "./storage";

/** The area of drawn signatures: customers' and members' signatures on quotes, and the account's signature templates. */
export const SIGNATURE_AREA = "signatures";

/**
 * Where a drawn signature of a quote is shown: its file with the quote's public link (`q`, the
 * link's id), which the files route checks against the quote and the public page's rules.
 */
export function quoteSignatureImagePath(key: string, nanoId: string): string {
  return `${filePath(key)}?q=${encodeURIComponent(nanoId)}`;
}

type Deps = { files: FileStorage; log: Logger; db: Database; authenticate: (request: Request, db: Database) => Promise<AuthState> };

/**
 * GET|HEAD /files/<area>/<id>.<ext>: a stored file. Keys are unguessable (22 random characters)
 * and never reused, so responses are cacheable forever. The content type comes from the key's
 * extension (an allow-list), `nosniff` stops browsers from guessing another, and types that could
 * run script when opened (SVG, text) are sent as downloads.
 *
 * Drawn signatures (area `signatures`) are not public: a quote's signature is served to whoever
 * holds that quote's public link while the public page shows the quote (`?q=<link id>`, the page's
 * rules: published or signed and not expired), and to signed-in members of the quote's account; a
 * signature template only to members of its account. Always `private, no-store`; any other caller
 * gets the same 404 as a file that does not exist.
 */
export function filesRoutes(deps: Deps) {
  const app = new Hono();
  const notFound = (cache = "no-store") =>
    new Response("Not found", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": cache, "X-Content-Type-Options": "nosniff" },
    });

  /** Whether the caller (session cookie or bearer token) is a member of the account. */
  async function isMember(request: Request, accountId: string): Promise<boolean> {
    const headers = new Headers(request.headers);
    headers.set("account", accountId);
    const auth = await deps.authenticate(new Request(request.url, { headers }), deps.db);
    return auth.account?.id === accountId;
  }

  /** May this request see the drawn signature stored under `key`? */
  async function maySeeSignature(request: Request, key: string, link: string | undefined): Promise<boolean> {
    const [onQuote] = await deps.db
      .select({ accountId: quotes.accountId, nanoId: quotes.nanoId, status: quotes.status, expirationDate: quotes.expirationDate })
      .from(quoteSignatures)
      .innerJoin(quotes, eq(quotes.id, quoteSignatures.quoteId))
      .where(eq(quoteSignatures.signature, key))
      .limit(1);
    if (onQuote) {
      if (
        link !== undefined &&
        link === onQuote.nanoId &&
        publicAvailability({ status: onQuote.status as QuoteStatus, expirationDate: onQuote.expirationDate }) === "AVAILABLE"
      )
        return true;
      return isMember(request, onQuote.accountId);
    }
    const [template] = await deps.db
      .select({ accountId: templateSignatures.accountId })
      .from(templateSignatures)
      .where(eq(templateSignatures.signature, key))
      .limit(1);
    return template ? isMember(request, template.accountId) : false;
  }

  app.get("/:area/:name", async (c) => {
    const area = c.req.param("area");
    const key = `${area}/${c.req.param("name")}`;
    if (!isFileKey(key)) return notFound();
    const isPrivate = area === SIGNATURE_AREA;
    if (isPrivate) {
      try {
        if (!(await maySeeSignature(c.req.raw, key, c.req.query("q")))) return notFound("private, no-store");
      } catch (error) {
        deps.log.error({ err: error, key }, "could not check who may see a signature");
        return new Response("Unavailable", {
          status: 503,
          headers: { "Content-Type": "text/plain; charset=utf-8", "Retry-After": "5", "Cache-Control": "no-store" },
        });
      }
    }
    const head = c.req.method === "HEAD"; // Hono routes HEAD here; only the size is needed then
    let file: (StoredFile & { body?: ReadableStream<Uint8Array> }) | null;
    try {
      file = head ? await deps.files.stat(key) : await deps.files.get(key);
    } catch (error) {
      deps.log.error({ err: error, key }, "file storage unavailable");
      return new Response("Storage unavailable", { status: 503, headers: { "Content-Type": "text/plain; charset=utf-8", "Retry-After": "5" } });
    }
    if (!file) return notFound();
    const { inline } = FILE_TYPES[file.contentType];
    const fileName = key.slice(key.indexOf("/") + 1);
    return new Response(file.body ?? null, {
      status: 200,
      headers: {
        "Content-Type": file.contentType.startsWith("text/") ? `${file.contentType}; charset=utf-8` : file.contentType,
        "Content-Length": String(file.size),
        "Content-Disposition": `${inline ? "inline" : "attachment"}; filename="${fileName}"`,
        "X-Content-Type-Options": "nosniff",
        "Cache-Control": isPrivate ? "private, no-store" : "public, max-age=31536000, immutable",
      },
    });
  });
  app.all("*", () => notFound());
  return app;
}
