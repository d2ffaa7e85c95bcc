// `npm test`: the typecheck and lint gates, then every test — unit, integration (PGlite, and
// PostgreSQL when TEST_DATABASE_URL is set), browser end-to-end. It prepares what they need and stops loudly when it cannot: it never
// skips a layer silently. Extra arguments go to vitest (e.g. `npm test -- --project unit`);
// `--other-node` (.ci/run on Node 22 and 24) runs the other-Node selection of scripts/lib/ci-plan.mjs
// without the gates. Prints the time of each stage, and per project and the slowest files
// (scripts/lib/timing-reporter.mjs).
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { buildIfStale } from "./lib/build.mjs";

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

function ensureChromium() {
  if (fs.existsSync(CHROMIUM)) return;
  const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
  const hasApt = spawnSync("sh", ["-c", "command -v apt-get"]).status === 0;
  if (isRoot && hasApt) {
    console.log("Chromium not found: installing Debian's chromium (apt-get install -y chromium)…");
    const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
    const update = spawnSync("apt-get", ["update", "-qq"], { stdio: "inherit", env });
    const install = update.status === 0 && spawnSync("apt-get", ["install", "-y", "-qq", "chromium"], { stdio: "inherit", env });
    if (install && install.status === 0 && fs.existsSync(CHROMIUM)) return;
  }
  console.error(
    `\nThe browser tests need Chromium at ${CHROMIUM} and it is not there.\n` +
      `Install it with:\n\n    sudo apt-get update && sudo apt-get install -y chromium\n\n` +
      `(or set CHROMIUM_PATH to a Chromium binary), then run npm test again.\n`,
  );
  process.exit(1);
}

async function ensurePostgres() {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    console.log("TEST_DATABASE_URL is not set: database tests run on PGlite only (CI runs them on PostgreSQL too).");
    return;
  }
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  try {
    await client.connect();
    await client.query("select 1");
  } catch (error) {
    console.error(`\nTEST_DATABASE_URL is set but PostgreSQL does not answer there: ${error.message}\n`);
    process.exit(1);
  } finally {
    await client.end().catch(() => {});
  }
  console.log("Database tests run on PGlite and on PostgreSQL (TEST_DATABASE_URL).");
}

const stages = [];
/** Runs `work` as a named stage and records its wall time. */
function stage(label, work) {
  const started = performance.now();
  const result = work();
  stages.push([label, performance.now() - started]);
  return result;
}

/** The gates before any test: a type error or a lint error fails the run (CI calls this command). */
function runGates() {
  for (const [label, args] of [
    ["typecheck", ["run", "typecheck"]],
    ["lint", ["run", "lint"]],
  ]) {
    console.log(`\n> npm ${args.join(" ")}`);
    const gate = stage(label, () => spawnSync("npm", args, { stdio: "inherit" }));
    if (gate.status !== 0) {
      console.error(`\n${label} failed: fix it before the tests run (tests: 0 passed, 1 failed).`);
      process.exit(1);
    }
  }
}

const otherNode = process.argv.includes("--other-node");
const vitestArgs = process.argv.slice(2).filter((arg) => arg !== "--other-node");
const filtered = process.argv.length > 2;
ensureChromium();
await ensurePostgres();
if (otherNode) console.log("--other-node: the other-Node selection of scripts/lib/ci-plan.mjs (no typecheck/lint gates).");
else if (filtered) console.log("Arguments given: running only the selected tests (no typecheck/lint gates).");
else runGates();
stage("build (when stale)", buildIfStale);

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "offerly-test-"));
const results = path.join(tmp, "results.json");
const reporter = path.join(import.meta.dirname, "lib", "timing-reporter.mjs");
const run = stage("vitest", () =>
  spawnSync("npx", ["vitest", "run", "--reporter=default", `--reporter=${reporter}`, "--reporter=json", `--outputFile.json=${results}`, ...vitestArgs], {
    stdio: "inherit",
    env: { ...process.env, CHROMIUM_PATH: CHROMIUM, ...(otherNode ? { OFFERLY_TESTS: "other-node" } : {}) },
  }),
);

let summary = "";
if (fs.existsSync(results)) {
  const r = JSON.parse(fs.readFileSync(results, "utf8"));
  summary = `${r.numPassedTests} passed, ${r.numFailedTests} failed, ${r.numPendingTests + r.numTodoTests} skipped`;
  if (r.numTotalTests === 0) {
    console.error("No test ran.");
    process.exit(1);
  }
}
const load = fs.existsSync("/proc/loadavg") ? ` (load average ${fs.readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ")})` : "";
console.log(`\nstages on Node ${process.version}: ${stages.map(([label, ms]) => `${label} ${(ms / 1000).toFixed(1)} s`).join(", ")}${load}`);
console.log(`tests: ${summary || "no results (vitest did not finish)"}`);
fs.rmSync(tmp, { recursive: true, force: true });
process.exit(run.status ?? 1);
