/**
 * One HTTP request of a webhook delivery: POST to the checked address (pinned lookup), 15 s for
 * the whole exchange, no redirects followed (node:http never follows them; a 3xx is a failure),
 * at most 1 KB of the answer kept. Never throws: every outcome is a value for the delivery log.
 */
import http from "node:http";
import https from "node:https";
import { type CheckedAddress, pinnedLookup } from "./webhooks.address";
import { deliveryError } from "../../../shared/delivery-errors";

export const DELIVERY_TIMEOUT_MS = 15_000;
const KEEP_BYTES = 4096; // read a little more than 1 KB, so a multi-byte character at the cut is whole

export type HttpOutcome = {
  statusCode: number | null;
  latencyMs: number;
  /** The first 1024 characters of the answer (NUL characters removed: the database cannot store them). */
  responseBody: string | null;
  /** Why there is no status code: timeout, connection refused… */
  error: string | null;
  /** The Retry-After header in milliseconds (seconds or an HTTP date), when present and valid. */
  retryAfterMs: number | null;
};

/** Retry-After: delta-seconds or an HTTP-date (RFC 9110 §10.2.3), as milliseconds from now. */
export function parseRetryAfter(value: string | undefined | null, now: number = Date.now()): number | null {
  if (!value) return null;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}

export function postWebhook(
  url: URL,
  address: CheckedAddress,
  headers: Record<string, string>,
  body: string,
  timeoutMs: number = DELIVERY_TIMEOUT_MS,
): Promise<HttpOutcome> {
  const started = performance.now();
  const latency = () => Math.round(performance.now() - started);
  return new Promise<HttpOutcome>((resolve) => {
    let settled = false;
    const finish = (outcome: Omit<HttpOutcome, "latencyMs">) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ ...outcome, latencyMs: latency() });
    };
    const client = url.protocol === "https:" ? https : http;
    const payload = Buffer.from(body, "utf8");
    const request = client.request({
      method: "POST",
      protocol: url.protocol,
      hostname: url.hostname.replace(/^\[(.*)\]$/, "$1"),
      port: url.port || undefined,
      path: `${url.pathname}${url.search}`,
      headers: { ...headers, "content-length": String(payload.length) },
      lookup: pinnedLookup(address),
      // A fresh connection per delivery: a pooled socket could be one opened for an address checked earlier.
      agent: false,
    });
    const timer = setTimeout(() => {
      request.destroy(new Error(deliveryError.timedOut({ seconds: String(Math.round(timeoutMs / 1000)) })));
    }, timeoutMs);
    request.on("error", (error: NodeJS.ErrnoException) => {
      finish({ statusCode: null, responseBody: null, error: describe(error), retryAfterMs: null });
    });
    request.on("response", (response) => {
      const chunks: Buffer[] = [];
      let kept = 0;
      const done = () => {
        const text = Buffer.concat(chunks).toString("utf8").replaceAll("\0", "");
        finish({
          statusCode: response.statusCode ?? null,
          responseBody: text.length > 0 ? text.slice(0, 1024) : null,
          error: null,
          retryAfterMs: parseRetryAfter(response.headers["retry-after"]),
        });
        response.destroy();
      };
      response.on("data", (chunk: Buffer) => {
        if (kept < KEEP_BYTES) {
          chunks.push(chunk.subarray(0, KEEP_BYTES - kept));
          kept += Math.min(chunk.length, KEEP_BYTES - kept);
        }
        // Enough read: the rest of a large answer is not waited for.
        if (kept >= KEEP_BYTES) done();
      });
      response.on("end", done);
      response.on("error", done);
    });
    request.end(payload);
  });
}

function describe(error: NodeJS.ErrnoException): string {
  const text = error.code ? `${error.code}: ${error.message}` : error.message;
  return text.slice(0, 500);
}
