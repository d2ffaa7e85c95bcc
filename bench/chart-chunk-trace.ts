/**
 * Where the chart's chunks cost CPU on a new account's /app (decision 079): Chromium traces of
 * BENCH_RUNS cold loads (fresh contexts) of the build in BENCH_ROOT (a folder with a build/ and a
 * node_modules link; default this one), summing per chunk (overview-chart, with-selector) the
 * trace events that name it (v8.parseOnBackground, v8.compileModule, …), in ms. A build that
 * never fetches them prints empty lines. Prints; asserts nothing.
 *
 *   BENCH_ROOT=/tmp/before npx tsx bench/chart-chunk-trace.ts
 */
import { launchBrowser, newContext } from "../tests/support/browser";
import { seedPublishedQuote } from "../tests/support/e2e";
import { startServer } from "../tests/support/server";
const here = process.cwd();
process.chdir(process.env.BENCH_ROOT ?? here);
const server = await startServer();
process.chdir(here);
const { browser, close } = await launchBrowser({ build: "chromium" });
const { cookie } = await seedPublishedQuote(server, { language: "ENG", publish: false });
const out: Record<string, number>[] = [];
for (let i = 0; i < Number(process.env.BENCH_RUNS ?? 6); i++) {
  const context = await newContext(browser, { baseURL: server.url, fresh: true });
  await context.addCookies([{ ...cookie, url: server.url, httpOnly: true, sameSite: "Lax" }]);
  const page = await context.newPage();
  await browser.startTracing(page, { categories: ["devtools.timeline", "v8", "disabled-by-default-devtools.timeline"] });
  await page.goto("/app", { waitUntil: "networkidle" });
  const trace = JSON.parse((await browser.stopTracing()).toString());
  const events = (trace.traceEvents ?? trace) as {
    name: string;
    ph: string;
    dur?: number;
    tid: number;
    args?: { data?: { url?: string }; fileName?: string };
  }[];
  const sums: Record<string, number> = {};
  for (const e of events) {
    if (e.ph !== "X" || !e.dur) continue;
    const url = e.args?.data?.url ?? e.args?.fileName ?? "";
    const m = /(overview-chart|with-selector)[^/]*\.js/.exec(url);
    if (!m) continue;
    const key = `${m[1]}:${e.name}`;
    sums[key] = (sums[key] ?? 0) + e.dur / 1000;
  }
  out.push(sums);
  await context.close();
}
for (const s of out) console.log(JSON.stringify(Object.fromEntries(Object.entries(s).map(([k, v]) => [k, Math.round(v * 10) / 10]))));
await close();
await server.stop();
