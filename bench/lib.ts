import http from "node:http";
import type { AddressInfo } from "node:net";
import zlib from "node:zlib";
import type { BrowserContext, Page, Response } from "playwright-core";

/**
 * `cpuMs`: CPU time of this process per request (user + system) — the load client, the servers under
 * test and an embedded database all run here. On a machine shared with other work it is steadier
 * than req/s (waiting for a core costs no CPU time), so variants compare on both.
 */
export type LoadResult = { requests: number; seconds: number; rps: number; p50: number; p99: number; errors: number; cpuMs: number };

/**
 * A closed-loop load: `connections` clients each send the next request as soon as the previous
 * one answered, for `seconds`. Keep-alive connections, latency in milliseconds.
 */
export async function load(options: {
  url: string;
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  connections?: number;
  seconds?: number;
  check?: (status: number, body: string) => boolean;
}): Promise<LoadResult> {
  const connections = options.connections ?? 8;
  const durationMs = (options.seconds ?? 3) * 1000;
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const latencies: number[] = [];
  let errors = 0;
  const started = performance.now();
  const cpuBefore = process.cpuUsage();
  const deadline = started + durationMs;

  function once(): Promise<void> {
    return new Promise((resolve) => {
      const t0 = performance.now();
      const req = http.request(options.url, { method: options.method ?? "GET", headers: options.headers, agent }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c) => chunks.push(c));
        res.on("end", () => {
          latencies.push(performance.now() - t0);
          const ok = options.check ? options.check(res.statusCode ?? 0, Buffer.concat(chunks).toString()) : (res.statusCode ?? 0) < 400;
          if (!ok) errors++;
          resolve();
        });
      });
      req.on("error", () => {
        errors++;
        resolve();
      });
      if (options.body) req.write(options.body);
      req.end();
    });
  }

  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < deadline) await once();
    }),
  );
  const cpu = process.cpuUsage(cpuBefore);
  agent.destroy();
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ?? 0;
  const cpuMs = (cpu.user + cpu.system) / 1000 / Math.max(1, latencies.length);
  return { requests: latencies.length, seconds, rps: latencies.length / seconds, p50: pct(50), p99: pct(99), errors, cpuMs };
}

export async function listen(handler: http.RequestListener): Promise<{ url: string; close: () => Promise<void> }> {
  const server = http.createServer(handler);
  server.keepAliveTimeout = 10_000;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export const fmt = (n: number, digits = 1) => n.toFixed(digits);

export function table(rows: Record<string, string | number>[]): void {
  console.table(rows);
}

/**
 * Records one page visit's scripts (each fetched script's raw and gzip -9 size) and reads Chromium's
 * Performance metrics (e.g. "ScriptDuration", "TaskDuration", in ms) afterwards: install before the
 * visit, read after it (bench/app-js.ts, bench/dashboard-first-visit.ts).
 */
export async function recordScripts(context: BrowserContext, page: Page) {
  const cdp = await context.newCDPSession(page);
  await cdp.send("Performance.enable");
  const loaded: Promise<{ url: string; raw: number; gzip: number }>[] = [];
  page.on("response", (response: Response) => {
    if (response.request().resourceType() !== "script") return;
    loaded.push(response.body().then((body) => ({ url: response.url(), raw: body.length, gzip: zlib.gzipSync(body, { level: 9 }).length })));
  });
  return {
    scripts: () => Promise.all(loaded),
    /** How many scripts, and their raw and gzip bytes in all. */
    totals: async () => {
      const files = await Promise.all(loaded);
      return { files: files.length, raw: files.reduce((s, f) => s + f.raw, 0), gzip: files.reduce((s, f) => s + f.gzip, 0) };
    },
    /** Chromium's Performance metrics, in ms for durations. */
    metrics: async (): Promise<(name: string) => number> => {
      const { metrics } = (await cdp.send("Performance.getMetrics")) as { metrics: { name: string; value: number }[] };
      return (name: string) => (metrics.find((m) => m.name === name)?.value ?? 0) * 1000;
    },
  };
}
