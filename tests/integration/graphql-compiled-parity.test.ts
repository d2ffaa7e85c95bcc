import { print } from "graphql";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compiledExecutionStats } from "../../src/server/graphql/compiled-execution";
import {
  ApiKeysDocument,
  CreatePricingQuoteBlockDocument,
  CreateTextQuoteBlockDocument,
  CustomersDocument,
  QuoteDocument,
  QuoteFormDataDocument,
  QuotesDocument,
  TeamDocument,
} from "../../src/web/graphql/generated/graphql";
import { type TestApp, createTestApp } from "../support/app";
import { type SignedInAs, signIn } from "../support/auth";
import { createCustomer, createQuote } from "../support/quotes";

/**
 * Decisions 077 and 089: the operations run by graphql-jit's compiled executor answer byte for byte as
 * graphql-js's executor answers them: data, nulls, errors (messages, codes, paths, masking,
 * NOT_FOUND, FORBIDDEN, variable and validation errors), abstract types (the quote block
 * interface). Two apps on ONE database, one per executor; every request goes to both.
 */
let compiled: TestApp;
let reference: TestApp;
let owner: SignedInAs;
let member: SignedInAs;
let quoteId: string;

beforeAll(async () => {
  compiled = await createTestApp({ graphqlExecutor: "jit" });
  reference = await createTestApp({ graphqlExecutor: "graphql-js", database: compiled.database });
  owner = await signIn(compiled, "owner", { name: "Jit Parity" });
  member = await signIn(compiled, "member", { account: { accountId: owner.accountId } });
  const customer = await createCustomer(compiled, owner, { name: "Parity Klant" });
  for (let i = 0; i < 3; i++) await createQuote(compiled, owner, customer.id, { name: `Quote ${i}` });
  quoteId = (await createQuote(compiled, owner, customer.id, { name: "With blocks" })).id;
  const text = await compiled.gql(print(CreateTextQuoteBlockDocument), { quoteId, input: { name: "Intro", content: null } }, owner.headers());
  expect(text.errors).toBeUndefined();
  const pricing = await compiled.gql(
    print(CreatePricingQuoteBlockDocument),
    {
      quoteId,
      input: {
        name: "Prices",
        pricingUnit: "MONTH",
        lineItems: [
          { name: "Design", description: null, price: "100.00", amount: "2", vatRate: "21", optional: false, selected: true, recurring: false },
          { name: "Hosting", price: "10.00", amount: "12", vatRate: "21", optional: true, selected: false, recurring: true },
        ],
      },
    },
    owner.headers(),
  );
  expect(pricing.errors, JSON.stringify(pricing.errors)).toBeUndefined();
});
afterAll(async () => {
  await reference?.close();
  await compiled?.close();
});

async function both(query: string, variables: Record<string, unknown> | undefined, headers: Record<string, string>) {
  const send = async (t: TestApp) => {
    const response = await t.fetch("/graphql", {
      method: "POST",
      headers: { "content-type": "application/json", "x-graphql-csrf": "1", ...headers },
      body: JSON.stringify({ query, variables }),
    });
    return { status: response.status, body: await response.text() };
  };
  // A document's first run is graphql-js's; it is compiled on its second (compiled-execution.ts).
  await send(compiled);
  const before = compiledExecutionStats.compiled;
  const jit = await send(compiled);
  const ranCompiled = compiledExecutionStats.compiled > before;
  const js = await send(reference);
  return { jit, js, ranCompiled };
}

const NOWHERE = "00000000-0000-4000-8000-000000000000";

describe("graphql-jit answers as graphql-js does", () => {
  type Case = [
    name: string,
    query: () => string,
    variables: () => Record<string, unknown> | undefined,
    who: () => SignedInAs | null,
    expectInBody: string,
    compiles: boolean,
  ];
  const cases: Case[] = [
    ["me", () => "{ me { id email name } }", () => undefined, () => owner, '"me":{"id"', true],
    ["me signed out (null)", () => "{ me { id email name } }", () => undefined, () => null, '"me":null', true],
    ["the quotes page (web app document)", () => print(QuotesDocument), () => ({ pageSize: 20 }), () => owner, '"totalCount":4', true],
    [
      "a quote with its blocks (interface, fragments)",
      () => print(QuoteDocument),
      () => ({ id: quoteId }),
      () => owner,
      '"__typename":"PricingQuoteBlock"',
      true,
    ],
    ["a quote that does not exist (NOT_FOUND)", () => print(QuoteDocument), () => ({ id: NOWHERE }), () => owner, "NOT_FOUND", true],
    ["a malformed id", () => print(QuoteDocument), () => ({ id: "not-a-uuid" }), () => owner, '"locations":[{"line":2,"column":3}]', true],
    // Variables graphql-js refuses are answered by graphql-js (its messages, not graphql-jit's).
    ["a variable of the wrong type", () => print(QuotesDocument), () => ({ pageSize: "twenty" }), () => owner, "Int cannot represent", false],
    ["a required variable missing", () => print(QuoteDocument), () => ({}), () => owner, "was not provided", false],
    ["an out-of-range page size", () => print(QuotesDocument), () => ({ pageSize: 100000 }), () => owner, '"errors"', true],
    ["the quote form data", () => print(QuoteFormDataDocument), () => undefined, () => owner, '"customers"', true],
    ["customers with variables", () => print(CustomersDocument), () => ({ pageSize: 5 }), () => owner, '"Parity Klant"', true],
    ["the team", () => print(TeamDocument), () => undefined, () => owner, '"data"', true],
    ["api keys as a member (FORBIDDEN)", () => print(ApiKeysDocument), () => undefined, () => member, "FORBIDDEN", true],
    ["quotes signed out (UNAUTHENTICATED)", () => print(QuotesDocument), () => ({}), () => null, '"errors"', true],
    [
      "a mutation refused by validation (fields translated)",
      () => print(CreateTextQuoteBlockDocument),
      () => ({ quoteId, input: { name: "", content: null } }),
      () => owner,
      '"errors"',
      false, // mutations: graphql-js
    ],
    [
      "a mutation on a quote that does not exist",
      () => print(CreateTextQuoteBlockDocument),
      () => ({ quoteId: NOWHERE, input: { name: "x" } }),
      () => owner,
      "NOT_FOUND",
      false,
    ],
    ["an unknown field (validation, never executed)", () => "{ me { id nope } }", () => undefined, () => owner, '"errors"', false],
    [
      "aliases, __typename and @include/@skip",
      () => "query ($a: Boolean!) { a: me { id __typename } b: me @include(if: $a) { name } c: me @skip(if: $a) { email } }",
      () => ({ a: true }),
      () => owner,
      '"a":{',
      true,
    ],
  ];
  it.each(cases)("%s", async (_name, query, variables, who, expectInBody, compiles) => {
    const user = who();
    const { jit, js, ranCompiled } = await both(query(), variables(), user ? user.headers() : {});
    expect(jit.body).toContain(expectInBody);
    expect(jit.status).toBe(js.status);
    expect(jit.body).toBe(js.body);
    expect(ranCompiled).toBe(compiles);
  });
});
