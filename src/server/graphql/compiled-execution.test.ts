import { GraphQLError, buildSchema } from "graphql";
import { createYoga } from "graphql-yoga";
import { describe, expect, it } from "vitest";
import { compiledExecutionStats, useCompiledExecution } from "./compiled-execution";

/**
 * The compiled executor (decisions 077, 089) against graphql-js's, through Yoga, on a schema with what
 * the app's own parity test (tests/integration/graphql-compiled-parity.test.ts) cannot provoke:
 * errors and nulls inside lists, a non-null item's error nulling its list, unions, interfaces,
 * thrown plain errors (masked) and promise rejections.
 */
const schema = buildSchema(`
  interface Node { id: ID! }
  type Item implements Node { id: ID! name: String size: Int! }
  type Other implements Node { id: ID! label: String! }
  union Thing = Item | Other
  type Query {
    items: [Item]
    strictItems: [Item!]
    strictList: [Item!]!
    things: [Thing!]!
    nodes: [Node]
    failing: String
    rejecting: String!
    nested: Item
  }
`);
const item = (id: string, extra: Record<string, unknown> = {}) => ({ __typename: "Item", id, name: `n${id}`, size: Number(id), ...extra });
const boom = () => {
  throw new Error("secret database detail");
};
const rootValue = {
  items: () => [item("1"), null, item("2", { name: null }), item("3", { size: () => Promise.reject(new Error("size failed")) })],
  strictItems: () => [item("1"), item("2", { size: null })],
  strictList: () => [item("1"), item("2", { size: boom })],
  things: () => [
    item("1"),
    { __typename: "Other", id: "o", label: "L" },
    item("2", { name: () => new GraphQLError("visible", { extensions: { code: "X" } }) }),
  ],
  nodes: () => [{ __typename: "Other", id: "o", label: "L" }, null, item("5")],
  failing: boom,
  rejecting: () => Promise.reject(new Error("rejected")),
  nested: () => item("9", { name: () => Promise.resolve("late") }),
};

function yogaWith(compiled: boolean) {
  return createYoga({
    schema,
    rootValue,
    landingPage: false,
    graphiql: false,
    logging: false,
    maskedErrors: { errorMessage: "Something went wrong" },
    plugins: compiled ? [useCompiledExecution(schema)] : [],
  } as never);
}
const jit = yogaWith(true);
const js = yogaWith(false);

async function answer(yoga: ReturnType<typeof yogaWith>, query: string, variables?: Record<string, unknown>) {
  const response = await yoga.fetch("http://test/graphql", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ query, variables }),
  });
  return { status: response.status, body: await response.text() };
}

describe("the compiled executor answers as graphql-js does", () => {
  const queries: [string, string, Record<string, unknown>?][] = [
    ["nulls and errors in a nullable list", "{ items { id name size } }"],
    ["a null in a non-null item nulls the list", "{ strictItems { id size } }"],
    ["a thrown error in a non-null list nulls the parent (masked)", "{ strictList { id size } failing }"],
    ["a union with fragments and __typename", "{ things { __typename ... on Item { id name } ... on Other { label } } }"],
    ["an interface, nulls in the list", "{ nodes { id __typename ... on Other { label } ... on Item { size } } }"],
    ["a rejected non-null root field", "{ rejecting failing }"],
    ["aliases, variables and directives", "query ($s: Boolean!) { a: nested { id name } b: nested @skip(if: $s) { id } }", { s: true }],
    ["a multi-line document's locations", "query Q {\n  items {\n    id\n    size\n  }\n  failing\n}"],
  ];
  it.each(queries)("%s", async (_name, query, variables) => {
    // A document's first run is graphql-js's (it is compiled on its second: compiledFor).
    const notYet = compiledExecutionStats.notYetCompiled;
    const first = await answer(jit, query, variables);
    expect(compiledExecutionStats.notYetCompiled).toBe(notYet + 1);
    expect(first).toEqual(await answer(js, query, variables));
    const before = compiledExecutionStats.compiled;
    const compiled = await answer(jit, query, variables);
    expect(compiledExecutionStats.compiled).toBe(before + 1);
    expect(compiled).toEqual(await answer(js, query, variables));
  });

  it("a null in a non-null position is answered by graphql-js (its error, masked), not graphql-jit's null error", async () => {
    await answer(jit, "{ strictList { id size } }"); // its first run: graphql-js's
    const before = compiledExecutionStats.reExecuted;
    const { body } = await answer(jit, "{ strictList { id size } }");
    expect(compiledExecutionStats.reExecuted).toBe(before + 1);
    expect(JSON.parse(body)).toMatchObject({ errors: [{ message: "Something went wrong", extensions: { code: "INTERNAL_SERVER_ERROR" } }], data: null });
  });
  it("a query text seen once is never compiled: a client sending a new text each time buys no compilation", async () => {
    const compiledBefore = compiledExecutionStats.compiled;
    const notYetBefore = compiledExecutionStats.notYetCompiled;
    for (let i = 0; i < 5; i++) expect((await answer(jit, `{ a${i}: nested { id } }`)).status).toBe(200);
    expect(compiledExecutionStats.notYetCompiled).toBe(notYetBefore + 5);
    expect(compiledExecutionStats.compiled).toBe(compiledBefore);
  });
});
