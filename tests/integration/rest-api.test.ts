import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accounts, domainEvents, quotes } from "../../src/server/db/schema";
import { ZQuoteSummary, eventPayloadSchemas } from "../../src/server/events/payloads";
import { loadEventBody } from "../../src/server/modules/webhooks/webhooks.events";
import { REST_BASE, REST_ROUTES, honoPath } from "../../src/server/rest";
import { type TestApp, createTestApp } from "../support/app";
import { type SignedInAs, signIn } from "../support/auth";
import { addBlocks, createCustomer, createQuote, transition } from "../support/quotes";

/**
 * The REST API (issue 23, decision 050) through HTTP: API keys only, the OpenAPI document made
 * from the same schemas as the routes (and agreeing with what is mounted), RFC 9457 problems in
 * the caller's language, read-only keys refused on writes, Starter refused, isolation between
 * accounts, and a signed quote listed in the webhook payload's shape (and over GraphQL).
 */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const CREATE_KEY = "mutation ($input: CreateApiKeyInput!) { createApiKey(input: $input) { key apiKey { id } } }";

async function keyOf(owner: SignedInAs, role: "ADMIN" | "READ_ONLY" = "ADMIN"): Promise<string> {
  const created = await t.gql<{ createApiKey: { key: string } }>(CREATE_KEY, { input: { name: `REST ${role}`, role } }, owner.headers());
  if (!created.data) throw new Error(JSON.stringify(created.errors));
  return created.data.createApiKey.key;
}

type Problem = {
  type: string;
  title: string;
  status: number;
  detail: string;
  code: string;
  errors?: { detail: string; pointer?: string; parameter?: string }[];
};

async function rest(method: string, path: string, key: string | null, body?: unknown, headers: Record<string, string> = {}) {
  const response = await t.fetch(`${REST_BASE}${path}`, {
    method,
    headers: {
      ...(key ? { authorization: `Bearer ${key}` } : {}),
      ...(body !== undefined ? { "content-type": "application/json" } : {}),
      ...headers,
    },
    body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: (text ? JSON.parse(text) : null) as Record<string, unknown> & Problem };
}

function expectProblem(result: Awaited<ReturnType<typeof rest>>, status: number, code: string) {
  expect(result.status).toBe(status);
  expect(result.headers.get("content-type")).toBe("application/problem+json");
  expect(result.body).toMatchObject({
    status,
    code,
    type: expect.stringMatching(/^urn:offerly:problem:/),
    title: expect.any(String),
    detail: expect.any(String),
  });
}

describe("REST API", () => {
  it("serves an OpenAPI 3.1 document with exactly the mounted routes", async () => {
    const response = await t.fetch(`${REST_BASE}/openapi.json`);
    expect(response.status).toBe(200);
    const doc = (await response.json()) as { openapi: string; paths: Record<string, Record<string, { operationId: string; requestBody?: unknown }>> };
    expect(doc.openapi).toBe("3.1.0");
    const documented = Object.entries(doc.paths)
      .flatMap(([path, ops]) => Object.keys(ops).map((method) => `${method.toUpperCase()} ${path}`))
      .sort();
    // What the server actually mounted under /api/v1 (Hono's route list), minus the catch-all.
    const mounted = [
      ...new Set(
        t.app.routes
          .filter((r) => r.path.startsWith(`${REST_BASE}/`) && !r.path.endsWith("*") && r.method !== "ALL")
          .map((r) => `${r.method} ${r.path.slice(REST_BASE.length).replace(/:(\w+)/g, "{$1}")}`),
      ),
    ].sort();
    expect(mounted).toEqual(documented);
    expect(mounted).toEqual(["GET /openapi.json", ...REST_ROUTES.map((r) => `${r.method.toUpperCase()} ${r.path}`)].sort());
    // Request bodies come from the validating zod schemas (a field rule shows up in the document).
    const customer = doc.paths["/customers"].post.requestBody as {
      content: { "application/json": { schema: { properties: Record<string, { maxLength?: number }> } } };
    };
    expect(customer.content["application/json"].schema.properties.name.maxLength).toBe(120);
    expect(REST_ROUTES.every((r) => honoPath(r.path).startsWith("/"))).toBe(true);
  });

  it("answers 401 as problem details without a valid key, in the caller's language", async () => {
    const none = await rest("GET", "/me", null);
    expectProblem(none, 401, "UNAUTHENTICATED");
    expect(none.headers.get("www-authenticate")).toBe("Bearer");
    const nl = await rest("GET", "/me", null, undefined, { "accept-language": "nl-NL,nl;q=0.9" });
    expect(nl.body.title).toBe("Niet aangemeld");
    expect(nl.body.detail).toMatch(/API-sleutel/);
    expectProblem(await rest("GET", "/me", "ofr_live_nonsense"), 401, "UNAUTHENTICATED");
    // A session cookie is not a key.
    const owner = await signIn(t, "owner");
    expectProblem(await rest("GET", "/me", null, undefined, { cookie: owner.cookie }), 401, "UNAUTHENTICATED");
  });

  it("GET /me names the key's account and the key", async () => {
    const owner = await signIn(t, "owner", { company: "Rest Me BV" });
    const key = await keyOf(owner, "READ_ONLY");
    const me = await rest("GET", "/me", key);
    expect(me.status).toBe(200);
    expect(me.headers.get("cache-control")).toBe("private, no-store");
    expect(me.body).toMatchObject({
      account: { id: owner.accountId, name: "Rest Me BV", plan: "TRIAL" },
      apiKey: { name: "REST READ_ONLY", role: "READ_ONLY" },
    });
  });

  it("creates customers and draft quotes (from templates) with the app's rules, and answers field errors", async () => {
    const owner = await signIn(t, "owner");
    const key = await keyOf(owner);
    const customer = await rest("POST", "/customers", key, { name: "  REST Customer ", email: "Rest@Example.test" });
    expect(customer.status).toBe(201);
    expect(customer.body).toMatchObject({ name: "REST Customer", email: "rest@example.test", companyName: null });

    const invalid = await rest("POST", "/customers", key, { name: "", email: "not-an-address", phone: "abc" }, { "accept-language": "en" });
    expectProblem(invalid, 400, "BAD_USER_INPUT");
    expect(invalid.body.errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ pointer: "/name", detail: expect.any(String) }),
        expect.objectContaining({ pointer: "/email" }),
        expect.objectContaining({ pointer: "/phone" }),
      ]),
    );
    const nl = await rest("POST", "/customers", key, { name: "" }, { "accept-language": "nl" });
    expect(nl.body.title).toBe("Ongeldig verzoek");
    expect(nl.body.errors![0].detail).not.toBe(invalid.body.errors![0].detail);

    expectProblem(await rest("POST", "/customers", key, "{not json"), 400, "BAD_REQUEST");
    expectProblem(await rest("POST", "/customers", key, "name=x", { "content-type": "application/x-www-form-urlencoded" }), 415, "UNSUPPORTED_MEDIA_TYPE");
    const tooLarge = await rest("POST", "/customers", key, { name: "x", content: "y".repeat(20_000) });
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.headers.get("content-type")).toBe("application/problem+json");

    const template = await t.gql<{ createTextTemplateBlock: { id: string } }>(
      "mutation ($i: TextBlockInput!) { createTextTemplateBlock(input: $i) { id } }",
      { i: { name: "Intro", content: { type: "doc", content: [{ type: "paragraph", content: [{ type: "text", text: "Hello" }] }] } } },
      owner.headers(),
    );
    const quote = await rest("POST", "/quotes", key, {
      name: "REST quote",
      customerId: customer.body.id,
      templateBlockIds: [template.data!.createTextTemplateBlock.id],
    });
    expect(quote.status).toBe(201);
    expect(ZQuoteSummary.parse(quote.body)).toMatchObject({ name: "REST quote", status: "DRAFT", customer: { id: customer.body.id } });
    const blocks = await t.gql<{ quote: { quoteBlocks: { name: string }[]; quoteExpirationAt: string; quoteDateAt: string } }>(
      "query ($id: ID!) { quote(id: $id) { quoteDateAt quoteExpirationAt quoteBlocks { name } } }",
      { id: quote.body.id },
      owner.headers(),
    );
    expect(blocks.data!.quote.quoteBlocks.map((b) => b.name)).toEqual(["Intro"]);

    const badDates = await rest("POST", "/quotes", key, {
      name: "Q",
      customerId: customer.body.id,
      quoteDateAt: "2030-05-01",
      quoteExpirationAt: "2030-04-01",
    });
    expectProblem(badDates, 400, "BAD_USER_INPUT");
    expect(badDates.body.errors).toEqual([expect.objectContaining({ pointer: "/quoteExpirationAt" })]);
  });

  it("subscribes and unsubscribes REST hooks through the webhooks service (201 with the secret once, 204)", async () => {
    const owner = await signIn(t, "owner");
    const key = await keyOf(owner);
    const created = await rest("POST", "/webhooks", key, { url: "https://hooks.example.test/offerly", eventTypes: ["quote.signed", "quote.published"] });
    expect(created.status).toBe(201);
    expect(Object.keys(created.body).sort()).toEqual(["id", "secret"]);
    expect(created.body.secret).toMatch(/^whsec_/);
    const listed = await t.gql<{ webhookEndpoints: { id: string; url: string; eventTypes: string[] }[] }>(
      "{ webhookEndpoints { id url eventTypes } }",
      {},
      owner.headers(),
    );
    expect(listed.data!.webhookEndpoints).toEqual([
      { id: created.body.id, url: "https://hooks.example.test/offerly", eventTypes: expect.arrayContaining(["quote.signed", "quote.published"]) },
    ]);
    // The screen's rules: a known event type, an allowed URL.
    const bad = await rest("POST", "/webhooks", key, { url: "ftp://x", eventTypes: ["quote.nope"] });
    expectProblem(bad, 400, "BAD_USER_INPUT");
    expect(bad.body.errors!.map((e) => e.pointer)).toEqual(expect.arrayContaining(["/url", "/eventTypes/0"]));
    // Another account's key cannot delete it.
    const stranger = await keyOf(await signIn(t, "owner"));
    expectProblem(await rest("DELETE", `/webhooks/${created.body.id}`, stranger), 404, "NOT_FOUND");
    const deleted = await rest("DELETE", `/webhooks/${created.body.id}`, key);
    expect(deleted.status).toBe(204);
    expect(deleted.body).toBeNull();
    expectProblem(await rest("DELETE", `/webhooks/${created.body.id}`, key), 404, "NOT_FOUND");
  });

  it("refuses writes to a READ_ONLY key with 403, and lets it read", async () => {
    const owner = await signIn(t, "owner");
    const key = await keyOf(owner, "READ_ONLY");
    expectProblem(await rest("POST", "/customers", key, { name: "Nope" }), 403, "FORBIDDEN");
    expectProblem(await rest("POST", "/quotes", key, { name: "Nope", customerId: crypto.randomUUID() }), 403, "FORBIDDEN");
    expectProblem(await rest("POST", "/webhooks", key, { url: "https://example.test/hook", eventTypes: ["quote.signed"] }), 403, "FORBIDDEN");
    expectProblem(await rest("DELETE", `/webhooks/${crypto.randomUUID()}`, key), 403, "FORBIDDEN");
    expect((await rest("GET", "/quotes", key)).status).toBe(200);
    const customers = await t.gql<{ customers: { totalCount: number } }>("{ customers { totalCount } }", {}, owner.headers());
    expect(customers.data!.customers.totalCount).toBe(0);
  });

  it("refuses an account on Starter with the plan message", async () => {
    const owner = await signIn(t, "owner");
    const key = await keyOf(owner);
    await t.db.update(accounts).set({ subscriptionPlan: "STARTER", subscriptionInterval: "MONTHLY" }).where(eq(accounts.id, owner.accountId));
    const refused = await rest("GET", "/me", key);
    expectProblem(refused, 403, "FORBIDDEN");
    expect(refused.body).toMatchObject({ reason: "PLAN_REQUIRED", feature: "developerApi", plan: "BASIC" });
    expect(refused.body.detail).toMatch(/Basic/);
  });

  it("keeps to the key's account: another account's ids are never reached", async () => {
    const a = await signIn(t, "owner");
    const b = await signIn(t, "owner");
    const keyA = await keyOf(a);
    const bCustomer = await createCustomer(t, b, { name: "B's customer" });
    const bQuote = await createQuote(t, b, bCustomer.id, { name: "B's quote" });
    // As over GraphQL: another account's customer is "no such customer" (a field error of customerId).
    const onB = await rest("POST", "/quotes", keyA, { name: "Steal", customerId: bCustomer.id });
    expectProblem(onB, 400, "BAD_USER_INPUT");
    expect(onB.body.errors).toEqual([expect.objectContaining({ pointer: "/customerId" })]);
    expect(await t.db.select({ id: quotes.id }).from(quotes).where(eq(quotes.accountId, a.accountId))).toEqual([]);
    const listed = await rest("GET", "/quotes", keyA);
    expect((listed.body.items as { id: string }[]).map((q) => q.id)).not.toContain(bQuote.id);
  });

  it("lists a signed quote in the webhook payload's shape over REST, and the same quote over GraphQL with the key", async () => {
    const owner = await signIn(t, "owner");
    const key = await keyOf(owner, "READ_ONLY");
    const customer = await createCustomer(t, owner, { name: "Signer", email: "signer@example.test" });
    const quote = await createQuote(t, owner, customer.id, { name: "To be signed" });
    await addBlocks(t, quote.id);
    await createQuote(t, owner, customer.id, { name: "A draft" });
    expect((await transition(t, owner, "publishQuote", quote.id)).errors).toBeUndefined();
    const signed = await t.gql<{ createQuoteSignature: { status: string } }>(
      "mutation ($nanoId: String, $input: CreateQuoteSignatureInput!) { createQuoteSignature(nanoId: $nanoId, input: $input) { status } }",
      { nanoId: quote.nanoId, input: { name: "Daan de Vries", signatureKind: "TYPED", signature: "Daan de Vries", selection: [], consent: true } },
    );
    expect(signed.data?.createQuoteSignature.status).toBe("PUBLISHED");
    // The customer signed; the owner confirms (the quote's stored status becomes SIGNED).
    const marked = await t.gql("mutation ($id: ID!) { updateQuoteToSigned(id: $id) { status } }", { id: quote.id }, owner.headers());
    expect(marked.errors).toBeUndefined();

    const list = await rest("GET", "/quotes?status=SIGNED&limit=10", key);
    expect(list.status).toBe(200);
    const items = (list.body.items as unknown[]).map((item) => ZQuoteSummary.strict().parse(item));
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ id: quote.id, status: "SIGNED", customer: { name: "Signer" }, signedAt: expect.any(String) });
    expect(items[0].totals.oneOff.totalExclVat).toBe("1019.99");
    const all = await rest("GET", "/quotes?limit=1", key);
    expect(all.body.items).toHaveLength(1);
    const badQuery = await rest("GET", "/quotes?status=LOST&limit=1000", key);
    expectProblem(badQuery, 400, "BAD_USER_INPUT");
    expect(badQuery.body.errors!.map((e) => e.parameter).sort()).toEqual(["limit", "status"]);

    const overGraphql = await t.gql<{ quotes: { items: { id: string; status: string }[] } }>(
      "{ quotes(status: SIGNED) { items { id status } } }",
      {},
      { authorization: `Bearer ${key}` },
    );
    expect(overGraphql.errors).toBeUndefined();
    expect(overGraphql.data!.quotes.items).toEqual([{ id: quote.id, status: "SIGNED" }]);
    const [row] = await t.db.select({ status: quotes.status }).from(quotes).where(eq(quotes.id, quote.id));
    expect(row.status).toBe("SIGNED");
  });

  it("finds customers by e-mail (case-insensitive, exact), lists the newest without it, and keeps to the key's account", async () => {
    const owner = await signIn(t, "owner");
    const other = await signIn(t, "owner");
    const key = await keyOf(owner, "READ_ONLY");
    const first = await createCustomer(t, owner, { name: "First", email: "find.me@example.test" });
    const second = await createCustomer(t, owner, { name: "Second", email: "find.me@example.test" });
    await createCustomer(t, owner, { name: "Near miss", email: "find.me2@example.test" });
    await createCustomer(t, other, { name: "Other account", email: "find.me@example.test" });

    const found = await rest("GET", `/customers?email=${encodeURIComponent("  Find.Me@Example.TEST ")}`, key);
    expect(found.status).toBe(200);
    const items = found.body.items as { id: string; name: string; email: string; createdAt: string }[];
    expect(items.map((c) => c.id)).toEqual([second.id, first.id]);
    expect(items[0]).toMatchObject({ name: "Second", email: "find.me@example.test", companyName: "Acme", createdAt: expect.any(String) });
    expect((await rest("GET", "/customers?email=nobody%40example.test", key)).body.items).toEqual([]);

    const newest = await rest("GET", "/customers?limit=2", key);
    expect((newest.body.items as { name: string }[]).map((c) => c.name)).toEqual(["Near miss", "Second"]);
    const bad = await rest("GET", "/customers?limit=0", key);
    expectProblem(bad, 400, "BAD_USER_INPUT");
    expect(bad.body.errors!.map((e) => e.parameter)).toEqual(["limit"]);
  });

  it("lists recent events of a type exactly as webhooks deliver them (the REST hook triggers' samples)", async () => {
    const owner = await signIn(t, "owner");
    const other = await signIn(t, "owner");
    const key = await keyOf(owner, "READ_ONLY");
    const customer = await createCustomer(t, owner, { name: "Event Customer", email: "event@example.test" });
    const later = await createCustomer(t, owner, { name: "Later Customer" });
    await createCustomer(t, other, { name: "Not mine" });
    const quote = await createQuote(t, owner, customer.id, { name: "Published for events" });
    await addBlocks(t, quote.id);
    expect((await transition(t, owner, "publishQuote", quote.id)).errors).toBeUndefined();

    const created = await rest("GET", "/events?type=customer.created", key);
    expect(created.status).toBe(200);
    const items = created.body.items as { id: string; type: string; timestamp: string; data: unknown }[];
    expect(items.map((e) => (e.data as { customer: { id: string } }).customer.id)).toEqual([later.id, customer.id]);
    // Each item is the delivery body of its event (the same JSON the webhook job sends) plus its webhook-id.
    const rows = await t.db.select().from(domainEvents).where(eq(domainEvents.accountId, owner.accountId));
    for (const item of items) {
      const row = rows.find((r) => `msg_${r.id.replaceAll("-", "")}` === item.id)!;
      expect(row).toBeDefined();
      const { id: _id, ...body } = item;
      expect(body).toEqual(JSON.parse((await loadEventBody(t.db, owner.accountId, row.id))!));
      eventPayloadSchemas["customer.created"].strict().parse(item.data);
    }

    const published = await rest("GET", "/events?type=quote.published&limit=1", key);
    const [event] = published.body.items as { type: string; data: { quote: unknown } }[];
    expect(event.type).toBe("quote.published");
    expect(ZQuoteSummary.strict().parse(event.data.quote)).toMatchObject({ id: quote.id, name: "Published for events", status: "PUBLISHED" });
    expect((await rest("GET", "/events?type=quote.signed", key)).body.items).toEqual([]);

    const bad = await rest("GET", "/events?type=quote.lost&limit=26", key);
    expectProblem(bad, 400, "BAD_USER_INPUT");
    expect(bad.body.errors!.map((e) => e.parameter).sort()).toEqual(["limit", "type"]);
    expectProblem(await rest("GET", "/events", key), 400, "BAD_USER_INPUT");
  });

  it("lists the account's template blocks (what POST /quotes templateBlockIds can name)", async () => {
    const owner = await signIn(t, "owner");
    const other = await signIn(t, "owner");
    const key = await keyOf(owner, "READ_ONLY");
    const make = (who: SignedInAs, name: string) =>
      t.gql<{ createTextTemplateBlock: { id: string } }>(
        "mutation ($i: TextBlockInput!) { createTextTemplateBlock(input: $i) { id } }",
        { i: { name, content: { type: "doc", content: [{ type: "paragraph", content: [{ type: "text", text: name }] }] } } },
        who.headers(),
      );
    const intro = (await make(owner, "Intro")).data!.createTextTemplateBlock.id;
    const terms = (await make(owner, "Terms")).data!.createTextTemplateBlock.id;
    await make(other, "Someone else's");
    const list = await rest("GET", "/template-blocks", key);
    expect(list.status).toBe(200);
    expect(list.body.items).toEqual([
      { id: terms, name: "Terms", kind: "TEXT", updatedAt: expect.any(String) },
      { id: intro, name: "Intro", kind: "TEXT", updatedAt: expect.any(String) },
    ]);
  });

  it("answers unknown paths with 404 and other methods with 405, as problems", async () => {
    const owner = await signIn(t, "owner");
    const key = await keyOf(owner);
    expectProblem(await rest("GET", "/nothing", key), 404, "NOT_FOUND");
    const wrong = await rest("PUT", "/customers", key, { name: "x" });
    expectProblem(wrong, 405, "METHOD_NOT_ALLOWED");
    expect(wrong.headers.get("allow")).toBe("POST, GET");
    expectProblem(await rest("DELETE", "/webhooks/not-a-uuid", key), 400, "BAD_USER_INPUT");
  });

  it("has a cost budget per key, shared with its GraphQL requests (429 with Retry-After)", async () => {
    const limited = await createTestApp({ database: t.database, restBudget: { limit: 30, leaseUnits: 1 } });
    try {
      const owner = await signIn(t, "owner");
      const key = await keyOf(owner);
      let last: Response | undefined;
      for (let i = 0; i < 10; i++) {
        last = await limited.fetch(`${REST_BASE}/me`, { headers: { authorization: `Bearer ${key}` } });
        if (last.status === 429) break;
      }
      expect(last!.status).toBe(429);
      expect(last!.headers.get("retry-after")).toMatch(/^\d+$/);
      expect(last!.headers.get("content-type")).toBe("application/problem+json");
    } finally {
      await limited.close();
    }
  });
});
