import { type GraphQLInputType, getNamedType, isInputObjectType, isListType, isNonNullType } from "graphql";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GRAPHQL_LIMITS } from "../../src/server/graphql/rules";
import { schema } from "../../src/server/graphql/schema";
import { type TestApp, createTestApp } from "../support/app";
import { type SignedIn, signIn } from "../support/auth";
import { type IdPool, createRandom, inputValue, rootFields, selection } from "../support/fuzz";

let t: TestApp;
let owner: SignedIn;
beforeAll(async () => {
  t = await createTestApp({ graphqlLimits: { budget: 1_000_000_000 } });
  owner = await signIn(t, "owner", { name: "Ida Ids" });
});
afterAll(async () => {
  await t?.close();
});

type Answer = { status: number; errors?: { message: string; extensions?: { code?: string } }[] };
async function post(body: string, headers: Record<string, string> = {}): Promise<Answer> {
  const response = await t.fetch("/graphql", { method: "POST", headers: { "content-type": "application/json", "x-graphql-csrf": "1", ...headers }, body });
  return { status: response.status, ...((await response.json()) as Omit<Answer, "status">) };
}

describe("variables nested too deeply", () => {
  const nested = (levels: number) => {
    let text = '"leaf"';
    for (let i = 0; i < levels; i++) text = `{"a":${text}}`;
    return text;
  };

  it("a 100,000-deep input object is a validation error (400, in the caller's language), not a RangeError", async () => {
    for (const [language, words] of [
      ["en", /nested too deeply/],
      ["nl", /te diep genest/],
    ] as const) {
      const answer = await post(`{"query":"{ me { id } }","variables":{"x":${nested(100_000)}}}`, { ...owner.headers(), "accept-language": language });
      expect(answer.status).toBe(400);
      expect(answer.errors?.map((e) => e.extensions?.code)).toEqual(["BAD_USER_INPUT"]);
      expect(answer.errors?.[0].message).toMatch(words);
    }
  });

  it("in a mutation's input too (a rich-text document), and one level within the limit is accepted", async () => {
    const query = JSON.stringify("mutation ($i: TextBlockInput!) { createTextTemplateBlock(input: $i) { id } }");
    const deep = await post(`{"query":${query},"variables":{"i":{"name":"Deep","content":${nested(100_000)}}}}`, owner.headers());
    expect(deep.status).toBe(400);
    expect(deep.errors?.map((e) => e.extensions?.code)).toEqual(["BAD_USER_INPUT"]);
    // variables → x → GRAPHQL_LIMITS.maxInputDepth - 1 objects: within the limit, so the query runs.
    const within = await post(`{"query":"{ me { id } }","variables":{"x":${nested(GRAPHQL_LIMITS.maxInputDepth - 1)}}}`, owner.headers());
    expect(within.status).toBe(200);
    expect(within.errors).toBeUndefined();
  });
});

/** Every place an ID can be given: a root field, the argument and the path inside it. */
function idPositions() {
  const positions: { operation: "query" | "mutation"; field: (typeof fields)[number]["field"]; arg: string; path: string[] }[] = [];
  const fields = rootFields(schema);
  const walk = (type: GraphQLInputType, path: string[], seen: Set<string>, push: (path: string[]) => void) => {
    const named = getNamedType(type);
    if (named.name === "ID") push(path);
    if (isInputObjectType(named) && !seen.has(named.name)) {
      for (const f of Object.values(named.getFields())) walk(f.type, [...path, f.name], new Set([...seen, named.name]), push);
    }
  };
  for (const { operation, field } of fields) {
    for (const arg of field.args) walk(arg.type, [], new Set(), (path) => positions.push({ operation, field, arg: arg.name, path }));
  }
  return positions;
}

/** A valid value of `type` with "x" (not a UUID) at `path` (a list there gets ["x"]). */
function withForeignId(type: GraphQLInputType, path: string[], pool: IdPool, seed: number): unknown {
  const inner = isNonNullType(type) ? type.ofType : type;
  if (path.length === 0) return isListType(inner) ? ["x"] : "x";
  if (isListType(inner)) return [withForeignId(inner.ofType, path, pool, seed)];
  const named = getNamedType(inner);
  if (!isInputObjectType(named)) throw new Error(`no input object at ${path.join(".")}`);
  const value = { ...(inputValue(named, "", createRandom(seed), pool, "valid") as Record<string, unknown>) };
  const [head, ...rest] = path;
  value[head] = withForeignId(named.getFields()[head].type, rest, pool, seed);
  return value;
}

/** Fields that take ids they drop themselves (extensions.nonUuidIds: "ignored", graphql/ids.ts). */
const IGNORED = new Set(["createTimeStatistic", "quoteListStatistics"]);

describe("an id that is not a UUID, in every ID argument of every operation", () => {
  const positions = idPositions();
  it("finds the ID arguments to sweep", () => {
    expect(positions.length).toBeGreaterThan(40);
    expect(positions.some((p) => p.field.name === "revokeInvitation")).toBe(true);
  });

  for (const [index, { operation, field, arg, path }] of positions.entries()) {
    it(`${field.name}(${[arg, ...path].join(".")}: "x")`, async () => {
      const pool: IdPool = { own: [{ id: crypto.randomUUID(), type: "Any" }], other: [] };
      const variables: Record<string, unknown> = {};
      const declarations: string[] = [];
      const uses: string[] = [];
      for (const a of field.args) {
        if (a.name !== arg && !isNonNullType(a.type)) continue;
        declarations.push(`$${a.name}: ${String(a.type)}`);
        uses.push(`${a.name}: $${a.name}`);
        variables[a.name] = a.name === arg ? withForeignId(a.type, path, pool, index) : inputValue(a.type, a.name, createRandom(index), pool, "valid");
      }
      const query = `${operation} (${declarations.join(", ")}) { ${field.name}(${uses.join(", ")}) ${selection(field.type, schema, createRandom(index), pool)} }`;
      const answer = await post(JSON.stringify({ query, variables }), owner.headers());
      const codes = answer.errors?.map((e) => e.extensions?.code) ?? [];
      expect(codes).not.toContain("INTERNAL_SERVER_ERROR");
      if (IGNORED.has(field.name)) expect(answer.status).toBe(200);
      else expect(codes, JSON.stringify(answer.errors)).toEqual(["NOT_FOUND"]);
    });
  }
});
