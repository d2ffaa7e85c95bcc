// Summarises a .cpuprofile: self time by package (or file) and the top functions by self and by
// inclusive time. `npx tsx bench/cpuprofile-summary.ts file.cpuprofile [top]`.
import fs from "node:fs";

type Node = { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[]; hitCount?: number };
const file = process.argv[2];
const top = Number(process.argv[3] ?? 30);
const profile = JSON.parse(fs.readFileSync(file, "utf8")) as { nodes: Node[]; samples: number[]; timeDeltas: number[] };
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map<number, number>();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const selfMs = new Map<number, number>();
for (const [i, id] of profile.samples.entries()) selfMs.set(id, (selfMs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
const total = [...selfMs.values()].reduce((a, b) => a + b, 0);
const where = (url: string) => {
  const m = url.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/);
  if (m) return m[1];
  if (!url) return "(native/vm)";
  return url.replace(/^.*\/(src|bench|tests)\//, "$1/");
};
const add = (map: Map<string, number>, key: string, v: number) => map.set(key, (map.get(key) ?? 0) + v);
const pkgSelf = new Map<string, number>();
const fnSelf = new Map<string, number>();
const fnIncl = new Map<string, number>();
for (const [id, ms] of selfMs) {
  const n = byId.get(id)!;
  add(pkgSelf, where(n.callFrame.url) + (n.callFrame.url ? "" : ` ${n.callFrame.functionName}`), ms);
  add(fnSelf, `${n.callFrame.functionName || "(anon)"} ${where(n.callFrame.url)}:${n.callFrame.lineNumber + 1}`, ms);
  const seen = new Set<string>();
  for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur)) {
    const c = byId.get(cur)!.callFrame;
    const key = `${c.functionName || "(anon)"} ${where(c.url)}:${c.lineNumber + 1}`;
    if (seen.has(key)) continue;
    seen.add(key);
    add(fnIncl, key, ms);
  }
}
const print = (title: string, map: Map<string, number>, n: number) => {
  console.log(`\n${title}`);
  for (const [k, v] of [...map].sort((a, b) => b[1] - a[1]).slice(0, n))
    console.log(`${v.toFixed(0).padStart(7)} ms ${((100 * v) / total).toFixed(1).padStart(5)} %  ${k}`);
};
console.log(`total ${total.toFixed(0)} ms sampled`);
print("self by package", pkgSelf, top);
print("self by function", fnSelf, top);
print("inclusive by function", fnIncl, top * 2);

// BENCH_PROFILE_UNDER="layoutText": self time by function of what runs under that function.
const under = process.env.BENCH_PROFILE_UNDER;
if (under) {
  const sub = new Map<string, number>();
  let subTotal = 0;
  for (const [id, ms] of selfMs) {
    let inside = false;
    for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur)) if (byId.get(cur)!.callFrame.functionName === under) inside = true;
    if (!inside) continue;
    subTotal += ms;
    const n = byId.get(id)!;
    add(sub, `${n.callFrame.functionName || "(anon)"} ${where(n.callFrame.url)}:${n.callFrame.lineNumber + 1}`, ms);
  }
  print(`self time under ${under} (${subTotal.toFixed(0)} ms)`, sub, top);
}
// BENCH_PROFILE_CALLERS="writeSync": the chains above that function (4 frames).
const callers = process.env.BENCH_PROFILE_CALLERS;
if (callers) {
  const chains = new Map<string, number>();
  for (const [id, ms] of selfMs) {
    const n = byId.get(id)!;
    if (n.callFrame.functionName !== callers) continue;
    const chain: string[] = [];
    for (let cur = parent.get(id), k = 0; cur !== undefined && k < 8; cur = parent.get(cur), k++) {
      const c = byId.get(cur)!.callFrame;
      chain.push(`${c.functionName || "(anon)"}@${where(c.url)}:${c.lineNumber + 1}`);
    }
    add(chains, chain.join(" < "), ms);
  }
  print(`callers of ${callers}`, chains, 10);
}
