import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestApp, createTestApp } from "../support/app";
import { type SignedIn, signUp } from "../support/auth";
import { quoteListShape } from "../../src/server/modules/quotes/quotes.graphql";
import type { Selection } from "../../src/server/graphql/selection";
import { addBlocks, createCustomer, createQuote, transition } from "../support/quotes";

/**
 * The quotes list reads only the columns of the fields asked (decision 084): each field answers
 * the same read narrowly as read with every column (a field outside the list's map, `url`, makes
 * the list read every column), through fragments too; and the search still finds by title, number,
 * customer name and company (on PostgreSQL through the trigram index when pg_trgm is there).
 */

let t: TestApp;
let user: SignedIn;

beforeAll(async () => {
  t = await createTestApp();
  user = await signUp(t);
  const acme = await createCustomer(t, user, { name: "Acme Shape", companyName: "Shape Holding", contactPerson: "Ann", email: "ann@acme.test" });
  const other = await createCustomer(t, user, { name: "Other Party", companyName: null });
  const first = await createQuote(t, user, acme.id, { name: "Garden plan" });
  await addBlocks(t, first.id);
  const published = await createQuote(t, user, other.id, { name: "Roof repair" });
  await addBlocks(t, published.id);
  const result = await transition(t, user, "publishQuote", published.id);
  expect(result.errors).toBeUndefined();
  await createQuote(t, user, acme.id, { name: "Kitchen", signable: false });
});
afterAll(async () => {
  await t.close();
});

const FIELDS = [
  "__typename",
  "id",
  "name",
  "quoteNumber",
  "slug",
  "nanoId",
  "language",
  "currency",
  "status",
  "displayStatus",
  "isExpired",
  "lifecycle { state actions }",
  "signable",
  "quoteDateAt",
  "quoteExpirationAt",
  "customer { __typename id name companyName contactPerson email phone content totalQuotes totalSignedQuotes createdAt updatedAt }",
  "customerDetails { name companyName contactPerson email phone content }",
  "total",
  "publishedAt",
  "signedAt",
  "createdAt",
  "updatedAt",
];

type Items = { quotes: { totalCount: number; items: Record<string, unknown>[] } };
async function items(selection: string, variables: Record<string, unknown> = {}, fragments = "") {
  const result = await t.gql<Items>(
    `query ($page: Int, $pageSize: Int, $search: String) { quotes(page: $page, pageSize: $pageSize, search: $search) { totalCount items { ${selection} } } } ${fragments}`,
    variables,
    user.headers(),
  );
  expect(result.errors).toBeUndefined();
  return result.data!.quotes;
}
const without = (rows: Record<string, unknown>[], field: string) => rows.map(({ [field]: _, ...rest }) => rest);

describe("the quotes list's columns", () => {
  it.each(FIELDS)("answers %s the same read narrowly as with every column", async (field) => {
    for (const variables of [{}, { page: 2, pageSize: 2 }, { search: "acme" }]) {
      const narrow = await items(field, variables);
      const full = await items(`${field} url`, variables);
      expect(narrow.items.length).toBeGreaterThan(0);
      expect(narrow.items).toEqual(without(full.items, "url"));
      expect(narrow.totalCount).toBe(full.totalCount);
    }
  });

  it("answers every field at once, and through fragments, as with every column", async () => {
    const all = FIELDS.join(" ");
    const full = await items(`${all} url`);
    expect(await items(all).then((p) => p.items)).toEqual(without(full.items, "url"));
    const viaFragments = await items(
      "...Head ... on Quote { customer { ...Who } total }",
      {},
      "fragment Head on Quote { id name lifecycle { state } } fragment Who on Customer { name email }",
    );
    expect(viaFragments.items).toEqual(
      full.items.map((q) => ({
        id: q.id,
        name: q.name,
        lifecycle: { state: (q.lifecycle as { state: string }).state },
        customer: q.customer ? { name: (q.customer as { name: string }).name, email: (q.customer as { email: string }).email } : null,
        total: q.total,
      })),
    );
  });
});

describe("a page by number in one statement", () => {
  it("gives each row once from either end, an empty page at and past the end, and the total", async () => {
    const all = (await items("id")).items.map((q) => q.id);
    expect(all).toHaveLength(3);
    for (let page = 1; page <= 3; page++) expect((await items("id", { page, pageSize: 1 })).items.map((q) => q.id)).toEqual([all[page - 1]]);
    expect((await items("id", { page: 2, pageSize: 2 })).items.map((q) => q.id)).toEqual([all[2]]);
    for (const [page, pageSize] of [
      [2, 3],
      [3, 2],
      [40, 5],
    ]) {
      const result = await t.gql<{ quotes: { totalCount: number; page: number; hasNextPage: boolean; hasPreviousPage: boolean; items: unknown[] } }>(
        "query ($page: Int, $pageSize: Int) { quotes(page: $page, pageSize: $pageSize) { totalCount page hasNextPage hasPreviousPage items { id } } }",
        { page, pageSize },
        user.headers(),
      );
      expect(result.data!.quotes).toEqual({ totalCount: 3, page, hasNextPage: false, hasPreviousPage: true, items: [] });
    }
  });
});

describe("the customers list's total", () => {
  it("comes with the first page's rows, and on its own for the other pages", async () => {
    const query =
      "query ($page: Int, $pageSize: Int, $search: String) { customers(page: $page, pageSize: $pageSize, search: $search, sort: NAME_ASC) { totalCount page items { name } } }";
    const ask = async (variables: Record<string, unknown>) => {
      const result = await t.gql<{ customers: { totalCount: number; page: number; items: { name: string }[] } }>(query, variables, user.headers());
      expect(result.errors).toBeUndefined();
      return result.data!.customers;
    };
    expect(await ask({ page: 1, pageSize: 20 })).toEqual({ totalCount: 2, page: 1, items: [{ name: "Acme Shape" }, { name: "Other Party" }] });
    expect(await ask({ page: 2, pageSize: 1 })).toEqual({ totalCount: 2, page: 2, items: [{ name: "Other Party" }] });
    expect(await ask({ page: 1, pageSize: 20, search: "other" })).toEqual({ totalCount: 1, page: 1, items: [{ name: "Other Party" }] });
    const empty = await signUp(t);
    const result = await t.gql<{ customers: { totalCount: number; items: unknown[] } }>(query, { page: 1, pageSize: 20 }, empty.headers());
    expect(result.data!.customers).toMatchObject({ totalCount: 0, items: [] });
  });
});

describe("quoteListShape", () => {
  const selection = (fields: Record<string, string[]>): Selection =>
    new Map(Object.entries(fields).map(([name, sub]) => [name, new Map(sub.map((s) => [s, new Map()]))]));
  it("reads the columns of the fields asked, the customer only when asked, every column for a field it does not know", () => {
    expect(quoteListShape(selection({ id: [], name: [], displayStatus: [] }))).toEqual({
      quote: ["id", "name", "status", "expirationDate"],
      customer: "none",
      facts: false,
    });
    expect(quoteListShape(selection({ lifecycle: [], customer: ["name", "totalQuotes"] }))).toEqual({
      quote: ["id", "status", "expirationDate", "signable"],
      customer: ["name", "id"],
      facts: true,
    });
    expect(quoteListShape(selection({ customer: ["name", "somethingNew"] }))).toMatchObject({ customer: "all" });
    expect(quoteListShape(selection({ id: [], url: [] }))).toBe("all");
    expect(quoteListShape(selection({ id: [], paymentTerms: ["mode"] }))).toBe("all");
  });
});

describe("the quotes search", () => {
  const names = async (search: string) => (await items("name", { search })).items.map((q) => q.name).sort();
  it("finds by title, number, customer name and company, in any case", async () => {
    expect(await names("GARDEN")).toEqual(["Garden plan"]);
    expect(await names("acme shape")).toEqual(["Garden plan", "Kitchen"]);
    expect(await names("shape holding")).toEqual(["Garden plan", "Kitchen"]);
    expect(await names("other party")).toEqual(["Roof repair"]);
    const numbers = (await items("quoteNumber name")).items;
    const roof = numbers.find((q) => q.name === "Roof repair")!;
    expect(await names(String(roof.quoteNumber))).toEqual(["Roof repair"]);
    expect(await names("nothing like it")).toEqual([]);
    expect((await items("id", { search: "a" })).totalCount).toBe(3);
  });
});
