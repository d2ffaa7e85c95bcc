// In-process A/B of the lists (decision 084): the app of another commit (a copy, AB_BEFORE, e.g.
// `git archive <commit> | tar -x -C /tmp/lists-before` with node_modules linked) and of this tree, on
// one database with the lists bench's load, requests alternated A B B A, same answers checked. A
// shared machine's load then weighs on both sides alike. Run with NODE_OPTIONS=--preserve-symlinks
// (each tree its own Pothos): `NODE_OPTIONS=--preserve-symlinks AB_AFTER=/tmp/lists-after npx tsx bench/lists-ab.ts pglite|postgres`,
// the after side a copy too (see below). An A/A run: AB_AFTER a second copy of the before side.
import { seedLists } from "./lists";
import { open } from "./quotes";
const kind = (process.argv[2] ?? "pglite") as "pglite" | "postgres";
const N = Number(process.env.AB_RUNS ?? 100);
const handle = await open(kind, kind === "postgres" ? process.env.BENCH_DATABASE_URL : undefined);
const db = handle.db;
const { a, token } = await seedLists(db);
async function makeApp(root: string) {
  const { createApp } = await import(`${root}/src/server/app.ts`);
  const { parseConfig } = await import(`${root}/src/server/config.ts`);
  const { createLogger } = await import(`${root}/src/server/logger.ts`);
  const { createMailer } = await import(`${root}/src/server/mail/mailer.ts`);
  const config = parseConfig({ NODE_ENV: "production", LOG_LEVEL: "silent", DATA_DIR: "/tmp/offerly-bench", PUBLIC_URL: "http://127.0.0.1" });
  const log = createLogger("silent");
  return createApp({
    config,
    db,
    log,
    mail: createMailer({ from: config.mailFrom, outboxDir: "/tmp/offerly-bench/mail", log }),
    ping: handle.ping,
    graphqlLimits: { budget: 1e12 },
  });
}
// Both sides should be copies with node_modules linked (decision 087): a side loaded from this
// tree shares its modules (drizzle, PGlite's JS, GraphQL) with the harness, whose seed left their
// functions' type feedback polymorphic — that side then costs ~1 ms CPU a request more on the
// searches, whatever its code (the after side of decision 084's A/B was this tree).
const here = new URL("..", import.meta.url).pathname.replace(/\/$/, "");
const roots = { before: process.env.AB_BEFORE ?? "/tmp/lists-before", after: process.env.AB_AFTER ?? here };
for (const [side, root] of Object.entries(roots))
  if (root.replace(/\/$/, "") === here) console.log(`warning: the ${side} side is the harness's own tree (it shares the harness's modules): use a copy`);
const apps = {
  before: await makeApp(roots.before),
  after: await makeApp(roots.after),
};
const headers = { "content-type": "application/json", "x-graphql-csrf": "1", authorization: `Bearer ${token}`, account: a };
const QF =
  "id quoteNumber name status displayStatus lifecycle { state actions } total currency quoteDateAt quoteExpirationAt customer { id name } customerDetails { name }";
const Q = `query ($page: Int, $pageSize: Int, $search: String) { quotes(page: $page, pageSize: $pageSize, search: $search) { totalCount page pageSize items { ${QF} } } }`;
const LATEST = "query { quotes(page: 1, pageSize: 5) { totalCount items { id quoteNumber name displayStatus lifecycle { state } customerDetails { name } } } }";
const CUSTOMERS =
  "query ($page: Int, $pageSize: Int) { customers(page: $page, pageSize: $pageSize, sort: NAME_ASC) { totalCount page pageSize items { id name companyName totalQuotes totalSignedQuotes } } }";
const cases: [string, string, Record<string, unknown>][] = (
  [
    ["quotes page 1", Q, { page: 1, pageSize: 20 }],
    ["quotes page 2", Q, { page: 2, pageSize: 20 }],
    ["quotes page 250", Q, { page: 250, pageSize: 20 }],
    ["quotes page 500", Q, { page: 500, pageSize: 20 }],
    ["search 'customer 19'", Q, { page: 1, pageSize: 20, search: "customer 19" }],
    ["search 'quote 99'", Q, { page: 1, pageSize: 20, search: "quote 99" }],
    ["dashboard latest (5)", LATEST, {}],
    ["customers page 1", CUSTOMERS, { page: 1, pageSize: 20 }],
    ["customers page 100", CUSTOMERS, { page: 100, pageSize: 20 }],
  ] as [string, string, Record<string, unknown>][]
).filter(([name]) => !process.env.AB_CASES || process.env.AB_CASES.split(",").some((c) => name.includes(c)));
const pct = (xs: number[], p: number) => [...xs].sort((x, y) => x - y)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))];
console.log(
  `${kind}: ${N} requests a side a case, alternated; load ${(await import("node:os"))
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(" / ")}`,
);
for (const [name, query, variables] of cases) {
  const body = JSON.stringify({ query, variables });
  const answers: Record<string, string> = {};
  const t: Record<string, number[]> = { before: [], after: [] };
  const cpu: Record<string, number> = { before: 0, after: 0 };
  for (let i = -5; i < N; i++)
    for (const side of (i % 2 ? ["before", "after"] : ["after", "before"]) as ("before" | "after")[]) {
      const c0 = process.cpuUsage();
      const t0 = performance.now();
      const response = await apps[side].fetch(new Request("http://127.0.0.1/graphql", { method: "POST", headers, body }));
      const text = await response.text();
      const ms = performance.now() - t0;
      const c = process.cpuUsage(c0);
      if (i < 0) {
        answers[side] = text;
        continue;
      }
      t[side].push(ms);
      cpu[side] += (c.user + c.system) / 1000;
    }
  if (answers.before !== answers.after) throw new Error(`${name}: different answers\n${answers.before.slice(0, 600)}\n${answers.after.slice(0, 600)}`);
  const row = (s: string) => `p50 ${pct(t[s], 50).toFixed(1)} · p95 ${pct(t[s], 95).toFixed(1)} (CPU ${(cpu[s] / N).toFixed(1)})`;
  console.log(
    `| ${name} | ${row("before")} | ${row("after")} | ${(pct(t.after, 50) / pct(t.before, 50)).toFixed(2)} · ${(pct(t.after, 95) / pct(t.before, 95)).toFixed(2)} |`,
  );
}
if (handle.drop) await handle.drop();
else await handle.close();
