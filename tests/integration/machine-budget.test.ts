import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rateLimitBuckets } from "../../src/server/db/schema";
import { COST_LIMITS } from "../../src/server/graphql/cost";
import { REST_BASE } from "../../src/server/rest";
import { type TestApp, createTestApp } from "../support/app";
import { signIn } from "../support/auth";
import { createCustomer, createQuote } from "../support/quotes";

/**
 * Budgets for machines (issue 27 item 7, decision 066): an API key spends its own budget, and a
 * list request spends what its page size asks for, not a flat worst case — a client polling small
 * pages is not refused after a few hundred requests a minute, a large page still costs more.
 *
 * The production budget (COST_LIMITS.budget) over a window of an hour instead of a minute (a slow
 * machine must not see the window restart mid-test; an hour is stricter), and a lease of one unit,
 * so the shared counter shows exactly what each request spent.
 */
let t: TestApp;
let key: string;
let apiKeyId: string;
let endpointId: string;

const spent = async () => {
  const [bucket] = await t.db
    .select()
    .from(rateLimitBuckets)
    .where(eq(rateLimitBuckets.key, `graphql:apikey:${apiKeyId}`));
  return bucket?.count ?? 0;
};

const rest = (path: string) => t.fetch(`${REST_BASE}${path}`, { headers: { authorization: `Bearer ${key}` } });
const gql = (query: string, variables: Record<string, unknown> = {}) => t.gql(query, variables, { authorization: `Bearer ${key}` });

const QUOTES = "query ($n: Int) { quotes(pageSize: $n) { totalCount items { id name total customer { id name } } } }";
const DELIVERIES = "query ($id: ID!, $n: Int) { webhookDeliveries(endpointId: $id, first: $n) { id status } }";

beforeAll(async () => {
  t = await createTestApp({
    graphqlLimits: { budgetLeaseUnits: 1, budgetWindowSeconds: 3600 },
    restBudget: { leaseUnits: 1, windowSeconds: 3600 },
  });
  const owner = await signIn(t, "owner", { company: "Machine BV" });
  const customer = await createCustomer(t, owner, { name: "Polled" });
  for (let i = 0; i < 6; i++) await createQuote(t, owner, customer.id, { name: `Quote ${i}` });
  const created = await t.gql<{ createApiKey: { key: string; apiKey: { id: string } } }>(
    "mutation ($input: CreateApiKeyInput!) { createApiKey(input: $input) { key apiKey { id } } }",
    { input: { name: "Zapier", role: "ADMIN" } },
    owner.headers(),
  );
  if (!created.data) throw new Error(JSON.stringify(created.errors));
  key = created.data.createApiKey.key;
  apiKeyId = created.data.createApiKey.apiKey.id;
  const hook = await t.fetch(`${REST_BASE}/webhooks`, {
    method: "POST",
    headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
    body: JSON.stringify({ url: "https://hooks.example.test/machine", eventTypes: ["quote.signed"] }),
  });
  expect(hook.status).toBe(201);
  endpointId = ((await hook.json()) as { id: string }).id;
}, 120_000);
afterAll(async () => {
  await t.close();
});

describe("a machine's list requests", () => {
  it("are not refused at 340 small pages in a budget window, over REST and GraphQL", async () => {
    const statuses = new Map<number, number>();
    const count = (status: number) => statuses.set(status, (statuses.get(status) ?? 0) + 1);
    for (let i = 0; i < 170; i++) {
      count((await rest("/quotes?limit=5")).status);
      const page = await gql(QUOTES, { n: 5 });
      count(page.status);
      if (i === 0) expect(page.errors).toBeUndefined();
    }
    expect(Object.fromEntries(statuses)).toEqual({ 200: 340 });
    expect(await spent()).toBeLessThan(COST_LIMITS.budget);
  }, 120_000);

  it("spend more for a large page than for a small one (REST limit, GraphQL pageSize and first)", async () => {
    const cost = async (request: () => unknown) => {
      const before = await spent();
      await request();
      return (await spent()) - before;
    };
    const restSmall = await cost(() => rest("/quotes?limit=5"));
    const restLarge = await cost(() => rest("/quotes?limit=100"));
    expect(restSmall).toBeGreaterThan(0);
    expect(restLarge).toBeGreaterThan(4 * restSmall);
    // A limit the route refuses is refused before anything is spent.
    expect(await cost(async () => expect((await rest("/quotes?limit=1000")).status).toBe(400))).toBe(0);

    const customersSmall = await cost(() => rest("/customers?limit=2"));
    const customersLarge = await cost(() => rest("/customers?limit=100"));
    expect(customersLarge).toBeGreaterThan(4 * customersSmall);

    const pageSmall = await cost(() => gql(QUOTES, { n: 5 }));
    const pageLarge = await cost(() => gql(QUOTES, { n: 100 }));
    expect(pageLarge).toBeGreaterThan(4 * pageSmall);

    const deliveriesSmall = await cost(async () => expect((await gql(DELIVERIES, { id: endpointId, n: 5 })).errors).toBeUndefined());
    const deliveriesLarge = await cost(() => gql(DELIVERIES, { id: endpointId, n: 100 }));
    const deliveriesDefault = await cost(() => gql(DELIVERIES, { id: endpointId }));
    expect(deliveriesLarge).toBeGreaterThan(4 * deliveriesSmall);
    // No `first`: the default page (50), between the two; a `first` past the maximum counts as the maximum.
    expect(deliveriesDefault).toBeGreaterThan(deliveriesSmall);
    expect(deliveriesDefault).toBeLessThan(deliveriesLarge);
    expect(await cost(() => gql(DELIVERIES, { id: endpointId, n: 100_000 }))).toBe(deliveriesLarge);
  });
});
