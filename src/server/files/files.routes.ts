import { Hono } from "hono";
import type { Logger } from "../logger";
import { FILE_TYPES, type FileStorage, type StoredFile, isFileKey } from "./storage";

/**
 * GET|HEAD /files/<area>/<id>.<ext>: a stored file. Keys are unguessable (22 random characters)
 * and never reused, so responses are cacheable forever. The content type comes from the key's
 * extension (an allow-list), `nosniff` stops browsers from guessing another, and types that could
 * run script when opened (SVG, text) are sent as downloads.
 */
export function filesRoutes(deps: { files: FileStorage; log: Logger }) {
  const app = new Hono();
  const notFound = () =>
    new Response("Not found", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store", "X-Content-Type-Options": "nosniff" },
    });

  app.get("/:area/:name", async (c) => {
    const key = `${c.req.param("area")}/${c.req.param("name")}`;
    if (!isFileKey(key)) return notFound();
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
        "Cache-Control": "public, max-age=31536000, immutable",
      },
    });
  });
  app.all("*", () => notFound());
  return app;
}
