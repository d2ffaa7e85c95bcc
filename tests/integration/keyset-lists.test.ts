import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { quotes } from "../../src/server/db/schema";
import { type TestApp, createTestApp } from "../support/app";
import { type SignedIn, signUp } from "../support/auth";
import { createCustomer, createQuote } from "../support/quotes";

/**
 * Lists by keyset (issue 27 item 4, decision 062): `after`/`before` cursors give the next and the
 * previous page however deep, the same rows while quotes are added before them, page numbers are
 * still computed, and a page number alone gives the same page as before.
 */

let t: TestApp;
let owner: SignedIn;

beforeAll(async () => {
  t = await createTestApp();
  owner = await signUp(t, { company: "Keyset Co" });
  await createCustomer(t, owner, { name: "Café Zoë" });
});
afterAll(async () => {
  await t.close();
});

type PageOf = {
  items: { id: string; quoteNumber?: string; name?: string }[];
  totalCount: number;
  page: number;
  pageSize: number;
  startCursor: string | null;
  endCursor: string | null;
  hasPreviousPage: boolean;
  hasNextPage: boolean;
};
const PAGE = "totalCount page pageSize startCursor endCursor hasPreviousPage hasNextPage";
const QUOTES = `query ($page: Int, $pageSize: Int, $after: String, $before: String, $search: String) {
  quotes(page: $page, pageSize: $pageSize, after: $after, before: $before, search: $search) { ${PAGE} items { id quoteNumber } } }`;
const CUSTOMERS = `query ($page: Int, $pageSize: Int, $after: String, $before: String, $sort: CustomerSort) {
  customers(page: $page, pageSize: $pageSize, after: $after, before: $before, sort: $sort) { ${PAGE} items { id name } } }`;

async function list(user: SignedIn, query: string, variables: Record<string, unknown>, headers: Record<string, string> = {}) {
  const result = await t.gql<{ quotes?: PageOf; customers?: PageOf }>(query, variables, { ...user.headers(), ...headers });
  expect(result.errors).toBeUndefined();
  return (result.data!.quotes ?? result.data!.customers) as PageOf;
}
const ids = (page: PageOf) => page.items.map((i) => i.id);

describe("the quotes list by keyset", () => {
  it("walks every quote once by cursor, in the order of the numbered pages, and back", async () => {
    const user = await signUp(t, { company: "Walk Co" });
    const customer = await createCustomer(t, user);
    for (let i = 0; i < 8; i++) await createQuote(t, user, customer.id, { name: `Quote ${i}` });
    // Ties on the creation time: the number orders them (and microseconds survive the cursor).
    await t.db.execute(sql`update quotes set created_at = timestamptz '2026-05-01 10:00:00.123456+00' where account_id = ${user.accountId}`);
    await t.db
      .update(quotes)
      .set({ createdAt: sql`${quotes.createdAt} + interval '1 microsecond'` })
      .where(eq(quotes.name, "Quote 0"));

    const numbered: string[][] = [];
    for (let page = 1; page <= 3; page++) numbered.push(ids(await list(user, QUOTES, { page, pageSize: 3 })));
    expect(numbered.map((p) => p.length)).toEqual([3, 3, 2]);
    expect(new Set(numbered.flat()).size).toBe(8);

    const first = await list(user, QUOTES, { pageSize: 3 });
    expect(first).toMatchObject({ page: 1, totalCount: 8, hasPreviousPage: false, hasNextPage: true });
    const second = await list(user, QUOTES, { pageSize: 3, after: first.endCursor });
    const third = await list(user, QUOTES, { pageSize: 3, after: second.endCursor });
    expect([ids(first), ids(second), ids(third)]).toEqual(numbered);
    expect(second).toMatchObject({ page: 2, hasPreviousPage: true, hasNextPage: true });
    expect(third).toMatchObject({ page: 3, hasPreviousPage: true, hasNextPage: false });
    // Newest first (one microsecond newer than the rest), then the rest by descending number.
    const numbers = [...first.items, ...second.items, ...third.items].map((q) => q.quoteNumber!.slice(-4));
    expect(numbers).toEqual(["0001", "0008", "0007", "0006", "0005", "0004", "0003", "0002"]);

    const back = await list(user, QUOTES, { pageSize: 3, before: third.startCursor });
    expect(ids(back)).toEqual(numbered[1]);
    expect(back).toMatchObject({ page: 2, hasPreviousPage: true, hasNextPage: true });
    const start = await list(user, QUOTES, { pageSize: 3, before: back.startCursor });
    expect(ids(start)).toEqual(numbered[0]);
    expect(start).toMatchObject({ page: 1, hasPreviousPage: false, hasNextPage: true });
    // Past the end by number: an empty page that knows there are rows before it.
    expect(await list(user, QUOTES, { page: 9, pageSize: 3 })).toMatchObject({ items: [], totalCount: 8, hasNextPage: false, hasPreviousPage: true });
  });

  it("keeps the next page's rows while new quotes are added before them (offset pages would shift)", async () => {
    const user = await signUp(t, { company: "Busy Co" });
    const customer = await createCustomer(t, user);
    for (let i = 0; i < 6; i++) await createQuote(t, user, customer.id, { name: `Old ${i}` });
    const first = await list(user, QUOTES, { pageSize: 3 });
    const expectedNext = ids(await list(user, QUOTES, { page: 2, pageSize: 3 }));
    // Two quotes are made while the user reads page 1.
    await createQuote(t, user, customer.id, { name: "New 1" });
    await createQuote(t, user, customer.id, { name: "New 2" });
    const next = await list(user, QUOTES, { pageSize: 3, after: first.endCursor });
    expect(ids(next)).toEqual(expectedNext);
    expect(next).toMatchObject({ totalCount: 8, page: 2, hasPreviousPage: true, hasNextPage: false });
    // By page number the same page has moved by two rows: what keyset avoids.
    expect(ids(await list(user, QUOTES, { page: 2, pageSize: 3 }))).not.toEqual(expectedNext);
    // Back from there: the rows of page 1 as they were, and the new ones still before them.
    const previous = await list(user, QUOTES, { pageSize: 3, before: next.startCursor });
    expect(ids(previous)).toEqual(ids(first));
    expect(previous.hasPreviousPage).toBe(true);
    const newest = await list(user, QUOTES, { pageSize: 3, before: previous.startCursor });
    expect(newest.items.length).toBe(2);
    expect(newest).toMatchObject({ page: 1, hasPreviousPage: false });
  });

  it("pages a search by cursor too", async () => {
    const user = await signUp(t, { company: "Search Co" });
    const a = await createCustomer(t, user, { name: "Bakkerij Jansen" });
    const b = await createCustomer(t, user, { name: "Slagerij" });
    for (let i = 0; i < 5; i++) await createQuote(t, user, (i % 2 ? b : a).id, { name: `Quote ${i}` });
    const first = await list(user, QUOTES, { pageSize: 2, search: "jansen" });
    expect(first).toMatchObject({ totalCount: 3, hasNextPage: true });
    const second = await list(user, QUOTES, { pageSize: 2, search: "jansen", after: first.endCursor });
    expect(second).toMatchObject({ page: 2, hasNextPage: false });
    expect(ids(second)).toEqual(ids(await list(user, QUOTES, { page: 2, pageSize: 2, search: "jansen" })));
  });

  it("refuses a cursor that is not one of this list's, in the user's language", async () => {
    const customersCursor = (await list(owner, CUSTOMERS, { pageSize: 1 })).endCursor;
    for (const after of ["nonsense", "k1.e30", customersCursor, `k1.${Buffer.from('["",1,2]').toString("base64url")}`]) {
      const result = await t.gql(QUOTES, { pageSize: 3, after }, { ...owner.headers(), "accept-language": "nl" });
      expect(result.errors?.[0]?.extensions?.code).toBe("BAD_USER_INPUT");
      expect(result.errors?.[0]?.message).toBe("Deze plek in de lijst is niet meer geldig: begin opnieuw bij de eerste pagina.");
    }
    const both = await t.gql(QUOTES, { pageSize: 3, after: customersCursor, before: customersCursor }, owner.headers());
    expect(both.errors?.[0]?.message).toBe("This list position is no longer valid: start again from the first page.");
  });
});

describe("the customers list by keyset", () => {
  it("walks every sort forward and back by cursor, as the numbered pages list them", async () => {
    const user = await signUp(t, { company: "Many Customers Co" });
    const names = ["anna", "Bert", "bert", "Cees", "Dirk", "eva", "Fenna"];
    const made: string[] = [];
    for (const name of names) made.push((await createCustomer(t, user, { name })).id);
    for (let i = 0; i < 3; i++) await createQuote(t, user, made[4], { name: `For Dirk ${i}` });
    await createQuote(t, user, made[1], { name: "For Bert" });
    for (const sort of ["NAME_ASC", "NAME_DESC", "NEWEST", "OLDEST", "MOST_QUOTES"]) {
      const numbered: string[] = [];
      for (let page = 1; page <= 3; page++) numbered.push(...ids(await list(user, CUSTOMERS, { page, pageSize: 3, sort })));
      expect(new Set(numbered).size).toBe(7);
      // The last page by number (its key read from the end, decision 087: one statement) and past it.
      expect(await list(user, CUSTOMERS, { page: 3, pageSize: 3, sort })).toMatchObject({ page: 3, totalCount: 7, hasPreviousPage: true, hasNextPage: false });
      expect(await list(user, CUSTOMERS, { page: 4, pageSize: 3, sort })).toMatchObject({
        items: [],
        totalCount: 7,
        hasPreviousPage: true,
        hasNextPage: false,
      });
      const walked: string[] = [];
      let page = await list(user, CUSTOMERS, { pageSize: 3, sort });
      walked.push(...ids(page));
      while (page.hasNextPage) {
        page = await list(user, CUSTOMERS, { pageSize: 3, sort, after: page.endCursor });
        walked.push(...ids(page));
      }
      expect(walked, sort).toEqual(numbered);
      const backwards: string[][] = [ids(page)];
      while (page.hasPreviousPage) {
        page = await list(user, CUSTOMERS, { pageSize: 3, sort, before: page.startCursor });
        backwards.unshift(ids(page));
      }
      expect(backwards.flat(), sort).toEqual(numbered);
      expect(page.page).toBe(1);
    }
    expect((await list(user, CUSTOMERS, { pageSize: 7, sort: "MOST_QUOTES" })).items.slice(0, 2).map((c) => c.name)).toEqual(["Dirk", "Bert"]);
    // A cursor of another sort is refused.
    const byName = await list(user, CUSTOMERS, { pageSize: 3, sort: "NAME_ASC" });
    const refused = await t.gql(CUSTOMERS, { pageSize: 3, sort: "NEWEST", after: byName.endCursor }, user.headers());
    expect(refused.errors?.[0]?.extensions?.code).toBe("BAD_USER_INPUT");
  });
});
