// Decision 083: the PDF worker's young generation. Two (or more) PDF worker threads in ONE process,
// started as render-pool.ts starts its worker (from source, through tsx) but with different
// `resourceLimits.maxYoungGenerationSizeMb` (48 = V8's default here: 16 MiB semi-spaces), render and
// seal the bench's quote (bench/pdf.ts's input) in turn, one at a time: each render's wall time,
// the process's CPU time (the worker and V8's GC helper threads; the main thread only waits), and
// the worker's GC pauses (perf_hooks "gc" entries, reported by the worker). Same load for all: the
// ratio is the finding. `npx tsx bench/pdf-young-gen.ts`; BENCH_PDF_RUNS (12), BENCH_YOUNG_MB
// ("48,192"), BENCH_PDF_LANGUAGE (ENG).
import fs from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import { pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import type { PdfWorkerReply } from "../src/server/pdf/render-worker";
import { createSelfSignedP12, sealerFromP12 } from "../src/server/pdf/seal";
import { realisticPdfInput } from "../tests/support/quote-pdf";

const runs = Number(process.env.BENCH_PDF_RUNS ?? 12);
const sizes = (process.env.BENCH_YOUNG_MB ?? "48,192").split(",").map(Number);
const language = process.env.BENCH_PDF_LANGUAGE === "NL" ? "NL" : "ENG";

function tsxEsmApi(): string {
  const manifest = createRequire(import.meta.url).resolve("tsx/package.json");
  const pkg = JSON.parse(fs.readFileSync(manifest, "utf8")) as { exports: Record<string, { import: { default: string } }> };
  return new URL(pkg.exports["./esm/api"].import.default, pathToFileURL(manifest)).href;
}

// The worker entry plus a GC counter: the worker posts its GC pause total on request.
const entry = new URL("../src/server/pdf/render-worker.ts", import.meta.url).href;
const boot = (youngMb: number) =>
  new Worker(
    `const { PerformanceObserver } = require("node:perf_hooks"); const { parentPort } = require("node:worker_threads");
     let gcMs = 0, gcCount = 0;
     new PerformanceObserver((l) => { for (const e of l.getEntries()) { gcMs += e.duration; gcCount++; } }).observe({ entryTypes: ["gc"] });
     import(${JSON.stringify(tsxEsmApi())}).then((tsx) => { tsx.register(); return import(${JSON.stringify(entry)}); }).then(() => {
       // Listening only once the entry listens too: a message before that would reach this listener alone.
       parentPort.on("message", (m) => { if (m === "gc") { parentPort.postMessage({ gc: { gcMs, gcCount } }); gcMs = 0; gcCount = 0; } });
       parentPort.postMessage({ ready: true });
     })`,
    { eval: true, name: `pdf-young-${youngMb}`, resourceLimits: { maxYoungGenerationSizeMb: youngMb } },
  );

const sealer = sealerFromP12(createSelfSignedP12("bench.offerly.test", "bench"), "bench", "generated");
const input = await realisticPdfInput(language);
const ready = (w: Worker) => new Promise<void>((resolve) => w.once("message", () => resolve()));
const workers = sizes
  .map((mb) => boot(mb))
  .map((worker, i) => ({
    mb: sizes[i],
    worker,
    ready: ready(worker),
    wall: [] as number[],
    cpu: [] as number[],
    gcMs: [] as number[],
    gcCount: [] as number[],
  }));
let id = 1;
const render = (w: Worker) =>
  new Promise<void>((resolve, reject) => {
    const mine = id++;
    const on = (reply: PdfWorkerReply | { gc: unknown }) => {
      if (!("id" in reply) || reply.id !== mine) return;
      w.off("message", on);
      if (reply.ok) resolve();
      else reject(new Error(reply.error.message));
    };
    w.on("message", on);
    w.postMessage({ id: mine, job: { kind: "quote", input, sealer } });
  });
const gc = (w: Worker) =>
  new Promise<{ gcMs: number; gcCount: number }>((resolve) => {
    const on = (m: { gc?: { gcMs: number; gcCount: number } }) => {
      if (!m.gc) return;
      w.off("message", on);
      resolve(m.gc);
    };
    w.on("message", on);
    w.postMessage("gc");
  });
const cpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
const load0 = os.loadavg()[0];
for (const w of workers) await w.ready;
for (const w of workers) for (let i = 0; i < 3; i++) await render(w.worker); // modules, fonts, JIT
for (const w of workers) await gc(w.worker);
for (let i = 0; i < runs; i++) {
  // Rotate the order each round, so that neither always follows the other.
  for (let k = 0; k < workers.length; k++) {
    const w = workers[(i + k) % workers.length];
    const t0 = performance.now();
    const c0 = cpuMs();
    await render(w.worker);
    w.cpu.push(cpuMs() - c0);
    w.wall.push(performance.now() - t0);
    const g = await gc(w.worker);
    w.gcMs.push(g.gcMs);
    w.gcCount.push(g.gcCount);
  }
}
const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))];
console.log(
  `\nQuote PDF (${language}) in PDF workers of different young generations, ${runs} renders + seals each, load ${load0.toFixed(1)} → ${os.loadavg()[0].toFixed(1)} on ${os.cpus().length} CPUs`,
);
const base = workers[0];
for (const w of workers) {
  const ratio = (f: (x: typeof w) => number) => (w === base ? "" : ` (${(f(w) / f(base)).toFixed(2)}×)`);
  console.log(
    `  young ${String(w.mb).padStart(4)} MB: wall p50 ${pct(w.wall, 50).toFixed(0)}${ratio((x) => pct(x.wall, 50))} · p95 ${pct(w.wall, 95).toFixed(0)}${ratio((x) => pct(x.wall, 95))} ms; CPU p50 ${pct(w.cpu, 50).toFixed(0)}${ratio((x) => pct(x.cpu, 50))} ms; GC pauses p50 ${pct(w.gcMs, 50).toFixed(0)} ms in ${pct(w.gcCount, 50)}`,
  );
}
await Promise.all(workers.map((w) => w.worker.terminate()));
