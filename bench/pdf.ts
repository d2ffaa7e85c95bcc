// The quote PDF (issue 13; issue 27 item 5): the realistic input of the tests (10 blocks, 40 lines,
// a logo, a typed and a drawn signature, 6 evidence rows), rendered with @react-pdf (page numbers
// stamped with pdf-lib) and sealed with @signpdf, in English and Dutch: the path the
// render-quote-pdf job takes (`produceSealedQuotePdf`: `renderQuotePdfDocument` then
// `sealPdfDocument`). The first render of the process (fonts loading) is printed apart; p50/p95
// of render and of seal after it. The headline, as before: p95 of render + p95 of seal (at least
// the p95 of their sum), and the CPU time of render + seal (p50). Prints figures; no pass/fail.
// Decision 067: the server makes the PDF in a worker thread (`renderSealedQuotePdfInWorker`);
// measured side by side with the same PDF made on this thread: the wall time per PDF, and the
// longest the calling thread's event loop was held up during one (perf_hooks
// monitorEventLoopDelay: the time this server could answer no request). The worker's first PDF is
// a new thread's (modules and fonts loading; from source, through tsx, as `npm run dev` and the
// tests run it).
// Decision 083: the worker runs with a larger young generation than this thread (render-pool.ts);
// its p95 is reported against the target too.
// Decision 070: the server warms the worker up after start (render-pool.ts `warmPdfWorker`); the
// first real PDF of a worker warmed up that way is measured against a cold worker's first PDF.
// Decision 097: the series are measured as the server runs, after that warm-up (the worker: the
// server's own `warmPdfWorker()`; this thread, the control: the same warm-up quote rendered as
// often here). The target (≤ 500 ms p95) is the worker's, where the server makes every PDF; the
// calling thread's figures are a control (V8's default heap there).
import os from "node:os";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { closePdfWorker, produceSealedQuotePdf, renderSealedQuotePdfInWorker } from "../src/server/pdf/index";
import { PDF_WARM_UP_ROUNDS, warmPdfWorker } from "../src/server/pdf/render-pool";
import { renderQuotePdfDocument } from "../src/server/pdf/quote-pdf";
import { createSelfSignedP12, sealPdfDocument, sealerFromP12, verifyPdfSeal } from "../src/server/pdf/seal";
import { warmUpPdfRenderer } from "../src/server/pdf/warm-up";
import { realisticPdfInput } from "../tests/support/quote-pdf";
import { fmt } from "./lib";
import { report } from "./report";

const pct = (samples: number[], p: number) => [...samples].sort((a, b) => a - b)[Math.min(samples.length - 1, Math.floor((p / 100) * samples.length))];
const cpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

/** The call's wall time and the longest this thread's event loop was blocked meanwhile (ms). */
async function blocked<T>(call: () => Promise<T>): Promise<{ value: T; ms: number; stallMs: number }> {
  const delay = monitorEventLoopDelay({ resolution: 5 });
  delay.enable();
  const t0 = performance.now();
  const value = await call();
  const ms = performance.now() - t0;
  delay.disable();
  // The histogram holds delays beyond the resolution; none recorded: 0.
  return { value, ms, stallMs: delay.count > 0 ? delay.max / 1e6 : 0 };
}

export async function benchPdf(runs = Number(process.env.BENCH_PDF_RUNS ?? 10)) {
  console.log(
    `\nQuote PDF (load average ${os.loadavg()[0].toFixed(1)} on ${os.cpus().length} CPUs): 10 blocks, 40 lines, 2 signatures, 6 evidence rows (${runs} runs per language, after a warm-up)`,
  );
  const sealer = sealerFromP12(createSelfSignedP12("bench.offerly.test", "bench"), "bench", "generated");
  for (const language of ["ENG", "NL"] as const) {
    const input = await realisticPdfInput(language);
    const first = await blocked(() => produceSealedQuotePdf(input, sealer));
    const warm = first.value;
    const warmMs = first.ms;
    if (!verifyPdfSeal(warm).valid) throw new Error("the sealed PDF does not verify");
    // This thread warmed up as the server warms its worker (decision 097), once for both languages.
    if (language === "ENG") await warmUpPdfRenderer(PDF_WARM_UP_ROUNDS);
    const render: number[] = [];
    const renderCpu: number[] = [];
    const seal: number[] = [];
    const totalCpu: number[] = [];
    let bytes = 0;
    for (let i = 0; i < runs; i++) {
      const t0 = performance.now();
      const cpu0 = cpuMs();
      const doc = await renderQuotePdfDocument(input, { sealedBy: sealer.signerName });
      renderCpu.push(cpuMs() - cpu0);
      const t1 = performance.now();
      const sealed = await sealPdfDocument(doc, sealer);
      totalCpu.push(cpuMs() - cpu0);
      render.push(t1 - t0);
      seal.push(performance.now() - t1);
      bytes = sealed.length;
    }
    // ENG: a cold worker's first PDF (modules and fonts loading), then a new worker warmed up as the
    // server does after start and its first real PDF; NL: the first Dutch PDF of that warm worker.
    const workerFirst = await blocked(() => renderSealedQuotePdfInWorker(input, sealer));
    if (!verifyPdfSeal(workerFirst.value.pdf).valid) throw new Error("the worker's sealed PDF does not verify");
    if (language === "ENG") {
      await closePdfWorker();
      const warmStart = performance.now();
      await warmPdfWorker();
      const warmUpMs = performance.now() - warmStart;
      const afterWarmUp = await blocked(() => renderSealedQuotePdfInWorker(input, sealer));
      if (!verifyPdfSeal(afterWarmUp.value.pdf).valid) throw new Error("the warmed-up worker's sealed PDF does not verify");
      report.figure({
        case: "quote PDF (ENG)",
        measure: "first PDF of a worker warmed up at start (decisions 070, 097)",
        value: afterWarmUp.ms,
        unit: "ms",
        against: { label: "first PDF of a cold worker", value: workerFirst.ms },
        note: `the warm-up itself (${PDF_WARM_UP_ROUNDS} rounds) ${fmt(warmUpMs, 0)} ms; load ${os.loadavg()[0].toFixed(1)}`,
      });
      console.log(
        `  ENG  first PDF of a worker warmed up at start: ${fmt(afterWarmUp.ms, 0)} ms (a cold worker's: ${fmt(workerFirst.ms, 0)} ms; the warm-up, ${PDF_WARM_UP_ROUNDS} rounds: ${fmt(warmUpMs, 0)} ms)`,
      );
    }
    // The same PDF on this thread and in the (warm) worker, alternately: wall time and this thread's longest stall.
    const here = { ms: [] as number[], stall: [] as number[] };
    const inWorker = { ms: [] as number[], stall: [] as number[] };
    // Control: the longest stall of this thread doing nothing for as long (a loaded machine's scheduling).
    const idleStall: number[] = [];
    for (let i = 0; i < runs; i++) {
      const a = await blocked(() => produceSealedQuotePdf(input, sealer));
      here.ms.push(a.ms);
      here.stall.push(a.stallMs);
      const b = await blocked(() => renderSealedQuotePdfInWorker(input, sealer));
      inWorker.ms.push(b.ms);
      inWorker.stall.push(b.stallMs);
      idleStall.push((await blocked(() => new Promise((resolve) => setTimeout(resolve, b.ms)))).stallMs);
    }
    if (language === "ENG")
      report.figure({
        case: "quote PDF (ENG)",
        measure: "calling thread's longest stall, first PDF (modules and fonts loading): in the worker",
        value: workerFirst.stallMs,
        unit: "ms",
        against: { label: "made on the calling thread", value: first.stallMs },
        note: `load ${os.loadavg()[0].toFixed(1)}`,
      });
    report.figure({
      case: `quote PDF (${language})`,
      measure: "calling thread's longest stall during a warm PDF, p95: in the worker",
      value: pct(inWorker.stall, 95),
      unit: "ms",
      against: { label: "made on the calling thread", value: pct(here.stall, 95) },
      note: `idle control ${fmt(pct(idleStall, 95), 0)} ms; load ${os.loadavg()[0].toFixed(1)}`,
    });
    report.figure({
      case: `quote PDF (${language})`,
      measure: "render + seal, wall p50: in the worker",
      value: pct(inWorker.ms, 50),
      unit: "ms",
      against: { label: "made on the calling thread", value: pct(here.ms, 50) },
    });
    console.log(
      `  ${language.padEnd(3)}  main thread: PDF p50 ${fmt(pct(here.ms, 50), 0)} ms · p95 ${fmt(pct(here.ms, 95), 0)} ms, longest stall p50 ${fmt(pct(here.stall, 50), 0)} ms · p95 ${fmt(pct(here.stall, 95), 0)} ms (first PDF of the process ${fmt(first.ms, 0)} ms, stall ${fmt(first.stallMs, 0)} ms)`,
    );
    console.log(
      `  ${language.padEnd(3)}  worker:      PDF p50 ${fmt(pct(inWorker.ms, 50), 0)} ms · p95 ${fmt(pct(inWorker.ms, 95), 0)} ms, longest stall p50 ${fmt(pct(inWorker.stall, 50), 0)} ms · p95 ${fmt(pct(inWorker.stall, 95), 0)} ms (first PDF of the worker ${fmt(workerFirst.ms, 0)} ms, stall ${fmt(workerFirst.stallMs, 0)} ms)`,
    );
    console.log(`  ${language.padEnd(3)}  idle control: longest stall p50 ${fmt(pct(idleStall, 50), 0)} ms · p95 ${fmt(pct(idleStall, 95), 0)} ms`);
    const total = pct(render, 95) + pct(seal, 95);
    // The control: this thread (V8's default heap), warmed up the same way; the target is the worker's below.
    report.figure({
      case: `quote PDF (${language})`,
      measure: "render + seal on the calling thread (control), p95",
      value: total,
      unit: "ms",
      note: `${Math.round(bytes / 1024)} KB; load ${os.loadavg()[0].toFixed(1)}`,
    });
    // CPU time of this process for render + seal: less at the mercy of other processes than the wall clock on a shared machine.
    report.figure({ case: `quote PDF (${language})`, measure: "render + seal, CPU ms of the process, p50", value: pct(totalCpu, 50), unit: "ms" });
    // Decisions 083 and 097: the server makes every PDF in the worker (its own heap settings,
    // render-pool.ts, warmed up after start): the target is its wall time per PDF (render + seal and
    // the messages, one p95), 10 blocks and 40 lines.
    report.figure({
      case: `quote PDF (${language})`,
      measure: "render + seal in the PDF worker, wall p95 (10 blocks, 40 lines)",
      value: pct(inWorker.ms, 95),
      unit: "ms",
      target: "≤ 500 ms",
      met: pct(inWorker.ms, 95) <= 500,
      note: `load ${os.loadavg()[0].toFixed(1)}`,
    });
    console.log(
      `  ${language.padEnd(3)}  render p50 ${fmt(pct(render, 50), 0)} ms · p95 ${fmt(pct(render, 95), 0)} ms (CPU p50 ${fmt(pct(renderCpu, 50), 0)} ms)   seal p50 ${fmt(pct(seal, 50), 0)} ms · p95 ${fmt(pct(seal, 95), 0)} ms   ${Math.round(bytes / 1024)} KB   (first of the process${language === "ENG" ? ", fonts loading" : ""}: ${fmt(warmMs, 0)} ms)`,
    );
  }
  await closePdfWorker();
}
