import crypto from "node:crypto";
import { promisify } from "node:util";
import zlib from "node:zlib";

/**
 * A rendered page kept as the same bytes for every response (decision 068, and decision 092 for
 * the marketing pages): the render's `nonce="…"` attributes dropped, its CSP allowing the page's
 * inline scripts by their hashes instead, and the bytes compressed once (br, gzip, deflate) off the
 * event loop. Both page caches (the public quote page's and the marketing pages') store this form;
 * an answer in it is marked (`respond`, `storedFormOf`) so that the security headers use the hashes.
 */
export type PageEncoding = "br" | "gzip" | "deflate";
const ENCODINGS: readonly PageEncoding[] = ["br", "gzip", "deflate"];

export type StoredPage = {
  /** The answer's headers but the coding's and the length (content type, cache control, vary). */
  headers: [string, string][];
  /** The body as sent, the same for every request (no nonce), and its compressed forms. */
  variants: Record<PageEncoding | "identity", Buffer>;
  /** The CSP sources of the page's inline scripts that run (`sha256-…`). */
  scriptHashes: string[];
  /** All four forms together: what the page weighs in a cache. */
  bytes: number;
  /** The validator sent with every form (weak: the codings differ, the page does not), when the page is revalidated by browsers. */
  etag?: string;
};

/**
 * A stored page's answer: headers but the security headers, Set-Cookie and the request id (added by
 * the caller). 304 (the browser's copy is current): no body, the headers a 200 would carry but the coding and length.
 */
export type CachedAnswer = { status: 200 | 304; headers: [string, string][]; body: Buffer; scriptHashes: string[] };

/**
 * The coding for an Accept-Encoding header, as Hono's compress middleware chooses among its own
 * (the first with q=1 in our order, else the highest q, `*` standing for any not named); null: identity.
 */
export function chooseEncoding(header: string | null | undefined): PageEncoding | null {
  if (!header) return null;
  const q = new Map<string, number>();
  for (const part of header.split(",")) {
    const [name = "", ...params] = part.split(";");
    const token = name.trim().toLowerCase();
    if (!token) continue;
    let weight = 1;
    for (const param of params) {
      const [key, value] = param.split("=");
      if (key?.trim().toLowerCase() === "q") weight = Number(value?.trim());
    }
    q.set(token, Number.isFinite(weight) ? weight : 0);
  }
  let best: { encoding: PageEncoding; q: number } | null = null;
  for (const encoding of ENCODINGS) {
    const weight = q.get(encoding) ?? q.get("*") ?? 0;
    if (weight === 1) return encoding;
    if (weight > 0 && (!best || weight > best.q)) best = { encoding, q: weight };
  }
  return best?.encoding ?? null;
}

const JS_TYPES = new Set(["", "module", "importmap", "text/javascript", "application/javascript", "text/ecmascript", "application/ecmascript"]);

/**
 * The CSP hash sources (`sha256-…`) of a page's inline scripts that a browser would run: no `src`,
 * a JavaScript type (or none, `module`, `importmap`). Data blocks (`application/json`) are never run
 * and need none. Attributes are as React writes them (double quotes).
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const attributes = match[1] ?? "";
    if (/\ssrc\s*=/i.test(attributes)) continue;
    const type = /\stype\s*=\s*"([^"]*)"/i.exec(attributes)?.[1]?.trim().toLowerCase() ?? "";
    if (!JS_TYPES.has(type)) continue;
    hashes.add(
      `sha256-${crypto
        .createHash("sha256")
        .update(match[2] ?? "", "utf8")
        .digest("base64")}`,
    );
  }
  return [...hashes];
}

const brotliCompress = promisify(zlib.brotliCompress);
const gzipCompress = promisify(zlib.gzip);
const deflateCompress = promisify(zlib.deflate);

async function compressed(identity: Buffer): Promise<StoredPage["variants"]> {
  const [br, gzip, deflate] = await Promise.all([
    brotliCompress(identity, {
      params: {
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
      },
    }),
    gzipCompress(identity, { level: 9 }),
    deflateCompress(identity, { level: 9 }),
  ]);
  return { identity, br, gzip, deflate };
}

/**
 * Whether a rendered answer may be stored at all: a 200 HTML page with a body that sets no cookie
 * (a cookie belongs to one visitor).
 */
export function storable(response: Response): boolean {
  return (
    response.status === 200 &&
    Boolean(response.body) &&
    (response.headers.get("content-type")?.startsWith("text/html") ?? false) &&
    !response.headers.has("set-cookie")
  );
}

/**
 * The stored form of a rendered page (`storable` already checked), or, when the page names its
 * nonce anywhere but in `nonce="…"` attributes, `{ rendered }`: the page as rendered, to send once
 * and not store. `cacheControl` and `vary` are what the page route adds to such a page; the coding
 * adds `Accept-Encoding` to Vary.
 */
export async function storePage(
  response: Response,
  options: { nonce: string; cacheControl: string; vary: string; etag?: boolean },
): Promise<StoredPage | { rendered: Response }> {
  const rendered = await response.text();
  const renderedHeaders = [...response.headers.entries()];
  const body = rendered.replaceAll(` nonce="${options.nonce}"`, "");
  if (body.includes(options.nonce)) return { rendered: new Response(rendered, { status: response.status, headers: renderedHeaders }) };
  const vary = renderedHeaders.filter(([name]) => name === "vary").map(([, value]) => value);
  const headers: [string, string][] = [
    ...renderedHeaders.filter(([name]) => name !== "content-length" && name !== "vary" && name !== "cache-control" && name !== "content-encoding"),
    ["cache-control", options.cacheControl],
    ["vary", [...vary, options.vary, "Accept-Encoding"].join(", ")],
  ];
  const variants = await compressed(Buffer.from(body, "utf8"));
  const etag = options.etag ? `W/"${crypto.createHash("sha256").update(variants.identity).digest("base64url").slice(0, 27)}"` : undefined;
  if (etag) headers.push(["etag", etag]);
  return {
    headers,
    variants,
    scriptHashes: inlineScriptHashes(body),
    bytes: Object.values(variants).reduce((sum, bytes) => sum + bytes.length, 0),
    etag,
  };
}

/** Whether an If-None-Match header names this validator (weak comparison, as RFC 9110 has it for GET), or is `*`. */
export function matchesEtag(ifNoneMatch: string | null | undefined, etag: string | undefined): boolean {
  if (!ifNoneMatch || !etag) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, "");
  const ours = opaque(etag);
  return ifNoneMatch.split(",").some((tag) => tag.trim() === "*" || opaque(tag) === ours);
}

const NO_BODY = Buffer.alloc(0);

/** The answer for one request: 304 when its If-None-Match names the page's validator, else the coding it accepts, stored once. */
export function answerFrom(page: StoredPage, acceptEncoding: string | null | undefined, ifNoneMatch?: string | null): CachedAnswer {
  if (matchesEtag(ifNoneMatch, page.etag)) return { status: 304, headers: page.headers, body: NO_BODY, scriptHashes: page.scriptHashes };
  const encoding = chooseEncoding(acceptEncoding);
  const body = page.variants[encoding ?? "identity"];
  const headers: [string, string][] = [...page.headers];
  if (encoding) headers.push(["content-encoding", encoding]);
  headers.push(["content-length", String(body.length)]);
  return { status: 200, headers, body, scriptHashes: page.scriptHashes };
}

/** Answers given in the stored form (no nonce, CSP by hashes): the page route sets the security headers from these. */
const storedForm = new WeakMap<Response, string[]>();

/** A stored answer as a Fetch response for the Hono route, marked as the stored form. */
export function respond(cached: CachedAnswer): Response {
  const body = cached.status === 304 ? null : (cached.body as Uint8Array<ArrayBuffer>);
  const response = new Response(body, { status: cached.status, headers: cached.headers });
  storedForm.set(response, cached.scriptHashes);
  return response;
}

/** The script hashes of an answer `respond` made (its CSP has no nonce), else undefined. */
export function storedFormOf(response: Response): string[] | undefined {
  return storedForm.get(response);
}
