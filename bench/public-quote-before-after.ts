/**
 * The public quote page's throughput, the code before a change against the code after it, side by
 * side (decision 065): two production servers (the old build copied to a folder with a
 * `node_modules` link, and this worktree's `build/`), each with the same seeded quote (10 blocks,
 * 40 lines), and a bare node:http server sending the same bytes; 5 s loads of 8 connections taken in
 * turn (before, after, bare) for BENCH_ROUNDS rounds, medians printed with the load average. A repeat
 * view from one browser, as `npm run bench -- public` loads it. Prints; does not assert.
 *
 *   BENCH_PUBLIC_BEFORE=/tmp/old npx tsx bench/public-quote-before-after.ts   (BENCH_RENDERED=1: with a query string, rendered)
 *
 * BENCH_ACCEPT_ENCODING=gzip (or br): the load asks for that coding as a browser does, and the bare
 * server sends the page compressed once in it (decision 068); the servers' answers are checked for
 * status 200 only then.
 *
 * BENCH_PAGE=/pricing: that marketing page (decision 092) instead of a seeded quote, the same way.
 *
 * BENCH_DATABASE_URL=postgres://…/test: each server on its own scratch PostgreSQL database made
 * from that server's URL (dropped at the end), instead of its own PGlite (decision 072).
 *
 * Also printed (decision 078): each server's CPU time a request (user + system, all threads, from
 * /proc), which a busy shared machine disturbs far less than req/s; for the bare server, which runs
 * in this process, this process's CPU a request during its load (client and bare server together:
 * an upper bound of the bare server's, so its "% of bare" is a lower bound). The client's own CPU a
 * request during the servers' loads is printed too, but not subtracted: at a few requests a second
 * it is mostly time-driven work, not per-request work.
 */
import os from "node:os";
import zlib from "node:zlib";
import { cpuMs } from "./graphql-setup";
import { seedPublishedQuote } from "../tests/support/e2e";
import { scratchDatabase } from "../tests/support/scratch-db";
import { startServer } from "../tests/support/server";
import { listen, load } from "./lib";

const beforeDir = process.env.BENCH_PUBLIC_BEFORE;
if (!beforeDir) throw new Error("BENCH_PUBLIC_BEFORE: a folder holding the old build/ (and a node_modules link)");
const rounds = Number(process.env.BENCH_ROUNDS ?? 5);
const suffix = process.env.BENCH_RENDERED ? "?utm_source=bench" : "";

const databaseUrl = process.env.BENCH_DATABASE_URL;
const scratches: { drop: () => Promise<void> }[] = [];
// BENCH_AFTER_ENV="NAME=value,…": the after server's extra environment (e.g. QUOTE_FRAGMENT_CACHE_BYTES=1: a
// fragment cache that keeps nothing, every render a miss; decision 088).
const afterEnv = Object.fromEntries(
  (process.env.BENCH_AFTER_ENV ?? "")
    .split(",")
    .filter(Boolean)
    .map((pair) => pair.split("=") as [string, string]),
);
async function startIn(dir: string, extra: Record<string, string> = {}) {
  const database = databaseUrl ? await scratchDatabase(databaseUrl, "offerly_bench_public_") : undefined;
  if (database) scratches.push(database);
  const cwd = process.cwd();
  process.chdir(dir);
  try {
    return await startServer({ LOG_LEVEL: "warn", ...(database ? { DATABASE_URL: database.url } : {}), ...extra });
  } finally {
    process.chdir(cwd);
  }
}

const servers = { before: await startIn(beforeDir), after: await startIn(process.cwd(), afterEnv) };
const coding = process.env.BENCH_ACCEPT_ENCODING;
if (coding && coding !== "gzip" && coding !== "br") throw new Error("BENCH_ACCEPT_ENCODING: gzip or br");
const pagePath = process.env.BENCH_PAGE;
const check = (status: number, text: string) => status === 200 && (coding !== undefined || text.includes(pagePath ? "<h1" : "quote-document"));
const options = {
  headers: { "accept-language": "en", "user-agent": "bench", ...(coding ? { "accept-encoding": coding } : {}) },
  check,
  connections: 8,
  seconds: 5,
};
const urls = { before: "", after: "", bare: "" };
let body = "";
for (const name of ["before", "after"] as const) {
  const path = pagePath ?? (await seedPublishedQuote(servers[name], { language: "ENG", blocks: 8, linesPerBlock: 5, closingText: true })).path;
  urls[name] = servers[name].url + path + suffix;
  body = await (await fetch(servers[name].url + path, { headers: { "accept-language": "en" } })).text();
}
const bareBody = coding === "gzip" ? zlib.gzipSync(body) : coding === "br" ? zlib.brotliCompressSync(body) : Buffer.from(body);
const bare = await listen((_request, response) => {
  response.writeHead(200, { "content-type": "text/html; charset=utf-8", ...(coding ? { "content-encoding": coding } : {}) });
  response.end(bareBody);
});
urls.bare = bare.url;
const results = { before: [] as number[], after: [] as number[], bare: [] as number[] };
/** CPU ms a request: the servers' (from /proc), and this process's (the client; the client and bare server during bare's load). */
const cpu = { before: [] as number[], after: [] as number[], bare: [] as number[], client: [] as number[] };
const pids = { before: servers.before.pid, after: servers.after.pid };
try {
  for (const name of ["before", "after", "bare"] as const) await load({ ...options, url: urls[name], seconds: 1 });
  for (let round = 0; round < rounds; round++) {
    for (const name of ["before", "after", "bare"] as const) {
      const cpuBefore = name === "bare" ? 0 : cpuMs(pids[name]);
      const result = await load({ ...options, url: urls[name] });
      results[name].push(Math.round(result.rps));
      if (name === "bare") cpu.bare.push(result.cpuMs);
      else {
        cpu[name].push((cpuMs(pids[name]) - cpuBefore) / Math.max(1, result.requests));
        cpu.client.push(result.cpuMs);
      }
      if (result.errors) console.log(`${name}: ${result.errors} errors`);
    }
    const ms = (list: number[]) => list.map((x) => x.toFixed(2)).join(", ");
    console.log(
      `round ${round + 1}: ${JSON.stringify(results)}; CPU ms a request: before ${ms(cpu.before)}; after ${ms(cpu.after)}; client ${ms(cpu.client)}; client + bare ${ms(cpu.bare)}; load average ${os
        .loadavg()
        .map((x) => x.toFixed(1))
        .join(" / ")}`,
    );
  }
} finally {
  await bare.close();
  await servers.before.stop();
  await servers.after.stop();
  for (const database of scratches) await database.drop();
}
const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)];
const share = (name: "before" | "after") => `${median(results[name])} req/s (${((100 * median(results[name])) / median(results.bare)).toFixed(0)} % of bare)`;
console.log(
  `median${pagePath ? ` of ${pagePath}` : ""}${databaseUrl ? " on PostgreSQL" : ""}, ${suffix ? "rendered" : "from the page cache"}${coding ? ` (Accept-Encoding: ${coding})` : ""}: before ${share("before")}, after ${share("after")}, bare ${median(results.bare)} req/s`,
);
const bareCpu = median(cpu.bare);
const cpuShare = (name: "before" | "after") => `${median(cpu[name]).toFixed(2)} ms (${((100 * bareCpu) / median(cpu[name])).toFixed(0)} % of bare)`;
console.log(
  `median server CPU a request: before ${cpuShare("before")}, after ${cpuShare("after")}, bare ≤ ${bareCpu.toFixed(3)} ms (client and bare server; the client alone during the servers' loads: ${median(cpu.client).toFixed(3)}); after/before per round: ${cpu.after.map((a, i) => (a / cpu.before[i]).toFixed(2)).join(", ")}`,
);
