// Profiles warm renders + seals of the bench's quote (bench/pdf.ts's input) on this thread with the
// inspector: `npx tsx bench/pdf-profile.ts [out.cpuprofile]`; BENCH_PDF_LANGUAGE=NL, BENCH_PDF_RUNS.
// Prints the CPU time per render + seal; the profile opens in Chrome DevTools or
// `npx tsx bench/cpuprofile-summary.ts out.cpuprofile`.
import fs from "node:fs";
import { Session } from "node:inspector/promises";
import os from "node:os";
import { produceSealedQuotePdf } from "../src/server/pdf/index";
import { createSelfSignedP12, sealerFromP12 } from "../src/server/pdf/seal";
import { realisticPdfInput } from "../tests/support/quote-pdf";

const out = process.argv[2] ?? "/tmp/pdf.cpuprofile";
const runs = Number(process.env.BENCH_PDF_RUNS ?? 6);
const language = process.env.BENCH_PDF_LANGUAGE === "NL" ? "NL" : "ENG";
const sealer = sealerFromP12(createSelfSignedP12("bench.offerly.test", "bench"), "bench", "generated");
const input = await realisticPdfInput(language);
for (let i = 0; i < 3; i++) await produceSealedQuotePdf(input, sealer);
const session = new Session();
session.connect();
await session.post("Profiler.enable");
await session.post("Profiler.setSamplingInterval", { interval: 200 });
await session.post("Profiler.start");
const cpu: number[] = [];
for (let i = 0; i < runs; i++) {
  const c0 = process.cpuUsage();
  await produceSealedQuotePdf(input, sealer);
  const c = process.cpuUsage(c0);
  cpu.push((c.user + c.system) / 1000);
}
const { profile } = await session.post("Profiler.stop");
fs.writeFileSync(out, JSON.stringify(profile));
console.log(`${language}, load ${os.loadavg()[0].toFixed(1)}: CPU ms per render + seal ${cpu.map((c) => c.toFixed(0)).join(", ")}; profile ${out}`);
process.exit(0);
