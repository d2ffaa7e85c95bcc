// Lists at 10,000 quotes through GraphQL (issue 27 item 4): the quotes list as the web app asks for
// it (QuotesQuery's fields: total, lifecycle, customer…), page 1, a page in the middle and the last
// page, a search, the dashboard's latest quotes and the customers list, in one account with 2,000
// customers and 10,000 quotes of 3 lines each, plus two quotes of 2,000 lines (100 pricing blocks ×
// 20): the newest (on page 1) and the oldest (on the last page). p50/p95 over 30 runs each, after every
// case ran 10 times (a warm process, decision 087).
// Prints figures; no pass/fail.
import os from "node:os";
import { sql } from "drizzle-orm";
import { createApp } from "../src/server/app";
import { parseConfig } from "../src/server/config";
import { accountUsers, accounts, users } from "../src/server/db/schema";
import { createLogger } from "../src/server/logger";
import { createMailer } from "../src/server/mail/mailer";
import { createSession } from "../src/server/modules/identity/sessions";
import { fmt } from "./lib";
import { open } from "./quotes";
import { report } from "./report";

const QUOTE_FIELDS =
  "id quoteNumber name status displayStatus lifecycle { state actions } total currency quoteDateAt quoteExpirationAt customer { id name } customerDetails { name }";
const PAGE_FIELDS = "totalCount page pageSize";
const QUOTES = `query ($page: Int, $pageSize: Int, $search: String) { quotes(page: $page, pageSize: $pageSize, search: $search) { ${PAGE_FIELDS} items { ${QUOTE_FIELDS} } } }`;
// After issue 27 item 4: the cursor the web app's "next" and "previous" send (absent before: skipped).
const QUOTES_AFTER = `query ($page: Int, $pageSize: Int, $after: String) { quotes(page: $page, pageSize: $pageSize, after: $after) { ${PAGE_FIELDS} endCursor items { ${QUOTE_FIELDS} } } }`;
const LATEST = "query { quotes(page: 1, pageSize: 5) { totalCount items { id quoteNumber name displayStatus lifecycle { state } customerDetails { name } } } }";
const CUSTOMERS = `query ($page: Int, $pageSize: Int, $search: String) { customers(page: $page, pageSize: $pageSize, search: $search, sort: NAME_ASC) { ${PAGE_FIELDS} items { id name companyName totalQuotes totalSignedQuotes } } }`;

const pct = (samples: number[], p: number) => [...samples].sort((a, b) => a - b)[Math.min(samples.length - 1, Math.floor((p / 100) * samples.length))];

/** The bench's account: 2,000 customers, 10,000 quotes (two of 2,000 lines), analysed; its id and a session token. */
export async function seedLists(db: Awaited<ReturnType<typeof open>>["db"]) {
  const [account] = await db.insert(accounts).values({ name: "Lists bench BV", country: "NL" }).returning();
  const a = account.id;
  const [user] = await db
    .insert(users)
    .values({ email: `lists-${Date.now()}@example.test`, name: "Bench" })
    .returning();
  await db.insert(accountUsers).values({ accountId: a, userId: user.id, role: "owner" });
  const { token } = await createSession(db, { userId: user.id, method: "email-link" });
  await db.execute(
    sql`insert into customers (account_id, name, company_name) select ${a}, 'Customer ' || g, 'Company ' || (g % 97) from generate_series(1, 2000) g`,
  );
  // Quote g was made g minutes after the first: 10,000 is the newest, 1 the oldest.
  await db.execute(sql`insert into quotes (account_id, customer_id, quote_number, name, slug, nano_id, language, currency, quote_date, expiration_date, created_at)
    select ${a}, c.id, '2026-' || lpad(g::text, 5, '0'), 'Quote ' || g, 'quote-' || g, md5(g::text) || 'xx', 'ENG', 'EUR', date '2026-01-01', date '2099-01-01',
           timestamptz '2026-01-01' + g * interval '1 minute'
    from generate_series(1, 10000) g join lateral (select id from customers where account_id = ${a} order by id offset (g % 2000) limit 1) c on true`);
  await db.execute(
    sql`insert into quote_blocks (quote_id, kind, position, name, pricing_unit) select id, 'PRICING', 0, 'Work', 'DAY' from quotes where account_id = ${a} and quote_number not in ('2026-10000', '2026-00001')`,
  );
  await db.execute(
    sql`insert into quote_line_items (block_id, position, name, price_cents, amount, vat_rate) select b.id, g, 'Line ' || g, 12500 + g, 1.5, 21 from quote_blocks b join quotes q on q.id = b.quote_id, generate_series(0, 2) g where q.account_id = ${a}`,
  );
  // The two big quotes: 100 pricing blocks × 20 lines each.
  await db.execute(sql`insert into quote_blocks (quote_id, kind, position, name, pricing_unit)
    select q.id, 'PRICING', g, 'Block ' || g, 'DAY' from quotes q, generate_series(0, 99) g where q.account_id = ${a} and q.quote_number in ('2026-10000', '2026-00001')`);
  await db.execute(sql`insert into quote_line_items (block_id, position, name, description, price_cents, amount, vat_rate, optional, selected)
    select b.id, g, 'Line ' || g, 'Description', 12500 + g, 1.5, case when g % 3 = 0 then 9 else 21 end, g % 7 = 0, true
    from quote_blocks b join quotes q on q.id = b.quote_id, generate_series(0, 19) g where q.account_id = ${a} and q.quote_number in ('2026-10000', '2026-00001')`);
  // Stored totals (issue 27 item 4): what the start-up backfill does after the upgrade (absent before).
  const backfill = await import("../src/server/modules/quotes/quote-totals.service").catch(() => null);
  if (backfill) await backfill.backfillQuoteTotals(db);
  await db.execute(sql`analyze`);
  return { a, token };
}

export async function benchLists(kind: "pglite" | "postgres", url?: string) {
  const handle = await open(kind, url);
  const db = handle.db;
  try {
    const { a, token } = await seedLists(db);

    const config = parseConfig({ NODE_ENV: "production", LOG_LEVEL: "silent", DATA_DIR: "/tmp/offerly-bench", PUBLIC_URL: "http://127.0.0.1" });
    const log = createLogger("silent");
    const app = createApp({
      config,
      db,
      log,
      mail: createMailer({ from: config.mailFrom, outboxDir: "/tmp/offerly-bench/mail", log }),
      ping: handle.ping,
      graphqlLimits: { budget: 1e12 },
    });
    const headers = { "content-type": "application/json", "x-graphql-csrf": "1", authorization: `Bearer ${token}`, account: a };
    const gql = async (query: string, variables: Record<string, unknown> = {}) => {
      const response = await app.fetch(new Request("http://127.0.0.1/graphql", { method: "POST", headers, body: JSON.stringify({ query, variables }) }));
      const body = (await response.json()) as { data?: Record<string, unknown>; errors?: unknown[] };
      if (body.errors) throw new Error(JSON.stringify(body.errors).slice(0, 500));
      return body.data as Record<string, { items: { quoteNumber?: string; total?: string }[]; endCursor?: string; totalCount: number }>;
    };
    const timed = async (query: string, variables: Record<string, unknown>, check?: (data: Awaited<ReturnType<typeof gql>>) => void) => {
      const first = await gql(query, variables); // warm
      check?.(first);
      const samples: number[] = [];
      const cpu0 = process.cpuUsage();
      for (let i = 0; i < 30; i++) {
        const t0 = performance.now();
        await gql(query, variables);
        samples.push(performance.now() - t0);
      }
      // CPU of this process a request (the app, and on PGlite the database too): steadier than the
      // wall clock on a shared machine, where waiting for a core costs no CPU.
      const cpu = process.cpuUsage(cpu0);
      return { p50: pct(samples, 50), p95: pct(samples, 95), cpu: (cpu.user + cpu.system) / 1000 / 30 };
    };
    const has = (number: string) => (data: Awaited<ReturnType<typeof gql>>) => {
      if (!data.quotes.items.some((q) => q.quoteNumber === number)) throw new Error(`page without quote ${number}`);
    };
    const cases: [string, string, Record<string, unknown>, ((data: Awaited<ReturnType<typeof gql>>) => void)?][] = [
      ["quotes page 1 (with a 2,000-line quote)", QUOTES, { page: 1, pageSize: 20 }, has("2026-10000")],
      ["quotes page 2 (3-line quotes only)", QUOTES, { page: 2, pageSize: 20 }],
      ["quotes page 250 (middle) by number", QUOTES, { page: 250, pageSize: 20 }],
      ["quotes page 500 (last, with a 2,000-line quote) by number", QUOTES, { page: 500, pageSize: 20 }, has("2026-00001")],
      ["quotes search 'customer 19' (page 1)", QUOTES, { page: 1, pageSize: 20, search: "customer 19" }],
      ["quotes search 'quote 99' (page 1)", QUOTES, { page: 1, pageSize: 20, search: "quote 99" }],
      ["dashboard latest quotes (5)", LATEST, {}],
      ["customers page 1", CUSTOMERS, { page: 1, pageSize: 20 }],
      ["customers page 100 (last) by number", CUSTOMERS, { page: 100, pageSize: 20 }],
    ];
    // "Next" from page 499 (keyset), when the API has cursors.
    const supportsCursor = await gql(QUOTES_AFTER, { page: 499, pageSize: 20 }).then(
      (d) => d.quotes.endCursor,
      () => null,
    );
    if (supportsCursor)
      cases.push(["quotes page 500 (last) by cursor (next)", QUOTES_AFTER, { page: 500, pageSize: 20, after: supportsCursor }, has("2026-00001")]);
    // A warm process first (decision 087): every case 10 times before any is timed. Without it the
    // first case timed (page 1) paid the JIT's warm-up and the collection of the seed's garbage
    // (one 12 ms pause), ~4–6 ms of CPU a request more than the same page timed later.
    for (let round = 0; round < 10; round++) for (const [, query, variables] of cases) await gql(query, variables);
    const results: Record<string, { p50: number; p95: number; cpu: number }> = {};
    for (const [name, query, variables, check] of cases) results[name] = await timed(query, variables, check);

    console.log(
      `\nLists through GraphQL on ${kind === "pglite" ? "PGlite" : "PostgreSQL"}: 10,000 quotes (two of 2,000 lines), 2,000 customers (ms, 30 runs each)`,
    );
    console.log(
      `  machine: ${os.cpus().length} CPUs, load average ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(" / ")}`,
    );
    for (const [name, r] of Object.entries(results))
      console.log(`  ${name.padEnd(58)} p50 ${fmt(r.p50).padStart(7)}  p95 ${fmt(r.p95).padStart(7)}  CPU/request ${fmt(r.cpu).padStart(6)}`);
    for (const [name, r] of Object.entries(results)) {
      const target = name.includes("search") ? 15 : 10;
      report.figure({
        case: `lists via GraphQL at 10,000 quotes (${kind})`,
        measure: `${name}, p95`,
        value: r.p95,
        unit: "ms",
        target: `≤ ${target} ms`,
        met: r.p95 <= target,
      });
    }
  } finally {
    if (handle.drop) await handle.drop();
    else await handle.close();
  }
}
