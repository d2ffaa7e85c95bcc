import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { COST_LIMITS } from "../../src/server/graphql/cost";
import { queryCost } from "../../src/server/graphql/rules";
import { parse } from "graphql";
import { type TestApp, createTestApp } from "../support/app";
import { type SignedInAs, signIn } from "../support/auth";
import { addBlocks, createCustomer, createQuote } from "../support/quotes";

/**
 * Query cost (issue 8 item 3): per-parent fields are batched, so a list runs a fixed number of
 * queries whatever its length; cost multiplies by page size and the worst request is refused;
 * each user has a budget of cost units per minute.
 */
let t: TestApp;
let owner: SignedInAs;

/** The query from the outside review: every per-parent field under a page of quotes. */
const HEAVY_ITEM =
  "total quoteBlocks { id name ... on PricingQuoteBlock { totals { oneOff { totalExclVat vat { rate vat } } } quoteLineItems { id total } } } customer { id totalQuotes totalSignedQuotes }";
const heavyList = (aliases: number, pageSize: number) =>
  `{ ${Array.from({ length: aliases }, (_, i) => `q${i}: quotes(pageSize: ${pageSize}, page: ${i + 1}) { totalCount items { id ${HEAVY_ITEM} } }`).join(" ")} }`;

/** Counts the SQL statements the database client runs while `work` runs. */
async function countQueries(work: () => Promise<unknown>): Promise<number> {
  const client = (t.db as unknown as { $client: { query: (...args: unknown[]) => Promise<unknown> } }).$client;
  const original = client.query;
  let count = 0;
  client.query = function (this: unknown, ...args: unknown[]) {
    count += 1;
    return original.apply(this, args);
  };
  try {
    await work();
  } finally {
    client.query = original;
  }
  return count;
}

beforeAll(async () => {
  t = await createTestApp();
  owner = await signIn(t, "owner", { company: "Cost BV" });
  // 50 quotes over 10 customers, each with a text block and a pricing block of three lines.
  const customerIds: string[] = [];
  for (let i = 0; i < 10; i++) customerIds.push((await createCustomer(t, owner, { name: `Customer ${i}` })).id);
  for (let i = 0; i < 50; i++) {
    const quote = await createQuote(t, owner, customerIds[i % 10], { name: `Quote ${i}` });
    await addBlocks(t, quote.id);
  }
  await t.db.execute(sql`analyze`);
}, 120_000);
afterAll(async () => {
  await t.close();
});

describe("batching", () => {
  // The same database, without the cost limit: this is about the number of statements.
  let unlimited: TestApp;
  beforeAll(async () => {
    unlimited = await createTestApp({ database: t.database, graphqlLimits: { maxQueryCost: 1_000_000 } });
  });
  afterAll(async () => {
    await unlimited.close();
  });

  it("runs the same number of SQL queries for a list of 5 and of 50 quotes with every per-parent field", async () => {
    const run = (pageSize: number) => async () => {
      const result = await unlimited.gql<{ q0: { items: { total: string; quoteBlocks: unknown[]; customer: { totalQuotes: number } }[] } }>(
        heavyList(1, pageSize),
        {},
        owner.headers(),
      );
      expect(result.errors).toBeUndefined();
      expect(result.data?.q0.items).toHaveLength(pageSize);
      expect(result.data?.q0.items[0]).toMatchObject({ total: "1019.99", customer: { totalQuotes: 5 } });
      expect(result.data?.q0.items[0].quoteBlocks).toHaveLength(2);
    };
    await run(5)(); // takes this app server's lease of the request budget (one upsert per lease, not per request)
    const five = await countQueries(run(5));
    const fifty = await countQueries(run(50));
    expect(fifty).toBe(five);
    // session lookup, page, count, totals, blocks, lines, two customer counts (+ the budget's upsert when there is an address)
    expect(five).toBeLessThanOrEqual(12);
  });

  it("batches the customers list's counts and the account's team too", async () => {
    const list = (pageSize: number) => () =>
      unlimited.gql(
        `{ customers(pageSize: ${pageSize}) { items { id totalQuotes totalSignedQuotes } } account { identityAccountsUsers { role } } }`,
        {},
        owner.headers(),
      );
    expect(await countQueries(list(2))).toBe(await countQueries(list(10)));
  });
});

describe("query cost", () => {
  it("multiplies by page size and counts per-item database work", () => {
    const cost = (query: string) => queryCost({ document: parse(query) })!;
    expect(cost("{ quotes(pageSize: 100) { items { id name } } }")).toBe(25 + 100 * 2);
    expect(cost("{ quotes(pageSize: 100) { items { total } } }")).toBe(25 + 100 * (2 + 3));
    expect(cost("{ quotes(pageSize: 10) { items { total } } }")).toBe(25 + 10 * (2 + 3));
    expect(cost('{ quotes(pageSize: 10, search: "a") { items { total } } }')).toBe(25 + 75 + 10 * (2 + 3));
    expect(cost(heavyList(2, 100))).toBe(2 * cost(heavyList(1, 100)));
    // Variables count too; an out-of-range size counts as the largest page.
    expect(queryCost({ document: parse("query ($n: Int) { quotes(pageSize: $n) { items { total } } }"), variableValues: { n: 100 } })).toBe(525);
    expect(cost("{ quotes(pageSize: 100000) { items { total } } }")).toBe(525);
  });

  it("refuses the outside review's worst case before running it, translated", async () => {
    const worst = heavyList(15, 100);
    expect(queryCost({ document: parse(worst) })).toBeGreaterThan(COST_LIMITS.maxCost);
    const queries = await countQueries(async () => {
      const result = await t.gql(worst, {}, { ...owner.headers(), "accept-language": "nl" });
      expect(result.status).toBe(400);
      expect(result.data).toBeUndefined();
      expect(result.errors?.[0]).toMatchObject({
        message: "De query is te diep of te zwaar.",
        extensions: { code: "QUERY_TOO_EXPENSIVE", maxCost: COST_LIMITS.maxCost },
      });
    });
    expect(queries).toBeLessThanOrEqual(2); // only the session lookup: nothing of the query ran
  });

  it("allows a page of 40 quotes with every field", async () => {
    expect(queryCost({ document: parse(heavyList(1, 40)) })).toBeLessThanOrEqual(COST_LIMITS.maxCost);
    const result = await t.gql(heavyList(1, 40), {}, owner.headers());
    expect(result.errors).toBeUndefined();
  });
});

describe("request budget", () => {
  it("answers 429 with Retry-After, in the caller's language, once a user has spent their budget", async () => {
    const small = await createTestApp({ database: t.database, graphqlLimits: { budget: 1_000, budgetWindowSeconds: 60 } });
    try {
      const query = "{ quotes(pageSize: 80) { items { total } } }"; // 425 units
      const member = await signIn(small, "member", { account: owner }); // a budget not spent yet
      const statuses: number[] = [];
      let last: Response | undefined;
      for (let i = 0; i < 4; i++) {
        // 425, 850, then over 1 000
        last = await small.fetch("/graphql", {
          method: "POST",
          headers: { "content-type": "application/json", "x-graphql-csrf": "1", "accept-language": "nl", ...member.headers() },
          body: JSON.stringify({ query }),
        });
        statuses.push(last.status);
      }
      expect(statuses).toEqual([200, 200, 429, 429]);
      expect(Number(last!.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(Number(last!.headers.get("retry-after"))).toBeLessThanOrEqual(60);
      const body = (await last!.json()) as { errors: { message: string; extensions: { code: string } }[] };
      expect(body.errors[0]).toMatchObject({ message: "Te veel verzoeken. Wacht even en probeer het opnieuw.", extensions: { code: "RATE_LIMITED" } });
      // Another user has their own budget.
      const other = await signIn(small, "owner", { company: "Other budget BV" });
      expect((await small.gql(query, {}, other.headers())).status).toBe(200);
    } finally {
      await small.close();
    }
  });
});
