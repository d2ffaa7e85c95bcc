import type http from "node:http";
import { getRequestListener } from "@hono/node-server";
import { useDisableIntrospection } from "@graphql-yoga/plugin-disable-introspection";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { nodeListener } from "../../src/server/app";
import { parseConfig } from "../../src/server/config";
import { accounts } from "../../src/server/db/schema";
import { compiledExecutionStats } from "../../src/server/graphql/compiled-execution";
import { GRAPHQL_LIMITS } from "../../src/server/graphql/rules";
import { graphqlPluginHookGaps, graphqlPlugins } from "../../src/server/graphql/yoga";
import { BODY_LIMITS } from "../../src/server/http/body-limit";
import { createLogger } from "../../src/server/logger";
import { type TestApp, createTestApp } from "../support/app";
import { type SignedIn, signIn } from "../support/auth";
import { listen } from "../support/listen";
import { createCustomer, createQuote } from "../support/quotes";

/**
 * Every rule of /graphql's plugin set holds on both paths in PRODUCTION: the node:http fast path
 * (decision 038) and the Hono route (GET, and POST through Hono alone). Introspection was open over
 * the fast path because its rule lived in a Yoga request hook that path never runs; each case here
 * is sent both ways and must get the same status, headers and body — and the expected refusal.
 */
let t: TestApp;
let user: SignedIn;
let viaNode: { url: string; close: () => Promise<void> };
let viaHono: { url: string; close: () => Promise<void> };
let taken = 0;

function counted(app: TestApp["app"]) {
  return {
    ...app,
    graphqlNode: (req: http.IncomingMessage, res: http.ServerResponse) => {
      const answered = app.graphqlNode(req, res);
      if (answered) taken += 1;
      return answered;
    },
  } as unknown as TestApp["app"];
}

/** API keys (decision 050): a live ADMIN key, a READ_ONLY one, a revoked one, one of an account on Starter. */
const keys = { admin: "", readOnly: "", revoked: "", starter: "" };
/** A quote of another account (the Starter one's): never the owner's to read. */
let otherQuoteId = "";

async function apiKey(owner: SignedIn, role: "ADMIN" | "READ_ONLY"): Promise<{ id: string; key: string }> {
  const created = await t.gql<{ createApiKey: { key: string; apiKey: { id: string } } }>(
    "mutation ($input: CreateApiKeyInput!) { createApiKey(input: $input) { key apiKey { id } } }",
    { input: { name: "Parity", role } },
    owner.headers(),
  );
  if (!created.data) throw new Error(JSON.stringify(created.errors));
  return { id: created.data.createApiKey.apiKey.id, key: created.data.createApiKey.key };
}

beforeAll(async () => {
  t = await createTestApp({ env: { NODE_ENV: "production" } });
  user = await signIn(t, "owner", { name: "Sam Security" });
  keys.admin = (await apiKey(user, "ADMIN")).key;
  keys.readOnly = (await apiKey(user, "READ_ONLY")).key;
  const revoked = await apiKey(user, "ADMIN");
  await t.gql("mutation ($id: ID!) { revokeApiKey(id: $id) { id } }", { id: revoked.id }, user.headers());
  keys.revoked = revoked.key;
  const starter = await signIn(t, "owner");
  keys.starter = (await apiKey(starter, "ADMIN")).key;
  otherQuoteId = (await createQuote(t, starter, (await createCustomer(t, starter, { name: "Other Klant" })).id)).id;
  await t.db.update(accounts).set({ subscriptionPlan: "STARTER", subscriptionInterval: "MONTHLY" }).where(eq(accounts.id, starter.accountId));
  viaNode = await listen(nodeListener(counted(t.app)));
  viaHono = await listen(getRequestListener(t.app.fetch));
});
afterAll(async () => {
  await viaNode?.close();
  await viaHono?.close();
  await t?.close();
});

const VOLATILE = new Set(["date", "x-request-id", "connection", "keep-alive", "transfer-encoding", "content-length"]);
type Answer = { status: number; headers: Record<string, string>; body: string };

async function send(base: string, init: { method?: string; path?: string; headers?: Record<string, string>; body?: string }): Promise<Answer> {
  const response = await fetch(`${base}${init.path ?? "/graphql"}`, {
    method: init.method ?? "POST",
    headers: { ...(init.method === "GET" ? {} : { "content-type": "application/json" }), ...init.headers },
    body: init.body,
  });
  const headers = Object.fromEntries([...response.headers].filter(([name]) => !VOLATILE.has(name)).sort(([a], [b]) => a.localeCompare(b)));
  return { status: response.status, headers, body: await response.text() };
}

/** The same POST both ways; the node:http path must be the one that answered it on the product's listener. */
async function both(headers: Record<string, string>, body: string) {
  const before = taken;
  const node = await send(viaNode.url, { headers, body });
  const nodeTook = taken > before;
  const hono = await send(viaHono.url, { headers, body });
  return { node, hono, nodeTook };
}

const csrf = { "x-graphql-csrf": "1" };
const q = (query: string, variables?: Record<string, unknown>) => JSON.stringify({ query, variables });
const codes = (answer: Answer) => (JSON.parse(answer.body) as { errors?: { extensions?: { code?: string } }[] }).errors?.map((e) => e.extensions?.code);
/** The node:http answer is the expected one, and the Hono route's byte for byte. */
function expectSame(node: Answer, hono: Answer, status: number, check: (answer: Answer) => void) {
  expect(node.status).toBe(status);
  check(node);
  expect(node.status).toBe(hono.status);
  expect(node.headers).toEqual(hono.headers);
  expect(node.body).toBe(hono.body);
}

/** Both are the budget's refusal; the seconds left in the window may tick between the two calls. */
function expectSameRateLimit(a: Answer, b: Answer) {
  expect(a.status).toBe(429);
  expect(codes(a)).toEqual(["RATE_LIMITED"]);
  expect(Number(a.headers["retry-after"])).toBeGreaterThan(0);
  expect(b.status).toBe(a.status);
  const seconds = (body: string) => body.replace(/"retryAfterSeconds":\d+/, '"retryAfterSeconds":N');
  expect(seconds(b.body)).toBe(seconds(a.body));
  const { "retry-after": retryA, ...restA } = a.headers;
  const { "retry-after": retryB, ...restB } = b.headers;
  expect(restB).toEqual(restA);
  expect(Math.abs(Number(retryB) - Number(retryA))).toBeLessThanOrEqual(1);
}

/**
 * An app on the same database with a tight GraphQL budget, on both listeners, for `run`. Budgets
 * are counted in the database per caller, and the main app leases 1,000 units at a time.
 */
async function withTightBudget(env: Record<string, string>, budget: number, run: (node: string, hono: string) => Promise<void>) {
  const tight = await createTestApp({ env: { NODE_ENV: "production", ...env }, database: t.database, graphqlLimits: { budget, budgetLeaseUnits: 1 } });
  const node = await listen(nodeListener(tight.app));
  const hono = await listen(getRequestListener(tight.app.fetch));
  try {
    await run(node.url, hono.url);
  } finally {
    await node.close();
    await hono.close();
    await tight.close();
  }
}

const messages = (answer: Answer) => (JSON.parse(answer.body) as { errors?: { message: string }[] }).errors?.map((e) => e.message).join(" | ") ?? "";

describe("production /graphql: every rule of the plugin set holds on the node:http path and the Hono route", () => {
  const aliases = Array.from({ length: GRAPHQL_LIMITS.maxAliases + 1 }, (_, i) => `a${i}: me { id }`).join(" ");
  const directives = `{ me { id ${"@include(if: true) ".repeat(GRAPHQL_LIMITS.maxDirectives + 1)}} }`;
  const tokens = `{ me { ${"id ".repeat(GRAPHQL_LIMITS.maxTokens)}} }`;
  const cases: [string, () => Record<string, string>, string, number, (answer: Answer) => void][] = [
    ["introspection (__schema) is refused", () => csrf, q("{ __schema { types { name } } }"), 400, (a) => expect(messages(a)).toMatch(/introspection/i)],
    [
      "introspection (__type) is refused, signed in",
      () => ({ ...csrf, ...user.headers() }),
      q('{ __type(name: "Quote") { fields { name } } }'),
      400,
      (a) => expect(messages(a)).toMatch(/introspection/i),
    ],
    [
      "introspection hidden in a named operation is refused",
      () => csrf,
      JSON.stringify({ query: "query A { me { id } } query B { __schema { queryType { name } } }", operationName: "A" }),
      400,
      (a) => expect(messages(a)).toMatch(/introspection/i),
    ],
    [
      "__typename is not introspection",
      () => ({ ...csrf, ...user.headers() }),
      q("{ me { __typename id } }"),
      200,
      (a) => expect(JSON.parse(a.body).data.me.__typename).toBe("CurrentUser"),
    ],
    ["no field suggestions", () => csrf, q("{ me { nam } }"), 400, (a) => expect(messages(a)).not.toMatch(/did you mean/i)],
    ["too deep", () => csrf, q(`{ me ${"{ id ".repeat(12)}${"}".repeat(12)} }`), 400, (a) => expect(messages(a)).toMatch(/depth/i)],
    ["too many aliases", () => csrf, q(`{ ${aliases} }`), 400, (a) => expect(messages(a)).toMatch(/alias/i)],
    ["too many directives", () => csrf, q(directives), 400, (a) => expect(messages(a)).toMatch(/directive/i)],
    ["too many tokens", () => csrf, q(tokens), 400, (a) => expect(messages(a)).toMatch(/token/i)],
    [
      "over the query cost, in Dutch",
      () => ({ ...csrf, ...user.headers(), "accept-language": "nl" }),
      q("{ a: quotes(pageSize: 100) { items { total } } b: quotes(pageSize: 100) { items { total } } }"),
      400,
      (a) => expect(codes(a)).toEqual(["QUERY_TOO_EXPENSIVE"]),
    ],
    ["without the CSRF header", () => user.headers(), q("{ me { id } }"), 403, (a) => expect(codes(a)).toEqual(["CSRF_HEADER_MISSING"])],
    ["from a foreign origin", () => ({ ...csrf, origin: "http://evil.example" }), q("{ me { id } }"), 403, (a) => expect(codes(a)).toEqual(["FOREIGN_ORIGIN"])],
    [
      "a body over the limit",
      () => csrf,
      q("{ me { id } }", { pad: "x".repeat(BODY_LIMITS.graphql) }),
      413,
      (a) => expect(codes(a)).toEqual(["PAYLOAD_TOO_LARGE"]),
    ],
    [
      "an API key, without the Account header or a cookie: the key's account",
      () => ({ ...csrf, authorization: `Bearer ${keys.admin}` }),
      q("{ account { id } me { id } }"),
      200,
      (a) => expect(JSON.parse(a.body).data).toEqual({ account: { id: user.accountId }, me: null }),
    ],
    [
      "an ADMIN key's mutation runs",
      () => ({ ...csrf, authorization: `Bearer ${keys.admin}` }),
      q('mutation { createCustomer(input: { name: "Made by a key" }) { name } }'),
      200,
      (a) => expect(JSON.parse(a.body).data).toEqual({ createCustomer: { name: "Made by a key" } }),
    ],
    [
      "a READ_ONLY key's mutation is refused before any resolver, in Dutch",
      () => ({ ...csrf, authorization: `Bearer ${keys.readOnly}`, "accept-language": "nl" }),
      q('mutation { createCustomer(input: { name: "Nope" }) { id } }'),
      403,
      (a) => {
        expect(codes(a)).toEqual(["FORBIDDEN"]);
        expect(messages(a)).toMatch(/alleen-lezen/);
      },
    ],
    [
      "a revoked key is refused (never a visitor)",
      () => ({ ...csrf, authorization: `Bearer ${keys.revoked}` }),
      q("{ me { id } }"),
      401,
      (a) => expect(codes(a)).toEqual(["UNAUTHENTICATED"]),
    ],
    [
      "a key of an account on Starter is refused with the plan",
      () => ({ ...csrf, authorization: `Bearer ${keys.starter}` }),
      q("{ account { id } }"),
      403,
      (a) =>
        expect((JSON.parse(a.body) as { errors: { extensions: Record<string, unknown> }[] }).errors[0].extensions).toMatchObject({
          reason: "PLAN_REQUIRED",
          feature: "developerApi",
        }),
    ],
    [
      "a resolver's refusal, translated",
      () => ({ ...csrf, ...user.headers(), "accept-language": "nl" }),
      q('{ quote(id: "00000000-0000-4000-8000-000000000000") { id } }'),
      200,
      (a) => expect(codes(a)).toEqual(["NOT_FOUND"]),
    ],
  ];
  for (const [name, headers, body, status, check] of cases) {
    it(name, async () => {
      const { node, hono, nodeTook } = await both(headers(), body);
      expect(nodeTook).toBe(true);
      expectSame(node, hono, status, check);
    });
  }

  it("introspection over GET is refused too", async () => {
    const query = encodeURIComponent("{ __schema { types { name } } }");
    const answer = await send(viaNode.url, { method: "GET", path: `/graphql?query=${query}`, headers: csrf });
    expect(answer.status).toBe(400);
    expect(messages(answer)).toMatch(/introspection/i);
  });

  it("the request budget: a caller who spent it is refused (429, Retry-After) on both paths", async () => {
    await withTightBudget({}, 40, async (node, hono) => {
      const headers = { ...csrf, ...user.headers() };
      const body = q("{ quotes(pageSize: 10) { items { id } } }");
      let first: Answer | undefined;
      for (let i = 0; i < 5 && first?.status !== 429; i++) first = await send(node, { headers, body });
      expect(first?.status).toBe(429);
      const [a, b] = [await send(node, { headers, body }), await send(hono, { headers, body })];
      expectSameRateLimit(a, b);
    });
  });
});

/**
 * Decision 093: a query this server has validated, run and compiled is answered by the prepared
 * path (no Yoga per-request stages) on the node:http side. Each text is first sent by a caller every
 * rule lets through, until it is prepared; then the case's caller and variables must get what the
 * Hono route gives — from the prepared path when every rule passes, from the full path (a fallback
 * before anything is spent) when one refuses.
 */
describe("production /graphql: a prepared query meets every rule as the full path does", () => {
  const deep = (levels: number): unknown => (levels === 0 ? 1 : { a: deep(levels - 1) });
  const costly = "query ($n: Int!) { a: quotes(pageSize: $n) { items { total } } b: quotes(pageSize: $n) { items { total } } }";
  const cases: [string, string, Record<string, unknown> | undefined, () => Record<string, string>, number, boolean, (answer: Answer) => void][] = [
    [
      "a signed-in query",
      "{ me { id name } }",
      undefined,
      () => ({ ...csrf, ...user.headers() }),
      200,
      true,
      (a) => expect(JSON.parse(a.body).data.me.id).toBeTruthy(),
    ],
    [
      "an ADMIN key's query",
      "{ account { id } me { id } }",
      undefined,
      () => ({ ...csrf, authorization: `Bearer ${keys.admin}` }),
      200,
      true,
      (a) => expect(JSON.parse(a.body).data).toEqual({ account: { id: user.accountId }, me: null }),
    ],
    [
      "a READ_ONLY key's query",
      "{ account { id } me { id } }",
      undefined,
      () => ({ ...csrf, authorization: `Bearer ${keys.readOnly}` }),
      200,
      true,
      (a) => expect(JSON.parse(a.body).data.account.id).toBe(user.accountId),
    ],
    [
      "a revoked key (refused: the full path answers)",
      "{ me { id name } }",
      undefined,
      () => ({ ...csrf, authorization: `Bearer ${keys.revoked}` }),
      401,
      false,
      (a) => expect(codes(a)).toEqual(["UNAUTHENTICATED"]),
    ],
    [
      "a key of an account on Starter (refused with the plan)",
      "{ account { id } me { id } }",
      undefined,
      () => ({ ...csrf, authorization: `Bearer ${keys.starter}`, "accept-language": "nl" }),
      403,
      false,
      (a) =>
        expect((JSON.parse(a.body) as { errors: { extensions: Record<string, unknown> }[] }).errors[0].extensions).toMatchObject({ reason: "PLAN_REQUIRED" }),
    ],
    [
      "variables that put it over the query cost, in Dutch",
      costly,
      { n: 100 },
      () => ({ ...csrf, ...user.headers(), "accept-language": "nl" }),
      400,
      false,
      (a) => expect(codes(a)).toEqual(["QUERY_TOO_EXPENSIVE"]),
    ],
    [
      "variables nested too deep",
      "query ($n: Int!) { a: quotes(pageSize: $n) { items { total } } b: quotes(pageSize: $n) { items { total } } }",
      { n: 2, x: deep(GRAPHQL_LIMITS.maxInputDepth + 1) },
      () => ({ ...csrf, ...user.headers() }),
      400,
      false,
      (a) => expect(codes(a)).toEqual(["BAD_USER_INPUT"]),
    ],
    ["variables graphql-js refuses", costly, { n: "many" }, () => ({ ...csrf, ...user.headers() }), 400, false, (a) => expect(messages(a)).toMatch(/\$n/)],
    [
      "a resolver's refusal, translated",
      "query ($id: ID!) { quote(id: $id) { id } }",
      { id: "00000000-0000-4000-8000-000000000000" },
      () => ({ ...csrf, ...user.headers(), "accept-language": "nl" }),
      200,
      true,
      (a) => expect(codes(a)).toEqual(["NOT_FOUND"]),
    ],
    [
      "another account's quote is not found",
      "query ($id: ID!) { quote(id: $id) { id } }",
      { id: "" },
      () => ({ ...csrf, ...user.headers() }),
      200,
      true,
      (a) => expect(codes(a)).toEqual(["NOT_FOUND"]),
    ],
  ];
  for (const [name, query, variables, headers, status, preparedAnswers, check] of cases) {
    it(name, async () => {
      // Prepared by an owner's requests that every rule lets through.
      const warm = q(query, query === costly ? { n: 2 } : variables && "id" in variables ? variables : undefined);
      for (let i = 0; i < 3; i++) await both({ ...csrf, ...user.headers() }, warm);
      const body = q(query, name === "another account's quote is not found" ? { id: otherQuoteId } : variables);
      const before = compiledExecutionStats.prepared;
      const { node, hono, nodeTook } = await both(headers(), body);
      expect(nodeTook).toBe(true);
      expect(compiledExecutionStats.prepared - before).toBe(preparedAnswers ? 1 : 0);
      expectSame(node, hono, status, check);
    });
  }

  it("a caller who spent the budget is refused (429) by the prepared path as by the full path", async () => {
    // A visitor at an address no other test uses, behind a trusted proxy, has the whole tight budget.
    await withTightBudget({ TRUST_PROXY: "true" }, 30, async (node, hono) => {
      const headers = { ...csrf, "x-forwarded-for": "203.0.113.93" };
      const body = q("{ me { id email } }");
      const before = compiledExecutionStats.prepared;
      let sent = 0;
      let last: Answer | undefined;
      for (; sent < 40 && last?.status !== 429; sent++) last = await send(node, { headers, body });
      // 30 units at one a request: the 31st is refused.
      expect(sent).toBe(31);
      expect(last?.status).toBe(429);
      // Every request after the second went the prepared way, the refused one included.
      expect(compiledExecutionStats.prepared - before).toBe(29);
      const preparedBefore = compiledExecutionStats.prepared;
      const [a, b] = [await send(node, { headers, body }), await send(hono, { headers, body })];
      expect(compiledExecutionStats.prepared - preparedBefore).toBe(1);
      expectSameRateLimit(a, b);
    });
  });
});

describe("the plugin set uses only hooks both paths run", () => {
  const config = parseConfig({ NODE_ENV: "production", PUBLIC_URL: "http://offerly.test", DATA_DIR: "/tmp", MAIL_OUTBOX: "1", LOG_LEVEL: "silent" });
  it("has no gap in production", () => {
    expect(graphqlPluginHookGaps(graphqlPlugins({ config, log: createLogger("silent"), limits: GRAPHQL_LIMITS }))).toEqual([]);
  });
  it("names a plugin whose rule lives in a request hook (Yoga's useDisableIntrospection, the old hole)", () => {
    expect(graphqlPluginHookGaps([useDisableIntrospection() as never])).toEqual(["plugin #0: onRequestParse"]);
  });
});
