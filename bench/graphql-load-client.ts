/**
 * The GraphQL benchmark's load client, in its own process (forked by graphql-vs-bare.ts with an
 * IPC channel), so that what it costs is never counted to a server: a closed loop of `connections`
 * keep-alive connections, each sending the next POST as soon as the previous one answered, for
 * `seconds`; the request headers go round `headers` (one set per signed-in user).
 */
import http from "node:http";

export type LoadJob = { url: string; body: string; headers: Record<string, string>[]; connections: number; seconds: number; expect: string };
export type LoadReport = { requests: number; seconds: number; rps: number; p50: number; p99: number; errors: number; firstError?: string };

async function run(job: LoadJob): Promise<LoadReport> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: job.connections });
  const latencies: number[] = [];
  let errors = 0;
  let firstError: string | undefined;
  let turn = 0;
  const fail = (why: string) => {
    errors++;
    firstError ??= why;
  };
  const once = () =>
    new Promise<void>((resolve) => {
      const t0 = performance.now();
      const headers = job.headers[turn++ % job.headers.length];
      const req = http.request(job.url, { method: "POST", headers: { ...headers, "content-length": String(Buffer.byteLength(job.body)) }, agent }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => {
          latencies.push(performance.now() - t0);
          const text = Buffer.concat(chunks).toString("utf8");
          if (res.statusCode !== 200 || !text.includes(job.expect) || text.includes('"errors"')) fail(`${res.statusCode} ${text.slice(0, 300)}`);
          resolve();
        });
      });
      req.on("error", (error) => {
        fail(error.message);
        resolve();
      });
      req.end(job.body);
    });
  const started = performance.now();
  const deadline = started + job.seconds * 1000;
  await Promise.all(
    Array.from({ length: job.connections }, async () => {
      while (performance.now() < deadline) await once();
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ?? 0;
  return { requests: latencies.length, seconds, rps: latencies.length / seconds, p50: pct(50), p99: pct(99), errors, firstError };
}

process.on("message", (job: LoadJob) => {
  run(job).then(
    (report) => process.send?.(report),
    (error: unknown) => process.send?.({ error: String(error) }),
  );
});
