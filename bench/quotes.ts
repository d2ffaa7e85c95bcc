// Customers and quotes at a realistic size: list latency (service level, one account with 2,000
// customers and 10,000 quotes of 3 priced lines each) and quote creation throughput under
// concurrency (numbers stay unique and gapless). Prints figures; no pass/fail.
import { sql } from "drizzle-orm";
import { type DatabaseHandle, openDatabase } from "../src/server/db/client";
import { accounts } from "../src/server/db/schema";
import { findCustomers } from "../src/server/modules/customers/customers.service";
import { createQuote, findQuotes } from "../src/server/modules/quotes/quotes.service";
import { scratchDatabase } from "../tests/support/scratch-db";
import { report } from "./report";

async function timed(runs: number, fn: () => Promise<unknown>) {
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await fn();
    samples.push(performance.now() - t0);
  }
  samples.sort((a, b) => a - b);
  return { p50: samples[Math.floor(runs / 2)], p95: samples[Math.floor(runs * 0.95)] };
}

export async function open(kind: "pglite" | "postgres", url?: string): Promise<DatabaseHandle & { drop?: () => Promise<void> }> {
  if (kind === "pglite") {
    const h = await openDatabase({ kind: "pglite" });
    await h.migrate();
    return h;
  }
  const scratch = await scratchDatabase(url!, "offerly_bench_");
  const h = await openDatabase({ kind: "postgres", url: scratch.url, poolSize: 20 });
  await h.migrate();
  return {
    ...h,
    drop: async () => {
      await h.close();
      await scratch.drop();
    },
  };
}

export async function benchQuotes(kind: "pglite" | "postgres", url?: string) {
  const h = await open(kind, url);
  const db = h.db;
  const [account] = await db.insert(accounts).values({ name: "Bench BV" }).returning();
  const a = account.id;
  await db.execute(
    sql`insert into customers (account_id, name, company_name) select ${a}, 'Customer ' || g, 'Company ' || (g % 97) from generate_series(1, 2000) g`,
  );
  await db.execute(sql`insert into quotes (account_id, customer_id, quote_number, name, slug, nano_id, language, currency, quote_date, expiration_date)
    select ${a}, c.id, '2026-' || lpad(g::text, 5, '0'), 'Quote ' || g, 'quote-' || g, md5(g::text) || 'xx', 'ENG', 'EUR', date '2026-01-01', date '2099-01-01'
    from generate_series(1, 10000) g join lateral (select id from customers where account_id = ${a} order by id offset (g % 2000) limit 1) c on true`);
  await db.execute(
    sql`insert into quote_blocks (quote_id, kind, position, name, pricing_unit) select id, 'PRICING', 0, 'Work', 'DAY' from quotes where account_id = ${a}`,
  );
  await db.execute(
    sql`insert into quote_line_items (block_id, position, name, price_cents, amount) select b.id, g, 'Line ' || g, 12500 + g, 1.5 from quote_blocks b, generate_series(0, 2) g`,
  );
  await db.execute(sql`analyze`);

  const page = { offset: 0, limit: 20 };
  const results = {
    "customers: page 1 by name": await timed(30, () => findCustomers(db, a, { search: null, sort: "NAME_ASC", ...page })),
    "customers: most quotes first": await timed(30, () => findCustomers(db, a, { search: null, sort: "MOST_QUOTES", ...page })),
    "customers: search 'company 4'": await timed(30, () => findCustomers(db, a, { search: "company 4", sort: "NAME_ASC", ...page })),
    "quotes: page 1 (20, with totals)": await timed(30, () => findQuotes(db, a, { status: null, search: null, ...page })),
    "quotes: 100 per page with totals": await timed(30, () => findQuotes(db, a, { status: null, search: null, offset: 0, limit: 100 })),
    "quotes: search by customer name": await timed(30, () => findQuotes(db, a, { status: null, search: "customer 19", ...page })),
    "quotes: status EXPIRED filter": await timed(30, () => findQuotes(db, a, { status: "EXPIRED", search: null, ...page })),
  };
  console.log(`\nCustomers and quotes on ${kind} (2,000 customers, 10,000 quotes, 30,000 lines; ms)`);
  for (const [name, r] of Object.entries(results)) console.log(`  ${name.padEnd(36)} p50 ${r.p50.toFixed(1).padStart(6)}  p95 ${r.p95.toFixed(1).padStart(6)}`);

  // Creation throughput: 200 quotes, 20 at a time, in a fresh account (numbers from 0001).
  const [fresh] = await db.insert(accounts).values({ name: "Busy BV" }).returning();
  const [{ id: customerId }] = (
    (await db.execute(sql`insert into customers (account_id, name) values (${fresh.id}, 'C') returning id`)) as unknown as { rows: { id: string }[] }
  ).rows;
  const input = {
    name: "Q",
    customerId,
    language: "ENG" as const,
    currency: "EUR" as const,
    quoteDateAt: "2026-01-01",
    quoteExpirationAt: "2026-02-01",
    signable: true,
  };
  const t0 = performance.now();
  const numbers: string[] = [];
  for (let batch = 0; batch < 10; batch++) {
    const made = await Promise.all(Array.from({ length: 20 }, () => createQuote(db, fresh.id, input)));
    numbers.push(...made.map((q) => q.quoteNumber));
  }
  const seconds = (performance.now() - t0) / 1000;
  const sequence = numbers.map((n) => Number(n.split("-")[1])).sort((x, y) => x - y);
  const gapless = sequence.every((n, i) => n === i + 1);
  console.log(`  createQuote ×200 (20 concurrent): ${(200 / seconds).toFixed(0)}/s, ${new Set(numbers).size} distinct numbers, gapless: ${gapless}`);
  for (const [name, r] of Object.entries(results))
    report.figure({ case: `lists at 10,000 quotes (${kind})`, measure: `${name}, p95`, value: r.p95, unit: "ms" });
  report.figure({
    case: `lists at 10,000 quotes (${kind})`,
    measure: "createQuote, 20 concurrent",
    value: 200 / seconds,
    unit: "quotes/s",
    target: "numbers distinct and gapless",
    met: gapless && new Set(numbers).size === 200,
  });
  if (h.drop) await h.drop();
  else await h.close();
}
