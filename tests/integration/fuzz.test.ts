import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  accountUsers,
  accounts,
  apiKeys,
  customers,
  quoteBlocks,
  quoteLineItems,
  quotes,
  templateBlocks,
  templateLineItems,
  templateSignatures,
} from "../../src/server/db/schema";
import { schema } from "../../src/server/graphql/schema";
import { createApiKey } from "../../src/server/modules/api-keys/api-keys.service";
import { addAccountMember } from "../../src/server/modules/identity/accounts.service";
import { type TestApp, createTestApp } from "../support/app";
import { type SignedInAs, signIn } from "../support/auth";
import { INTERNALS, type IdPool, type PoolId, collectIds, createRandom, requestFor, rootFields } from "../support/fuzz";
import { addBlocks, createCustomer, createQuote, transition } from "../support/quotes";

/**
 * Schema-driven fuzz of every query and mutation (tests/support/fuzz.ts): a member of account A
 * sends random requests — right and wrong types, boundary numbers, long strings, control
 * characters, account B's ids, B's Account header — and so does a visitor. Every answer must be
 * a client error or a success: never a 5xx, never INTERNAL_SERVER_ERROR, never internals in a
 * message; and B's rows must be exactly as they were.
 *
 * FUZZ_RUNS (default 300) sets the number of requests, FUZZ_SEED the seed (printed on failure).
 * `npm run test:hard` runs 10 000 on each database.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 300);
const SEED = Number(process.env.FUZZ_SEED ?? 20_261_122);

let t: TestApp;
let a: SignedInAs;
let b: SignedInAs;
const pool: IdPool = { own: [], other: [] };
/** API keys of A (decision 050): the fuzzer also calls as an ADMIN key and a READ_ONLY key. */
const keysOfA = { admin: "", readOnly: "" };

async function snapshotOf(accountId: string) {
  const db = t.db;
  const quoteRows = await db.select().from(quotes).where(eq(quotes.accountId, accountId)).orderBy(quotes.id);
  const blockRows = quoteRows.length
    ? await db
        .select()
        .from(quoteBlocks)
        .where(
          inArray(
            quoteBlocks.quoteId,
            quoteRows.map((q) => q.id),
          ),
        )
        .orderBy(quoteBlocks.id)
    : [];
  return JSON.stringify({
    account: await db.select().from(accounts).where(eq(accounts.id, accountId)),
    members: await db.select().from(accountUsers).where(eq(accountUsers.accountId, accountId)).orderBy(accountUsers.id),
    // lastUsedAt moves when the key is used; everything else must stay.
    apiKeys: (await db.select().from(apiKeys).where(eq(apiKeys.accountId, accountId)).orderBy(apiKeys.id)).map(({ lastUsedAt: _l, ...k }) => k),
    customers: await db.select().from(customers).where(eq(customers.accountId, accountId)).orderBy(customers.id),
    quotes: quoteRows,
    blocks: blockRows,
    templates: await db.select().from(templateBlocks).where(eq(templateBlocks.accountId, accountId)).orderBy(templateBlocks.id),
    templateLines: await db.select().from(templateLineItems).where(eq(templateLineItems.accountId, accountId)).orderBy(templateLineItems.id),
    signatures: await db.select().from(templateSignatures).where(eq(templateSignatures.accountId, accountId)).orderBy(templateSignatures.id),
    lines: blockRows.length
      ? await db
          .select()
          .from(quoteLineItems)
          .where(
            inArray(
              quoteLineItems.blockId,
              blockRows.map((x) => x.id),
            ),
          )
          .orderBy(quoteLineItems.id)
      : [],
  });
}

/** Two accounts with customers and quotes (draft and published, with blocks). */
async function seedAccount(user: SignedInAs, label: string) {
  const ids: PoolId[] = [{ id: user.accountId, type: "Account" }];
  for (const name of [`${label} customer one`, `${label} customer two`]) {
    const customer = await createCustomer(t, user, { name });
    ids.push({ id: customer.id, type: "Customer" });
    const draft = await createQuote(t, user, customer.id, { name: `${label} draft` });
    const published = await createQuote(t, user, customer.id, { name: `${label} published` });
    ids.push({ id: draft.id, type: "Quote" }, { id: published.id, type: "Quote" }, { id: (await addBlocks(t, draft.id)).id, type: "PricingQuoteBlock" });
    await addBlocks(t, published.id);
    // Templates and a signature (issue 10) for the fuzzer to aim at.
    const template = await t.gql<{ createPricingTemplateBlock: { id: string } }>(
      "mutation ($i: PricingBlockInput!) { createPricingTemplateBlock(input: $i) { id } }",
      {
        i: {
          name: `${label} template`,
          pricingUnit: "MONTH",
          lineItems: [{ name: "Hosting", price: "150", amount: "1", vatRate: "21", optional: false, selected: true, recurring: true }],
        },
      },
      user.headers(),
    );
    const signature = await t.gql<{ createTemplateSignature: { id: string } }>(
      "mutation ($i: TemplateSignatureInput!) { createTemplateSignature(input: $i) { id } }",
      { i: { name: `${label} signature`, kind: "TYPED", signature: label } },
      user.headers(),
    );
    ids.push(
      { id: template.data!.createPricingTemplateBlock.id, type: "PricingTemplateBlock" },
      { id: signature.data!.createTemplateSignature.id, type: "TemplateSignature" },
    );
    await transition(t, user, "publishQuote", published.id);
  }
  // A webhook endpoint and a (queued) test delivery (issue 23).
  const endpoint = await t.gql<{ createWebhookEndpoint: { id: string } }>(
    "mutation ($i: WebhookEndpointInput!) { createWebhookEndpoint(input: $i) { id } }",
    { i: { url: `https://${label.toLowerCase()}-hooks.example/in`, eventTypes: ["quote.signed"] } },
    user.headers(),
  );
  const delivery = await t.gql<{ sendTestWebhookEvent: { id: string } }>(
    "mutation ($id: ID!) { sendTestWebhookEvent(id: $id) { id } }",
    { id: endpoint.data!.createWebhookEndpoint.id },
    user.headers(),
  );
  ids.push({ id: endpoint.data!.createWebhookEndpoint.id, type: "WebhookEndpoint" }, { id: delivery.data!.sendTestWebhookEvent.id, type: "WebhookDelivery" });
  return ids;
}

beforeAll(async () => {
  // The per-user budget is tested in cost.test.ts; here it would only cut the run short.
  t = await createTestApp({ graphqlLimits: { budget: 1_000_000_000 } });
  b = await signIn(t, "owner", { company: "Other Account BV" });
  a = await signIn(t, "member", { company: "Fuzzing Account BV" });
  // A also owns an account of their own, so `deleteMe` (issue 11) is refused and the caller survives the run.
  const own = await signIn(t, "owner", { company: "Fuzzer's own BV" });
  await addAccountMember(t.db, { accountId: own.accountId, userId: a.userId, role: "owner" });
  pool.other.push(...(await seedAccount(b, "Other")));
  const owner = await signIn(t, "owner", { account: a });
  pool.own.push(...(await seedAccount({ ...owner, accountId: a.accountId }, "Own")));
  // API keys (issue 23): B's key is a target; A's keys are callers.
  const bKey = await createApiKey(t.db, b.accountId, b.userId, { name: "Other key", role: "ADMIN", expiresAt: null });
  pool.other.push({ id: bKey.apiKey.id, type: "ApiKey" });
  keysOfA.admin = (await createApiKey(t.db, a.accountId, owner.userId, { name: "Own admin key", role: "ADMIN", expiresAt: null })).key;
  keysOfA.readOnly = (await createApiKey(t.db, a.accountId, owner.userId, { name: "Own read-only key", role: "READ_ONLY", expiresAt: null })).key;
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe(`schema-driven fuzz (${RUNS} requests, seed ${SEED})`, () => {
  it(
    "answers every generated request without a server error or internals, and leaves the other account untouched",
    async () => {
      const before = await snapshotOf(b.accountId);
      const random = createRandom(SEED);
      const fields = rootFields(schema);
      const failures: string[] = [];
      const seen = new Set<string>();
      const succeeded = new Set<string>();
      const callers = [
        { name: "member of A", headers: () => a.headers() },
        { name: "member of A with B's Account header", headers: () => a.headers(b.accountId) },
        { name: "visitor", headers: (): Record<string, string> => (random.chance(0.5) ? { account: b.accountId } : {}) },
        {
          name: "A's ADMIN API key (B's Account header half the time)",
          headers: (): Record<string, string> => ({ authorization: `Bearer ${keysOfA.admin}`, ...(random.chance(0.5) ? { account: b.accountId } : {}) }),
        },
        { name: "A's READ_ONLY API key", headers: (): Record<string, string> => ({ authorization: `Bearer ${keysOfA.readOnly}` }) },
      ];
      for (let run = 0; run < RUNS && failures.length < 10; run++) {
        // Every root field in turn (so each is covered in every run), the caller at random.
        const { operation, field } = fields[run % fields.length];
        const caller = run < fields.length ? callers[0] : random.pick(callers);
        const request = requestFor(schema, operation, field, random, pool);
        seen.add(request.field);
        const response = await t.fetch("/graphql", {
          method: "POST",
          headers: { "content-type": "application/json", "x-graphql-csrf": "1", ...caller.headers() },
          body: JSON.stringify({ query: request.query, variables: request.variables }),
        });
        const text = await response.text();
        const body = JSON.parse(text) as { data?: unknown; errors?: { message: string; extensions?: Record<string, unknown> }[] };
        const problem =
          response.status >= 500
            ? `status ${response.status}`
            : body.errors?.some((e) => e.extensions?.code === "INTERNAL_SERVER_ERROR" || e.message === "Something went wrong")
              ? "internal error"
              : body.errors?.some((e) => INTERNALS.test(e.message) || "stacktrace" in (e.extensions ?? {}))
                ? "internals in a message"
                : null;
        if (problem) {
          failures.push(
            `#${run} ${caller.name} ${request.field}: ${problem}\n  ${request.query}\n  ${JSON.stringify(request.variables).slice(0, 400)}\n  → ${text.slice(0, 400)}`,
          );
        }
        if (!body.errors && body.data) succeeded.add(request.field);
        if (caller === callers[0] && body.data) {
          const ids = new Map<string, string>();
          collectIds(body.data, ids);
          for (const [id, type] of ids) if (!pool.other.some((x) => x.id === id) && !pool.own.some((x) => x.id === id)) pool.own.push({ id, type });
        }
      }
      expect(failures, `seed ${SEED}`).toEqual([]);
      expect([...seen].sort()).toEqual(fields.map((f) => `${f.operation === "query" ? "Query" : "Mutation"}.${f.field.name}`).sort());
      expect(await snapshotOf(b.accountId)).toBe(before);
      // The fuzz is not all noise: most operations also got through to a successful answer.
      expect(succeeded.size, [...succeeded].join(", ")).toBeGreaterThanOrEqual(Math.min(10, Math.floor(fields.length * 0.6)));
    },
    Math.max(60_000, RUNS * 100),
  );
});
