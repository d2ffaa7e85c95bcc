// Blocks at the size (issue 10): a quote with 200 blocks (100 text, 100 pricing) and 2,000
// lines, loaded through GraphQL with every block field and the totals, and one line saved
// (updatePricingQuoteBlock replaces the block's 20 lines in one transaction). p50/p95, and the SQL
// statements per load at 20 and at 200 blocks (must not grow). Prints figures; no pass/fail.
import os from "node:os";
import { sql } from "drizzle-orm";
import { createApp } from "../src/server/app";
import { parseConfig } from "../src/server/config";
import { accountUsers, accounts, customers, users } from "../src/server/db/schema";
import { createLogger } from "../src/server/logger";
import { createMailer } from "../src/server/mail/mailer";
import { createSession } from "../src/server/modules/identity/sessions";
import { createQuote } from "../src/server/modules/quotes/quotes.service";
import { fmt } from "./lib";
import { open } from "./quotes";
import { report } from "./report";

const TOTALS =
  "oneOff { subtotal discount totalExclVat vat { rate base vat } vatTotal totalInclVat } recurring { interval totalExclVat vatTotal totalInclVat }";
const LOAD = `query ($id: ID!) { quote(id: $id) { id name total totals { ${TOTALS} } quoteBlocks { __typename id name content position ... on PricingQuoteBlock { pricingUnit discountType discountValue totals { ${TOTALS} } quoteLineItems { id name description price amount vatRate discountType discountValue optional selected recurring total } } } } }`;
const SAVE = "mutation ($id: ID!, $i: PricingBlockInput!) { updatePricingQuoteBlock(id: $id, input: $i) { id totals { oneOff { totalInclVat } } } }";

const pct = (samples: number[], p: number) => [...samples].sort((a, b) => a - b)[Math.min(samples.length - 1, Math.floor((p / 100) * samples.length))];

export async function benchBlocks(kind: "pglite" | "postgres", url?: string) {
  const handle = await open(kind, url);
  const db = handle.db;
  // Count SQL statements: every call into the driver.
  const client = (db as unknown as { $client: Record<string, (...args: unknown[]) => Promise<unknown>> }).$client;
  let statements = 0;
  for (const name of ["query", "exec"]) {
    if (typeof client[name] !== "function") continue;
    const original = client[name].bind(client);
    client[name] = (...args: unknown[]) => {
      statements++;
      return original(...args);
    };
  }
  try {
    const [account] = await db.insert(accounts).values({ name: "Blocks bench BV", country: "NL" }).returning();
    const [user] = await db
      .insert(users)
      .values({ email: `blocks-${Date.now()}@example.test`, name: "Bench" })
      .returning();
    await db.insert(accountUsers).values({ accountId: account.id, userId: user.id, role: "owner" });
    const { token } = await createSession(db, { userId: user.id, method: "email-link" });
    const [customer] = await db.insert(customers).values({ accountId: account.id, name: "Bakkerij" }).returning();
    const values = {
      name: "Big quote",
      customerId: customer.id,
      language: "NL" as const,
      currency: "EUR" as const,
      quoteDateAt: "2026-11-01",
      quoteExpirationAt: "2026-12-01",
      signable: true,
    };
    const seed = async (blocks: number) => {
      const quote = await createQuote(db, account.id, values);
      const doc = JSON.stringify({
        type: "doc",
        content: [{ type: "paragraph", content: [{ type: "text", text: "Lorem ipsum dolor sit amet. ".repeat(10) }] }],
      });
      await db.execute(sql`insert into quote_blocks (quote_id, kind, position, name, content, pricing_unit)
        select ${quote.id}, case when g % 2 = 0 then 'TEXT' else 'PRICING' end, g, 'Block ' || g, ${doc}::jsonb, case when g % 2 = 0 then null else 'DAY' end
        from generate_series(0, ${blocks - 1}) g`);
      await db.execute(sql`insert into quote_line_items (block_id, position, name, description, price_cents, amount, vat_rate, optional, selected)
        select b.id, g, 'Line ' || g, 'Description', 12500 + g, 1.5, case when g % 3 = 0 then 9 else 21 end, g % 7 = 0, true
        from quote_blocks b, generate_series(0, 19) g where b.quote_id = ${quote.id} and b.kind = 'PRICING'`);
      return quote.id;
    };
    const small = await seed(20);
    const big = await seed(200);
    await db.execute(sql`analyze`);

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
    const headers = { "content-type": "application/json", "x-graphql-csrf": "1", authorization: `Bearer ${token}`, account: account.id };
    const gql = async (query: string, variables: Record<string, unknown>) => {
      const response = await app.fetch(new Request("http://127.0.0.1/graphql", { method: "POST", headers, body: JSON.stringify({ query, variables }) }));
      const body = (await response.json()) as { data?: Record<string, unknown>; errors?: unknown[] };
      if (body.errors) throw new Error(JSON.stringify(body.errors).slice(0, 500));
      return body.data;
    };

    const perLoad = async (id: string) => {
      await gql(LOAD, { id }); // warm
      statements = 0;
      await gql(LOAD, { id });
      return statements;
    };
    const [s20, s200] = [await perLoad(small), await perLoad(big)];
    const loaded = (await gql(LOAD, { id: big })) as { quote: { quoteBlocks: { id: string; __typename: string; quoteLineItems?: unknown[] }[] } };
    const lines = loaded.quote.quoteBlocks.reduce((n, b) => n + (b.quoteLineItems?.length ?? 0), 0);

    const loadMs: number[] = [];
    for (let i = 0; i < 30; i++) {
      const t0 = performance.now();
      await gql(LOAD, { id: big });
      loadMs.push(performance.now() - t0);
    }
    const pricing = loaded.quote.quoteBlocks.find((b) => b.__typename === "PricingQuoteBlock")!;
    const lineInput = (i: number, price: string) => ({
      name: `Line ${i}`,
      description: "Description",
      price,
      amount: "1.5",
      vatRate: i % 3 === 0 ? "9" : "21",
      optional: false,
      selected: true,
      recurring: false,
    });
    const saveMs: number[] = [];
    for (let i = 0; i < 30; i++) {
      const input = {
        name: "Block 1",
        pricingUnit: "DAY",
        lineItems: Array.from({ length: 20 }, (_, j) => lineInput(j, j === 0 ? `${125 + i}.00` : "125.00")),
      };
      const t0 = performance.now();
      await gql(SAVE, { id: pricing.id, i: input });
      saveMs.push(performance.now() - t0);
    }
    console.log(
      `\nBlocks on ${kind === "pglite" ? "PGlite" : "PostgreSQL"}: a quote with ${loaded.quote.quoteBlocks.length} blocks and ${lines} lines (ms, 30 runs each)`,
    );
    console.log(`  machine: ${os.cpus().length} CPUs, load average ${os.loadavg()[0].toFixed(1)} (figures stretch with the load)`);
    console.log(
      `  load through GraphQL (every block field + totals)  p50 ${fmt(pct(loadMs, 50)).padStart(7)}  p95 ${fmt(pct(loadMs, 95)).padStart(7)}  (target p95 ≤ 150)`,
    );
    console.log(`  save one line (updatePricingQuoteBlock, 20 lines)   p50 ${fmt(pct(saveMs, 50)).padStart(7)}  p95 ${fmt(pct(saveMs, 95)).padStart(7)}`);
    console.log(`  SQL statements per load: ${s20} at 20 blocks, ${s200} at 200 blocks (ratio ${(s200 / s20).toFixed(2)}; must not grow)`);
    const c = `blocks: ${loaded.quote.quoteBlocks.length} blocks, ${lines} lines (${kind})`;
    report.figure({ case: c, measure: "load through GraphQL, p95", value: pct(loadMs, 95), unit: "ms", target: "≤ 150 ms", met: pct(loadMs, 95) <= 150 });
    report.figure({ case: c, measure: "save one line, p95", value: pct(saveMs, 95), unit: "ms" });
    report.figure({
      case: c,
      measure: "SQL statements per load at 200 blocks",
      value: s200,
      unit: "statements",
      against: { label: "at 20 blocks", value: s20 },
      target: "does not grow",
      met: s200 <= s20,
    });
  } finally {
    if (handle.drop) await handle.drop();
    else await handle.close();
  }
}
