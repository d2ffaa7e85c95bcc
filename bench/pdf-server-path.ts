// The quote PDF as a server makes it (decision 097), for side-by-side runs of two trees: a new PDF
// worker, the tree's own warm-up (`warmPdfWorker()`, as main.ts calls it after start), then N real
// PDFs (the bench's quote), English and Dutch alternating; prints one JSON line (first PDF, p50,
// p95, the series). From the tree measured, so that tsx reads its tsconfig:
// `cd /other/tree && NODE_ENV=production npx tsx /work/main/bench/pdf-server-path.ts "$PWD"` (BENCH_PDF_RUNS, default 20).
import { performance } from "node:perf_hooks";
import os from "node:os";
const root = process.argv[2] ?? process.cwd();
const pool = await import(`${root}/src/server/pdf/render-pool.ts`);
const seal = await import(`${root}/src/server/pdf/seal.ts`);
const support = await import(`${root}/tests/support/quote-pdf.ts`);
const sealer = seal.sealerFromP12(seal.createSelfSignedP12("bench.offerly.test", "bench"), "bench", "generated");
const inputs = [await support.realisticPdfInput("ENG"), await support.realisticPdfInput("NL")];
const w0 = performance.now();
await pool.warmPdfWorker();
const warmMs = performance.now() - w0;
const n = Number(process.env.BENCH_PDF_RUNS ?? 20);
const ts: number[] = [];
for (let i = 0; i < n; i++) {
  const t0 = performance.now();
  await pool.renderSealedQuotePdfInWorker(inputs[i % 2], sealer);
  ts.push(performance.now() - t0);
}
const s = [...ts].sort((a, b) => a - b);
const pct = (p: number) => s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
console.log(
  JSON.stringify({
    root,
    load: os.loadavg()[0],
    warmMs: Math.round(warmMs),
    first: Math.round(ts[0]),
    p50: Math.round(pct(50)),
    p95: Math.round(pct(95)),
    max: Math.round(s[s.length - 1]),
    series: ts.map(Math.round).join(" "),
  }),
);
await pool.closePdfWorker();
process.exit(0);
