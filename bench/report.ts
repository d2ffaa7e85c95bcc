import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";

/**
 * The one performance report. A benchmark case prints its own detail tables as it likes, and hands
 * its headline figures to `report.figure(…)`: one row each, with what it is measured against (the
 * physical limit on the same machine in the same run: a bare server, a static copy…) and its
 * target. `npm run bench` prints all figures as one table at the end and writes them, with the
 * command, the machine and the date, to bench/RESULTS.md; a run of some cases replaces their rows
 * there (`report.update`).
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

/** The section a full run keeps the notes of the partial runs before it in. */
const EARLIER = "Partial runs before the last full run";

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
    const lines = [
      "# Offerly performance report",
      "",
      `- Command: \`${command}\``,
      `- Date: ${new Date().toISOString()}`,
      `- Machine: ${machine()}`,
      `- Node.js ${process.version}${commit() ? `, commit ${commit()}` : ""}`,
      "",
      "Every ratio compares two figures measured side by side in this run (value ÷ reference).",
      "",
      "| Case | Measure | Value | Reference | Ratio | Target | Errors |",
      "|---|---|---|---|---|---|---|",
      ...this.rows().map(tableRow),
      "",
    ];
    for (const s of sections) lines.push(`## ${s.title}`, "", ...s.lines, "");
    return lines.join("\n");
  },
  /**
   * A full run writes the report anew: header, table and its cases' sections. The report's other
   * sections (written by hand: a decision's side-by-side figures and method) stay, after them.
   */
  write(file: string, command: string) {
    const own = new Set(sections.map((s) => `## ${s.title}`));
    const kept: string[] = [];
    // The notes of the partial runs before this one: their rows are replaced, their words kept.
    const earlier: string[] = [];
    if (fs.existsSync(file)) {
      let keep = false;
      const previous = fs.readFileSync(file, "utf8").split("\n");
      const ran = previous.find((line) => line.startsWith("- Date: "))?.slice(8) ?? "?";
      for (const line of previous) {
        if (line.startsWith("## ")) keep = !own.has(line) && line !== `## ${EARLIER}`;
        if (keep) kept.push(line);
        if (line.startsWith("- Re-run since: ")) earlier.push(line);
      }
      if (earlier.length) kept.push(`## ${EARLIER}`, "", `After the full run of ${ran}, whose rows this run replaces:`, "", ...earlier, "");
    }
    fs.writeFileSync(file, [this.markdown(command).replace(/\n+$/, "\n"), ...kept].join("\n").replace(/\n*$/, "\n"));
    console.log(`\nWrote ${file}`);
  },
  /**
   * A run of some cases (`npm run bench -- editor`) replaces those cases' rows in an existing
   * report, where they stood, and says so under the header (which cases, when, at which commit,
   * the load): the other rows stay the full run's. Their detail sections are replaced by title.
   */
  update(file: string, command: string) {
    if (!fs.existsSync(file) || figures.length === 0) return;
    const lines = fs.readFileSync(file, "utf8").split("\n");
    const caseOf = (line: string) => /^\| (.*?) \| /.exec(line)?.[1]?.replaceAll("\\|", "|");
    const fresh = new Map<string, string[]>();
    for (const row of this.rows()) fresh.set(row.case, [...(fresh.get(row.case) ?? []), tableRow(row)]);
    const tableStart = lines.findIndex((line) => line.startsWith("|---"));
    if (tableStart < 0) return;
    let tableEnd = tableStart + 1;
    while (tableEnd < lines.length && lines[tableEnd].startsWith("| ")) tableEnd++;
    const table: string[] = [];
    const placed = new Set<string>();
    for (const line of lines.slice(tableStart + 1, tableEnd)) {
      const label = caseOf(line);
      if (label === undefined || !fresh.has(label)) table.push(line);
      else if (!placed.has(label)) {
        table.push(...(fresh.get(label) ?? []));
        placed.add(label);
      }
    }
    for (const [label, rows] of fresh) if (!placed.has(label)) table.push(...rows);
    const note = `- Re-run since: \`${command}\` on ${new Date().toISOString()}, ${commit() ? `commit ${commit()}, ` : ""}Node.js ${process.version}, load average ${loadAverage()} at the end; its rows replace the full run's`;
    // Under the header's list, after the notes of other partial runs (one of the same command goes).
    const header = lines.slice(0, tableStart - 3).filter((line) => !line.startsWith(`- Re-run since: \`${command}\` `));
    let insertAt = header.length;
    while (insertAt > 0 && !header[insertAt - 1].startsWith("- ")) insertAt--;
    header.splice(insertAt, 0, note);
    let rest = lines.slice(tableEnd);
    for (const s of sections) {
      const at = rest.indexOf(`## ${s.title}`);
      const body = [`## ${s.title}`, "", ...s.lines, ""];
      if (at < 0) {
        rest.push(...body);
        continue;
      }
      let end = at + 1;
      while (end < rest.length && !rest[end].startsWith("## ")) end++;
      rest = [...rest.slice(0, at), ...body, ...rest.slice(end)];
    }
    fs.writeFileSync(file, [...header, ...lines.slice(tableStart - 3, tableStart + 1), ...table, ...rest].join("\n"));
    console.log(`\nUpdated ${file}: ${[...fresh.keys()].join("; ")}`);
  },
};

function commit(): string {
  try {
    return execFileSync("git", ["rev-parse", "--short", "HEAD"], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim();
  } catch {
    return ""; // not a git checkout
  }
}

function loadAverage(): string {
  return os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(" / ");
}

function machine(): string {
  const cpus = os.cpus();
  return `${cpus.length} × ${cpus[0]?.model.trim() ?? "unknown CPU"}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, ${os.type()} ${os.release()}, load average ${loadAverage()} at the end (shared machine: compare ratios, not absolute figures)`;
}

function tableRow(r: ReturnType<typeof report.rows>[number]): string {
  const esc = (s: string | number) => String(s).replaceAll("|", "\\|");
  return `| ${esc(r.case)} | ${esc(r.measure)} | ${esc(r.value)} | ${esc(r.against)} | ${esc(r.ratio)} | ${esc(r.target)} | ${esc(r.errors)} |`;
}
