import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accounts, apiKeys, quoteAuditEvents, rateLimitBuckets } from "../../src/server/db/schema";
import { hashToken } from "../../src/server/tokens";
import { API_KEY_PREFIX } from "../../src/shared/events";
import { type TestApp, createTestApp } from "../support/app";
import { type SignedInAs, signIn } from "../support/auth";
import { addBlocks, createCustomer, createQuote } from "../support/quotes";

/**
 * API keys (issue 23, decision 050) through HTTP: made by owners and admins, shown once, stored as
 * a hash; `Authorization: Bearer ofr_live_…` on /graphql without the Account header or a cookie;
 * READ_ONLY keys run no mutation; a revoked key is refused on the next request on every app
 * server; Starter is refused; the key acts for its own account only.
 */
let t: TestApp;
let other: TestApp; // a second app server on the same database

beforeAll(async () => {
  t = await createTestApp();
  other = await createTestApp({ database: t.database });
});
afterAll(async () => {
  await other.close();
  await t.close();
});

const CREATE =
  "mutation ($input: CreateApiKeyInput!) { createApiKey(input: $input) { key apiKey { id name role prefix createdByName lastUsedAt expiresAt revokedAt } } }";
const REVOKE = "mutation ($id: ID!) { revokeApiKey(id: $id) { id revokedAt } }";
const LIST = "{ apiKeys { id name role prefix createdByName lastUsedAt expiresAt revokedAt } }";
type Created = {
  createApiKey: { key: string; apiKey: { id: string; name: string; role: string; prefix: string; createdByName: string | null; lastUsedAt: string | null } };
};
const code = (result: { errors?: { extensions?: Record<string, unknown> }[] }) => result.errors?.[0]?.extensions?.code;

async function makeKey(owner: SignedInAs, role: "ADMIN" | "READ_ONLY" = "ADMIN", extra: Record<string, unknown> = {}) {
  const created = await t.gql<Created>(CREATE, { input: { name: `${role} key`, role, ...extra } }, owner.headers());
  expect(created.errors).toBeUndefined();
  return created.data!.createApiKey;
}

/** A GraphQL call with only the key: no cookie, no Account header. */
const withKey = (app: TestApp, key: string, query: string, variables?: Record<string, unknown>, headers: Record<string, string> = {}) =>
  app.gql(query, variables, { authorization: `Bearer ${key}`, ...headers });

describe("API keys", () => {
  it("shows the key once, stores only its hash, lists it with who made it", async () => {
    const owner = await signIn(t, "owner", { name: "Olivia Owner" });
    const { key, apiKey } = await makeKey(owner);
    expect(key).toMatch(/^ofr_live_[A-Za-z0-9_-]{43}$/);
    expect(key.startsWith(API_KEY_PREFIX)).toBe(true);
    expect(apiKey).toMatchObject({ name: "ADMIN key", role: "ADMIN", prefix: key.slice(0, 15), createdByName: "Olivia Owner", lastUsedAt: null });

    const [row] = await t.db.select().from(apiKeys).where(eq(apiKeys.id, apiKey.id));
    expect(row.keyHash).toBe(hashToken(key));
    expect(JSON.stringify(row)).not.toContain(key);
    expect(JSON.stringify(row)).not.toContain(key.slice(15));

    const listed = await t.gql<{ apiKeys: Record<string, unknown>[] }>(LIST, {}, owner.headers());
    expect(listed.data!.apiKeys).toHaveLength(1);
    expect(JSON.stringify(listed)).not.toContain(key);
    expect(listed.data!.apiKeys[0]).toMatchObject({ id: apiKey.id, prefix: key.slice(0, 15), revokedAt: null });
  });

  it("works on /graphql with only the bearer key (no Account header, no cookie), as the key's account", async () => {
    const owner = await signIn(t, "owner");
    const { key } = await makeKey(owner);
    const customer = await createCustomer(t, owner, { name: "Keyed Customer" });
    const read = await withKey(t, key, "{ account { id } customers { items { id name } } me { id } }");
    expect(read.status).toBe(200);
    expect(read.errors).toBeUndefined();
    expect(read.data).toMatchObject({ account: { id: owner.accountId }, customers: { items: [{ id: customer.id }] }, me: null });
    // The Account header is not read: naming another account changes nothing.
    const stranger = await signIn(t, "owner");
    const pinned = await withKey(t, key, "{ account { id } }", {}, { account: stranger.accountId });
    expect(pinned.data).toMatchObject({ account: { id: owner.accountId } });
    // An ADMIN key writes.
    const created = await withKey(t, key, 'mutation { createCustomer(input: { name: "Made by a key" }) { id name } }');
    expect(created.errors).toBeUndefined();
    expect(created.data).toMatchObject({ createCustomer: { name: "Made by a key" } });
    // last_used_at was written.
    const listed = await t.gql<{ apiKeys: { lastUsedAt: string | null }[] }>(LIST, {}, owner.headers());
    expect(listed.data!.apiKeys[0].lastUsedAt).not.toBeNull();
  });

  it("writes last_used_at at most about once a minute", async () => {
    const owner = await signIn(t, "owner");
    const { key, apiKey } = await makeKey(owner);
    await withKey(t, key, "{ account { id } }");
    const [first] = await t.db.select({ at: apiKeys.lastUsedAt }).from(apiKeys).where(eq(apiKeys.id, apiKey.id));
    await withKey(t, key, "{ account { id } }");
    const [second] = await t.db.select({ at: apiKeys.lastUsedAt }).from(apiKeys).where(eq(apiKeys.id, apiKey.id));
    expect(second.at?.getTime()).toBe(first.at?.getTime());
    await t.db
      .update(apiKeys)
      .set({ lastUsedAt: new Date(Date.now() - 120_000) })
      .where(eq(apiKeys.id, apiKey.id));
    await withKey(t, key, "{ account { id } }");
    const [third] = await t.db.select({ at: apiKeys.lastUsedAt }).from(apiKeys).where(eq(apiKeys.id, apiKey.id));
    expect(third.at!.getTime()).toBeGreaterThan(Date.now() - 30_000);
  });

  it("refuses every mutation to a READ_ONLY key before any resolver, and lets it read", async () => {
    const owner = await signIn(t, "owner");
    const { key } = await makeKey(owner, "READ_ONLY");
    const read = await withKey(t, key, "{ customers { totalCount } }");
    expect(read.errors).toBeUndefined();
    for (const mutation of [
      'mutation { createCustomer(input: { name: "Nope" }) { id } }',
      'mutation { signUp(input: { name: "Nope", companyName: "Nope" }) { id } }',
      "mutation { deleteMe }",
      'mutation { declineInvitation(token: "x") }',
    ]) {
      const refused = await withKey(t, key, mutation);
      expect(refused.status, mutation).toBe(403);
      expect(code(refused), mutation).toBe("FORBIDDEN");
      expect(refused.errors![0].message).toMatch(/read-only/);
      expect(refused.data).toBeUndefined();
    }
    const customers = await t.gql<{ customers: { totalCount: number } }>("{ customers { totalCount } }", {}, owner.headers());
    expect(customers.data!.customers.totalCount).toBe(0);
    const nl = await withKey(t, key, 'mutation { createCustomer(input: { name: "Nee" }) { id } }', {}, { "accept-language": "nl" });
    expect(nl.errors![0].message).toMatch(/alleen-lezen/);
  });

  it("publishes and marks a quote signed under its own name in the audit trail, and cannot add a person's signature (no 500)", async () => {
    const owner = await signIn(t, "owner");
    const { key } = await makeKey(owner, "ADMIN", { name: "CRM sync" });
    const customer = await createCustomer(t, owner, { name: "Key Customer" });
    const quote = await createQuote(t, owner, customer.id, { signable: true });
    await addBlocks(t, quote.id);
    const published = await withKey(t, key, "mutation ($id: ID!) { publishQuote(id: $id) { status } }", { id: quote.id });
    expect(published.errors).toBeUndefined();
    // The account's own signature is a person's: refused with the reason, in the caller's language.
    const signature = await withKey(
      t,
      key,
      "mutation ($q: ID, $i: CreateQuoteSignatureInput!) { createQuoteSignature(quoteId: $q, input: $i) { nanoId } }",
      { q: quote.id, i: { name: "CRM", signatureKind: "TYPED", signature: "CRM", consent: true } },
      { "accept-language": "nl" },
    );
    expect(code(signature)).toBe("FORBIDDEN");
    expect(signature.errors![0].message).toMatch(/API-sleutel/);
    const signed = await withKey(t, key, "mutation ($id: ID!) { updateQuoteToSigned(id: $id) { status } }", { id: quote.id });
    expect(signed.errors).toBeUndefined();
    expect(signed.data).toEqual({ updateQuoteToSigned: { status: "SIGNED" } });
    const audit = await t.db.select().from(quoteAuditEvents).where(eq(quoteAuditEvents.quoteId, quote.id));
    expect(audit.map((a) => [a.event, a.actorName, a.actorEmail])).toEqual([
      ["PUBLISHED", 'API key "CRM sync"', null],
      ["MARKED_SIGNED", 'API key "CRM sync"', null],
    ]);
  });

  it("refuses a revoked key on the next request, on another app server too", async () => {
    const owner = await signIn(t, "owner");
    const { key, apiKey } = await makeKey(owner);
    expect((await withKey(t, key, "{ account { id } }")).errors).toBeUndefined();
    expect((await withKey(other, key, "{ account { id } }")).errors).toBeUndefined();
    const revoked = await t.gql<{ revokeApiKey: { revokedAt: string | null } }>(REVOKE, { id: apiKey.id }, owner.headers());
    expect(revoked.data!.revokeApiKey.revokedAt).not.toBeNull();
    for (const app of [other, t]) {
      const refused = await withKey(app, key, "{ account { id } }");
      expect(refused.status).toBe(401);
      expect(code(refused)).toBe("UNAUTHENTICATED");
      expect(refused.errors![0].message).toMatch(/revoked/);
    }
    // Even a public field: a refused key is never treated as a visitor.
    expect((await withKey(other, key, "{ me { id } }")).status).toBe(401);
  });

  it("refuses an expired, unknown or malformed key with 401", async () => {
    const owner = await signIn(t, "owner");
    const { key, apiKey } = await makeKey(owner, "ADMIN", { expiresAt: new Date(Date.now() + 3_600_000).toISOString() });
    expect((await withKey(t, key, "{ account { id } }")).errors).toBeUndefined();
    await t.db
      .update(apiKeys)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(apiKeys.id, apiKey.id));
    expect((await withKey(t, key, "{ account { id } }")).status).toBe(401);
    expect((await withKey(t, `${key.slice(0, -2)}AA`, "{ account { id } }")).status).toBe(401);
    expect((await withKey(t, "ofr_live_short", "{ account { id } }")).status).toBe(401);
    // An expiry in the past is refused when creating.
    const past = await t.gql(CREATE, { input: { name: "Old", role: "ADMIN", expiresAt: "2020-01-01T00:00:00Z" } }, owner.headers());
    expect(code(past)).toBe("BAD_USER_INPUT");
    // Not a date at all: a request error, never an internal one.
    const garbage = await t.gql(CREATE, { input: { name: "Odd", role: "ADMIN", expiresAt: "9999-99-99" } }, owner.headers());
    expect(garbage.status).toBe(400);
    expect(code(garbage)).toBe("BAD_USER_INPUT");
  });

  it("is managed by owners and admins only, never by an API key", async () => {
    const owner = await signIn(t, "owner");
    const admin = await signIn(t, "admin", { account: owner });
    const member = await signIn(t, "member", { account: owner });
    const made = await t.gql<Created>(CREATE, { input: { name: "By admin", role: "READ_ONLY" } }, admin.headers());
    expect(made.errors).toBeUndefined();
    for (const op of [
      () => t.gql(CREATE, { input: { name: "By member", role: "ADMIN" } }, member.headers()),
      () => t.gql(LIST, {}, member.headers()),
      () => t.gql(REVOKE, { id: made.data!.createApiKey.apiKey.id }, member.headers()),
    ]) {
      expect(code(await op())).toBe("FORBIDDEN");
    }
    // An ADMIN key cannot make, list or revoke keys (a leaked key could mint its own successor).
    const { key, apiKey } = await makeKey(owner);
    for (const [query, variables] of [
      [CREATE, { input: { name: "Successor", role: "ADMIN" } }],
      [LIST, {}],
      [REVOKE, { id: apiKey.id }],
    ] as const) {
      const refused = await withKey(t, key, query, variables);
      expect(code(refused), query).toBe("FORBIDDEN");
      expect(refused.errors![0].message).toMatch(/API key cannot/);
    }
    // Nor change the team, or act as a person (the user-only fields).
    const team = await withKey(t, key, 'mutation { inviteUser(input: { email: "x@example.test" }) { id } }');
    expect(code(team)).toBe("FORBIDDEN");
    const accountsList = await withKey(t, key, "{ accounts { items { id } } }");
    expect(code(accountsList)).toBe("FORBIDDEN");
  });

  it("refuses an account without the developer API (Starter) with a clear message, and keeps its keys", async () => {
    const owner = await signIn(t, "owner");
    const { key, apiKey } = await makeKey(owner);
    await t.db.update(accounts).set({ subscriptionPlan: "STARTER", subscriptionInterval: "MONTHLY" }).where(eq(accounts.id, owner.accountId));
    const refused = await withKey(t, key, "{ account { id } }");
    expect(refused.status).toBe(403);
    expect(refused.errors![0].extensions).toMatchObject({ code: "FORBIDDEN", reason: "PLAN_REQUIRED", feature: "developerApi", plan: "BASIC" });
    expect(refused.errors![0].message).toMatch(/Basic/);
    const creating = await t.gql(CREATE, { input: { name: "On Starter", role: "ADMIN" } }, owner.headers());
    expect(creating.errors![0].extensions).toMatchObject({ reason: "PLAN_REQUIRED", feature: "developerApi" });
    // The key stays listed and can be revoked.
    const listed = await t.gql<{ apiKeys: { id: string }[] }>(LIST, {}, owner.headers());
    expect(listed.data!.apiKeys.map((k) => k.id)).toEqual([apiKey.id]);
    expect((await t.gql(REVOKE, { id: apiKey.id }, owner.headers())).errors).toBeUndefined();
  });

  it("keeps to its own account: another account's ids are NOT_FOUND", async () => {
    const a = await signIn(t, "owner");
    const b = await signIn(t, "owner");
    const { key } = await makeKey(a);
    const bCustomer = await createCustomer(t, b, { name: "B only" });
    const bKey = await makeKey(b);
    const read = await withKey(t, key, "query ($id: ID!) { customer(id: $id) { id } }", { id: bCustomer.id });
    expect(code(read)).toBe("NOT_FOUND");
    const write = await withKey(t, key, 'mutation ($id: ID!) { updateCustomer(id: $id, input: { name: "Hijack" }) { id } }', { id: bCustomer.id });
    expect(code(write)).toBe("NOT_FOUND");
    // Another account's key is not revocable from here.
    const revoke = await t.gql(REVOKE, { id: bKey.apiKey.id }, a.headers());
    expect(code(revoke)).toBe("NOT_FOUND");
  });

  it("has a cost budget of its own (429 with Retry-After when it is spent)", async () => {
    const limited = await createTestApp({ database: t.database, graphqlLimits: { budget: 30, budgetLeaseUnits: 1 } });
    try {
      const owner = await signIn(t, "owner");
      const { key, apiKey } = await makeKey(owner);
      // In-process calls have no client address; a key is counted by its id all the same.
      let last: Awaited<ReturnType<typeof withKey>> | undefined;
      for (let i = 0; i < 10; i++) {
        last = await withKey(limited, key, "{ customers { items { id } } }");
        if (last.status === 429) break;
      }
      expect(last!.status).toBe(429);
      expect(code(last!)).toBe("RATE_LIMITED");
      expect(last!.errors![0].extensions).toMatchObject({ retryAfterSeconds: expect.any(Number) });
      // Counted under the key's own name, not its maker's.
      const [bucket] = await t.db
        .select()
        .from(rateLimitBuckets)
        .where(eq(rateLimitBuckets.key, `graphql:apikey:${apiKey.id}`));
      expect(bucket.count).toBeGreaterThan(30);
    } finally {
      await limited.close();
    }
  });
});
