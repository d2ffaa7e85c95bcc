// `npm run bench -- editor`: interaction latency in the quote editor, in Chromium with a 4× CPU
// slowdown (issue 10 target ≤ 200 ms), on the size: a quote with 200 blocks (100 pricing
// blocks of 20 lines = 2,000 lines, and 100 text blocks). Measured: typing in a pricing line (line 11
// of a 20-line block, live totals on every keystroke) and one keyboard reorder on the quote page (200
// blocks). Latency is the Event Timing API's duration (input → handlers → next paint), the measure
// behind INP. Each is measured with the headless display drawing every frame (the headline, as a
// screen does) and as it is (see `measure` below). BENCH_EDITOR_BLOCKS=20 for the old, smaller quote.
import { mkdir, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { Page } from "playwright-core";
// @ts-expect-error plain .mjs helper shared with `npm start` and `npm test`
import { buildIfStale } from "../scripts/lib/build.mjs";
import { launchBrowser, newContext } from "../tests/support/browser";
import { open, signedInApp } from "../tests/support/e2e";
import { startServer } from "../tests/support/server";
import { fmt, table } from "./lib";
import { report } from "./report";

const CPU_SLOWDOWN = 4;
/** A 1 px element moved by the compositor alone (no main-thread work): the display draws every frame. */
const KEEP_DRAWING =
  "@keyframes bench-keep-drawing{to{transform:translateX(1px)}} body::after{content:'';position:fixed;top:0;left:0;width:1px;height:1px;background:#fff;animation:bench-keep-drawing 1s linear infinite alternate}";
const TRACE_CATEGORIES = [
  "devtools.timeline",
  "disabled-by-default-devtools.timeline",
  "blink.user_timing",
  "v8.execute",
  "toplevel",
  "cc",
  "viz",
  "benchmark",
];
/** Blocks in the quote: half pricing (20 lines each), half text. The size is 200 (2,000 lines). */
const BLOCKS = Number(process.env.BENCH_EDITOR_BLOCKS ?? 200);
const LINES_PER_BLOCK = 20;

async function gql(page: Page, query: string, variables: Record<string, unknown>, account?: string) {
  return page.evaluate(
    async ({ query, variables, account }) => {
      const response = await fetch("/graphql", {
        method: "POST",
        headers: { "content-type": "application/json", "x-graphql-csrf": "1", ...(account ? { account } : {}) },
        body: JSON.stringify({ query, variables }),
      });
      const body = await response.json();
      if (body.errors) throw new Error(JSON.stringify(body.errors));
      return body.data;
    },
    { query, variables, account },
  );
}

type EventEntry = { name: string; duration: number; delay: number; processing: number; presentation: number };

/**
 * Starts collecting event-timing entries; returns a function that gives them: the duration (ms), and
 * its parts — input delay (waiting for the main thread), processing (the handlers) and presentation
 * (from the handlers' end to the next frame on screen: rendering, layout, paint).
 */
async function watchEvents(page: Page): Promise<() => Promise<EventEntry[]>> {
  await page.evaluate(() => {
    const w = window as unknown as { __events: unknown[] };
    w.__events = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as PerformanceEventTiming[]) {
        if (!["keydown", "keypress", "keyup", "input"].includes(entry.name)) continue;
        w.__events.push({
          name: entry.name,
          duration: entry.duration,
          delay: entry.processingStart - entry.startTime,
          processing: entry.processingEnd - entry.processingStart,
          presentation: entry.startTime + entry.duration - entry.processingEnd,
        });
      }
    }).observe({ type: "event", durationThreshold: 16, buffered: false } as PerformanceObserverInit);
  });
  return () => page.evaluate(() => (window as unknown as { __events: EventEntry[] }).__events.slice());
}

const show = (entries: EventEntry[]) =>
  entries.map((e) => `${e.name} ${Math.round(e.duration)} (${Math.round(e.delay)}+${Math.round(e.processing)}+${Math.round(e.presentation)})`).join(", ");

const pct = (values: number[], p: number) => {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
};

export async function runEditorBench(): Promise<void> {
  await buildIfStale();
  const app = await startServer({ LOG_LEVEL: "warn" });
  const { browser, close } = await launchBrowser({ build: "chromium" });
  try {
    const context = await newContext(browser, { baseURL: app.url });
    const page = await signedInApp(context, app, "Bench BV");
    const { accounts } = await gql(page, "query { accounts { items { id } } }", {});
    const account = accounts.items[0].id as string;
    const { createCustomer } = await gql(page, "mutation($i: CustomerInput!) { createCustomer(input: $i) { id } }", { i: { name: "Klant" } }, account);
    const { createQuote } = await gql(
      page,
      "mutation($i: QuoteInput!) { createQuote(input: $i) { id } }",
      {
        i: {
          name: "Bench",
          customerId: createCustomer.id,
          language: "NL",
          currency: "EUR",
          quoteDateAt: "2026-01-01",
          quoteExpirationAt: "2099-01-01",
          signable: true,
        },
      },
      account,
    );
    const quoteId = createQuote.id as string;
    const line = (n: number) => ({
      name: `Regel ${n}`,
      description: "Omschrijving",
      price: "125.50",
      amount: "2",
      vatRate: n % 3 === 0 ? "9" : "21",
      optional: n % 7 === 0,
      selected: true,
      recurring: false,
    });
    const text = { type: "doc", content: [{ type: "paragraph", content: [{ type: "text", text: "Lorem ipsum dolor sit amet. ".repeat(10) }] }] };
    // The blocks, alternately pricing and text, created in the page (one request each, in order).
    // (No named functions inside: the bench runs through tsx, whose helpers do not exist in the page.)
    const pricingIds: string[] = await page.evaluate(
      async ({ quoteId, account, blocks, lines, text }) => {
        const ids: string[] = [];
        for (let b = 0; b < blocks; b++) {
          const pricing = b % 2 === 0;
          const request = pricing
            ? {
                query: "mutation($q: ID!, $i: PricingBlockInput!) { block: createPricingQuoteBlock(quoteId: $q, input: $i) { id } }",
                variables: { q: quoteId, i: { name: `Prijzen ${b / 2 + 1}`, pricingUnit: "NONE", lineItems: lines } },
              }
            : {
                query: "mutation($q: ID!, $i: TextBlockInput!) { block: createTextQuoteBlock(quoteId: $q, input: $i) { id } }",
                variables: { q: quoteId, i: { name: `Tekst ${(b + 1) / 2}`, content: text } },
              };
          const response = await fetch("/graphql", {
            method: "POST",
            headers: { "content-type": "application/json", "x-graphql-csrf": "1", account },
            body: JSON.stringify(request),
          });
          const body = await response.json();
          if (body.errors) throw new Error(JSON.stringify(body.errors));
          if (pricing) ids.push(body.data.block.id);
        }
        return ids;
      },
      { quoteId, account, blocks: BLOCKS, lines: Array.from({ length: LINES_PER_BLOCK }, (_, i) => line(i + 1)), text },
    );
    // Typed in: a pricing block in the middle of the quote.
    const typedBlock = pricingIds[Math.floor(pricingIds.length / 2)];
    const cdp = await context.newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_SLOWDOWN });

    const profileDir = process.env.BENCH_PROFILE;
    if (profileDir) await mkdir(profileDir, { recursive: true });
    /**
     * Runs `act` with event timing on; `name` names the profile files. `steady`: a 1 px element on a
     * compositor-only animation keeps headless Chromium's display drawing every frame, as a screen
     * does. Without it, a keystroke whose frame changes little (e.g. only the input's text) is
     * often not drawn until the next frame that is (Viz: "Draw skipped"): the Event Timing duration
     * then ends at the NEXT keystroke's frame (200–400 ms) although the renderer had finished
     * (commit) within 40–80 ms. Measured both ways; docs/decisions/039-editor-at-scale.md.
     */
    const measure = async (name: string, steady: boolean, act: () => Promise<void>) => {
      if (steady) await page.addStyleTag({ content: KEEP_DRAWING });
      const events = await watchEvents(page);
      // BENCH_PROFILE=<dir>: a CPU profile of the renderer (DevTools' Profiler domain) and a trace
      // (renderer, compositor, Viz) around the interaction: <name>.cpuprofile, <name>.trace.json.
      if (profileDir) {
        await cdp.send("Profiler.enable");
        await cdp.send("Profiler.setSamplingInterval", { interval: 200 });
        await cdp.send("Profiler.start");
        await browser.startTracing(page, { path: path.join(profileDir, `${name}.trace.json`), categories: TRACE_CATEGORIES });
      }
      await act();
      if (profileDir) {
        await browser.stopTracing();
        const { profile } = await cdp.send("Profiler.stop");
        await writeFile(path.join(profileDir, `${name}.cpuprofile`), JSON.stringify(profile));
      }
      const entries = await events();
      if (profileDir) console.log(`${name}: duration (input delay + processing + presentation), ms: ${show(entries)}`);
      return entries.map((e) => e.duration);
    };

    // Typing in line 11 of a 20-line block: a price, then the line's name (which the line's
    // legend shows): 8 + 11 keystrokes. The page is opened afresh for each run.
    const typeInLine = async (steady: boolean) => {
      await open(page, `/nl/app/quoteblock/mutate/${quoteId}/${typedBlock}`);
      const line = page.getByTestId("line-item").nth(10);
      const price = line.getByLabel("Prijs");
      await price.waitFor();
      await price.fill("");
      return measure(steady ? "typing" : "typing-raw", steady, async () => {
        await price.pressSequentially("1.234,56", { delay: 120 });
        await line.getByTestId("line-name").pressSequentially(" extra werk", { delay: 120 });
        await page.waitForTimeout(500);
      });
    };
    // One keyboard reorder on the quote page: the 6th block one place down (pick up, move, drop; saved).
    const reorderBlock = async (steady: boolean) => {
      await open(page, `/nl/app/quotes/mutate/${quoteId}`);
      await page
        .getByTestId("block-item")
        .nth(BLOCKS - 1)
        .waitFor();
      await page.getByTestId("drag-handle").nth(5).focus();
      return measure(steady ? "reorder" : "reorder-raw", steady, async () => {
        for (const key of ["Space", "ArrowDown", "Space"]) {
          await page.keyboard.press(key);
          await page.waitForTimeout(300);
        }
        await page.waitForTimeout(800);
      });
    };
    // The steady display first (the headline figures, on the colder page), then as before.
    const typed = await typeInLine(true);
    const moved = await reorderBlock(true);
    const typedRaw = await typeInLine(false);
    const movedRaw = await reorderBlock(false);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 1 });

    const row = (interaction: string, values: number[]) => ({
      interaction,
      events: values.length,
      p50: fmt(pct(values, 50), 0),
      p95: fmt(pct(values, 95), 0),
      max: fmt(Math.max(0, ...values), 0),
    });
    const typingLabel = `typing in a line (${LINES_PER_BLOCK} lines, live totals; quote of ${BLOCKS} blocks)`;
    const reorderLabel = `keyboard reorder (${BLOCKS} blocks)`;
    console.log(
      `\nEditor interaction latency (Event Timing duration, ms; ${CPU_SLOWDOWN}× CPU slowdown; target ≤ 200; load average ${os.loadavg()[0].toFixed(1)} on ${os.cpus().length} CPUs)`,
    );
    table([
      row(`${typingLabel}, display drawing every frame`, typed),
      row(`${reorderLabel}, display drawing every frame`, moved),
      row(`${typingLabel}, headless display as is`, typedRaw),
      row(`${reorderLabel}, headless display as is`, movedRaw),
    ]);
    console.log("(events under 16 ms are not reported by the browser; 0 events means every interaction took < 16 ms)");
    const c = `editor (4× CPU, ${BLOCKS} blocks)`;
    report.figure({
      case: c,
      measure: "typing in a line, p95 (Event Timing)",
      value: pct(typed, 95) ?? 0,
      unit: "ms",
      against: { label: "headless display as is", value: pct(typedRaw, 95) ?? 0 },
      target: "≤ 200 ms",
      met: (pct(typed, 95) ?? 0) <= 200,
    });
    report.figure({
      case: c,
      measure: "keyboard reorder, p95",
      value: pct(moved, 95) ?? 0,
      unit: "ms",
      against: { label: "headless display as is", value: pct(movedRaw, 95) ?? 0 },
      target: "≤ 200 ms",
      met: (pct(moved, 95) ?? 0) <= 200,
    });
    await context.close();
  } finally {
    await close();
    await app.stop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) await runEditorBench();
