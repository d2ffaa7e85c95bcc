/**
 * The bare server of the GraphQL benchmark, in its own process (forked by graphql-vs-bare.ts with
 * an IPC channel): a node:http handler that reads the JSON body, hashes the bearer token, runs the
 * statements the app sent for the same operation and the same user (captured from the wire, see
 * graphql-wire.ts) with the same parameters, on its own copy of the same data, and answers the same
 * JSON, built from the rows it read. `POST /<case>` (me, quotes). No logging, no budget of its own
 * (the budget's statements are in the capture when the app sent them), no framework.
 */
import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { namedStatementClient } from "../src/server/db/pglite-named";
import { displayStatus } from "../src/shared/quote-status";
import { type TotalsBlock, blockTotalsCents, centsToString, sumTotalsCents } from "../src/shared/totals";
import type { WireStatement } from "./graphql-wire";

export type BareInit = {
  kind: "pglite" | "postgres";
  /** PostgreSQL: the bare server's copy of the app's database. */
  databaseUrl?: string;
  /** PGlite: the bare server's copy of the app's data folder (its `db` folder). */
  pgliteDir?: string;
  poolSize: number;
  /** Per case, per token hash: the statement lists of the app's captured requests of that user. */
  captures: Record<string, Record<string, WireStatement[][]>>;
};

/** The quotes case's page size (graphql-vs-bare.ts CASES). */
const PAGE_SIZE = 20;

type Result = { fields: { name: string }[]; rows: unknown[][] };
type Run = (statements: WireStatement[]) => Promise<Result[]>;

// Dates and timestamps as the text PostgreSQL sends (the app's driver, Drizzle, reads them so too).
const RAW_TYPES = [1082, 1083, 1114, 1184, 1186];

async function runner(init: BareInit): Promise<Run> {
  if (init.kind === "postgres") {
    const raw = (value: string) => value;
    for (const oid of RAW_TYPES) pg.types.setTypeParser(oid, raw);
    const pool = new pg.Pool({ connectionString: init.databaseUrl, max: init.poolSize });
    return async (statements) => {
      const client = await pool.connect();
      try {
        const results: Result[] = [];
        for (const s of statements) {
          if (s.kind === "simple") await client.query(s.text);
          else results.push((await client.query({ name: s.name || undefined, text: s.text, values: s.params, rowMode: "array" })) as unknown as Result);
        }
        return results;
      } finally {
        client.release();
      }
    };
  }
  const db = new PGlite(init.pgliteDir);
  await db.waitReady;
  const parsers = Object.fromEntries(RAW_TYPES.map((oid) => [oid, (value: string) => value]));
  // A statement the app sent by name (decision 087: parsed once, planned once, with the plan mode
  // set and reset in the same call) is replayed the same way, through the same client; the set and
  // reset the capture shows around it are part of that call, not statements of their own.
  const named = new Map<string, Pick<PGlite, "query">>();
  const PLAN_MODE = /^\s*(set|reset) plan_cache_mode\b/i;
  return async (statements) => {
    const results: Result[] = [];
    for (const s of statements) {
      if (s.kind === "simple") {
        if (!PLAN_MODE.test(s.text)) await db.exec(s.text);
      } else if (s.name) {
        let client = named.get(s.text);
        if (!client) {
          client = namedStatementClient(db, s.text);
          named.set(s.text, client);
        }
        results.push((await client.query(s.text, s.params, { rowMode: "array", parsers })) as unknown as Result);
      } else results.push((await db.query(s.text, s.params, { rowMode: "array", parsers })) as unknown as Result);
    }
    return results;
  };
}

/** The rows of the first statement whose text starts so, with a column index by name (first match from `from`). */
function rowsOf(statements: WireStatement[], results: Result[], start: string) {
  const extended = statements.filter((s) => s.kind === "extended");
  const i = extended.findIndex((s) => s.text.trimStart().startsWith(start));
  if (i < 0) throw new Error(`no captured statement starts with ${start}`);
  const { fields, rows } = results[i];
  const column = (name: string, from = 0) => {
    const at = fields.findIndex((f, k) => k >= from && f.name === name);
    if (at < 0) throw new Error(`no column ${name} in ${start}`);
    return at;
  };
  return { rows, column, fields };
}

/** The GraphQL answer of each case, built from the rows as the app's resolvers build it. */
const shapes: Record<string, (statements: WireStatement[], results: Result[]) => unknown> = {
  me(statements, results) {
    const { rows, column } = rowsOf(statements, results, 'select "sessions"');
    const row = rows[0];
    if (!row) return { me: null };
    const email = column("email");
    // users.id, users.email, users.name in that order (sessions.id comes first)
    return { me: { id: row[email - 1], email: row[email], name: row[column("name")] } };
  },
  quotes(statements, results) {
    const page = rowsOf(statements, results, 'select "quotes"."id"');
    // The list's total: its own statement, or (decision 084: an unfiltered first page is one
    // statement) the account's stored count carried as the page rows' last column.
    const counted = statements.some((s) => s.kind === "extended" && s.text.trimStart().startsWith("select count(*)"));
    const totalCount = counted
      ? Number(rowsOf(statements, results, "select count(*)").rows[0][0])
      : page.rows.length
        ? Number(page.rows[0][page.fields.length - 1])
        : 0;
    // Stored totals (decision 062): the page's rows carry them; lines are read only for quotes
    // the start-up backfill has not reached (the app then sends the lines statement).
    const computed = statements.some((s) => s.kind === "extended" && s.text.trimStart().startsWith("select b.quote_id"));
    const totals = computed ? -1 : page.column("totals");
    const storedTotal = (value: unknown) =>
      ((typeof value === "string" ? JSON.parse(value) : value) as { oneOff: { totalExclVat: string } }).oneOff.totalExclVat;
    const customer = page.fields.findIndex((f, k) => k > 0 && f.name === "id");
    const [qid, number, name, status, expiration, customerName] = [
      page.column("id"),
      page.column("quote_number"),
      page.column("name"),
      page.column("status"),
      page.column("expiration_date"),
      page.column("name", customer),
    ];
    const blocks = new Map<string, TotalsBlock[]>();
    const lines = computed ? rowsOf(statements, results, "select b.quote_id") : { rows: [], column: () => 0 };
    const [lq, unit, discountType, discountValue, lineList] = ["quote_id", "pricing_unit", "discount_type", "discount_value", "lines"].map((c) =>
      lines.column(c),
    );
    for (const row of lines.rows) {
      const list = blocks.get(row[lq] as string) ?? [];
      blocks.set(row[lq] as string, list);
      const items = JSON.parse(row[lineList] as string) as [
        string,
        number,
        string,
        string | null,
        number,
        string,
        string,
        string | null,
        string | null,
        boolean,
        boolean,
        boolean,
      ][];
      list.push({
        pricingUnit: (row[unit] as string | null) ?? "NONE",
        discountType: row[discountType] as string | null,
        discountValue: row[discountValue] as string | null,
        lineItems: items.map((l) => ({
          price: centsToString(BigInt(l[4])),
          amount: l[5],
          vatRate: l[6],
          discountType: l[7],
          discountValue: l[8],
          optional: l[9],
          selected: l[10],
          recurring: l[11],
        })),
      });
    }
    return {
      quotes: {
        totalCount,
        // The keyset read asks one row more than the page (decision 062: whether a next page exists).
        items: page.rows.slice(0, PAGE_SIZE).map((row) => ({
          id: row[qid],
          quoteNumber: row[number],
          name: row[name],
          displayStatus: displayStatus({ status: row[status] as never, expirationDate: row[expiration] as string }),
          total: computed
            ? centsToString(sumTotalsCents((blocks.get(row[qid] as string) ?? []).map(blockTotalsCents)).oneOff.totalExclVat)
            : storedTotal(row[totals]),
          customer: row[customer] === null ? null : { name: row[customerName] },
        })),
      },
    };
  },
};

async function start(init: BareInit): Promise<number> {
  const run = await runner(init);
  const turn = new Map<string, number>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      void (async () => {
        JSON.parse(Buffer.concat(chunks).toString("utf8")); // the request, read as any handler reads it
        const name = (req.url ?? "").slice(1);
        const hash = crypto
          .createHash("sha256")
          .update((req.headers.authorization ?? "").slice("Bearer ".length))
          .digest("hex");
        const captured = init.captures[name]?.[hash];
        if (!captured?.length) {
          res.writeHead(401, { "content-type": "application/json; charset=utf-8" });
          res.end('{"errors":[{"message":"unknown case or token"}]}');
          return;
        }
        const n = turn.get(hash) ?? 0;
        turn.set(hash, n + 1);
        const statements = captured[n % captured.length];
        const body = JSON.stringify({ data: shapes[name](statements, await run(statements)) });
        res.writeHead(200, { "content-type": "application/json; charset=utf-8", "content-length": Buffer.byteLength(body) });
        res.end(body);
      })().catch((error: unknown) => {
        res.writeHead(500, { "content-type": "text/plain" });
        res.end(String((error as Error).stack ?? error));
      });
    });
  });
  server.keepAliveTimeout = 10_000;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return (server.address() as AddressInfo).port;
}

process.once("message", (init: BareInit) => {
  start(init).then(
    (port) => process.send?.({ port }),
    (error: unknown) => process.send?.({ error: String((error as Error).stack ?? error) }),
  );
});
