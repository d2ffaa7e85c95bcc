import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { signUp } from "../tests/support/auth";
import { type ProductionServer, startProductionServer } from "../tests/support/production";
import { createCustomer } from "../tests/support/quotes";
import { scratchDatabase } from "../tests/support/scratch-db";
import { fmt } from "./lib";
import { report } from "./report";

/**
 * Outbound deliveries on the production build (issue 23): how many per second the server's own
 * delivery worker sends (WEBHOOK_CONCURRENCY) when a backlog of events is waiting, and how long
 * from a change's commit (the API's answer) to the receiver's arrival, one change at a time.
 *
 * Backlog: a server with JOBS_WORKER=false records BENCH_WEBHOOK_EVENTS customer.created events
 * (default 10,000) for three endpoints each (accounts of 1,500 events); then a server with the
 * worker on, on the same database, delivers them to a local receiver that answers 200 at once,
 * its memory sampled every second. Latency: 200 changes 50 ms apart.
 */
const CREATE_ENDPOINT = "mutation ($input: WebhookEndpointInput!) { createWebhookEndpoint(input: $input) { id } }";
const KEY = Buffer.alloc(32, 0x5e).toString("base64");
const ENDPOINTS = 3;

type Arrival = { at: number; customerId: string | undefined };

async function startReceiver() {
  const arrivals: Arrival[] = [];
  let waiter: { count: number; resolve: () => void } | undefined;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c) => chunks.push(c));
    req.on("end", () => {
      const at = performance.now();
      let customerId: string | undefined;
      try {
        customerId = JSON.parse(Buffer.concat(chunks).toString("utf8"))?.data?.customer?.id;
      } catch {
        /* counted anyway */
      }
      arrivals.push({ at, customerId });
      res.writeHead(200).end("ok");
      if (waiter && arrivals.length >= waiter.count) waiter.resolve();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as import("node:net").AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    arrivals,
    waitFor: (count: number, timeoutMs: number) =>
      new Promise<boolean>((resolve) => {
        if (arrivals.length >= count) return resolve(true);
        const timer = setTimeout(() => resolve(false), timeoutMs);
        waiter = {
          count,
          resolve: () => {
            clearTimeout(timer);
            resolve(true);
          },
        };
      }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** `concurrent` requests at a time until `total` are done. */
async function inParallel(total: number, concurrent: number, one: (i: number) => Promise<unknown>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrent }, async () => {
      while (next < total) await one(next++);
    }),
  );
}

export async function benchWebhooks(kind: "pglite" | "postgres", adminUrl?: string): Promise<void> {
  const events = Number(process.env.BENCH_WEBHOOK_EVENTS ?? 10_000);
  const receiver = await startReceiver();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "offerly-bench-webhooks-"));
  const database = kind === "postgres" && adminUrl ? await scratchDatabase(adminUrl, `offerly_bench_webhooks_${process.pid}_`) : undefined;
  const env = {
    DATA_DIR: dataDir,
    WEBHOOK_ALLOW_PRIVATE: "true",
    WEBHOOK_SECRET_KEY: KEY,
    LOG_LEVEL: "warn",
    ...(database ? { DATABASE_URL: database.url } : {}),
  };
  let server: ProductionServer | undefined;
  try {
    // 1. The backlog, recorded with no worker running.
    server = await startProductionServer({ ...env, JOBS_WORKER: "false" });
    // Several accounts, each with an endpoint to the receiver: one user's GraphQL budget (50,000
    // cost units a minute, about 2,000 createCustomer) would refuse a backlog this large.
    // Each account has ENDPOINTS endpoints (issue 23: 10,000 events to 3 endpoints), all to the receiver.
    const owners: Awaited<ReturnType<typeof signUp>>[] = [];
    for (let a = 0; a < Math.ceil(events / 1500); a++) {
      const owner = await signUp(server.client, { company: `Bench Hooks ${a}` });
      for (let e = 0; e < ENDPOINTS; e++) {
        const input = { url: `${receiver.url}?endpoint=${e}`, eventTypes: ["customer.created"] };
        const endpoint = await server.client.gql(CREATE_ENDPOINT, { input }, owner.headers());
        if (endpoint.errors) throw new Error(JSON.stringify(endpoint.errors));
      }
      owners.push(owner);
    }
    const owner = owners[0];
    const recordStarted = performance.now();
    await inParallel(events, 8, (i) => createCustomer(server!.client, owners[i % owners.length], { name: `Bench customer ${i}` }));
    const recordSeconds = (performance.now() - recordStarted) / 1000;
    await server.stop();
    server = undefined;

    // 2. The worker on: time until every event has arrived.
    const concurrency = process.env.WEBHOOK_CONCURRENCY ?? "8";
    server = await startProductionServer({ ...env, WEBHOOK_CONCURRENCY: concurrency });
    const started = performance.now();
    // The server's resident memory every second while it delivers (flat: no growth with the backlog).
    const rss: number[] = [];
    const pid = server.pid;
    const sampler = setInterval(() => {
      const match = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"));
      if (match) rss.push(Number(match[1]) / 1024);
    }, 1000);
    const deliveries = events * ENDPOINTS;
    const all = await receiver.waitFor(deliveries, 900_000);
    clearInterval(sampler);
    const seconds = (performance.now() - started) / 1000;
    if (!all) throw new Error(`only ${receiver.arrivals.length} of ${deliveries} deliveries arrived in 15 minutes`);
    // The first arrival comes one poll interval after the start at most (background work waits for it).
    const firstAt = receiver.arrivals[0].at;
    const steady = (receiver.arrivals[receiver.arrivals.length - 1].at - firstAt) / 1000;
    const perSecond = (deliveries - 1) / steady;
    // Memory: the first quarter of the samples against the last quarter (after start-up settled).
    const quarter = Math.max(1, Math.floor(rss.length / 4));
    const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
    const rssEarly = mean(rss.slice(0, quarter));
    const rssLate = mean(rss.slice(-quarter));

    // 3. Commit to arrival, one change at a time.
    const before = receiver.arrivals.length;
    const latencies: number[] = [];
    const committed = new Map<string, number>();
    for (let i = 0; i < 200; i++) {
      const customer = await createCustomer(server.client, owner, { name: `Latency ${i}` });
      committed.set(customer.id, performance.now());
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await receiver.waitFor(before + 200 * ENDPOINTS, 60_000);
    for (const arrival of receiver.arrivals.slice(before)) {
      const at = arrival.customerId ? committed.get(arrival.customerId) : undefined;
      if (at !== undefined) latencies.push(arrival.at - at);
    }
    latencies.sort((a, b) => a - b);
    const p = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? Number.NaN;

    const label = kind === "postgres" ? "PostgreSQL" : "PGlite";
    console.log(
      `webhooks (${label}): ${events} events recorded in ${fmt(recordSeconds)} s; ${deliveries} deliveries (${ENDPOINTS} endpoints) in ${fmt(seconds)} s from the start ` +
        `(${fmt(perSecond, 0)}/s from the first to the last arrival, WEBHOOK_CONCURRENCY=${concurrency}); ` +
        `server RSS ${fmt(rssEarly, 0)} MB in the first quarter, ${fmt(rssLate, 0)} MB in the last (max ${fmt(Math.max(...rss), 0)}); ` +
        `commit → arrival p50 ${fmt(p(0.5), 0)} ms, p95 ${fmt(p(0.95), 0)} ms over ${latencies.length} (load ${os.loadavg()[0].toFixed(2)})`,
    );
    report.figure({
      case: `webhooks (${label})`,
      measure: `deliveries/s (${events.toLocaleString("en-US")} events × ${ENDPOINTS} endpoints)`,
      value: Math.round(perSecond),
      unit: "/s",
      target: "≥ 200/s on PostgreSQL",
      met: kind === "postgres" ? perSecond >= 200 : undefined,
    });
    report.figure({
      case: `webhooks (${label})`,
      measure: "server RSS, last quarter vs first quarter of the delivery",
      value: Math.round(rssLate - rssEarly),
      unit: "MB",
      target: "flat (≤ 50 MB growth)",
      met: rssLate - rssEarly <= 50,
    });
    report.figure({
      case: `webhooks (${label})`,
      measure: "commit → arrival p95",
      value: Math.round(p(0.95)),
      unit: "ms",
      target: "≤ 1000 ms",
      met: p(0.95) <= 1000,
    });
  } finally {
    await server?.stop();
    await receiver.close();
    await database?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
