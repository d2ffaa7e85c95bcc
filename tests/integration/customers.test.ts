import { Writable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../src/server/app";
import type { Database } from "../../src/server/db/client";
import { customers } from "../../src/server/db/schema";
import { createLogger } from "../../src/server/logger";
import { createMailer } from "../../src/server/mail/mailer";
import { type TestApp, createTestApp } from "../support/app";
import { type SignedIn, signUp } from "../support/auth";
import { CUSTOMER_FIELDS, createCustomer, createQuote, transition } from "../support/quotes";

let t: TestApp;
let owner: SignedIn;

beforeAll(async () => {
  t = await createTestApp();
  owner = await signUp(t, { company: "Customers Co" });
});
afterAll(async () => {
  await t.close();
});

type Page = {
  customers: {
    items: { name: string; companyName: string | null; totalQuotes: number; totalSignedQuotes: number }[];
    totalCount: number;
    page: number;
    pageSize: number;
  };
};
const LIST = `query ($search: String, $sort: CustomerSort, $page: Int, $pageSize: Int) {
  customers(search: $search, sort: $sort, page: $page, pageSize: $pageSize) { items { name companyName totalQuotes totalSignedQuotes } totalCount page pageSize }
}`;

describe("customers", () => {
  it("creates, reads and updates a customer, normalising the input", async () => {
    const created = await createCustomer(t, owner, { name: "  Jansen Bakery ", email: "INFO@Jansen.NL", phone: "+31 20 123 4567", contactPerson: "Piet" });
    expect(created).toMatchObject({ name: "Jansen Bakery", email: "info@jansen.nl", totalQuotes: 0, totalSignedQuotes: 0 });

    const read = await t.gql<{ customer: { name: string; content: string } }>(
      `query ($id: ID!) { customer(id: $id) { ${CUSTOMER_FIELDS} } }`,
      { id: created.id },
      owner.headers(),
    );
    expect(read.data?.customer).toMatchObject({ name: "Jansen Bakery", content: "Main street 1\n1234 AB Amsterdam" });

    const updated = await t.gql<{ updateCustomer: { name: string; companyName: string | null; email: string | null } }>(
      `mutation ($id: ID!, $input: CustomerInput!) { updateCustomer(id: $id, input: $input) { ${CUSTOMER_FIELDS} } }`,
      { id: created.id, input: { name: "Jansen Bakery & Sons", companyName: "", email: null } },
      owner.headers(),
    );
    expect(updated.data?.updateCustomer).toMatchObject({ name: "Jansen Bakery & Sons", companyName: null, email: null });
  });

  it("refuses bad input with translated field messages and changes nothing", async () => {
    const before = await t.gql<Page>(LIST, {}, owner.headers());
    const bad = await t.gql(
      "mutation ($input: CustomerInput!) { createCustomer(input: $input) { id } }",
      { input: { name: "x".repeat(10_000), email: "not-an-email" } },
      owner.headers(),
    );
    expect(bad.errors?.[0].extensions).toMatchObject({
      code: "BAD_USER_INPUT",
      fields: { name: "The name can be at most 120 characters.", email: "Please enter a valid e-mail address." },
    });
    const dutch = await t.gql(
      "mutation ($input: CustomerInput!) { createCustomer(input: $input) { id } }",
      { input: { name: "" } },
      { ...owner.headers(), "accept-language": "nl" },
    );
    expect(dutch.errors?.[0].message).toBe("Vul de naam van de klant in.");
    const after = await t.gql<Page>(LIST, {}, owner.headers());
    expect(after.data?.customers.totalCount).toBe(before.data?.customers.totalCount);
  });

  it("lists with search, sort, pagination and quote totals", async () => {
    const other = await signUp(t, { company: "List Co" });
    for (const [name, companyName] of [
      ["Charlie", "Zeta BV"],
      ["alpha", "Omega"],
      ["Bravo", "100% Design"],
      ["Delta", "Alpha Corp"],
    ]) {
      await createCustomer(t, other, { name, companyName });
    }
    const bravo = (await t.gql<{ customers: { items: { id: string }[] } }>('{ customers(search: "bravo") { items { id } } }', {}, other.headers())).data!
      .customers.items[0];
    await createQuote(t, other, bravo.id);
    const signedLater = await createQuote(t, other, bravo.id);
    await transition(t, other, "publishQuote", signedLater.id);
    await t.db.execute(`update quotes set status = 'SIGNED' where id = '${signedLater.id}'`);

    const byName = await t.gql<Page>(LIST, { sort: "NAME_ASC" }, other.headers());
    expect(byName.data?.customers.items.map((c) => c.name)).toEqual(["alpha", "Bravo", "Charlie", "Delta"]);
    expect(byName.data?.customers.items[1]).toMatchObject({ totalQuotes: 2, totalSignedQuotes: 1 });
    const desc = await t.gql<Page>(LIST, { sort: "NAME_DESC", page: 2, pageSize: 3 }, other.headers());
    expect(desc.data?.customers).toMatchObject({ items: [{ name: "alpha" }], totalCount: 4, page: 2, pageSize: 3 });
    const most = await t.gql<Page>(LIST, { sort: "MOST_QUOTES" }, other.headers());
    expect(most.data?.customers.items[0].name).toBe("Bravo");
    // Search covers the company name; wildcards are literal.
    const search = await t.gql<Page>(LIST, { search: "alpha" }, other.headers());
    expect(search.data?.customers.items.map((c) => c.name).sort()).toEqual(["Delta", "alpha"]);
    const literal = await t.gql<Page>(LIST, { search: "100%" }, other.headers());
    expect(literal.data?.customers.items.map((c) => c.name)).toEqual(["Bravo"]);
    const none = await t.gql<Page>(LIST, { search: "%" }, other.headers());
    expect(none.data?.customers.totalCount).toBe(1);
  });

  it("refuses pagination out of range and over-long searches, in the user's language", async () => {
    for (const args of [{ pageSize: 101 }, { pageSize: 0 }, { page: 0 }, { page: -1 }]) {
      const result = await t.gql(LIST, args, owner.headers());
      expect(result.errors?.[0]).toMatchObject({ message: "Page must be 1 or more and page size between 1 and 100.", extensions: { code: "BAD_USER_INPUT" } });
    }
    const long = await t.gql(LIST, { search: "x".repeat(101) }, { ...owner.headers(), "accept-language": "nl" });
    expect(long.errors?.[0].message).toBe("De zoekopdracht mag maximaal 100 tekens zijn.");
    const max = await t.gql<Page>(LIST, { pageSize: 100 }, owner.headers());
    expect(max.data?.customers.pageSize).toBe(100);
  });

  it("deletes a customer, keeping their quotes without a customer (published ones keep the snapshot)", async () => {
    const customer = await createCustomer(t, owner, { name: "Leaving Ltd", content: "Old Road 9" });
    const draft = await createQuote(t, owner, customer.id, { name: "Draft for Leaving" });
    const published = await createQuote(t, owner, customer.id, { name: "Published for Leaving" });
    await transition(t, owner, "publishQuote", published.id);

    const deleted = await t.gql<{ deleteCustomer: string }>("mutation ($id: ID!) { deleteCustomer(id: $id) }", { id: customer.id }, owner.headers());
    expect(deleted.data?.deleteCustomer).toBe(customer.id);

    const gone = await t.gql("query ($id: ID!) { customer(id: $id) { id } }", { id: customer.id }, owner.headers());
    expect(gone.errors?.[0]).toMatchObject({ message: "This customer does not exist (any more).", extensions: { code: "NOT_FOUND" } });
    const quotes = await t.gql<{
      a: { status: string; customer: null; customerDetails: { name: string; content: string } | null };
      b: { status: string; customer: null; customerDetails: { name: string } | null };
    }>(
      "query ($a: ID!, $b: ID!) { a: quote(id: $a) { status customer { id } customerDetails { name content } } b: quote(id: $b) { status customer { id } customerDetails { name } } }",
      { a: published.id, b: draft.id },
      owner.headers(),
    );
    expect(quotes.data?.a).toEqual({ status: "PUBLISHED", customer: null, customerDetails: { name: "Leaving Ltd", content: "Old Road 9" } });
    expect(quotes.data?.b).toEqual({ status: "DRAFT", customer: null, customerDetails: null });

    // Deleting again, or an id that is not a UUID: not found, nothing else.
    for (const id of [customer.id, "not-a-uuid"]) {
      const again = await t.gql("mutation ($id: ID!) { deleteCustomer(id: $id) }", { id }, owner.headers());
      expect(again.errors?.[0].extensions?.code).toBe("NOT_FOUND");
    }
  });

  it("has no dangling references after deleting a customer", async () => {
    const rows = (await t.db.execute(
      "select count(*)::int as n from quotes q where q.customer_id is not null and not exists (select 1 from customers c where c.id = q.customer_id and c.account_id = q.account_id)",
    )) as unknown as { rows: { n: number }[] };
    expect(rows.rows[0].n).toBe(0);
  });
});

describe("control characters (issue 8 item 9)", () => {
  const CREATE = "mutation ($input: CustomerInput!) { createCustomer(input: $input) { id } }";

  it("refuses NUL and other control characters with a translated field error, never an internal error", async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ name: "a\u0000b" }, "name"],
      [{ name: "Acme", companyName: "Acme\u0007" }, "companyName"],
      [{ name: "Acme", content: "Street 1\u0000" }, "content"],
      [{ name: "Acme", contactPerson: "Ann\u001b[31m" }, "contactPerson"],
    ];
    for (const [input, field] of cases) {
      for (const [language, message] of [
        ["en", "Remove the invisible control characters from this field."],
        ["nl", "Verwijder de onzichtbare stuurtekens uit dit veld."],
      ]) {
        const result = await t.gql(CREATE, { input }, { ...owner.headers(), "accept-language": language });
        expect(result.errors?.[0].extensions, field).toMatchObject({ code: "BAD_USER_INPUT", fields: { [field]: message } });
      }
    }
    // Line breaks and tabs stay allowed in multi-line content.
    const ok = await t.gql<{ createCustomer: { id: string } }>(
      CREATE,
      { input: { name: "Tabs BV", content: "Street 1\n1234 AB\tAmsterdam" } },
      owner.headers(),
    );
    expect(ok.errors).toBeUndefined();
    const search = await t.gql('{ customers(search: "a\\u0000b") { totalCount } }', {}, owner.headers());
    expect(search.errors?.[0].extensions).toMatchObject({ code: "BAD_USER_INPUT" });
  });

  it("logs a failing resolver without the query's parameters (no personal data in logs)", async () => {
    const lines: string[] = [];
    const log = createLogger(
      "info",
      new Writable({
        write(chunk, _enc, done) {
          lines.push(String(chunk));
          done();
        },
      }),
    );
    const failure = new Error(
      'Failed query: insert into "customers" ("name", "email") values ($1, $2) returning "id"\nparams: Jansen Bakery,secret.person@example.test',
      {
        cause: Object.assign(new Error("could not write"), { code: "XX000", detail: "Key (email)=(secret.person@example.test)" }),
      },
    );
    // A database whose inserts fail the way drizzle reports it (message with SQL and params).
    // createCustomer inserts inside a transaction (with its customer.created event): the proxy is its own "transaction".
    const failing: Database = new Proxy(t.db, {
      // (no $client: the PGlite lane would otherwise route around this proxy)
      get: (target, prop, receiver) =>
        prop === "$client"
          ? undefined
          : prop === "transaction"
            ? (run: (tx: Database) => Promise<unknown>) => run(failing)
            : prop === "insert"
              ? (table: unknown) => {
                  if (table === customers) throw failure;
                  return target.insert(table as typeof customers);
                }
              : Reflect.get(target, prop, receiver),
    }) as Database;
    const app = createApp({ config: t.config, db: failing, log, mail: createMailer({ from: "x@y.z", outboxDir: t.dataDir, log }), ping: t.database.ping });
    const response = await app.fetch(
      new Request(new URL("/graphql", t.config.publicUrl), {
        method: "POST",
        headers: { "content-type": "application/json", "x-graphql-csrf": "1", ...owner.headers() },
        body: JSON.stringify({ query: CREATE, variables: { input: { name: "Jansen Bakery", email: "secret.person@example.test" } } }),
      }),
    );
    const body = (await response.json()) as { errors: { message: string; extensions: { code: string } }[] };
    expect(body.errors[0]).toMatchObject({ message: "Something went wrong", extensions: { code: "INTERNAL_SERVER_ERROR" } });
    const logged = lines.join("\n");
    expect(logged).toContain("resolver failed");
    expect(logged).toContain("XX000");
    expect(logged).toContain('insert into \\"customers\\"');
    expect(logged).not.toContain("secret.person");
    expect(logged).not.toContain("Jansen");
  });
});
