import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withFastRows } from "../../src/server/db/fast-rows";
import { namedOnPglite } from "../../src/server/db/pglite-named";
import { accounts, customers, quotes } from "../../src/server/db/schema";
import { type TestDatabase, createTestDatabase } from "../support/db";

/**
 * Named statements on PGlite (decision 087): a drizzle prepared select run through
 * `namedOnPglite` answers exactly as the same select run by PGlite's `query` (every type the list
 * reads: uuid, text, dates, timestamps, jsonb, booleans, counts, a left join that matched nothing),
 * is planned once (a generic plan), leaves `plan_cache_mode` as it was, reports errors and works on
 * after them, and waits for a transaction in progress as `query` does. (PGlite only: the
 * integration-postgres project leaves out tests/integration/pglite-*.test.ts; on PostgreSQL
 * `namedOnPglite` returns the prepared query untouched, and the lists' tests run there as before.)
 */

let database: TestDatabase;
let accountId: string;

beforeAll(async () => {
  database = await createTestDatabase();
  const db = database.db;
  const [account] = await db.insert(accounts).values({ name: "Named BV", country: "NL" }).returning();
  accountId = account.id;
  const [customer] = await db.insert(customers).values({ accountId, name: "Ann Named", companyName: "Named & Co" }).returning();
  await db.insert(quotes).values([
    {
      accountId,
      customerId: customer.id,
      quoteNumber: "2026-00001",
      name: "With a customer",
      slug: "with",
      nanoId: "named-aaaaaaaaaaaaaaaaaa1",
      language: "ENG",
      currency: "EUR",
      quoteDate: "2026-01-02",
      expirationDate: "2099-01-01",
      totals: { oneOff: { subtotal: "1.00", discount: "0.00", totalExclVat: "1.00", vat: [], vatTotal: "0.00", totalInclVat: "1.00" }, recurring: [] },
    },
    {
      accountId,
      customerId: null,
      quoteNumber: "2026-00002",
      name: "Without one, ‘quoted’ — é",
      slug: "without",
      nanoId: "named-aaaaaaaaaaaaaaaaaa2",
      language: "NL",
      currency: "USD",
      quoteDate: "2026-01-03",
      expirationDate: "2026-02-01",
      signable: false,
    },
  ]);
});
afterAll(async () => {
  await (database.release ?? database.close)();
});

/** The list's kind of statement: quote columns, a left-joined customer, a subquery, placeholders. */
const build = () =>
  database.db
    .select({
      quote: quotes,
      customer: { id: customers.id, name: customers.name },
      count: sql<number>`(select count(*)::int from ${quotes} q where q.account_id = ${sql.placeholder("accountId")})`,
      flag: sql<boolean>`${quotes.signable} and ${quotes.expirationDate} > ${sql.placeholder("day")}::date`,
    })
    .from(quotes)
    .leftJoin(customers, eq(customers.id, quotes.customerId))
    .where(and(eq(quotes.accountId, sql.placeholder("accountId")), sql`${quotes.quoteNumber} >= ${sql.placeholder("from")}`))
    .orderBy(quotes.quoteNumber)
    .limit(sql.placeholder("limit"))
    .prepare("");

const client = () =>
  (database.db as unknown as { $client: { query: (text: string, params?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }> } }).$client;

describe("named statements on PGlite", () => {
  it("answers as PGlite's query does, with a generic plan made once", async () => {
    const plain = withFastRows(build());
    const named = namedOnPglite(withFastRows(build()));
    expect((named as unknown as { client: unknown }).client).not.toBe(client());
    for (const values of [
      { accountId, day: "2026-06-01", from: "2026-00000", limit: 10 },
      { accountId, day: "2100-01-01", from: "2026-00002", limit: 1 },
      { accountId: "00000000-0000-4000-8000-000000000000", day: "2026-06-01", from: "", limit: 5 },
    ]) {
      const expected = await plain.execute(values);
      const got = await named.execute(values);
      expect(got).toEqual(expected);
    }
    const rows = await named.execute({ accountId, day: "2026-06-01", from: "2026-00000", limit: 10 });
    expect(rows).toHaveLength(2);
    expect(rows[0].customer).toEqual({ id: expect.any(String), name: "Ann Named" });
    expect(rows[1].customer).toBeNull();
    expect(rows[0].quote.totals?.oneOff.totalExclVat).toBe("1.00");
    expect(rows[1].quote.name).toBe("Without one, ‘quoted’ — é");
    expect(rows[0].quote.createdAt).toBeInstanceOf(Date);
    expect(rows.map((r) => [r.count, r.flag])).toEqual([
      [2, true],
      [2, false],
    ]);
    const statements = await client().query(
      `select generic_plans, custom_plans from pg_prepared_statements where name like 'offerly\\_%' and statement like '%"quote_number" >= $%'`,
    );
    expect(statements.rows.length).toBeGreaterThan(0);
    for (const row of statements.rows) {
      expect(Number(row.custom_plans)).toBe(0);
      expect(Number(row.generic_plans)).toBeGreaterThan(0);
    }
    // The setting was for those calls alone.
    expect((await client().query("show plan_cache_mode")).rows[0].plan_cache_mode).toBe("auto");
  });

  it("keeps the statements of two copies of the module on one database apart", async () => {
    // A second copy of the module (its own module record, as a second bundle or the A/B bench loads it).
    const specifier = "../../src/server/db/pglite-named.ts?copy";
    const copy = (await import(/* @vite-ignore */ specifier)) as typeof import("../../src/server/db/pglite-named");
    expect(copy.namedOnPglite).not.toBe(namedOnPglite);
    const mine = namedOnPglite(withFastRows(build()));
    const theirs = copy.namedOnPglite(
      withFastRows(
        database.db
          .select({ number: quotes.quoteNumber })
          .from(quotes)
          .where(eq(quotes.accountId, sql.placeholder("accountId")))
          .orderBy(quotes.quoteNumber)
          .prepare(""),
      ),
    );
    expect(await mine.execute({ accountId, day: "2026-06-01", from: "", limit: 10 })).toHaveLength(2);
    expect(await theirs.execute({ accountId })).toEqual([{ number: "2026-00001" }, { number: "2026-00002" }]);
    expect(await mine.execute({ accountId, day: "2026-06-01", from: "", limit: 10 })).toHaveLength(2);
  });

  it("reports an error and works on after it", async () => {
    const named = namedOnPglite(withFastRows(build()));
    await expect(named.execute({ accountId: "not a uuid", day: "2026-06-01", from: "", limit: 1 })).rejects.toThrow(/uuid/);
    expect((await client().query("show plan_cache_mode")).rows[0].plan_cache_mode).toBe("auto");
    expect(await named.execute({ accountId, day: "2026-06-01", from: "", limit: 1 })).toHaveLength(1);
    // A statement dropped by someone else is named again.
    await client().query("deallocate all");
    expect(await named.execute({ accountId, day: "2026-06-01", from: "", limit: 5 })).toHaveLength(2);
  });

  it("waits for a transaction in progress and sees what it committed", async () => {
    const named = namedOnPglite(withFastRows(build()));
    await named.execute({ accountId, day: "2026-06-01", from: "", limit: 10 }); // named before
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let inserted!: () => void;
    const insertedNow = new Promise<void>((resolve) => {
      inserted = resolve;
    });
    const transaction = database.db.transaction(async (tx) => {
      await tx.insert(quotes).values({
        accountId,
        quoteNumber: "2026-00003",
        name: "In a transaction",
        slug: "tx",
        nanoId: "named-aaaaaaaaaaaaaaaaaa3",
        language: "ENG",
        currency: "EUR",
        quoteDate: "2026-01-04",
        expirationDate: "2099-01-01",
      });
      inserted();
      await held;
    });
    await insertedNow;
    const reading = named.execute({ accountId, day: "2026-06-01", from: "", limit: 10 });
    let read = false;
    void reading.then(() => {
      read = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(read).toBe(false);
    release();
    await transaction;
    const rows = await reading;
    expect(rows.map((r) => r.quote.quoteNumber)).toEqual(["2026-00001", "2026-00002", "2026-00003"]);
    await database.db.delete(quotes).where(eq(quotes.quoteNumber, "2026-00003"));
  });
});
