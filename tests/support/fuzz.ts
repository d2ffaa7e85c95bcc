import {
  type GraphQLField,
  type GraphQLInputType,
  type GraphQLOutputType,
  type GraphQLSchema,
  getNamedType,
  isAbstractType,
  isEnumType,
  isInputObjectType,
  isLeafType,
  isListType,
  isNonNullType,
  isObjectType,
  isScalarType,
} from "graphql";

/**
 * A seeded, schema-driven generator of GraphQL requests for fuzzing. It walks the schema's root
 * fields (so a new operation is fuzzed the day it lands) and makes, for each, requests with
 * arguments of the right and the wrong type: boundary numbers, empty and very long strings,
 * control characters, look-alike ids, ids from other accounts, valid-looking values where the
 * argument's name tells what it is (ids, dates, languages, currencies, e-mail addresses).
 */

/** A small, fast, seedable PRNG (mulberry32): the same seed gives the same requests. */
export function createRandom(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let x = state;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (max: number) => Math.floor(next() * max),
    chance: (p: number) => next() < p,
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)],
  };
}
export type Random = ReturnType<typeof createRandom>;

/**
 * Ids the fuzz may use: its own (grows as it creates things) and another account's, each with its
 * type name, and made-up ones. `hint` is the type the current root field works on (Quote, …).
 */
export type PoolId = { id: string; type: string };
export type IdPool = { own: PoolId[]; other: PoolId[]; hint?: string };

const MADE_UP_IDS = ["00000000-0000-0000-0000-000000000000", "ffffffff-ffff-ffff-ffff-ffffffffffff", "not-a-uuid", "1", "", "%", "' OR '1'='1"];

const STRINGS = [
  "",
  " ",
  "a",
  "Acme BV",
  "Café Zoë – “quoted” 😀",
  "a\u0000b",
  "\u0000",
  "line\nbreak\ttab",
  "\u0007bell\u001b[31m",
  "\u202eright-to-left",
  "%_\\",
  "' OR '1'='1",
  "<script>alert(1)</script>",
  "{{constructor}}",
  "🙂".repeat(60),
  "x".repeat(121),
  "y".repeat(2001),
  "z".repeat(20_000),
  "\ud800",
  "0",
  "-1",
  "null",
];
const DATES = ["2026-03-01", "2099-12-31", "2000-01-01", "1999-12-31", "2026-02-30", "2026-13-01", "26-1-1", "", "2026-03-01T00:00:00Z", "yesterday"];
const INTS = [0, 1, -1, 2, 20, 99, 100, 101, 1000, 2 ** 31 - 1, -(2 ** 31), 100_000, 100_001];
const WRONG_INTS = [2 ** 31, 2 ** 53, 1.5, Number.NaN, "1", true, null];
const LANGUAGES = ["ENG", "NL", "EN", "nl", ""];
const CURRENCIES = ["EUR", "USD", "GBP", "JPY", "eur", ""];
const EMAILS = ["ann@example.test", "ANN@EXAMPLE.TEST", "not an email", "a@b", "a\u0000@example.test", `${"x".repeat(250)}@example.test`];

function wrongValue(random: Random): unknown {
  return random.pick<unknown>([123, -1, 1.5, true, "text", [], {}, null, ["a"], { nested: { deep: 1 } }]);
}

function idValue(random: Random, pool: IdPool, name = ""): string {
  const hint = /customer/i.test(name) ? "Customer" : pool.hint;
  const choose = (ids: PoolId[]) => {
    const typed = hint && random.chance(0.8) ? ids.filter((x) => x.type === hint) : [];
    return random.pick(typed.length ? typed : ids).id;
  };
  const roll = random.next();
  if (roll < 0.5 && pool.own.length) return choose(pool.own);
  if (roll < 0.8 && pool.other.length) return choose(pool.other);
  if (roll < 0.9) return crypto.randomUUID();
  return random.pick(MADE_UP_IDS);
}

/** A value that passes validation for an argument or input field of this name. */
function validString(name: string, random: Random, pool: IdPool): string {
  const lower = name.toLowerCase();
  if (lower === "id" || lower.endsWith("id")) return idValue(random, pool, name);
  if (lower.includes("expiration")) return "2099-12-31";
  if (lower.endsWith("at") || lower.includes("date")) return "2026-03-01";
  if (lower === "language") return random.pick(["ENG", "NL"]);
  if (lower === "currency") return random.pick(["EUR", "USD", "GBP"]);
  if (lower === "email") return "ann@example.test";
  if (lower === "phone") return "+31 20 123 4567";
  if (lower === "content") return "Main street 1\n1234 AB Amsterdam";
  if (lower === "search") return random.pick(["a", "Own", "Other", "2026"]);
  return random.pick(["Acme BV", "Fuzz title", "Café Zoë"]);
}

function stringFor(name: string, random: Random, pool: IdPool, valid: boolean): string {
  if (valid) return validString(name, random, pool);
  const lower = name.toLowerCase();
  if (random.chance(0.7)) {
    if (lower === "id" || lower.endsWith("id")) return idValue(random, pool, name);
    if (lower.endsWith("at") || lower.includes("date")) return random.pick(DATES);
    if (lower === "language") return random.pick(LANGUAGES);
    if (lower === "currency") return random.pick(CURRENCIES);
    if (lower === "email") return random.pick(EMAILS);
  }
  return random.pick(STRINGS);
}

/**
 * A value for an input type. "wild": usually of the right shape, often with hostile content,
 * sometimes of the wrong type. "valid": what validation accepts, except that now and then one
 * leaf is wild (so that hostile content reaches the services and the database, not only zod).
 */
export function inputValue(type: GraphQLInputType, name: string, random: Random, pool: IdPool, mode: "wild" | "valid" = "wild", depth = 0): unknown {
  const wild = mode === "wild";
  if (wild && random.chance(0.06)) return wrongValue(random);
  if (isNonNullType(type)) return wild && random.chance(0.03) ? null : inputValue(type.ofType, name, random, pool, mode, depth);
  if (wild && random.chance(0.08)) return null;
  if (isListType(type)) return Array.from({ length: random.int(4) }, () => inputValue(type.ofType, name, random, pool, mode, depth + 1));
  if (isEnumType(type)) return wild && random.chance(0.1) ? "NOT_A_VALUE" : random.pick(type.getValues()).name;
  if (isInputObjectType(type)) {
    if (depth > 3) return {};
    const value: Record<string, unknown> = {};
    for (const field of Object.values(type.getFields())) {
      if (!isNonNullType(field.type) && random.chance(0.3)) continue; // optional fields left out
      if (wild && isNonNullType(field.type) && random.chance(0.03)) continue; // a required field missing
      value[field.name] = inputValue(field.type, field.name, random, pool, mode, depth + 1);
    }
    if (wild && random.chance(0.05)) value.unexpectedField = "x";
    return value;
  }
  if (isScalarType(type)) {
    switch (type.name) {
      case "Int":
        if (!wild) return random.pick([1, 2, 20, 100]);
        return random.chance(0.15) ? random.pick(WRONG_INTS) : random.pick(INTS);
      case "Float":
        return random.pick([0, -1, 1.5, 1e308, -1e308]);
      case "Boolean":
        return wild && random.chance(0.1) ? "true" : random.chance(0.5);
      case "ID":
        return idValue(random, pool, name);
      case "DateTime":
        return wild ? random.pick(["2026-01-01T00:00:00Z", "not a date", "", "9999-99-99"]) : "2026-01-01T00:00:00Z";
      default:
        return stringFor(name, random, pool, !wild);
    }
  }
  return null;
}

/** A selection set for an output type: its leaf fields and, to a small depth, its object fields. */
export function selection(type: GraphQLOutputType, schema: GraphQLSchema, random: Random, pool: IdPool, depth = 0): string {
  const named = getNamedType(type);
  if (isLeafType(named)) return "";
  if (isAbstractType(named)) {
    const fragments = schema
      .getPossibleTypes(named)
      .map((possible) => `... on ${possible.name} ${selection(possible, schema, random, pool, depth)}`)
      .join(" ");
    return `{ __typename ${fragments} }`;
  }
  if (!isObjectType(named)) return "";
  const parts: string[] = ["__typename"];
  for (const field of Object.values(named.getFields())) {
    const fieldNamed = getNamedType(field.type);
    const args = fieldArgs(field, random, pool, true);
    if (isLeafType(fieldNamed)) {
      parts.push(`${field.name}${args}`);
    } else if (depth < 3 && random.chance(0.8)) {
      parts.push(`${field.name}${args} ${selection(field.type, schema, random, pool, depth + 1)}`);
    }
  }
  return `{ ${parts.join(" ")} }`;
}

/** Inline arguments of a nested field (required ones always, as literals of the right type). */
function fieldArgs(field: GraphQLField<unknown, unknown>, random: Random, _pool: IdPool, requiredOnly: boolean): string {
  const args = field.args.filter((a) => !requiredOnly || isNonNullType(a.type));
  if (args.length === 0) return "";
  const literal = (type: GraphQLInputType): string => {
    const named = getNamedType(type);
    if (named.name === "Int") return String(random.pick([0, 1, 7, 2 ** 31 - 1]));
    if (named.name === "Boolean") return "true";
    if (isEnumType(named)) return named.getValues()[0].name;
    return JSON.stringify(random.pick(STRINGS.slice(0, 6)));
  };
  return `(${args.map((a) => `${a.name}: ${literal(a.type)}`).join(", ")})`;
}

/** Hostile content that is of the right type: what one leaf of an otherwise valid request gets. */
const HOSTILE = ["a\u0000b", "\u0000", "Ann\u0007\u001b[31m", "z".repeat(20_000), "\ud800", "%_\\", "' OR '1'='1", "🙂".repeat(60), ""];

/** Replaces one string leaf of `value` (an argument's value) with hostile content. */
function spoilOneString(value: unknown, random: Random): unknown {
  const paths: (string | number)[][] = [];
  const walk = (node: unknown, path: (string | number)[]) => {
    if (typeof node === "string") paths.push(path);
    else if (Array.isArray(node)) {
      for (const [i, item] of node.entries()) walk(item, [...path, i]);
    } else if (node && typeof node === "object") for (const [k, v] of Object.entries(node)) walk(v, [...path, k]);
  };
  walk(value, []);
  if (paths.length === 0) return value;
  const path = random.pick(paths);
  if (path.length === 0) return random.pick(HOSTILE);
  const copy = structuredClone(value) as Record<string | number, unknown>;
  let parent = copy;
  for (const key of path.slice(0, -1)) parent = parent[key] as Record<string | number, unknown>;
  parent[path[path.length - 1]] = random.pick(HOSTILE);
  return copy;
}

export type FuzzRequest = { field: string; query: string; variables: Record<string, unknown> };

/** One request for a root field: its arguments as variables (so wrong types reach coercion), its whole selection. */
export function requestFor(
  schema: GraphQLSchema,
  operation: "query" | "mutation",
  field: GraphQLField<unknown, unknown>,
  random: Random,
  pool: IdPool,
): FuzzRequest {
  const mode = random.chance(0.5) ? "valid" : "wild";
  const returned = getNamedType(field.type).name;
  pool.hint = /customer/i.test(field.name) ? "Customer" : /quote/i.test(field.name) ? "Quote" : returned;
  const variables: Record<string, unknown> = {};
  const declarations: string[] = [];
  const uses: string[] = [];
  for (const arg of field.args) {
    if (!isNonNullType(arg.type) && random.chance(0.35)) continue;
    const variable = `v_${arg.name}`;
    declarations.push(`$${variable}: ${String(arg.type)}`);
    uses.push(`${arg.name}: $${variable}`);
    const value = inputValue(arg.type, arg.name, random, pool, mode);
    if (value !== undefined) variables[variable] = value;
  }
  // A valid request with one hostile string: it gets past the types to validation, services and SQL.
  if (mode === "valid" && random.chance(0.7)) {
    const names = Object.keys(variables);
    if (names.length) {
      const name = random.pick(names);
      variables[name] = spoilOneString(variables[name], random);
    }
  }
  // Now and then an argument written inline with the wrong type: a validation error, never a 5xx.
  if (field.args.length > 0 && random.chance(0.05)) {
    const arg = random.pick(field.args);
    const index = uses.findIndex((u) => u.startsWith(`${arg.name}:`));
    const inline = `${arg.name}: ${random.pick(["123", '"text"', "true", "null", "[1, 2]", "{ a: 1 }", "NOT_A_VALUE"])}`;
    if (index >= 0) {
      uses[index] = inline;
      declarations.splice(index, 1);
      delete variables[`v_${arg.name}`];
    } else uses.push(inline);
  }
  const head = declarations.length ? `${operation} Fuzz(${declarations.join(", ")})` : `${operation} Fuzz`;
  const call = uses.length ? `${field.name}(${uses.join(", ")})` : field.name;
  return {
    field: `${operation === "query" ? "Query" : "Mutation"}.${field.name}`,
    query: `${head} { ${call} ${selection(field.type, schema, random, pool)} }`,
    variables,
  };
}

/** Every root field of the schema, queries and mutations. */
export function rootFields(schema: GraphQLSchema) {
  return [
    ...Object.values(schema.getQueryType()?.getFields() ?? {}).map((field) => ({ operation: "query" as const, field })),
    ...Object.values(schema.getMutationType()?.getFields() ?? {}).map((field) => ({ operation: "mutation" as const, field })),
  ];
}

/** Words that must never appear in an answer: database, driver and runtime internals. */
export const INTERNALS =
  /drizzle|postgres|pglite|relation "|violates|syntax error at or near|failed query|\bselect\b[^"]*\bfrom\b|insert into|delete from|node_modules|\.ts:\d+|\n\s+at |stack ?trace|TypeError|ReferenceError/i;

/** Collects every typed id in a GraphQL answer (objects with __typename and id), to grow the fuzz's own pool. */
export function collectIds(value: unknown, into: Map<string, string>): void {
  if (Array.isArray(value)) for (const item of value) collectIds(item, into);
  else if (value && typeof value === "object") {
    const record = value as Record<string, unknown>;
    if (typeof record.id === "string" && typeof record.__typename === "string") into.set(record.id, record.__typename);
    for (const inner of Object.values(record)) collectIds(inner, into);
  }
}
