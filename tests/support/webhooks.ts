import { keepIdleSockets } from "./listen";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { sql } from "drizzle-orm";
import { Webhook } from "standardwebhooks";
import type { TestApp } from "./app";

/** One request the receiver got, with the result of verifying it with the reference library. */
export type Received = {
  headers: Record<string, string>;
  body: string;
  at: number;
  /** The parsed payload when `standardwebhooks` verified it with one of the receiver's secrets. */
  verified: unknown;
  verifiedWith: string | null;
};

export type Reply = { status: number; headers?: Record<string, string>; body?: string };

/**
 * A webhook receiver written against the Standard Webhooks specification only: a node:http server
 * on 127.0.0.1 that verifies every request with the reference `standardwebhooks` package (never
 * with Offerly's code) against the secrets it was given, and answers with the next reply queued
 * (200 when none is).
 */
export async function startReceiver() {
  const received: Received[] = [];
  const replies: Reply[] = [];
  let secrets: string[] = [];
  const waiters: (() => void)[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)]));
      let verified: unknown = null;
      let verifiedWith: string | null = null;
      for (const secret of secrets) {
        try {
          verified = new Webhook(secret).verify(body, headers);
          verifiedWith = secret;
          break;
        } catch {
          // try the next secret
        }
      }
      received.push({ headers, body, at: Date.now(), verified, verifiedWith });
      const reply = replies.shift() ?? { status: 200, body: "ok" };
      res.writeHead(reply.status, reply.headers ?? { "content-type": "text/plain" });
      res.end(reply.body ?? "");
      for (const w of waiters.splice(0)) w();
    });
  });
  keepIdleSockets(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    port,
    received,
    /** The secrets this receiver verifies with (as the integrator configured them). */
    trust(...list: string[]) {
      secrets = list;
    },
    reply(...list: Reply[]) {
      replies.push(...list);
    },
    /** Resolves when `count` requests have arrived (or after timeoutMs). */
    async waitFor(count: number, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while (received.length < count && Date.now() < deadline) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, 50);
          waiters.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
      return received.length >= count;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type Receiver = Awaited<ReturnType<typeof startReceiver>>;

/** Makes every waiting delivery job due now (the tests do not wait for back-off). */
export async function makeDeliveriesDue(t: TestApp): Promise<void> {
  await t.db.execute(sql`update jobs set run_at = now() where name = 'deliver-webhook' and status = 'queued'`);
}

export const ENDPOINT_FIELDS = "id url description eventTypes enabled disabledReason createdAt previousSecretExpiresAt deliveriesPaused";
export const DELIVERY_FIELDS = "id webhookId eventType attempt status statusCode latencyMs responseBody error createdAt cursor";
