/**
 * The signed-in app's JavaScript per page (decision 074): for /app, /app/quotes, the quote editor
 * and the public quote page, each opened in a fresh context (a cold cache, so every script is a
 * response of its own) on the production build (build/, PGlite), the scripts the page loads —
 * count, raw bytes and gzip bytes (level 9, as tests/e2e/marketing-budget.test.ts counts) — and
 * Chromium's script time for the load (CDP Performance.getMetrics' ScriptDuration, median over
 * the rounds). Prints; does not assert. Bytes and counts do not depend on the machine's load.
 *
 *   npm run build && npx tsx bench/app-js.ts
 *   BENCH_RUNS=5 BENCH_APP_JS_OUT=/tmp/after.json npx tsx bench/app-js.ts
 */
import fs from "node:fs";
import os from "node:os";
import type { Browser } from "playwright-core";
import { launchBrowser, newContext } from "../tests/support/browser";
import { seedPublishedQuote } from "../tests/support/e2e";
import { startServer } from "../tests/support/server";
import { recordScripts } from "./lib";

const RUNS = Number(process.env.BENCH_RUNS ?? 3);

type Seeded = { cookie: { name: string; value: string }; quoteId: string; publicPath: string };

/** An owner signed up over HTTP with a quote of a text and a pricing block (tests/support/e2e.ts), published when `publish`. */
async function seed(url: string, dataDir: string, publish: boolean): Promise<Seeded> {
  const seeded = await seedPublishedQuote({ url, dataDir }, { language: "ENG", publish });
  return { cookie: seeded.cookie, quoteId: seeded.quote.id, publicPath: seeded.path };
}

type Sample = { files: number; raw: number; gzip: number; scriptMs: number; names: string[] };

async function measure(browser: Browser, baseURL: string, path: string, cookie: Seeded["cookie"] | null): Promise<Sample> {
  const context = await newContext(browser, { baseURL, fresh: true });
  if (cookie) await context.addCookies([{ ...cookie, url: baseURL, httpOnly: true, sameSite: "Lax" }]);
  const page = await context.newPage();
  const recorded = await recordScripts(context, page);
  await page.goto(path, { waitUntil: "networkidle" });
  if (new URL(page.url()).pathname !== path) throw new Error(`${path}: ended on ${page.url()}`);
  const metric = await recorded.metrics();
  const files = await recorded.scripts();
  await context.close();
  return {
    ...(await recorded.totals()),
    scriptMs: metric("ScriptDuration"),
    names: files.map((f) => new URL(f.url).pathname.replace(/^\/assets\//, "")).sort(),
  };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function main() {
  if (!fs.existsSync("build/server/main.js")) throw new Error("No production build: run `npm run build` first.");
  const server = await startServer();
  const { browser, close } = await launchBrowser({ build: "chromium" });
  try {
    const draft = await seed(server.url, server.dataDir, false);
    const published = await seed(server.url, server.dataDir, true);
    const pages: [string, string, Seeded["cookie"] | null][] = [
      ["/app", "/app", draft.cookie],
      ["/app/quotes", "/app/quotes", draft.cookie],
      ["quote editor", `/app/quotes/mutate/${draft.quoteId}`, draft.cookie],
      ["public quote", published.publicPath, null],
    ];
    const out: Record<string, Sample & { scriptMsRuns: number[] }> = {};
    console.log(
      `load average before: ${os
        .loadavg()
        .map((n) => n.toFixed(2))
        .join(" ")}; ${RUNS} rounds`,
    );
    for (const [label, path, cookie] of pages) {
      const samples: Sample[] = [];
      for (let i = 0; i < RUNS; i += 1) samples.push(await measure(browser, server.url, path, cookie));
      out[label] = { ...samples[0], scriptMs: median(samples.map((s) => s.scriptMs)), scriptMsRuns: samples.map((s) => Math.round(s.scriptMs)) };
    }
    console.log(
      `load average after: ${os
        .loadavg()
        .map((n) => n.toFixed(2))
        .join(" ")}`,
    );
    console.log("| page | scripts | raw KB | gzip KB | script ms (median) |");
    console.log("|---|---:|---:|---:|---:|");
    for (const [label, s] of Object.entries(out)) {
      console.log(
        `| ${label} | ${s.files} | ${(s.raw / 1024).toFixed(1)} | ${(s.gzip / 1024).toFixed(1)} | ${s.scriptMs.toFixed(0)} (${s.scriptMsRuns.join(", ")}) |`,
      );
    }
    if (process.env.BENCH_APP_JS_OUT) fs.writeFileSync(process.env.BENCH_APP_JS_OUT, JSON.stringify(out, null, 2));
  } finally {
    await close();
    await server.stop();
  }
}

await main();
