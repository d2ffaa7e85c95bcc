import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort } from "../tests/support/server";
import { fmt, load } from "./lib";
import { report } from "./report";

/** Resident set size of a process, in MiB (Linux /proc). */
function rssMiB(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb / 1024;
}

function duMiB(dir: string): number {
  if (!fs.existsSync(dir)) return 0;
  return Number(execFileSync("du", ["-sk", dir], { encoding: "utf8" }).split("\t")[0]) / 1024;
}

/**
 * Memory of the production server (PGlite in the same process): RSS when idle after start-up, and
 * the peak under load (pages and GraphQL, 8 connections, 5 s), then idle again. Install size:
 * node_modules and the build on disk.
 */
export async function benchMemory() {
  if (!fs.existsSync("build/server/main.js")) throw new Error("Run `npm run build` first.");
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "offerly-mem-"));
  const port = await freePort();
  const child = spawn(process.execPath, ["build/server/main.js"], {
    env: { PATH: process.env.PATH ?? "", NODE_ENV: "production", PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, LOG_LEVEL: "silent" },
    stdio: "ignore",
  });
  const base = `http://127.0.0.1:${port}`;
  try {
    for (;;) {
      try {
        if ((await fetch(`${base}/healthz`)).ok) break;
      } catch {
        /* starting */
      }
      if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
      await new Promise((r) => setTimeout(r, 50));
    }
    const pid = child.pid!;
    await new Promise((r) => setTimeout(r, 2000));
    const idle = rssMiB(pid);
    let peak = idle;
    const sampler = setInterval(() => {
      peak = Math.max(peak, rssMiB(pid));
    }, 50);
    const graphql = {
      method: "POST",
      headers: { "content-type": "application/json", "x-graphql-csrf": "1" },
      body: JSON.stringify({ query: "{ me { id } }" }),
    };
    const [pages, api] = await Promise.all([
      load({ url: `${base}/`, connections: 4, seconds: 5 }),
      load({ url: `${base}/graphql`, ...graphql, connections: 4, seconds: 5 }),
    ]);
    clearInterval(sampler);
    await new Promise((r) => setTimeout(r, 2000));
    const after = rssMiB(pid);
    const modules = duMiB("node_modules");
    const build = duMiB("build");
    console.log("\n## Memory and install size");
    console.table([
      { what: "server RSS, idle after start (PGlite in process)", MiB: fmt(idle, 0) },
      { what: `server RSS, peak under load (pages ${fmt(pages.rps, 0)} req/s + GraphQL ${fmt(api.rps, 0)} req/s)`, MiB: fmt(peak, 0) },
      { what: "server RSS, idle 2 s after the load", MiB: fmt(after, 0) },
      { what: "node_modules on disk", MiB: fmt(modules, 0) },
      { what: "build/ on disk (with the database image)", MiB: fmt(build, 0) },
    ]);
    report.figure({ case: "memory", measure: "server RSS, idle", value: idle, unit: "MiB" });
    report.figure({
      case: "memory",
      measure: "server RSS, peak under load (pages + GraphQL, 8 connections)",
      value: peak,
      unit: "MiB",
      errors: pages.errors + api.errors,
    });
    report.figure({ case: "install size", measure: "node_modules on disk", value: modules, unit: "MiB" });
    report.figure({ case: "install size", measure: "build/ on disk", value: build, unit: "MiB" });
  } finally {
    const exited = new Promise((r) => child.once("exit", r));
    child.kill("SIGTERM");
    await exited;
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
