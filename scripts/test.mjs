// `npm test`: the typecheck and lint gates beside the build, then every test — unit, integration
// (PGlite, and PostgreSQL when TEST_DATABASE_URL is set) in one vitest process, browser end-to-end and
// the production build's adapters in another, at once. It prepares what they need and stops loudly
// when it cannot: it never skips a layer silently; a failed gate fails the run. Extra arguments go to vitest (e.g. `npm test -- --project unit`);
// `--other-node` (.ci/run on Node 22 and 24) runs the other-Node selection of scripts/lib/ci-plan.mjs
// without the gates. Prints the time of each stage, and per project and the slowest files
// (scripts/lib/timing-reporter.mjs).
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
// The browser suite runs on Chromium's headless shell but for the journeys a person takes first
// (tests/support/browser.ts; decision 080).
const HEADLESS_SHELL = process.env.CHROMIUM_HEADLESS_SHELL_PATH ?? "/usr/bin/chromium-headless-shell";

/**
 * Debian packages the tests need besides npm's: Chromium and its headless shell (browser tests), and Caddy and pebble (the
 * custom-domain TLS test on the production build, decision 060). Installed with apt-get when root;
 * otherwise the run stops with the exact command to run (never a silent skip).
 */
const DEBIAN_TOOLS = [
  { file: CHROMIUM, pkg: "chromium", why: "the browser tests", hint: " (or set CHROMIUM_PATH to a Chromium binary)" },
  {
    file: HEADLESS_SHELL,
    pkg: "chromium-headless-shell",
    why: "the browser tests",
    hint: " (or set CHROMIUM_HEADLESS_SHELL_PATH to Chromium's headless shell)",
  },
  { file: "/usr/bin/caddy", pkg: "caddy", why: "the custom-domain TLS test", hint: "" },
  { file: "/usr/bin/pebble", pkg: "pebble", why: "the custom-domain TLS test", hint: "" },
  { file: "/usr/bin/openssl", pkg: "openssl", why: "the custom-domain TLS test (pebble's listener certificate)", hint: "" },
];

function ensureDebianTools() {
  const missing = DEBIAN_TOOLS.filter((tool) => !fs.existsSync(tool.file));
  if (missing.length === 0) return;
  const packages = missing.map((tool) => tool.pkg);
  const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
  const hasApt = spawnSync("sh", ["-c", "command -v apt-get"]).status === 0;
  if (isRoot && hasApt) {
    console.log(
      `Not found: ${missing.map((tool) => tool.file).join(", ")}: installing Debian's ${packages.join(" ")} (apt-get install -y ${packages.join(" ")})…`,
    );
    const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
    const update = spawnSync("apt-get", ["update", "-qq"], { stdio: "inherit", env });
    const install = update.status === 0 && spawnSync("apt-get", ["install", "-y", "-qq", ...packages], { stdio: "inherit", env });
    // Debian's caddy package enables a caddy service on port 80/443: the tests run their own Caddy.
    if (packages.includes("caddy"))
      spawnSync("sh", ["-c", "command -v systemctl >/dev/null && systemctl disable --now caddy >/dev/null 2>&1 || true"], { stdio: "inherit" });
    if (install && install.status === 0 && missing.every((tool) => fs.existsSync(tool.file))) return;
  }
  console.error(
    `\n${missing.map((tool) => `${tool.why} need ${tool.file}${tool.hint}`).join("\n")}\n` +
      `Install with:\n\n    sudo apt-get update && sudo apt-get install -y ${packages.join(" ")}\n\nthen run npm test again.\n`,
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
const load = () => (fs.existsSync("/proc/loadavg") ? fs.readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ") : "n/a");

/**
 * Runs a command as a named stage and resolves with its exit status; records its wall time. With a
 * `prefix`, each line it prints is prefixed (several stages run at once); without, it has the terminal.
 */
function runStage(label, command, args, { env = process.env, prefix } = {}) {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { env, stdio: prefix ? ["ignore", "pipe", "pipe"] : "inherit" });
    if (prefix) {
      for (const stream of [child.stdout, child.stderr]) {
        let pending = "";
        stream.setEncoding("utf8");
        stream.on("data", (chunk) => {
          const lines = (pending + chunk).split("\n");
          pending = lines.pop() ?? "";
          for (const line of lines) (stream === child.stderr ? process.stderr : process.stdout).write(`${prefix} ${line}\n`);
        });
        stream.on("end", () => pending && process.stdout.write(`${prefix} ${pending}\n`));
      }
    }
    child.on("close", (code, signal) => {
      stages.push([label, performance.now() - started]);
      resolve(code ?? (signal ? 1 : 0));
    });
  });
}

const otherNode = process.argv.includes("--other-node");
const vitestArgs = process.argv.slice(2).filter((arg) => arg !== "--other-node");
const filtered = vitestArgs.length > 0;
ensureDebianTools();
await ensurePostgres();
if (otherNode) console.log("--other-node: the other-Node selection of scripts/lib/ci-plan.mjs (no typecheck/lint gates).");
else if (filtered) console.log("Arguments given: running only the selected tests (no typecheck/lint gates).");

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "offerly-test-"));
const reporter = path.join(import.meta.dirname, "lib", "timing-reporter.mjs");
const testEnv = {
  ...process.env,
  CHROMIUM_PATH: CHROMIUM,
  CHROMIUM_HEADLESS_SHELL_PATH: HEADLESS_SHELL,
  ...(otherNode ? { OFFERLY_TESTS: "other-node" } : {}),
};
/** One vitest process: its projects, its worker count, its own results file. */
function vitest(label, args, { workers, ...options } = {}) {
  const results = path.join(tmp, `${label}.json`);
  const timings = path.join(tmp, `${label}.timings.json`);
  const run = runStage(
    `vitest ${label}`,
    "npx",
    ["vitest", "run", "--reporter=default", `--reporter=${reporter}`, "--reporter=json", `--outputFile.json=${results}`, ...args],
    { env: { ...testEnv, OFFERLY_TIMINGS_FILE: timings, ...(workers ? { VITEST_MAX_WORKERS: workers } : {}) }, ...options },
  );
  return run.then((status) => ({ label, status, results, timings }));
}
const build = () =>
  runStage(
    "build (when stale)",
    process.execPath,
    ["--input-type=module", "-e", `import { buildIfStale } from ${JSON.stringify(path.join(import.meta.dirname, "lib", "build.mjs"))}; buildIfStale();`],
    {
      prefix: filtered ? undefined : "[build]",
    },
  );

/*
 * docs/decisions/044-ci-budget.md. Two vitest processes at once, each with its own worker count:
 * the database and unit files (CPU-bound) and the browser and production-build files (a server and
 * a browser each, with waits): as many workers as cores (the database process one more). The gates (typecheck, lint) and
 * the build run side by side; then both test processes start (some database files run the built
 * server). A gate that fails fails the run, after the tests that were already running.
 * With arguments (`npm test -- …`), one vitest process runs exactly what they select.
 */
const DB_PROJECTS = ["unit", "integration-*"];
const BROWSER_PROJECTS = ["e2e", "production", ...(process.env.OFFERLY_HARD === "1" ? ["hard"] : [])];
// As many browser workers as cores, one database worker more (3 + 2 on the 2-core CI machine;
// decision 044, fourth and tenth passes): with the browser suite's HTTP cache on, a browser file
// waits more than it computes, and with one database worker the database files' ≈ 450 CPU-s ran on
// one core after the browser files were done. Clean-clone runs of one commit on the 2-core machine
// (tenth pass): 2 + 2 902 s, 3 + 2 835 s, 3 + 3 952 s — the run keeps both cores 97–99 % busy, and
// the third database worker packs the database process's tail (817 → 699 s) where a third browser
// worker only slows each browser file (2 + 3 in the second pass: browser tests past their timeouts).
// On the other Nodes (--other-node, two majors at once in CI's tail), one worker for the unit files:
// they are src's unit tests only, and each worker imports the server code they test (with three,
// 33–51 s of import for 4–11 s of tests; with one, 13 s: 77 → 69 CPU-s for Node 22's selection,
// measured side by side; decision 044, twelfth pass).
const cores = os.availableParallelism();
const dbWorkers = process.env.OFFERLY_DB_WORKERS ?? String(otherNode ? 1 : Math.max(1, cores + 1));
const browserWorkers = process.env.OFFERLY_BROWSER_WORKERS ?? String(Math.max(1, cores));
const started = performance.now();
let runs;
let otherNodeRuns = [];
let gatesFailed = [];
if (filtered) {
  if ((await build()) !== 0) process.exit(1);
  runs = [await vitest("selected", vitestArgs)];
} else {
  const gates = otherNode
    ? Promise.resolve([])
    : Promise.all(
        [
          ["typecheck", ["run", "typecheck"]],
          ["lint", ["run", "lint"]],
        ].map(([label, args]) => runStage(label, "npm", args, { prefix: `[${label}]` }).then((status) => (status === 0 ? null : label))),
      );
  // Some database files run the build's server or serve its pages: every test starts after the build.
  const built = (await build()) === 0;
  if (!built) console.error("\nThe build failed: no test ran.");
  const db = built
    ? vitest(
        "database and unit",
        DB_PROJECTS.flatMap((p) => ["--project", p]),
        { prefix: "[db]", workers: dbWorkers },
      )
    : { label: "database and unit", status: 1, results: "" };
  const browser = built
    ? vitest(
        "browser and production build",
        BROWSER_PROJECTS.flatMap((p) => ["--project", p]),
        { prefix: "[browser]", workers: browserWorkers },
      )
    : { label: "browser and production build", status: 1, results: "" };
  gatesFailed = (await gates).filter(Boolean);
  // OFFERLY_OTHER_NODES="22 24" (.ci/run): the other-Node selection (ci-plan.mjs `otherNode`) on each
  // of those majors, started when the first of the two test processes is done: in the tail, where
  // the other one keeps only its own workers busy (decision 044, eighth pass). Started with the test
  // processes instead, they put the load at 15–18 on the 2-core machine and tests past their
  // timeouts. Each prints its lines prefixed; a failure fails the run.
  // Each major's copy (its Node from the registry, the project copied, fs-ext built: mostly waiting
  // on the network and the disk) is made at once; its tests wait for that tail.
  const majors = otherNode || !built ? [] : (process.env.OFFERLY_OTHER_NODES ?? "").split(/[\s,]+/).filter(Boolean);
  const prepared = Promise.all(
    majors.map((major) =>
      runStage(`Node ${major}: copy prepared`, process.execPath, [path.join(import.meta.dirname, "node-version.mjs"), major, "true"], {
        prefix: `[node ${major}]`,
      }),
    ),
  );
  const others = majors.length
    ? Promise.all([prepared, Promise.race([db, browser])]).then(() =>
        Promise.all(
          majors.map((major) =>
            runStage(
              `Node ${major} (other-Node selection)`,
              process.execPath,
              [path.join(import.meta.dirname, "node-version.mjs"), major, "node", "scripts/test.mjs", "--other-node"],
              { prefix: `[node ${major}]` },
            ).then((status) => ({ label: `Node ${major}`, status })),
          ),
        ),
      )
    : Promise.resolve([]);
  runs = await Promise.all([db, browser]);
  otherNodeRuns = await others;
}

let passed = 0;
let failed = 0;
let skipped = 0;
let total = 0;
const missing = [];
/** Each failed test, printed last with its project: a long run's log is read from its tail. */
const failedTests = runs.flatMap((r) => (r.timings && fs.existsSync(r.timings) ? (JSON.parse(fs.readFileSync(r.timings, "utf8")).failures ?? []) : []));
for (const r of runs) {
  if (!r.results || !fs.existsSync(r.results)) {
    missing.push(r.label);
    continue;
  }
  const json = JSON.parse(fs.readFileSync(r.results, "utf8"));
  passed += json.numPassedTests;
  failed += json.numFailedTests;
  skipped += json.numPendingTests + json.numTodoTests;
  total += json.numTotalTests;
}
console.log(
  `\nstages on Node ${process.version}: ${stages.map(([label, ms]) => `${label} ${(ms / 1000).toFixed(1)} s`).join(", ")}; all ${((performance.now() - started) / 1000).toFixed(1)} s (load average ${load()})`,
);
console.log(`tests: ${passed} passed, ${failed} failed, ${skipped} skipped${missing.length ? ` (no results from: ${missing.join(", ")})` : ""}`);
if (failedTests.length) console.log(`failed:\n${failedTests.map((line) => `  - ${line}`).join("\n")}`);
fs.rmSync(tmp, { recursive: true, force: true });
const otherNodeFailed = otherNodeRuns.filter((r) => r.status !== 0).map((r) => r.label);
if (otherNodeRuns.length)
  console.log(`other Nodes: ${otherNodeRuns.map((r) => `${r.label} ${r.status === 0 ? "passed" : `failed (exit ${r.status})`}`).join(", ")}`);
if (otherNodeFailed.length) {
  console.error(`\nA test failed on ${otherNodeFailed.join(" and ")} (its lines above are prefixed with it).`);
  process.exit(1);
}
if (gatesFailed.length) {
  console.error(`\n${gatesFailed.join(" and ")} failed: fix it before anything else (the run fails).`);
  process.exit(1);
}
if (total === 0) {
  console.error("No test ran.");
  process.exit(1);
}
process.exit(runs.every((r) => r.status === 0) && missing.length === 0 ? 0 : 1);
