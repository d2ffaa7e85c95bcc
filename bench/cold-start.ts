import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort } from "../tests/support/server";
import { fmt } from "./lib";
import { report } from "./report";

/** The 1-, 5- and 15-minute load averages: figures from a busy machine are not a quiet one's. */
const load = () =>
  os
    .loadavg()
    .map((x) => x.toFixed(2))
    .join(" ");

/** Time from `node build/server/main.js` to the first 200 from /healthz. */
async function startOnce(dataDir: string, extraEnv: Record<string, string> = {}): Promise<number> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, ["build/server/main.js"], {
    env: { PATH: process.env.PATH ?? "", NODE_ENV: "production", PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, LOG_LEVEL: "silent", ...extraEnv },
    stdio: "ignore",
  });
  try {
    for (;;) {
      try {
        if ((await fetch(`http://127.0.0.1:${port}/healthz`)).ok) return performance.now() - started;
      } catch {
        /* not yet */
      }
      if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
      await new Promise((r) => setTimeout(r, 20));
    }
  } finally {
    const exited = new Promise((r) => child.once("exit", r));
    child.kill("SIGTERM");
    await exited;
  }
}

export async function benchColdStart(rounds = 3) {
  if (!fs.existsSync("build/server/main.js")) throw new Error("Run `npm run build` first.");
  const noImage = { OFFERLY_PGLITE_IMAGE: path.join(os.tmpdir(), "offerly-no-image") };
  const initdb: number[] = [];
  const fresh: number[] = [];
  const existing: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const a = fs.mkdtempSync(path.join(os.tmpdir(), "offerly-cold-"));
    initdb.push(await startOnce(a, noImage));
    fs.rmSync(a, { recursive: true, force: true });
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "offerly-cold-"));
    fresh.push(await startOnce(dir));
    existing.push(await startOnce(dir));
    fs.rmSync(dir, { recursive: true, force: true });
    console.log(`round ${i + 1}: initdb ${fmt(initdb[i], 0)} ms, fresh ${fmt(fresh[i], 0)} ms, existing ${fmt(existing[i], 0)} ms (load average ${load()})`);
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  console.log(`\n## Cold start to first healthy response (PGlite, median of ${rounds}; load average ${load()})`);
  console.table([
    { "data folder": "fresh, initdb + every migration (before)", ms: fmt(median(initdb), 0), runs: initdb.map((x) => fmt(x, 0)).join(", ") },
    { "data folder": "fresh, from the build's prepared image", ms: fmt(median(fresh), 0), runs: fresh.map((x) => fmt(x, 0)).join(", ") },
    { "data folder": "existing", ms: fmt(median(existing), 0), runs: existing.map((x) => fmt(x, 0)).join(", ") },
  ]);
  const m = { initdb: median(initdb), fresh: median(fresh), existing: median(existing) };
  report.figure({
    case: "cold start (PGlite)",
    measure: "fresh folder, from the prepared image",
    value: m.fresh,
    unit: "ms",
    against: { label: "initdb + migrations", value: m.initdb },
    target: "≤ 2000 ms",
    met: m.fresh <= 2000,
  });
  report.figure({ case: "cold start (PGlite)", measure: "existing folder", value: m.existing, unit: "ms", target: "≤ 1000 ms", met: m.existing <= 1000 });
}
