/**
 * A new account's first /app visit (decision 079), A/B: two production servers side by side — this
 * build (build/) and another one (BENCH_BEFORE_ROOT: a folder holding another `npm run build`'s
 * build/ and a node_modules link; the server is started there) — each with an owner signed up
 * over HTTP and a draft quote (no views). Alternating A B A B, each load in a fresh browser context
 * (cold cache): the scripts fetched (count, raw and gzip bytes), CDP Performance.getMetrics'
 * ScriptDuration and TaskDuration (the page's main thread), and the CPU time of every Chromium
 * process from before the navigation to 500 ms of network silence (/proc utime + stime: also the
 * compiler and network threads and processes the main thread's metrics leave out). Prints medians;
 * asserts nothing. Bytes do not depend on the machine's load; the CPU figures do (record `uptime`).
 *
 *   npm run build && BENCH_BEFORE_ROOT=/tmp/before BENCH_RUNS=8 npx tsx bench/dashboard-first-visit.ts
 */
import fs from "node:fs";
import os from "node:os";
import type { Browser } from "playwright-core";
import { launchBrowser, newContext } from "../tests/support/browser";
import { seedPublishedQuote } from "../tests/support/e2e";
import { type RunningServer, startServer } from "../tests/support/server";
import { recordScripts } from "./lib";

const RUNS = Number(process.env.BENCH_RUNS ?? 6);
const BEFORE = process.env.BENCH_BEFORE_ROOT;
const TICK_MS = 1000 / 100; // USER_HZ

/** utime + stime (ms) of each descendant of this process, except the servers' process trees. */
function cpuByPid(exclude: Set<number>): Map<number, number> {
  const parent = new Map<number, number>();
  const cpu = new Map<number, number>();
  for (const name of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${name}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      parent.set(Number(name), Number(fields[1]));
      cpu.set(Number(name), (Number(fields[11]) + Number(fields[12])) * TICK_MS);
    } catch {
      // exited meanwhile
    }
  }
  const mine = (pid: number): boolean => {
    for (let p = pid; p > 1; p = parent.get(p) ?? 0) {
      if (exclude.has(p)) return false;
      if (p === process.pid) return pid !== process.pid;
    }
    return false;
  };
  return new Map([...cpu].filter(([pid]) => mine(pid)));
}

type Sample = { files: number; raw: number; gzip: number; scriptMs: number; taskMs: number; chromiumCpuMs: number; chart: boolean };

async function visit(browser: Browser, server: RunningServer, cookie: { name: string; value: string }, exclude: Set<number>): Promise<Sample> {
  const context = await newContext(browser, { baseURL: server.url, fresh: true });
  await context.addCookies([{ ...cookie, url: server.url, httpOnly: true, sameSite: "Lax" }]);
  const page = await context.newPage();
  const recorded = await recordScripts(context, page);
  const before = cpuByPid(exclude);
  await page.goto("/app", { waitUntil: "networkidle" });
  await page.getByTestId("statistics-overview").getByTestId("empty-state").waitFor();
  const after = cpuByPid(exclude);
  const metric = await recorded.metrics();
  const files = await recorded.scripts();
  await context.close();
  return {
    ...(await recorded.totals()),
    scriptMs: metric("ScriptDuration"),
    taskMs: metric("TaskDuration"),
    chromiumCpuMs: [...after].reduce((s, [pid, ms]) => s + ms - (before.get(pid) ?? 0), 0),
    chart: files.some((f) => /overview-chart/.test(f.url)),
  };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const load = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(" ");

async function main() {
  if (!fs.existsSync("build/server/main.js")) throw new Error("No production build: run `npm run build` first.");
  const builds: [string, string][] = [["this build", process.cwd()]];
  if (BEFORE) builds.unshift(["before", BEFORE]);
  // Each server is spawned in its build's folder (it serves build/ relative to its working folder).
  const servers: RunningServer[] = [];
  const here = process.cwd();
  for (const [, dir] of builds) {
    process.chdir(dir);
    try {
      servers.push(await startServer());
    } finally {
      process.chdir(here);
    }
  }
  const exclude = new Set(servers.map((s) => s.pid));
  const { browser, close } = await launchBrowser({ build: "chromium" });
  try {
    const cookies = [];
    for (const server of servers) cookies.push((await seedPublishedQuote(server, { language: "ENG", publish: false })).cookie);
    // One visit each to warm the servers (SSR modules, first queries), not counted.
    for (let b = 0; b < servers.length; b += 1) await visit(browser, servers[b], cookies[b], exclude);
    console.log(`load average before: ${load()}; ${RUNS} rounds, alternating`);
    const samples: Sample[][] = servers.map(() => []);
    for (let i = 0; i < RUNS; i += 1) for (let b = 0; b < servers.length; b += 1) samples[b].push(await visit(browser, servers[b], cookies[b], exclude));
    console.log(`load average after: ${load()}`);
    console.log("| build | scripts | raw KB | gzip KB | chart chunk | ScriptDuration ms | TaskDuration ms | Chromium CPU ms |");
    console.log("|---|---:|---:|---:|---|---:|---:|---:|");
    builds.forEach(([label], b) => {
      const s = samples[b];
      const cell = (k: "scriptMs" | "taskMs" | "chromiumCpuMs") => `${median(s.map((x) => x[k])).toFixed(0)} (${s.map((x) => Math.round(x[k])).join(", ")})`;
      console.log(
        `| ${label} | ${s[0].files} | ${(s[0].raw / 1024).toFixed(1)} | ${(s[0].gzip / 1024).toFixed(1)} | ${s[0].chart ? "fetched" : "not fetched"} | ${cell("scriptMs")} | ${cell("taskMs")} | ${cell("chromiumCpuMs")} |`,
      );
    });
  } finally {
    await close();
    await Promise.all(servers.map((s) => s.stop()));
  }
}

await main();
