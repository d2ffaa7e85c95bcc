// `npm run bench`: figures and ratios measured side by side in one run. Benchmarks print; they do
// not pass or fail. PostgreSQL figures need BENCH_DATABASE_URL (or TEST_DATABASE_URL).
import { spawnSync } from "node:child_process";
import { benchBlocks } from "./blocks";
import { benchColdStart } from "./cold-start";
import { benchCost } from "./cost";
import { runEditorBench } from "./editor";
import { benchGraphqlVsBare } from "./graphql-vs-bare";
import { runMarketingBench } from "./marketing";
import { benchPdf } from "./pdf";
import { runPublicQuoteBench } from "./public-quote";
import { benchQuotes } from "./quotes";
import { benchStatistics } from "./statistics";

const only = process.argv.slice(2);
const want = (name: string) => only.length === 0 || only.includes(name);

// The cost, blocks, pdf and statistics benchmarks alone need no production build.
if (!(only.length === 1 && ["cost", "blocks", "pdf", "statistics"].includes(only[0]))) {
  const build = spawnSync(process.execPath, ["-e", "import('./scripts/lib/build.mjs').then(m => m.buildIfStale())"], { stdio: "inherit" });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

console.log(`Offerly benchmarks · node ${process.version} · ${new Date().toISOString()}`);
if (want("graphql")) {
  await benchGraphqlVsBare("pglite");
  const pgUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (pgUrl) await benchGraphqlVsBare("postgres", pgUrl);
  else console.log("\n(PostgreSQL: set BENCH_DATABASE_URL to measure it too)");
}
if (want("cold-start")) await benchColdStart();
if (want("marketing")) await runMarketingBench();
if (want("public")) await runPublicQuoteBench();
if (want("quotes")) {
  await benchQuotes("pglite");
  const pgUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (pgUrl) await benchQuotes("postgres", pgUrl);
}
if (want("cost")) await benchCost();
if (want("editor")) await runEditorBench();
if (want("blocks")) {
  await benchBlocks("pglite");
  const pgUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (pgUrl) await benchBlocks("postgres", pgUrl);
  else console.log("\n(PostgreSQL: set BENCH_DATABASE_URL to measure blocks there too)");
}
if (want("pdf")) await benchPdf();
if (want("statistics")) {
  // BENCH_STATS_EVENTS=100000 for a quick run; the size is 1,000,000.
  const events = Number(process.env.BENCH_STATS_EVENTS ?? 1_000_000);
  const pgUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (pgUrl) await benchStatistics("postgres", pgUrl, { events });
  else console.log("\n(PostgreSQL: set BENCH_DATABASE_URL to measure statistics there too)");
  await benchStatistics("pglite", undefined, { events });
}
