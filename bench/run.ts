// `npm run bench`: figures and ratios measured side by side in one run. Benchmarks print; they do
// not pass or fail. PostgreSQL figures need BENCH_DATABASE_URL (or TEST_DATABASE_URL).
//
// BENCH_DATABASES=postgres limits the two-database cases to one (e.g. the 1 M-event statistics seed).
// `npm run bench` runs every case, prints one summary table and writes bench/RESULTS.md (command,
// machine, date). `npm run bench -- graphql cold-start` runs some cases and replaces their rows in
// bench/RESULTS.md (noted under its header with their date, commit and load).
// A case is one entry below; it hands its headline figures to `report.figure(…)` (bench/report.ts).
import { spawnSync } from "node:child_process";
import path from "node:path";
import { benchBlocks } from "./blocks";
import { benchColdStart } from "./cold-start";
import { benchCost } from "./cost";
import { runEditorBench } from "./editor";
import { benchGraphqlVsBare } from "./graphql-vs-bare";
import { benchLists } from "./lists";
import { runMarketingBench } from "./marketing";
import { benchMemory } from "./memory";
import { benchPdf } from "./pdf";
import { runPublicQuoteBench } from "./public-quote";
import { benchQuotes } from "./quotes";
import { report } from "./report";
import { benchStatistics } from "./statistics";
import { benchWebhooks } from "./webhooks";

type Case = {
  name: string;
  /** Needs the production build (build/): it is made first when stale. */
  build: boolean;
  /** Runs once on PGlite, and again on PostgreSQL when a database URL is set (`url` then given). */
  databases?: boolean;
  run: (kind: "pglite" | "postgres", url?: string) => Promise<void>;
};

const cases: Case[] = [
  { name: "graphql", build: true, databases: true, run: (kind, url) => benchGraphqlVsBare(kind, url) },
  { name: "cold-start", build: true, run: () => benchColdStart() },
  { name: "memory", build: true, run: () => benchMemory() },
  { name: "marketing", build: true, run: () => runMarketingBench() },
  { name: "quotes", build: false, databases: true, run: (kind, url) => benchQuotes(kind, url) },
  // Issue 27 item 4: the lists as the web app reads them, through GraphQL.
  { name: "lists", build: false, databases: true, run: (kind, url) => benchLists(kind, url) },
  { name: "cost", build: false, run: () => benchCost() },
  { name: "editor", build: true, run: () => runEditorBench() },
  { name: "blocks", build: false, databases: true, run: (kind, url) => benchBlocks(kind, url) },
  { name: "public", build: true, run: () => runPublicQuoteBench() },
  { name: "pdf", build: false, run: () => benchPdf() },
  // BENCH_WEBHOOK_EVENTS=1000 for a quick run; the issue's size is 10,000.
  { name: "webhooks", build: true, databases: true, run: (kind, url) => benchWebhooks(kind, url) },
  // BENCH_STATS_EVENTS=100000 for a quick run; the issue's size is 1,000,000.
  {
    name: "statistics",
    build: false,
    databases: true,
    run: (kind, url) => benchStatistics(kind, url, { events: Number(process.env.BENCH_STATS_EVENTS ?? 1_000_000) }),
  },
];

const only = process.argv.slice(2);
const unknown = only.filter((name) => !cases.some((c) => c.name === name));
if (unknown.length) {
  console.error(`Unknown case ${unknown.join(", ")}; cases: ${cases.map((c) => c.name).join(", ")}`);
  process.exit(2);
}
const selected = cases.filter((c) => only.length === 0 || only.includes(c.name));

if (selected.some((c) => c.build)) {
  const build = spawnSync(process.execPath, ["-e", "import('./scripts/lib/build.mjs').then(m => m.buildIfStale())"], { stdio: "inherit" });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const pgUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
console.log(`Offerly benchmarks · node ${process.version} · ${new Date().toISOString()}`);
if (!pgUrl) console.log("(PostgreSQL: set BENCH_DATABASE_URL to measure it too)");
const failed: string[] = [];
for (const c of selected) {
  let runs: ["pglite" | "postgres", string | undefined][] =
    c.databases && pgUrl
      ? [
          ["pglite", undefined],
          ["postgres", pgUrl],
        ]
      : [["pglite", undefined]];
  // BENCH_DATABASES=postgres (or pglite): only that database for the cases that run on both.
  if (c.databases && process.env.BENCH_DATABASES) runs = runs.filter(([kind]) => process.env.BENCH_DATABASES?.split(",").includes(kind));
  for (const [kind, url] of runs) {
    try {
      await c.run(kind, url);
    } catch (error) {
      // One broken case does not lose the others' figures; it is named in the report.
      console.error(`\nCase ${c.name} (${kind}) failed:`, error);
      failed.push(`${c.name} (${kind}): ${(error as Error).message}`);
    }
  }
}

report.print();
const command = `npm run bench${only.length ? ` -- ${only.join(" ")}` : ""}${pgUrl ? " (BENCH_DATABASE_URL set: PostgreSQL too)" : ""}`;
if (only.length === 0) {
  if (failed.length)
    report.section(
      "Cases that failed",
      failed.map((f) => `- ${f}`),
    );
  report.write(path.join("bench", "RESULTS.md"), command);
} else if (failed.length === 0) {
  report.update(path.join("bench", "RESULTS.md"), command);
}
if (failed.length) process.exitCode = 1;
