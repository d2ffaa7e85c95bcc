import type http from "node:http";
import { getRequestListener } from "@hono/node-server";
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import { createApp, nodeListener } from "../src/server/app";
import { parseConfig } from "../src/server/config";
import type { DatabaseHandle } from "../src/server/db/client";
import { accountUsers, accounts, sessions, users } from "../src/server/db/schema";
import type { GraphQLLimits } from "../src/server/graphql/yoga";
import { createLogger } from "../src/server/logger";
import { createMailer } from "../src/server/mail/mailer";
import { loadQuoteTotals } from "../src/server/modules/blocks/blocks.service";
import { SESSION_IDLE_MS, authenticate, createSession } from "../src/server/modules/identity/sessions";
import { hashToken } from "../src/server/modules/identity/tokens";
import { findQuotes } from "../src/server/modules/quotes/quotes.service";
import { displayStatus } from "../src/shared/quote-status";
import { centsToString } from "../src/shared/totals";
import { type LoadResult, fmt, listen, load } from "./lib";
import { open } from "./quotes";
import { report } from "./report";

/**
 * The price of the stack: GraphQL operations through Hono + Yoga + Pothos + the session lookup and
 * the request budget, against a bare node:http handler that runs the same SQL and returns the same
 * JSON. Cases: `me` (one row) and `quotes` (a page of 20 with their totals). Every server is
 * measured in interleaved rounds in the same run (the machine is shared: medians of the rounds).
 * Variants show what a lever is worth, side by side.
 */
const QUOTES_QUERY = "{ quotes(pageSize: 20) { totalCount items { id quoteNumber name displayStatus total customer { name } } } }";

type Server = { label: string; url: string; close: () => Promise<void> };

export async function benchGraphqlVsBare(kind: "pglite" | "postgres", url?: string, options: { rounds?: number; seconds?: number } = {}) {
  const rounds = options.rounds ?? 5;
  const seconds = options.seconds ?? 2;
  const handle: DatabaseHandle & { drop?: () => Promise<void> } = await open(kind, url);
  const db = handle.db;
  const config = parseConfig({ NODE_ENV: "production", LOG_LEVEL: "silent", DATA_DIR: "/tmp/offerly-bench" });
  const log = createLogger("silent");
  const mail = createMailer({ from: config.mailFrom, outboxDir: "/tmp/offerly-bench/mail", log });

  // One owner with an account of 200 quotes (3 priced lines each) and a bearer session.
  const [user] = await db.insert(users).values({ email: `bench-${Date.now()}@example.test`, name: "Bench" }).returning();
  const [account] = await db.insert(accounts).values({ name: "Bench BV" }).returning();
  await db.insert(accountUsers).values({ accountId: account.id, userId: user.id, role: "owner" });
  const a = account.id;
  await db.execute(sql`insert into customers (account_id, name, company_name) select ${a}, 'Customer ' || g, 'Company ' || g from generate_series(1, 50) g`);
  await db.execute(sql`insert into quotes (account_id, customer_id, quote_number, name, slug, nano_id, language, currency, quote_date, expiration_date)
    select ${a}, c.id, '2026-' || lpad(g::text, 5, '0'), 'Quote ' || g, 'quote-' || g, md5(g::text) || 'xx', 'ENG', 'EUR', date '2026-01-01', date '2099-01-01'
    from generate_series(1, 200) g join lateral (select id from customers where account_id = ${a} order by id offset (g % 50) limit 1) c on true`);
  await db.execute(sql`insert into quote_blocks (quote_id, kind, position, name, pricing_unit) select id, 'PRICING', 0, 'Work', 'DAY' from quotes where account_id = ${a}`);
  await db.execute(sql`insert into quote_line_items (block_id, position, name, price_cents, amount) select b.id, g, 'Line ' || g, 12500 + g, 1.5 from quote_blocks b join quotes q on q.id = b.quote_id cross join generate_series(0, 2) g where q.account_id = ${a}`);
  const { token } = await createSession(db, { userId: user.id, method: "email-link" });

  const offerly = async (label: string, through: "product" | "hono", limits?: Partial<GraphQLLimits>): Promise<Server> => {
    // A budget this load cannot spend (it is still counted: the lease and its writes are measured).
    const app = createApp({ config, db, log, mail, ping: handle.ping, graphqlLimits: { budget: 1_000_000_000, budgetLeaseUnits: 1_000, ...limits } });
    // The product's listener (main.ts): JSON POSTs on the node:http path (decision 038); or Hono alone, as before.
    const server = await listen(through === "product" ? nodeListener(app) : getRequestListener(app.fetch));
    return { label, url: `${server.url}/graphql`, close: server.close };
  };
  const json = (res: http.ServerResponse, body: unknown) => {
    res.writeHead(200, { "content-type": "application/json" });
    res.end(JSON.stringify(body));
  };
  const readBody = (req: http.IncomingMessage) =>
    new Promise<string>((resolve) => {
      let text = "";
      req.on("data", (c) => (text += c));
      req.on("end", () => resolve(text));
    });

  // The same work by hand: read the bearer token, the same statements, the same JSON.
  const bareMe = await listen(async (req, res) => {
    await readBody(req);
    const auth = req.headers.authorization ?? "";
    const rows = await db
      .select({ id: users.id, email: users.email, name: users.name })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(
        and(
          eq(sessions.tokenHash, hashToken(auth.slice(7))),
          isNull(sessions.revokedAt),
          gt(sessions.expiresAt, sql`now()`),
          gt(sessions.lastSeenAt, new Date(Date.now() - SESSION_IDLE_MS)),
        ),
      )
      .limit(1);
    json(res, { data: { me: rows[0] ?? null } });
  });
  const bareQuotes = await listen(async (req, res) => {
    await readBody(req);
    const headers = new Headers({ authorization: req.headers.authorization ?? "", account: String(req.headers.account ?? "") });
    const auth = await authenticate(new Request("http://bare/graphql", { headers }), db, config);
    if (!auth.account) return json(res, { data: null });
    const { items, total } = await findQuotes(db, auth.account.id, { status: null, search: null, offset: 0, limit: 20 });
    const totals = await loadQuoteTotals(db, items.map((q) => q.id));
    json(res, {
      data: {
        quotes: {
          totalCount: total,
          items: items.map((q) => ({
            id: q.id,
            quoteNumber: q.quoteNumber,
            name: q.name,
            displayStatus: displayStatus(q),
            total: centsToString(totals.get(q.id)?.oneOff.totalExclVat ?? 0n),
            customer: q.customer ? { name: q.customer.name } : null,
          })),
        },
      },
    });
  });

  const servers = [await offerly("Offerly /graphql", "product"), await offerly("Offerly, all through Hono (before, decision 037)", "hono")];

  const headers = { "content-type": "application/json", "x-graphql-csrf": "1", authorization: `Bearer ${token}`, account: a };
  const cases = [
    { name: "me", query: "{ me { id email name } }", bare: bareMe.url, expect: user.email },
    { name: "quotes", query: QUOTES_QUERY, bare: bareQuotes.url, expect: '"totalCount":200' },
  ];
  for (const c of cases) {
    const body = JSON.stringify({ query: c.query });
    const check = (status: number, text: string) => status === 200 && text.includes(c.expect) && !text.includes('"errors"');
    const targets = [...servers.map((s) => ({ label: s.label, url: s.url })), { label: "bare node:http + same SQL", url: c.bare }];
    const runs = new Map<string, LoadResult[]>(targets.map((t) => [t.label, []]));
    for (const t of targets) await load({ url: t.url, method: "POST", headers, body, check, connections: 8, seconds: 0.5 }); // warm-up
    for (let r = 0; r < rounds; r++) {
      for (const t of targets) runs.get(t.label)!.push(await load({ url: t.url, method: "POST", headers, body, check, connections: 8, seconds }));
    }
    const med = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)];
    const summary = targets.map((t) => {
      const rs = runs.get(t.label)!;
      return {
        label: t.label,
        rps: med(rs.map((x) => x.rps)),
        p50: med(rs.map((x) => x.p50)),
        p99: med(rs.map((x) => x.p99)),
        cpuMs: med(rs.map((x) => x.cpuMs)),
        errors: rs.reduce((n, x) => n + x.errors, 0),
      };
    });
    const bare = summary[summary.length - 1];
    console.log(`\n## GraphQL \`${c.name}\` vs a bare node:http handler (${kind}, 8 connections, median of ${rounds} × ${seconds} s)`);
    console.table(
      summary.map((s) => ({
        server: s.label,
        "req/s": fmt(s.rps, 0),
        "p50 ms": fmt(s.p50, 2),
        "p99 ms": fmt(s.p99, 2),
        "% of bare req/s": `${fmt((100 * s.rps) / bare.rps, 0)} %`,
        "CPU ms/req": fmt(s.cpuMs, 2),
        "% of bare by CPU": `${fmt((100 * bare.cpuMs) / s.cpuMs, 0)} %`,
        errors: s.errors,
      })),
    );
    for (const s of summary.slice(0, -1)) {
      report.figure({
        case: `graphql ${c.name} (${kind})`,
        measure: `${s.label}: req/s (p99 ${fmt(s.p99, 1)} ms)`,
        value: s.rps,
        unit: "req/s",
        against: { label: `bare (p99 ${fmt(bare.p99, 1)} ms)`, value: bare.rps },
        target: s.label === "Offerly /graphql" ? "≥ 50 % of bare" : undefined,
        errors: s.errors + bare.errors,
      });
      report.figure({
        case: `graphql ${c.name} (${kind})`,
        measure: `${s.label}: requests per CPU second (this process)`,
        value: 1000 / s.cpuMs,
        unit: "req/CPU-s",
        against: { label: "bare", value: 1000 / bare.cpuMs },
        target: s.label === "Offerly /graphql" ? "≥ 50 % of bare" : undefined,
      });
    }
  }

  for (const s of servers) await s.close();
  await bareMe.close();
  await bareQuotes.close();
  if (handle.drop) await handle.drop();
  else await handle.close();
}
