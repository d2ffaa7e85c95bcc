import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";

/**
 * The one performance report. A benchmark case prints its own detail tables as it likes, and hands
 * its headline figures to `report.figure(…)`: one row each, with what it is measured against (the
 * physical limit on the same machine in the same run: a bare server, a static copy…) and its
 * target. `npm run bench` prints all figures as one table at the end and writes them, with the
 * command, the machine and the date, to bench/RESULTS.md (written only by a run of every case).
 *
 *   import { report } from "./report";
 *   report.figure({ case: "public quote (pglite)", measure: "req/s", value: 812, unit: "req/s",
 *                   against: { label: "bare, same bytes", value: 1650 }, target: "≥ 50 % of bare" });
 */
export type Figure = {
  /** What is measured, e.g. "graphql me (pglite)", "cold start", "statistics overview (1 M events)". */
  case: string;
  /** Which figure of it, e.g. "req/s", "p99", "LCP", "fresh folder". */
  measure: string;
  value: number;
  /** "req/s", "ms", "MB", "%"… */
  unit: string;
  /** The reference measured in the same run; the table shows value ÷ reference. */
  against?: { label: string; value: number };
  /** The goal as text ("≥ 50 % of bare", "≤ 2000 ms"); `met` says whether this run reached it. */
  target?: string;
  met?: boolean;
  errors?: number;
  note?: string;
};

const figures: Figure[] = [];
const sections: { title: string; lines: string[] }[] = [];

const number = (n: number, unit: string) => {
  const digits = unit === "ms" && n < 10 ? 2 : Math.abs(n) < 10 && !Number.isInteger(n) ? 2 : 0;
  return n.toLocaleString("en-US", { maximumFractionDigits: digits, minimumFractionDigits: 0 });
};

export const report = {
  figure(f: Figure) {
    figures.push(f);
  },
  /** Free text (a detail table in Markdown, a remark) added under the figures in RESULTS.md. */
  section(title: string, lines: string[]) {
    sections.push({ title, lines });
  },
  figures: () => [...figures],
  rows() {
    return figures.map((f) => ({
      case: f.case,
      measure: f.measure,
      value: `${number(f.value, f.unit)} ${f.unit}`,
      against: f.against ? `${f.against.label}: ${number(f.against.value, f.unit)} ${f.unit}` : "",
      ratio: f.against?.value ? `${((100 * f.value) / f.against.value).toFixed(0)} %` : "",
      target: f.target ? `${f.target}${f.met === undefined ? "" : f.met ? " ✓" : " ✗"}` : "",
      errors: f.errors ?? "",
    }));
  },
  print() {
    console.log("\n# Summary");
    console.table(this.rows());
  },
  markdown(command: string): string {
    const cpus = os.cpus();
    let commit = "";
    try {
      commit = execFileSync("git", ["rev-parse", "--short", "HEAD"], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim();
    } catch {
      /* not a git checkout */
    }
    const esc = (s: string | number) => String(s).replaceAll("|", "\\|");
    const rows = this.rows();
    const lines = [
      "# Offerly performance report",
      "",
      `- Command: \`${command}\``,
      `- Date: ${new Date().toISOString()}`,
      `- Machine: ${cpus.length} × ${cpus[0]?.model.trim() ?? "unknown CPU"}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, ${os.type()} ${os.release()}, load average ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(" / ")} at the end (shared machine: compare ratios, not absolute figures)`,
      `- Node.js ${process.version}${commit ? `, commit ${commit}` : ""}`,
      "",
      "Every ratio compares two figures measured side by side in this run (value ÷ reference).",
      "",
      "| Case | Measure | Value | Reference | Ratio | Target | Errors |",
      "|---|---|---|---|---|---|---|",
      ...rows.map((r) => `| ${esc(r.case)} | ${esc(r.measure)} | ${esc(r.value)} | ${esc(r.against)} | ${esc(r.ratio)} | ${esc(r.target)} | ${esc(r.errors)} |`),
      "",
    ];
    for (const s of sections) lines.push(`## ${s.title}`, "", ...s.lines, "");
    return lines.join("\n");
  },
  write(file: string, command: string) {
    fs.writeFileSync(file, this.markdown(command));
    console.log(`\nWrote ${file}`);
  },
};
