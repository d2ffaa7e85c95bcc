import { sql } from "drizzle-orm";
import { paragraphDocument } from "../../src/shared/rich-text";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../src/server/db/client";
import { accounts, quoteBlocks, quoteLineItems } from "../../src/server/db/schema";
import { type TestApp, createTestApp } from "../support/app";
import { type SignedIn, signUp } from "../support/auth";
import { QUOTE_FIELDS, type QuoteResult, addBlocks, createCustomer, createQuote, publishOn, quoteInput, transition } from "../support/quotes";

let t: TestApp;
let owner: SignedIn;
let customerId: string;

beforeAll(async () => {
  t = await createTestApp();
  owner = await signUp(t, { company: "Quotes Co" });
  customerId = (await createCustomer(t, owner, { name: "Café Zoë" })).id;
});
afterAll(async () => {
  await t.close();
});

const year = new Date().getUTCFullYear();
const UPDATE = `mutation ($id: ID!, $input: QuoteInput!) { updateQuote(id: $id, input: $input) { ${QUOTE_FIELDS} } }`;
const GET = `query ($id: ID!) { quote(id: $id) { ${QUOTE_FIELDS} quoteBlocks { __typename id name content ... on PricingQuoteBlock { pricingUnit totals { oneOff { totalExclVat } } quoteLineItems { name price amount total } } } } }`;

/** The database's own view of a failing statement: the error text of the query and its cause. */
async function sqlError(statement: string): Promise<string> {
  try {
    await t.db.execute(sql.raw(statement));
    return "no error";
  } catch (error) {
    return `${(error as Error).message} ${String((error as { cause?: Error }).cause?.message ?? "")}`;
  }
}

describe("creating quotes", () => {
  it("creates a draft with a number, a slug, a 24-character nanoId and its public URL", async () => {
    const quote = await createQuote(t, owner, customerId, { name: "Website redesign – Café Zoë", language: "NL", currency: "GBP" });
    expect(quote).toMatchObject({ status: "DRAFT", displayStatus: "DRAFT", slug: "website-redesign-cafe-zoe", total: "0.00", customer: { id: customerId } });
    expect(quote.quoteNumber).toMatch(new RegExp(`^${year}-\\d{4}$`));
    expect(quote.nanoId).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(quote.url).toBe(`http://offerly.test/nl/quote/website-redesign-cafe-zoe/${quote.nanoId}`);
    const english = await createQuote(t, owner, customerId);
    expect(english.url).toBe(`http://offerly.test/quote/website-redesign/${english.nanoId}`);
    expect(Number(english.quoteNumber.slice(5))).toBe(Number(quote.quoteNumber.slice(5)) + 1);
  });

  it("gives 50 concurrent creations 50 distinct, consecutive numbers", async () => {
    const user = await signUp(t, { company: "Busy Co" });
    const customer = await createCustomer(t, user);
    const results = await Promise.all(Array.from({ length: 50 }, (_, i) => createQuote(t, user, customer.id, { name: `Quote ${i}` })));
    const numbers = results.map((q) => q.quoteNumber);
    expect(new Set(numbers).size).toBe(50);
    expect(numbers.map((n) => Number(n.slice(5))).sort((a, b) => a - b)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    expect(new Set(results.map((q) => q.nanoId)).size).toBe(50);
  });

  it("backs unique numbers with a database constraint", async () => {
    const quote = await createQuote(t, owner, customerId);
    const [other] = await queryRows<{ id: string; quote_number: string }>(
      t.db,
      sql`select id, quote_number from quotes where account_id = ${owner.accountId} and id <> ${quote.id} and status = 'DRAFT' limit 1`,
    );
    expect(await sqlError(`update quotes set quote_number = '${quote.quoteNumber}' where id = '${other.id}'`)).toMatch(
      /quotes_account_number_key|duplicate key/,
    );
  });

  it("refuses bad input with clear messages in the user's language, creating nothing", async () => {
    const victim = await signUp(t, { company: "Other Co" });
    const foreignCustomer = await createCustomer(t, victim, { name: "Not yours" });
    const before = (await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from quotes where account_id = ${owner.accountId}`))[0].n;
    const cases: [Record<string, unknown>, string, string][] = [
      [{ customerId: foreignCustomer.id }, "customerId", "Choose one of your customers."],
      [{ quoteDateAt: "2026-03-10", quoteExpirationAt: "2026-03-09" }, "quoteExpirationAt", "The expiration date cannot be before the quote date."],
      [{ currency: "JPY" }, "currency", "Choose EUR, USD or GBP."],
      [{ language: "DE" }, "language", "Choose English (ENG) or Dutch (NL)."],
      [{ name: "x".repeat(10_000) }, "name", "The title can be at most 200 characters."],
      [{ quoteDateAt: "tomorrow" }, "quoteDateAt", "Please enter a valid quote date."],
    ];
    for (const [overrides, field, message] of cases) {
      const result = await t.gql(
        "mutation ($input: QuoteInput!) { createQuote(input: $input) { id } }",
        { input: quoteInput(customerId, overrides) },
        owner.headers(),
      );
      expect(result.errors?.[0].extensions?.code, field).toBe("BAD_USER_INPUT");
      expect((result.errors?.[0]?.extensions?.fields as Record<string, string> | undefined)?.[field]).toBe(message);
      expect(result.data).toBeNull();
    }
    const dutch = await t.gql(
      "mutation ($input: QuoteInput!) { createQuote(input: $input) { id } }",
      { input: quoteInput(customerId, { quoteExpirationAt: "2000-01-01" }) },
      { ...owner.headers(), "accept-language": "nl" },
    );
    expect(dutch.errors?.[0].message).toBe("De vervaldatum kan niet vóór de offertedatum liggen.");
    const after = (await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from quotes where account_id = ${owner.accountId}`))[0].n;
    expect(after).toBe(before);
  });
});

describe("editing and the lifecycle", () => {
  it("updates a draft (slug follows the title)", async () => {
    const quote = await createQuote(t, owner, customerId);
    const updated = await t.gql<{ updateQuote: QuoteResult }>(
      UPDATE,
      { id: quote.id, input: quoteInput(customerId, { name: "New Title!", currency: "USD", signable: false }) },
      owner.headers(),
    );
    expect(updated.data?.updateQuote).toMatchObject({ name: "New Title!", slug: "new-title", quoteNumber: quote.quoteNumber, nanoId: quote.nanoId });
  });

  it("publishes, refuses edits to a published quote, withdraws, and publishes again with the same link", async () => {
    const quote = await createQuote(t, owner, customerId);
    await addBlocks(t, quote.id);
    const published = await transition(t, owner, "publishQuote", quote.id);
    expect(published.data?.publishQuote).toMatchObject({
      status: "PUBLISHED",
      displayStatus: "PUBLISHED",
      total: "1019.99",
      customerDetails: { name: "Café Zoë" },
    });

    const edit = await t.gql(UPDATE, { id: quote.id, input: quoteInput(customerId, { name: "Sneaky change" }) }, owner.headers());
    expect(edit.errors?.[0]).toMatchObject({ message: "This quote is published or signed and can no longer be changed.", extensions: { code: "CONFLICT" } });
    const editNl = await t.gql(UPDATE, { id: quote.id, input: quoteInput(customerId) }, { ...owner.headers(), "accept-language": "nl" });
    expect(editNl.errors?.[0].message).toBe("Deze offerte is gepubliceerd of getekend en kan niet meer worden gewijzigd.");
    const del = await t.gql("mutation ($id: ID!) { deleteQuote(id: $id) }", { id: quote.id }, owner.headers());
    expect(del.errors?.[0].message).toBe("Only a draft can be deleted. Withdraw the quote first.");
    const again = await transition(t, owner, "publishQuote", quote.id);
    expect(again.errors?.[0].extensions?.code).toBe("CONFLICT");

    // Customer edits after publication do not change the published quote.
    await t.gql(
      "mutation ($id: ID!, $input: CustomerInput!) { updateCustomer(id: $id, input: $input) { id } }",
      { id: customerId, input: { name: "Renamed customer" } },
      owner.headers(),
    );
    const read = await t.gql<{ quote: QuoteResult }>(GET, { id: quote.id }, owner.headers());
    expect(read.data?.quote).toMatchObject({ name: "Website redesign", customerDetails: { name: "Café Zoë" }, customer: { name: "Renamed customer" } });
    await t.gql(
      "mutation ($id: ID!, $input: CustomerInput!) { updateCustomer(id: $id, input: $input) { id } }",
      { id: customerId, input: { name: "Café Zoë" } },
      owner.headers(),
    );

    const withdrawn = await transition(t, owner, "withdrawQuote", quote.id);
    expect(withdrawn.data?.withdrawQuote).toMatchObject({ status: "DRAFT", nanoId: quote.nanoId });
    const edited = await t.gql<{ updateQuote: QuoteResult }>(
      UPDATE,
      { id: quote.id, input: quoteInput(customerId, { name: "Allowed again" }) },
      owner.headers(),
    );
    expect(edited.data?.updateQuote.name).toBe("Allowed again");
    const republished = await transition(t, owner, "publishQuote", quote.id);
    expect(republished.data?.publishQuote).toMatchObject({ status: "PUBLISHED", url: quote.url.replace("website-redesign", "allowed-again") });
  });

  it("shows blocks and exact totals", async () => {
    const quote = await createQuote(t, owner, customerId);
    await addBlocks(t, quote.id);
    const read = await t.gql<{ quote: QuoteResult & { quoteBlocks: unknown[] } }>(GET, { id: quote.id }, owner.headers());
    expect(read.data?.quote.total).toBe("1019.99");
    expect(read.data?.quote.quoteBlocks).toEqual([
      { __typename: "TextQuoteBlock", id: expect.any(String), name: "Introduction", content: paragraphDocument("Thank you for your interest.") },
      {
        __typename: "PricingQuoteBlock",
        id: expect.any(String),
        name: "Work",
        content: paragraphDocument("What we do"),
        pricingUnit: "DAY",
        totals: { oneOff: { totalExclVat: "1019.99" } },
        quoteLineItems: [
          { name: "Design", price: "125.00", amount: "8", total: "1000.00" },
          { name: "Hosting", price: "19.99", amount: "1.5", total: "29.99" },
          { name: "Discount", price: "-10.00", amount: "1", total: "-10.00" },
        ],
      },
    ]);
  });

  it("refuses withdrawing a signed quote and every change to it", async () => {
    const quote = await createQuote(t, owner, customerId);
    await transition(t, owner, "publishQuote", quote.id);
    await t.db.execute(sql`update quotes set status = 'SIGNED' where id = ${quote.id}`);
    const withdraw = await transition(t, owner, "withdrawQuote", quote.id);
    expect(withdraw.errors?.[0].message).toBe("Only a published quote can be withdrawn (a quote marked signed is final).");
    const read = await t.gql<{ quote: QuoteResult & { signedAt: string } }>(
      `query ($id: ID!) { quote(id: $id) { status signedAt } }`,
      { id: quote.id },
      owner.headers(),
    );
    expect(read.data?.quote.status).toBe("SIGNED");
    expect(read.data?.quote.signedAt).toBeTruthy();
    expect(await sqlError(`update quotes set status = 'PUBLISHED' where id = '${quote.id}'`)).toContain("offerly:quote_transition");
    expect(await sqlError(`update quotes set signed_at = now() - interval '1 day' where id = '${quote.id}'`)).toContain("offerly:quote_locked");
    expect(await sqlError(`delete from quotes where id = '${quote.id}'`)).toContain("offerly:quote_locked");
  });

  it("deletes a draft with its blocks", async () => {
    const quote = await createQuote(t, owner, customerId);
    await addBlocks(t, quote.id);
    const del = await t.gql<{ deleteQuote: string }>("mutation ($id: ID!) { deleteQuote(id: $id) }", { id: quote.id }, owner.headers());
    expect(del.data?.deleteQuote).toBe(quote.id);
    const left = await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from quote_blocks where quote_id = ${quote.id}`);
    expect(left[0].n).toBe(0);
    const read = await t.gql(GET, { id: quote.id }, owner.headers());
    expect(read.errors?.[0]).toMatchObject({ message: "This quote does not exist (any more).", extensions: { code: "NOT_FOUND" } });
  });
});

describe("the database refuses changes to published quotes (no code path can slip)", () => {
  let published: QuoteResult;
  let blockId: string;
  beforeAll(async () => {
    published = await createQuote(t, owner, customerId);
    blockId = (await addBlocks(t, published.id)).id;
    await transition(t, owner, "publishQuote", published.id);
  });

  it("fails a raw SQL UPDATE of the quote's content", async () => {
    expect(await sqlError(`update quotes set name = 'Changed behind your back' where id = '${published.id}'`)).toContain("offerly:quote_locked");
    expect(await sqlError(`update quotes set expiration_date = '2100-01-01' where id = '${published.id}'`)).toContain("offerly:quote_locked");
    expect(await sqlError(`update quotes set customer_id = customer_id where id = '${published.id}'`)).toBe("no error"); // no change is no change
    expect(await sqlError(`delete from quotes where id = '${published.id}'`)).toContain("offerly:quote_locked");
  });

  it("fails raw SQL changes to its blocks and line items", async () => {
    expect(await sqlError(`update quote_blocks set name = 'x' where id = '${blockId}'`)).toContain("offerly:quote_locked");
    expect(await sqlError(`insert into quote_blocks (quote_id, kind, position, name) values ('${published.id}', 'TEXT', 9, 'x')`)).toContain(
      "offerly:quote_locked",
    );
    expect(await sqlError(`delete from quote_blocks where id = '${blockId}'`)).toContain("offerly:quote_locked");
    expect(await sqlError(`update quote_line_items set price_cents = 1 where block_id = '${blockId}'`)).toContain("offerly:quote_locked");
    expect(await sqlError(`insert into quote_line_items (block_id, position, name, price_cents) values ('${blockId}', 9, 'x', 1)`)).toContain(
      "offerly:quote_locked",
    );
    expect(await sqlError(`delete from quote_line_items where block_id = '${blockId}'`)).toContain("offerly:quote_locked");
    const read = await t.gql<{ quote: QuoteResult }>(GET, { id: published.id }, owner.headers());
    expect(read.data?.quote).toMatchObject({ name: "Website redesign", total: "1019.99" });
  });

  it("fails a new quote that is not a draft, a jump from draft to signed, and a customer of another account", async () => {
    const draft = await createQuote(t, owner, customerId);
    expect(await sqlError(`update quotes set status = 'SIGNED' where id = '${draft.id}'`)).toContain("offerly:quote_transition");
    expect(
      await sqlError(
        `insert into quotes (account_id, quote_number, name, slug, nano_id, language, currency, status, quote_date, expiration_date) values ('${owner.accountId}', 'X-1', 'x', 'x', 'abcdefghijklmnopqrstuvwxyz', 'ENG', 'EUR', 'PUBLISHED', '2026-01-01', '2026-01-02')`,
      ),
    ).toContain("offerly:quote_locked");
    const other = await signUp(t, { company: "Foreign Co" });
    const foreign = await createCustomer(t, other);
    expect(await sqlError(`update quotes set customer_id = '${foreign.id}' where id = '${draft.id}'`)).toMatch(/quotes_account_customer_fk|foreign key/);
    expect(await sqlError(`update quotes set expiration_date = '2000-01-01' where id = '${draft.id}'`)).toMatch(/quotes_dates_check|check constraint/);
    expect(await sqlError(`update quotes set nano_id = 'short' where id = '${draft.id}'`)).toMatch(/quotes_nano_id_check|check constraint/);
  });

  it("still lets the whole account go, published and signed quotes included", async () => {
    const leaving = await signUp(t, { company: "Leaving Co" });
    const customer = await createCustomer(t, leaving);
    const quote = await createQuote(t, leaving, customer.id);
    await addBlocks(t, quote.id);
    await transition(t, leaving, "publishQuote", quote.id);
    const signed = await createQuote(t, leaving, customer.id);
    await transition(t, leaving, "publishQuote", signed.id);
    await t.db.execute(sql`update quotes set status = 'SIGNED' where id = ${signed.id}`);
    await t.db.delete(accounts).where(sql`${accounts.id} = ${leaving.accountId}`);
    const left = await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from quotes where account_id = ${leaving.accountId}`);
    expect(left[0].n).toBe(0);
  });
});

describe("duplicating", () => {
  it("makes a new draft with a new number and nanoId and copies of every block and line item", async () => {
    const source = await createQuote(t, owner, customerId, { name: "Original", quoteDateAt: "2026-01-01", quoteExpirationAt: "2026-01-15" });
    await addBlocks(t, source.id);
    await transition(t, owner, "publishQuote", source.id);
    const copy = await t.gql<{ duplicateQuote: QuoteResult & { quoteBlocks: { name: string }[] } }>(
      `mutation ($id: ID!) { duplicateQuote(id: $id) { ${QUOTE_FIELDS} quoteBlocks { name } } }`,
      { id: source.id },
      owner.headers(),
    );
    const dup = copy.data!.duplicateQuote;
    expect(dup).toMatchObject({ status: "DRAFT", name: "Original", total: "1019.99", customer: { id: customerId } });
    expect(dup.quoteNumber).not.toBe(source.quoteNumber);
    expect(dup.nanoId).not.toBe(source.nanoId);
    expect(dup.quoteBlocks.map((b) => b.name)).toEqual(["Introduction", "Work"]);
    const today = new Date().toISOString().slice(0, 10);
    expect(dup.quoteDateAt).toBe(today);
    expect(Date.parse(dup.quoteExpirationAt) - Date.parse(dup.quoteDateAt)).toBe(14 * 86_400_000);
    // The copies are separate rows: editing the copy leaves the published source untouched.
    const copyBlocks = await queryRows<{ id: string }>(t.db, sql`select id from quote_blocks where quote_id = ${dup.id}`);
    await t.db.update(quoteBlocks).set({ name: "Changed in copy" }).where(sql`${quoteBlocks.id} = ${copyBlocks[0].id}`);
    await t.db.delete(quoteLineItems).where(sql`${quoteLineItems.blockId} in (select id from quote_blocks where quote_id = ${dup.id})`);
    const sourceRead = await t.gql<{ quote: QuoteResult }>(GET, { id: source.id }, owner.headers());
    expect(sourceRead.data?.quote.total).toBe("1019.99");
  });
});

describe("listing", () => {
  it("filters by status (expired derived) and searches title, number and customer, with totals", async () => {
    const user = await signUp(t, { company: "Filter Co" });
    const customer = await createCustomer(t, user, { name: "Harbour Hotel" });
    const draft = await createQuote(t, user, customer.id, { name: "Draft one" });
    await addBlocks(t, draft.id);
    const live = await createQuote(t, user, customer.id, { name: "Live one" });
    await transition(t, user, "publishQuote", live.id);
    const old = await createQuote(t, user, customer.id, { name: "Old one", quoteDateAt: "2020-01-01", quoteExpirationAt: "2020-02-01" });
    await publishOn(t, user, old.id, "2020-01-15");
    const LIST =
      "query ($status: QuoteDisplayStatus, $search: String) { quotes(status: $status, search: $search) { totalCount items { name displayStatus isExpired total customer { name } } } }";
    type L = { quotes: { totalCount: number; items: { name: string; displayStatus: string; total: string }[] } };
    const names = async (vars: Record<string, unknown>) => (await t.gql<L>(LIST, vars, user.headers())).data!.quotes.items.map((q) => q.name);
    expect(await names({})).toEqual(["Old one", "Live one", "Draft one"]);
    expect(await names({ status: "DRAFT" })).toEqual(["Draft one"]);
    expect(await names({ status: "PUBLISHED" })).toEqual(["Live one"]);
    expect(await names({ status: "EXPIRED" })).toEqual(["Old one"]);
    expect(await names({ status: "SIGNED" })).toEqual([]);
    expect(await names({ search: "harbour" })).toHaveLength(3);
    expect(await names({ search: live.quoteNumber })).toEqual(["Live one"]);
    expect(await names({ search: "LIVE", status: "DRAFT" })).toEqual([]);
    const all = (await t.gql<L>(LIST, {}, user.headers())).data!.quotes.items;
    expect(all.find((q) => q.name === "Old one")).toMatchObject({ displayStatus: "EXPIRED", isExpired: true });
    expect(all.find((q) => q.name === "Draft one")?.total).toBe("1019.99");
  });

  it("refuses page sizes over 100 and other out-of-range pages", async () => {
    for (const args of ["pageSize: 101", "pageSize: 10000", "page: 0", "pageSize: -5"]) {
      const result = await t.gql(`{ quotes(${args}) { totalCount } }`, {}, owner.headers());
      expect(result.errors?.[0].extensions?.code).toBe("BAD_USER_INPUT");
    }
  });
});

describe("publishing refusals reach the user as translated AppErrors (issue 9 item 8)", () => {
  it("refuses a draft whose expiration date has passed: it would be expired the moment it goes live", async () => {
    const quote = await createQuote(t, owner, customerId, { name: "Too late", quoteDateAt: "2020-01-01", quoteExpirationAt: "2020-01-31" });
    await addBlocks(t, quote.id);
    for (const [language, message] of [
      ["en", "Choose an expiration date from today on before publishing: this quote would be expired at once."],
      ["nl", "Kies een vervaldatum vanaf vandaag voordat je publiceert: deze offerte zou meteen verlopen zijn."],
    ]) {
      const result = await t.gql(
        `mutation ($id: ID!) { publishQuote(id: $id) { id status } }`,
        { id: quote.id },
        { ...owner.headers(), "accept-language": language },
      );
      expect(result.errors?.[0]).toMatchObject({ message, extensions: { code: "BAD_USER_INPUT", fields: { quoteExpirationAt: message } } });
    }
    const read = await t.gql<{ quote: QuoteResult }>(GET, { id: quote.id }, owner.headers());
    expect(read.data?.quote.status).toBe("DRAFT");
    // Today is still fine: the expiration date is the last valid day.
    const today = new Date().toISOString().slice(0, 10);
    await t.gql(
      UPDATE,
      { id: quote.id, input: quoteInput(customerId, { name: "Just in time", quoteDateAt: today, quoteExpirationAt: today }) },
      owner.headers(),
    );
    const published = await transition(t, owner, "publishQuote", quote.id);
    expect(published.data?.publishQuote.status).toBe("PUBLISHED");
  });

  it("refuses a draft whose customer was deleted, and a quote that is not a draft, with codes", async () => {
    const customer = await createCustomer(t, owner, { name: "Gone Soon" });
    const quote = await createQuote(t, owner, customer.id, { name: "Orphan" });
    await t.gql("mutation ($id: ID!) { deleteCustomer(id: $id) }", { id: customer.id }, owner.headers());
    const orphan = await transition(t, owner, "publishQuote", quote.id);
    expect(orphan.errors?.[0]).toMatchObject({
      message: "Choose a customer before publishing.",
      extensions: { code: "BAD_USER_INPUT", fields: { customerId: "Choose a customer before publishing." } },
    });

    const other = await createQuote(t, owner, customerId, { name: "Twice" });
    await transition(t, owner, "publishQuote", other.id);
    const twice = await transition(t, owner, "publishQuote", other.id);
    expect(twice.errors?.[0]).toMatchObject({ message: "Only a draft can be published.", extensions: { code: "CONFLICT" } });
  });
});
