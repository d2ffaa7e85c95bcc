/**
 * A CPU profile of the production server under the rendered public-page load (decision 085): the
 * server started with `node --cpu-prof`, the bench's seeded quote (8 blocks of 5 lines, a closing
 * text), BENCH_SECONDS (10) of 8 connections on `<page>?utm_source=profile`, then SIGTERM (the
 * profile is written on exit) and bench/cpuprofile-summary.ts's summary of it.
 *
 *   npx tsx bench/public-quote-profile.ts [out-dir]   (BENCH_LANGUAGE=NL: a Dutch quote)
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { seedPublishedQuote } from "../tests/support/e2e";
import { freePort } from "../tests/support/server";
import { load } from "./lib";

const outDir = path.resolve(process.argv[2] ?? fs.mkdtempSync(path.join(os.tmpdir(), "offerly-prof-")));
fs.mkdirSync(outDir, { recursive: true });
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "offerly-prof-data-"));
const port = await freePort();
const url = `http://127.0.0.1:${port}`;
const child = spawn(process.execPath, ["--cpu-prof", `--cpu-prof-dir=${outDir}`, "build/server/main.js"], {
  env: {
    PATH: process.env.PATH ?? "",
    NODE_ENV: "production",
    PORT: String(port),
    HOST: "127.0.0.1",
    PUBLIC_URL: url,
    DATA_DIR: dataDir,
    LOG_LEVEL: "warn",
    PDF_WARM_UP: "false",
  },
  stdio: ["ignore", "inherit", "inherit"],
});
const exited = new Promise((resolve) => child.once("exit", resolve));
for (let i = 0; ; i++) {
  try {
    if ((await fetch(`${url}/healthz`)).ok) break;
  } catch {}
  if (i > 400) throw new Error("server did not start");
  await new Promise((r) => setTimeout(r, 150));
}
const seeded = await seedPublishedQuote(
  { url, dataDir },
  { language: process.env.BENCH_LANGUAGE === "NL" ? "NL" : "ENG", blocks: 8, linesPerBlock: 5, closingText: true },
);
const pageUrl = `${url}${seeded.path}?utm_source=profile`;
const options = { url: pageUrl, headers: { "accept-language": "en", "user-agent": "bench" }, connections: 8, check: (s: number) => s === 200 };
await load({ ...options, seconds: 2 });
const result = await load({ ...options, seconds: Number(process.env.BENCH_SECONDS ?? 10) });
console.log(
  `rendered under the profiler: ${result.rps.toFixed(0)} req/s, ${result.errors} errors; load average ${os
    .loadavg()
    .map((x) => x.toFixed(1))
    .join(" / ")}`,
);
child.kill("SIGTERM");
await exited;
fs.rmSync(dataDir, { recursive: true, force: true });
const file = fs
  .readdirSync(outDir)
  .filter((f) => f.endsWith(".cpuprofile"))
  .map((f) => path.join(outDir, f))
  .sort((a, b) => fs.statSync(b).mtimeMs - fs.statSync(a).mtimeMs)[0];
console.log(`profile: ${file}`);
