// Where a list request's CPU goes (decision 087): the lists bench's load, then per case warm-up
// requests, then N requests under the V8 profiler (node:inspector, this process only: the app and,
// on PGlite, the database's WASM), summed by function (self time) and by file, plus the GC time
// seen meanwhile. A profiling aid, not a benchmark: prints, no rows.
// `npx tsx bench/lists-cpu.ts pglite|postgres [case…]` (postgres: BENCH_DATABASE_URL);
// CPU_RUNS (default 200), CPU_WARM (default 50), CPU_TOP (default 25).
import { Session } from "node:inspector/promises";
import { PerformanceObserver } from "node:perf_hooks";
import { sql } from "drizzle-orm";
import { createApp } from "../src/server/app";
import { parseConfig } from "../src/server/config";
import { createLogger } from "../src/server/logger";
import { createMailer } from "../src/server/mail/mailer";
import { seedLists } from "./lists";
import { open } from "./quotes";

const QUOTE_FIELDS =
  "id quoteNumber name status displayStatus lifecycle { state actions } total currency quoteDateAt quoteExpirationAt customer { id name } customerDetails { name }";
const QUOTES = `query ($page: Int, $pageSize: Int, $search: String, $after: String) { quotes(page: $page, pageSize: $pageSize, search: $search, after: $after) { totalCount page pageSize endCursor items { ${QUOTE_FIELDS} } } }`;
const CUSTOMERS = `query ($page: Int, $pageSize: Int) { customers(page: $page, pageSize: $pageSize, sort: NAME_ASC) { totalCount page pageSize items { id name companyName totalQuotes totalSignedQuotes } } }`;
const LATEST = "query { quotes(page: 1, pageSize: 5) { totalCount items { id quoteNumber name displayStatus lifecycle { state } customerDetails { name } } } }";
const CASES: Record<string, [string, Record<string, unknown>]> = {
  page1: [QUOTES, { page: 1, pageSize: 20 }],
  page2: [QUOTES, { page: 2, pageSize: 20 }],
  page250: [QUOTES, { page: 250, pageSize: 20 }],
  page500: [QUOTES, { page: 500, pageSize: 20 }],
  cursor500: [QUOTES, { page: 500, pageSize: 20, after: "(from page 499)" }],
  customer19: [QUOTES, { page: 1, pageSize: 20, search: "customer 19" }],
  quote99: [QUOTES, { page: 1, pageSize: 20, search: "quote 99" }],
  latest: [LATEST, {}],
  customers1: [CUSTOMERS, { page: 1, pageSize: 20 }],
  customers100: [CUSTOMERS, { page: 100, pageSize: 20 }],
};
const kind = (process.argv[2] ?? "pglite") as "pglite" | "postgres";
const only = process.argv.slice(3);
const RUNS = Number(process.env.CPU_RUNS ?? 200);
const WARM = Number(process.env.CPU_WARM ?? 50);
const TOP = Number(process.env.CPU_TOP ?? 25);
const handle = await open(kind, kind === "postgres" ? process.env.BENCH_DATABASE_URL : undefined);
const db = handle.db;
const { a, token } = await seedLists(db);
if (process.env.CPU_VACUUM) await db.execute(sql.raw(process.env.CPU_VACUUM));
const config = parseConfig({ NODE_ENV: "production", LOG_LEVEL: "silent", DATA_DIR: "/tmp/offerly-bench", PUBLIC_URL: "http://127.0.0.1" });
const logger = createLogger("silent");
const app = createApp({
  config,
  db,
  log: logger,
  mail: createMailer({ from: config.mailFrom, outboxDir: "/tmp/offerly-bench/mail", log: logger }),
  ping: handle.ping,
  graphqlLimits: { budget: 1e12 },
});
const headers = { "content-type": "application/json", "x-graphql-csrf": "1", authorization: `Bearer ${token}`, account: a };
const gql = async (query: string, variables: Record<string, unknown>) => {
  const response = await app.fetch(new Request("http://127.0.0.1/graphql", { method: "POST", headers, body: JSON.stringify({ query, variables }) }));
  const body = (await response.json()) as { errors?: unknown; data?: { quotes?: { endCursor: string } } };
  if (body.errors) throw new Error(JSON.stringify(body.errors));
  return body.data;
};
const page499 = await gql(QUOTES, { page: 499, pageSize: 20 });
CASES.cursor500[1].after = page499?.quotes?.endCursor;
let gcMs = 0;
let gcCount = 0;
const gc = new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    gcMs += entry.duration;
    gcCount++;
  }
});
gc.observe({ entryTypes: ["gc"] });
type Node = { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] };
type Profile = { nodes: Node[]; samples: number[]; timeDeltas: number[]; startTime: number; endTime: number };
const session = new Session();
session.connect();
await session.post("Profiler.enable");
await session.post("Profiler.setSamplingInterval", { interval: 100 });
const short = (url: string) =>
  url
    .replace(/^file:\/\//, "")
    .replace(/.*\/node_modules\//, "~/")
    .replace(/.*\/wt-[a-z]+\//, "");
try {
  for (const [name, [query, variables]] of Object.entries(CASES)) {
    if (only.length && !only.includes(name)) continue;
    for (let i = 0; i < WARM; i++) await gql(query, variables);
    gcMs = 0;
    gcCount = 0;
    await session.post("Profiler.start");
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    for (let i = 0; i < RUNS; i++) await gql(query, variables);
    const wall = performance.now() - t0;
    const c = process.cpuUsage(c0);
    const { profile } = (await session.post("Profiler.stop")) as unknown as { profile: Profile };
    await new Promise((r) => setTimeout(r, 10)); // let the GC entries arrive
    const byId = new Map(profile.nodes.map((n) => [n.id, n]));
    const self = new Map<number, number>();
    for (const [i, id] of profile.samples.entries()) self.set(id, (self.get(id) ?? 0) + profile.timeDeltas[i] / 1000);
    const byFunction = new Map<string, number>();
    const byFile = new Map<string, number>();
    for (const [id, ms] of self) {
      const { functionName, url, lineNumber } = byId.get(id)!.callFrame;
      const file = url ? short(url) : `(${functionName || "native"})`;
      const fn = `${functionName || "(anonymous)"} ${file}${url ? `:${lineNumber + 1}` : ""}`;
      byFunction.set(fn, (byFunction.get(fn) ?? 0) + ms);
      byFile.set(file, (byFile.get(file) ?? 0) + ms);
    }
    // CPU_PARENTS=name: who calls the functions of that name (self time by caller).
    if (process.env.CPU_PARENTS) {
      const parent = new Map<number, number>();
      for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
      const callers = new Map<string, number>();
      for (const [id, ms] of self) {
        if (byId.get(id)!.callFrame.functionName !== process.env.CPU_PARENTS) continue;
        const chain: string[] = [];
        let p = parent.get(id);
        while (p !== undefined && chain.length < 4) {
          const f = byId.get(p)!.callFrame;
          chain.push(`${f.functionName || "(anon)"}@${short(f.url).split("/").pop()}:${f.lineNumber + 1}`);
          p = parent.get(p);
        }
        callers.set(chain.join(" < "), (callers.get(chain.join(" < ")) ?? 0) + ms);
      }
      for (const [c, ms] of [...callers].sort((x, y) => y[1] - x[1]).slice(0, 8)) console.log(`  caller ${(ms / RUNS).toFixed(3)}  ${c}`);
    }
    const per = (ms: number) => (ms / RUNS).toFixed(3).padStart(7);
    console.log(
      `\n== ${kind} ${name}: ${RUNS} requests, wall ${(wall / RUNS).toFixed(2)} ms, CPU ${((c.user + c.system) / 1000 / RUNS).toFixed(2)} ms a request; GC ${gcCount} pauses, ${(gcMs / RUNS).toFixed(2)} ms a request`,
    );
    console.log("  by file (ms a request, self):");
    for (const [file, ms] of [...byFile].sort((x, y) => y[1] - x[1]).slice(0, 15)) console.log(`  ${per(ms)}  ${file}`);
    console.log("  by function:");
    for (const [fn, ms] of [...byFunction].sort((x, y) => y[1] - x[1]).slice(0, TOP)) console.log(`  ${per(ms)}  ${fn}`);
  }
} finally {
  session.disconnect();
  gc.disconnect();
  if (handle.drop) await handle.drop();
  else await handle.close();
}
