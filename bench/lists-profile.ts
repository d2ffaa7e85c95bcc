// Where a list request's time goes (decision 084): the lists bench's load, then for each case the
// statements it runs (timed at the driver), the rest of the request (session, GraphQL, mapping,
// JSON), and EXPLAIN ANALYZE of each statement. A profiling aid, not a benchmark: prints, no rows.
// `npx tsx bench/lists-profile.ts pglite|postgres [case…]` (postgres: BENCH_DATABASE_URL).
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
  // "Next" from page 499 (its cursor is read after the seed).
  cursor500: [QUOTES, { page: 500, pageSize: 20, after: "" }],
  customer19: [QUOTES, { page: 1, pageSize: 20, search: "customer 19" }],
  quote99: [QUOTES, { page: 1, pageSize: 20, search: "quote 99" }],
  latest: [LATEST, {}],
  customers1: [CUSTOMERS, { page: 1, pageSize: 20 }],
  customers100: [CUSTOMERS, { page: 100, pageSize: 20 }],
};

type Statement = { text: string; params: unknown[]; ms: number };
const kind = (process.argv[2] ?? "pglite") as "pglite" | "postgres";
const only = process.argv.slice(3);
const handle = await open(kind, kind === "postgres" ? process.env.BENCH_DATABASE_URL : undefined);
const db = handle.db;
const { a, token } = await seedLists(db);
// PROFILE_SQL: statements to run after the seed (e.g. "vacuum quotes"), ';'-separated.
for (const statement of (process.env.PROFILE_SQL ?? "").split(";").filter((s) => s.trim())) await db.execute(sql.raw(statement));
let log: Statement[] | null = null;
// Time every statement at the driver (PGlite's query, the pool's query). The lists' named statements
// on PGlite (decision 087) go past `query` (src/server/db/pglite-named.ts): not listed here.
const client = (db as unknown as { $client: { query: (...args: unknown[]) => Promise<unknown> } }).$client;
const original = client.query.bind(client);
client.query = async (...args: unknown[]) => {
  const t0 = performance.now();
  try {
    return await original(...args);
  } finally {
    const text = typeof args[0] === "string" ? args[0] : (args[0] as { text: string }).text;
    const params = (Array.isArray(args[1]) ? args[1] : ((args[0] as { values?: unknown[] }).values ?? [])) as unknown[];
    log?.push({ text, params, ms: performance.now() - t0 });
  }
};
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
CASES.cursor500[1].after = (await gql(QUOTES, { page: 499, pageSize: 20 }))?.quotes?.endCursor;
const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)];
const short = (text: string) => text.replace(/\s+/g, " ").slice(0, 110);
try {
  for (const [name, [query, variables]] of Object.entries(CASES)) {
    if (only.length && !only.includes(name)) continue;
    await gql(query, variables);
    await gql(query, variables);
    const totals: number[] = [];
    const cpus: number[] = [];
    const perStatement: number[][] = [];
    let texts: Statement[] = [];
    for (let i = 0; i < 40; i++) {
      log = [];
      const c0 = process.cpuUsage();
      const t0 = performance.now();
      await gql(query, variables);
      totals.push(performance.now() - t0);
      const c = process.cpuUsage(c0);
      cpus.push((c.user + c.system) / 1000);
      for (const [j, s] of log.entries()) {
        perStatement[j] ??= [];
        perStatement[j].push(s.ms);
      }
      texts = log;
      log = null;
    }
    const sqlMs = perStatement.reduce((sum, xs) => sum + median(xs), 0);
    console.log(
      `\n== ${kind} ${name}: request median ${median(totals).toFixed(2)} ms (CPU ${median(cpus).toFixed(2)}), statements ${sqlMs.toFixed(2)} ms, rest ${(median(totals) - sqlMs).toFixed(2)} ms`,
    );
    for (const [j, s] of texts.entries()) console.log(`  ${median(perStatement[j]).toFixed(2).padStart(6)} ms  ${short(s.text)}`);
    if (process.env.EXPLAIN)
      for (const s of texts) {
        if (/^(begin|commit|set)/i.test(s.text)) continue;
        const plan = (await original(`explain (analyze, ${process.env.EXPLAIN === "costs" ? "costs on" : "costs off"}, summary on) ${s.text}`, s.params)) as {
          rows: Record<string, string>[];
        };
        console.log(`  --- ${short(s.text)}\n${plan.rows.map((r) => `      ${Object.values(r)[0]}`).join("\n")}`);
      }
  }
} finally {
  if (handle.drop) await handle.drop();
  else await handle.close();
}
