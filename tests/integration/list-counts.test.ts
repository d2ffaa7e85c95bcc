import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../src/server/db/client";
import { likePattern } from "../../src/shared/customers";
import { type TestApp, createTestApp } from "../support/app";
import { type SignedIn, signUp } from "../support/auth";
import { createCustomer, createQuote } from "../support/quotes";

/**
 * The lists' stored counts and their page numbers (decision 081): `account_list_counts` follows
 * every insert and delete of quotes and customers whoever writes (the service, raw SQL, a bulk
 * statement, a move to another account), page numbers read the key from the nearer end of the list,
 * and a cursor's page number counts the side its `page` says is shorter — the same pages either way.
 */

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

type PageOf = {
  items: { id: string; name?: string }[];
  totalCount: number;
  page: number;
  startCursor: string | null;
  endCursor: string | null;
  hasPreviousPage: boolean;
  hasNextPage: boolean;
};
const PAGE = "totalCount page startCursor endCursor hasPreviousPage hasNextPage";
const QUOTES = `query ($page: Int, $pageSize: Int, $after: String, $before: String) {
  quotes(page: $page, pageSize: $pageSize, after: $after, before: $before) { ${PAGE} items { id } } }`;
const SEARCH = `query ($search: String) { quotes(pageSize: 100, search: $search) { totalCount items { id } } }`;
const CUSTOMERS = `query ($page: Int, $pageSize: Int, $after: String, $before: String) {
  customers(page: $page, pageSize: $pageSize, after: $after, before: $before, sort: NAME_ASC) { ${PAGE} items { id name totalQuotes totalSignedQuotes } } }`;

async function list(user: SignedIn, query: string, variables: Record<string, unknown>) {
  const result = await t.gql<{ quotes?: PageOf; customers?: PageOf }>(query, variables, user.headers());
  expect(result.errors).toBeUndefined();
  return (result.data!.quotes ?? result.data!.customers) as PageOf;
}
const ids = (page: PageOf) => page.items.map((i) => i.id);

async function counted(accountId: string) {
  const [row] = await queryRows<{ quotes: number; customers: number }>(
    t.db,
    sql`select (select count(*)::int from quotes where account_id = ${accountId}) as quotes, (select count(*)::int from customers where account_id = ${accountId}) as customers`,
  );
  const [stored] = await queryRows<{ quotes: number; customers: number }>(
    t.db,
    sql`select quotes, customers from account_list_counts where account_id = ${accountId}`,
  );
  return { rows: row, stored: stored ?? { quotes: 0, customers: 0 } };
}

describe("the lists' stored counts", () => {
  it("follow the service, raw SQL, bulk statements, a move to another account and a deleted account", async () => {
    const user = await signUp(t, { company: "Counting Co" });
    const other = await signUp(t, { company: "Other Co" });
    const accountId = user.accountId!;
    const expectSame = async (quotes: number, customers: number) => {
      const { rows, stored } = await counted(accountId);
      expect(rows).toEqual({ quotes, customers });
      expect(stored).toEqual({ quotes, customers });
      expect((await list(user, QUOTES, { pageSize: 5 })).totalCount).toBe(quotes);
      expect((await list(user, CUSTOMERS, { pageSize: 5 })).totalCount).toBe(customers);
    };
    await expectSame(0, 0);
    const customer = await createCustomer(t, user, { name: "Eerste" });
    const made = [];
    for (let i = 0; i < 3; i++) made.push(await createQuote(t, user, customer.id, { name: `Q${i}` }));
    await expectSame(3, 1);

    // Raw SQL, several rows in one statement.
    await t.db.execute(sql`insert into customers (account_id, name) select ${accountId}, 'Bulk ' || g from generate_series(1, 4) g`);
    await t.db.execute(sql`insert into quotes (account_id, customer_id, quote_number, name, slug, nano_id, language, currency, quote_date, expiration_date)
      select ${accountId}, ${customer.id}, 'RAW-' || g, 'Raw ' || g, 'raw-' || g, md5(random()::text) || 'xx', 'ENG', 'EUR', date '2026-01-01', date '2099-01-01'
      from generate_series(1, 5) g`);
    await expectSame(8, 5);

    // Deleted through the API and by raw SQL.
    const deleted = await t.gql(`mutation ($id: ID!) { deleteQuote(id: $id) }`, { id: made[0].id }, user.headers());
    expect(deleted.errors).toBeUndefined();
    await t.db.execute(sql`delete from quotes where account_id = ${accountId} and quote_number in ('RAW-1', 'RAW-2')`);
    await t.db.execute(sql`delete from customers where account_id = ${accountId} and name like 'Bulk %' and name <> 'Bulk 4'`);
    await expectSame(5, 2);

    // A row moved to another account counts there (no such change in the app: the database keeps it right anyway).
    await t.db.execute(sql`update quotes set customer_id = null, account_id = ${other.accountId} where account_id = ${accountId} and quote_number = 'RAW-3'`);
    await t.db.execute(sql`update customers set account_id = ${other.accountId} where account_id = ${accountId} and name = 'Bulk 4'`);
    await expectSame(4, 1);
    expect((await counted(other.accountId!)).stored).toEqual({ quotes: 1, customers: 1 });
    expect((await list(other, QUOTES, { pageSize: 5 })).totalCount).toBe(1);

    // An account deleted with its quotes and customers leaves no count behind (and no error).
    await t.db.execute(sql`delete from accounts where id = ${other.accountId}`);
    expect(await queryRows(t.db, sql`select * from account_list_counts where account_id = ${other.accountId}`)).toEqual([]);
  });
});

describe("page numbers and cursors with stored counts", () => {
  it("give every quote once by number, from either end of the list, in the list's order", async () => {
    const user = await signUp(t, { company: "Numbers Co" });
    const customer = await createCustomer(t, user);
    for (let i = 0; i < 11; i++) await createQuote(t, user, customer.id, { name: `N${i}` });
    const all = ids(await list(user, QUOTES, { pageSize: 50 }));
    expect(all).toHaveLength(11);
    const numbered: string[] = [];
    for (let page = 1; page <= 6; page++) {
      const p = await list(user, QUOTES, { page, pageSize: 2 });
      expect(p).toMatchObject({ page, totalCount: 11, hasPreviousPage: page > 1, hasNextPage: page < 6 });
      numbered.push(...ids(p));
    }
    expect(numbered).toEqual(all);
    expect(await list(user, QUOTES, { page: 7, pageSize: 2 })).toMatchObject({ items: [], totalCount: 11, hasPreviousPage: true, hasNextPage: false });
  });

  it("number a cursor's page the same whichever side it counts (the web app sends the page with the cursor)", async () => {
    const user = await signUp(t, { company: "Cursor Pages Co" });
    const customer = await createCustomer(t, user);
    for (let i = 0; i < 9; i++) await createQuote(t, user, customer.id, { name: `C${i}` });
    const numbered: string[][] = [];
    for (let page = 1; page <= 5; page++) numbered.push(ids(await list(user, QUOTES, { page, pageSize: 2 })));
    // Forward from page 1 to 5 with the page the web app would send, then with a misleading one.
    let page = await list(user, QUOTES, { page: 1, pageSize: 2 });
    for (let n = 2; n <= 5; n++) {
      const hinted = await list(user, QUOTES, { page: n, pageSize: 2, after: page.endCursor });
      const misleading = await list(user, QUOTES, { page: n <= 3 ? 5 : 1, pageSize: 2, after: page.endCursor });
      expect(ids(hinted)).toEqual(numbered[n - 1]);
      expect(hinted).toMatchObject({ page: n, totalCount: 9, hasPreviousPage: true, hasNextPage: n < 5 });
      expect(misleading).toEqual(hinted);
      page = hinted;
    }
    // And back to page 1.
    for (let n = 4; n >= 1; n--) {
      const hinted = await list(user, QUOTES, { page: n, pageSize: 2, before: page.startCursor });
      const misleading = await list(user, QUOTES, { page: n <= 2 ? 5 : 1, pageSize: 2, before: page.startCursor });
      expect(ids(hinted)).toEqual(numbered[n - 1]);
      expect(hinted).toMatchObject({ page: n, hasPreviousPage: n > 1, hasNextPage: true });
      expect(misleading).toEqual(hinted);
      page = hinted;
    }
  });

  it("give every customer once by number from either end, with both quote counts", async () => {
    const user = await signUp(t, { company: "Customer Numbers Co" });
    const made = [];
    for (const name of ["b", "A", "c", "D", "e", "F", "g"]) made.push(await createCustomer(t, user, { name }));
    await createQuote(t, user, made[3].id, { name: "For D" });
    await createQuote(t, user, made[3].id, { name: "For D again" });
    const numbered: { name?: string }[] = [];
    for (let page = 1; page <= 4; page++) {
      const p = await list(user, CUSTOMERS, { page, pageSize: 2 });
      expect(p).toMatchObject({ page, totalCount: 7, hasNextPage: page < 4 });
      numbered.push(...p.items);
    }
    expect(numbered.map((c) => c.name)).toEqual(["A", "b", "c", "D", "e", "F", "g"]);
    expect(numbered[3]).toMatchObject({ totalQuotes: 2, totalSignedQuotes: 0 });
    expect(numbered[0]).toMatchObject({ totalQuotes: 0, totalSignedQuotes: 0 });
  });
});

describe("the quotes search on the customers' lower-cased column", () => {
  it("finds the quotes the five ilikes found (title, number, published name, customer name or company)", async () => {
    const user = await signUp(t, { company: "Search Same Co" });
    const people = [
      { name: "Café ZOË", companyName: "Bakkerij Ünal" },
      { name: "jan de VRIES", companyName: null },
      { name: "Piet", companyName: "ZOË & Co" },
    ];
    for (const person of people) {
      const customer = await createCustomer(t, user, person);
      for (let i = 0; i < 2; i++) await createQuote(t, user, customer.id, { name: `Offerte ${person.name.slice(0, 3)} ${i}` });
    }
    for (const search of ["zoë", "ZOË", "ünal", "De Vries", "offerte pie", "café", "% &", "nothing"]) {
      const pattern = likePattern(search);
      const expected = await queryRows<{ id: string }>(
        t.db,
        sql`select q.id from quotes q left join customers c on c.id = q.customer_id where q.account_id = ${user.accountId}
          and (q.name ilike ${pattern} or q.quote_number ilike ${pattern} or q.customer_snapshot->>'name' ilike ${pattern} or c.name ilike ${pattern} or c.company_name ilike ${pattern})`,
      );
      const result = await t.gql<{ quotes: { totalCount: number; items: { id: string }[] } }>(SEARCH, { search }, user.headers());
      expect(result.errors, search).toBeUndefined();
      expect(result.data!.quotes.items.map((q) => q.id).sort(), search).toEqual(expected.map((q) => q.id).sort());
      expect(result.data!.quotes.totalCount, search).toBe(expected.length);
    }
  });
});
