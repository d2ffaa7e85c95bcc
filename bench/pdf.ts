// The quote PDF (issue 13; issue 27 item 5): the realistic input of the tests (10 blocks, 40 lines,
// a logo, a typed and a drawn signature, 6 evidence rows), rendered with @react-pdf (page numbers
// stamped with pdf-lib) and sealed with @signpdf, in English and Dutch: the path the
// render-quote-pdf job takes (`produceSealedQuotePdf`: `renderQuotePdfDocument` then
// `sealPdfDocument`). The first render of the process (fonts loading) is printed apart; p50/p95
// of render and of seal after it. The headline, as before: p95 of render + p95 of seal (at least
// the p95 of their sum), and the CPU time of render + seal (p50). Prints figures; no pass/fail.
import os from "node:os";
import { produceSealedQuotePdf } from "../src/server/pdf/index";
import { renderQuotePdfDocument } from "../src/server/pdf/quote-pdf";
import { createSelfSignedP12, sealPdfDocument, sealerFromP12, verifyPdfSeal } from "../src/server/pdf/seal";
import { realisticPdfInput } from "../tests/support/quote-pdf";
import { fmt } from "./lib";
import { report } from "./report";

const pct = (samples: number[], p: number) => [...samples].sort((a, b) => a - b)[Math.min(samples.length - 1, Math.floor((p / 100) * samples.length))];
const cpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

export async function benchPdf(runs = Number(process.env.BENCH_PDF_RUNS ?? 10)) {
  console.log(
    `\nQuote PDF (load average ${os.loadavg()[0].toFixed(1)} on ${os.cpus().length} CPUs): 10 blocks, 40 lines, 2 signatures, 6 evidence rows (${runs} runs per language, after a warm-up)`,
  );
  const sealer = sealerFromP12(createSelfSignedP12("bench.offerly.test", "bench"), "bench", "generated");
  for (const language of ["ENG", "NL"] as const) {
    const input = await realisticPdfInput(language);
    const w0 = performance.now();
    const warm = await produceSealedQuotePdf(input, sealer);
    const warmMs = performance.now() - w0;
    if (!verifyPdfSeal(warm).valid) throw new Error("the sealed PDF does not verify");
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
    const total = pct(render, 95) + pct(seal, 95);
    report.figure({
      case: `quote PDF (${language})`,
      measure: "render + seal, p95 (10 blocks, 40 lines)",
      value: total,
      unit: "ms",
      target: "≤ 500 ms",
      met: total <= 500,
      note: `${Math.round(bytes / 1024)} KB; load ${os.loadavg()[0].toFixed(1)}`,
    });
    // CPU time of this process for render + seal: less at the mercy of other processes than the wall clock on a shared machine.
    report.figure({ case: `quote PDF (${language})`, measure: "render + seal, CPU ms of the process, p50", value: pct(totalCpu, 50), unit: "ms" });
    console.log(
      `  ${language.padEnd(3)}  render p50 ${fmt(pct(render, 50), 0)} ms · p95 ${fmt(pct(render, 95), 0)} ms (CPU p50 ${fmt(pct(renderCpu, 50), 0)} ms)   seal p50 ${fmt(pct(seal, 50), 0)} ms · p95 ${fmt(pct(seal, 95), 0)} ms   ${Math.round(bytes / 1024)} KB   (first of the process${language === "ENG" ? ", fonts loading" : ""}: ${fmt(warmMs, 0)} ms)`,
    );
  }
}
