// A vitest reporter (scripts/test.mjs adds it): where the run's time went. Per project: files, tests,
// wall time (first file started → last file ended) and the files' summed time; then the slowest
// files with their import (collect) and set-up shares. Also writes the same figures as JSON to
// OFFERLY_TIMINGS_FILE when set, for the caller's summary.
import fs from "node:fs";
import path from "node:path";
import { stripVTControlCharacters } from "node:util";

const TOP = Number(process.env.OFFERLY_TIMINGS_TOP ?? 15);
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
const firstLine = (message) =>
  stripVTControlCharacters(message ?? "")
    .split("\n")
    .find((line) => line.trim()) ?? "(no message)";

export default class TimingReporter {
  onInit(vitest) {
    this.root = vitest.config.root;
  }

  onTestRunEnd(testModules) {
    const projects = new Map();
    const files = [];
    /** Each failed test (or file that failed outside its tests) with its project and its message's first line. */
    const failures = [];
    const distinct = new Set();
    for (const module of testModules) {
      const name = module.project.name || "(root)";
      const d = module.diagnostic();
      const tests = [...module.children.allTests()];
      // A file's time: preparing its worker, setting up, importing (collecting) it, then running it.
      const before = d.prepareDuration + d.setupDuration + d.collectDuration;
      const started = (module.task.result?.startTime ?? 0) - before;
      const file = {
        project: name,
        file: path.relative(this.root, module.moduleId),
        duration: before + d.duration,
        collect: d.collectDuration,
        setup: d.setupDuration,
        tests: tests.length,
        started,
        ended: started + before + d.duration,
      };
      files.push(file);
      const p = projects.get(name) ?? {
        project: name,
        files: 0,
        tests: 0,
        passed: 0,
        failed: 0,
        skipped: 0,
        summed: 0,
        start: Number.POSITIVE_INFINITY,
        end: 0,
      };
      p.files += 1;
      p.tests += tests.length;
      for (const t of tests) {
        distinct.add(`${path.relative(this.root, module.moduleId)} > ${t.fullName}`);
        const state = t.result().state;
        if (state === "passed") p.passed += 1;
        else if (state === "failed") {
          p.failed += 1;
          failures.push(`[${name}] ${path.relative(this.root, module.moduleId)} > ${t.fullName}\n      ${firstLine(t.result().errors?.[0]?.message)}`);
        } else p.skipped += 1;
      }
      // A file that failed outside its tests (import, set-up, a hook): no test of it is failed.
      if (module.state() === "failed" && !tests.some((t) => t.result().state === "failed"))
        failures.push(`[${name}] ${path.relative(this.root, module.moduleId)} (the file itself)\n      ${firstLine(module.errors()[0]?.message)}`);
      p.summed += file.duration;
      if (started > 0) p.start = Math.min(p.start, started);
      p.end = Math.max(p.end, file.ended);
      projects.set(name, p);
    }
    const rows = [...projects.values()].map((p) => ({ ...p, wall: p.end > p.start ? p.end - p.start : 0 }));
    const lines = ["", "Time per project (wall = first file start to last file end; summed = the files' own times):"];
    for (const p of rows) {
      lines.push(
        `  ${p.project.padEnd(22)} ${String(p.files).padStart(3)} files ${String(p.tests).padStart(5)} tests (${p.passed} passed, ${p.failed} failed, ${p.skipped} skipped)  wall ${seconds(p.wall).padStart(8)}  summed ${seconds(p.summed).padStart(8)}`,
      );
    }
    lines.push(
      `  ${files.length} file runs, ${rows.reduce((n, p) => n + p.tests, 0)} test runs, ${distinct.size} distinct tests (file and name, whatever the project)`,
    );
    lines.push(`Slowest ${Math.min(TOP, files.length)} files (prepare + set-up + import + run; of which import and set-up):`);
    for (const f of [...files].sort((a, b) => b.duration - a.duration).slice(0, TOP)) {
      lines.push(
        `  ${seconds(f.duration).padStart(8)}  import ${seconds(f.collect).padStart(7)}  setup ${seconds(f.setup).padStart(6)}  ${f.project.padEnd(22)} ${f.file}`,
      );
    }
    if (fs.existsSync("/proc/loadavg")) lines.push(`(load average ${fs.readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ")})`);
    if (failures.length) lines.push(`Failed (${failures.length}):`, ...failures.map((f) => `  - ${f}`));
    console.log(lines.join("\n"));
    if (process.env.OFFERLY_TIMINGS_FILE) fs.writeFileSync(process.env.OFFERLY_TIMINGS_FILE, JSON.stringify({ projects: rows, files, failures }, null, 2));
  }
}
