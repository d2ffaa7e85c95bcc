/**
 * Server CPU a request of one GraphQL operation for several app processes side by side, on one
 * PostgreSQL database: each process is a build folder with some environment (e.g. a scratch build
 * whose layers can be switched off by an env variable), measured in turns (the order rotated each
 * round) with the load client of the GraphQL bench in its own process. No bare server: the figures
 * compare the variants with each other (decision 086's ablation, and A/B of builds).
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test \
 *   BENCH_VARIANTS='base=build;noarmor=/tmp/x/build:OFFERLY_ABLATE=armor' \
 *   BENCH_CASE=me BENCH_ROUNDS=6 BENCH_SECONDS=2 [BENCH_CLIENTS=64] npx tsx bench/graphql-ablation.ts
 */
import { fork } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { openDatabase } from "../src/server/db/client";
import type { LoadJob, LoadReport } from "./graphql-load-client";
import { type Client, type Process, cpuMs, seedAccount, startApp, stop, throwAwayDatabase } from "./graphql-setup";

const CASES: Record<string, { query: string; expect: string }> = {
  me: { query: "{ me { id email name } }", expect: '"me":{"id"' },
  quotes: { query: "{ quotes(pageSize: 20) { totalCount items { id quoteNumber name displayStatus total customer { name } } } }", expect: '"totalCount":200' },
};

const url = process.env.BENCH_DATABASE_URL;
if (!url) throw new Error("BENCH_DATABASE_URL");
const variants = (process.env.BENCH_VARIANTS ?? "")
  .split(";")
  .filter(Boolean)
  .map((spec) => {
    const [name, rest] = spec.split("=", 2).length === 2 ? [spec.slice(0, spec.indexOf("=")), spec.slice(spec.indexOf("=") + 1)] : [spec, spec];
    const [buildDir, ...envs] = rest.split(":");
    const env: Record<string, string> = {};
    for (const e of envs) env[e.slice(0, e.indexOf("="))] = e.slice(e.indexOf("=") + 1);
    return { name, buildDir, env };
  });
const cases = (process.env.BENCH_CASE ?? "me").split(",");
const rounds = Number(process.env.BENCH_ROUNDS ?? 6);
const seconds = Number(process.env.BENCH_SECONDS ?? 2);
// Signed-in users the load goes round: more users, more per-user budget (four apps on the quotes case need ≈ 256).
const users = Number(process.env.BENCH_CLIENTS ?? 64);

const work = fs.mkdtempSync(path.join(os.tmpdir(), "offerly-ablation-"));
const database = await throwAwayDatabase(url);
const apps: (Process & { name: string })[] = [];
const loader = fork(path.resolve("bench/graphql-load-client.ts"), [], { execArgv: ["--import", "tsx"], stdio: ["ignore", "inherit", "inherit", "ipc"] });
try {
  const handle = await openDatabase({ kind: "postgres", url: database.url });
  await handle.migrate();
  const { accountId, clients } = await seedAccount(handle.db, users);
  await handle.close();
  const headers = clients.map((c: Client) => ({
    "content-type": "application/json",
    "x-graphql-csrf": "1",
    authorization: `Bearer ${c.token}`,
    account: accountId,
  }));
  for (const v of variants) {
    const p = await startApp({
      dataDir: path.join(work, v.name),
      databaseUrl: database.url,
      logFile: path.join(work, `${v.name}.log`),
      buildDir: v.buildDir,
      env: v.env,
    });
    apps.push({ ...p, name: v.name });
  }
  const load = (job: LoadJob) =>
    new Promise<LoadReport>((resolve, reject) => {
      loader.once("message", (m: LoadReport & { error?: string }) => (m.error ? reject(new Error(m.error)) : resolve(m)));
      loader.send(job);
    });
  for (const name of cases) {
    const c = CASES[name];
    const body = JSON.stringify({ query: c.query });
    const answers = await Promise.all(apps.map(async (a) => (await fetch(`${a.url}/graphql`, { method: "POST", headers: headers[0], body })).text()));
    for (const [i, a] of answers.entries()) if (a !== answers[0]) console.log(`note: ${apps[i].name} answers differently: ${a.slice(0, 200)}`);
    const measure = async (a: (typeof apps)[number], s: number) => {
      const before = cpuMs(a.pid);
      const r = await load({ url: `${a.url}/graphql`, body, headers, connections: 8, seconds: s, expect: c.expect });
      return { ...r, cpuMs: cpuMs(a.pid) - before };
    };
    for (const a of apps) await measure(a, 1);
    const per: Record<string, { cpu: number; req: number; errors: number; ratios: number[] }> = {};
    for (const a of apps) per[a.name] = { cpu: 0, req: 0, errors: 0, ratios: [] };
    const loads: number[] = [];
    for (let r = 0; r < rounds; r++) {
      const order = apps.map((_, i) => apps[(i + r) % apps.length]);
      if (r % 2) order.reverse();
      const roundCpu: Record<string, number> = {};
      for (const a of order) {
        const m = await measure(a, seconds);
        per[a.name].cpu += m.cpuMs;
        per[a.name].req += m.requests;
        per[a.name].errors += m.errors;
        roundCpu[a.name] = m.cpuMs / m.requests;
      }
      for (const a of apps) per[a.name].ratios.push(roundCpu[a.name] / roundCpu[apps[0].name]);
      loads.push(os.loadavg()[0]);
    }
    console.log(`\n## ${name}: CPU ms a request, ${rounds} rounds × ${seconds} s, load ${Math.min(...loads).toFixed(1)}–${Math.max(...loads).toFixed(1)}`);
    const base = per[apps[0].name].cpu / per[apps[0].name].req;
    const sorted = (xs: number[]) => [...xs].sort((x, y) => x - y);
    for (const a of apps) {
      const s = per[a.name];
      const cpu = s.cpu / s.req;
      const rs = sorted(s.ratios);
      console.log(
        `${a.name.padEnd(14)} ${cpu.toFixed(4)} ms  ${(((cpu - base) / base) * 100).toFixed(1).padStart(6)} % vs ${apps[0].name}  (Δ ${((cpu - base) * 1000).toFixed(1)} µs; per-round ratio median ${rs[Math.floor(rs.length / 2)].toFixed(3)}, ${rs[0].toFixed(3)}–${rs[rs.length - 1].toFixed(3)})  req ${s.req} errors ${s.errors}`,
      );
    }
  }
} finally {
  await stop(loader);
  for (const a of apps) await a.stop();
  await database.drop();
  fs.rmSync(work, { recursive: true, force: true });
}
