import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../src/server/db/client";
import { customDomains, domainEvents, jobs, quoteAuditEvents, quoteBlocks, quoteLineItems } from "../../src/server/db/schema";
import { expireQuote, scheduleMissingQuoteExpiries } from "../../src/server/events/expiry";
import { type EventSubscriber, type RecordedEvent, eventEnvelope, quoteSummaries, recordEvent, webhookId } from "../../src/server/events";
import { eventPayloadSchemas } from "../../src/server/events/payloads";
import { eventSubscribers } from "../../src/server/events/subscribers";
import { type TestApp, createTestApp } from "../support/app";
import { serveCustomDomain } from "../support/custom-domains";
import { type SignedIn, signUp } from "../support/auth";
import { addBlocks, createCustomer, createQuote, publishOn, transition } from "../support/quotes";
import { runJobs } from "../support/team";

let t: TestApp;
let owner: SignedIn;

beforeAll(async () => {
  t = await createTestApp();
  owner = await signUp(t, { company: "Events Co" });
});
afterAll(async () => {
  await t.close();
});

/** Every event a subscriber saw while `run` ran (a subscriber added for the test, removed after). */
async function captured<T>(run: () => Promise<T>): Promise<{ result: T; seen: RecordedEvent[] }> {
  const seen: RecordedEvent[] = [];
  const spy: EventSubscriber = {
    name: "test-spy",
    types: "all",
    onEvent: async (_tx, event) => {
      seen.push(event);
    },
  };
  eventSubscribers.push(spy);
  try {
    return { result: await run(), seen };
  } finally {
    eventSubscribers.splice(eventSubscribers.indexOf(spy), 1);
  }
}

function eventsOf(accountId: string, quoteId?: string) {
  return t.db
    .select()
    .from(domainEvents)
    .where(quoteId ? and(eq(domainEvents.accountId, accountId), eq(domainEvents.quoteId, quoteId)) : eq(domainEvents.accountId, accountId))
    .orderBy(asc(domainEvents.occurredAt));
}

describe("the event writer (core)", () => {
  it("records an event with the quote summary in the caller's transaction and hands it to subscribers", async () => {
    const customer = await createCustomer(t, owner, { name: "Core Customer", companyName: "Core BV", email: "core@example.test" });
    const quote = await createQuote(t, owner, customer.id, { name: "Core quote" });
    await addBlocks(t, quote.id);
    const accountId = owner.accountId!;

    const { result: event, seen } = await captured(() => t.db.transaction((tx) => recordEvent(tx, { type: "quote.pdf_ready", accountId, quoteId: quote.id })));
    expect(seen.map((e) => e.id)).toEqual([event.id]);
    expect(event.type).toBe("quote.pdf_ready");
    const payload = eventPayloadSchemas["quote.pdf_ready"].parse(event.payload);
    expect(payload.quote).toMatchObject({
      id: quote.id,
      number: quote.quoteNumber,
      name: "Core quote",
      status: "DRAFT",
      lifecycle: "DRAFT",
      language: "ENG",
      currency: "EUR",
      version: null,
      totals: { currency: "EUR", oneOff: { totalExclVat: "1019.99", vatTotal: "0.00", totalInclVat: "1019.99" }, recurring: [] },
      links: { public: `http://offerly.test/quote/${quote.slug}/${quote.nanoId}`, app: `http://offerly.test/app/quotes/mutate/${quote.id}` },
      customer: { id: customer.id, name: "Core Customer", companyName: "Core BV", email: "core@example.test" },
    });

    const [stored] = await eventsOf(accountId, quote.id);
    expect(stored).toMatchObject({ id: event.id, type: "quote.pdf_ready", quoteId: quote.id, customerId: customer.id });
    expect(stored.payload).toEqual(event.payload);

    // The envelope and webhook-id the webhooks module delivers.
    expect(eventEnvelope(event)).toEqual({ type: "quote.pdf_ready", timestamp: event.occurredAt.toISOString(), data: event.payload });
    expect(webhookId(event.id)).toMatch(/^msg_[0-9a-f]{32}$/);

    // The summary function the REST API lists with: the same shape; other accounts' ids are left out.
    const other = await signUp(t, { company: "Other Co" });
    expect(await quoteSummaries(t.db, accountId, [quote.id])).toEqual([payload.quote]);
    expect(await quoteSummaries(t.db, other.accountId!, [quote.id])).toEqual([]);
  });

  it("records nothing when the caller's transaction rolls back, and refuses another account's quote", async () => {
    const customer = await createCustomer(t, owner, { name: "Rollback Customer" });
    const quote = await createQuote(t, owner, customer.id);
    const accountId = owner.accountId!;
    await expect(
      t.db.transaction(async (tx) => {
        await recordEvent(tx, { type: "quote.withdrawn", accountId, quoteId: quote.id });
        throw new Error("the change failed");
      }),
    ).rejects.toThrow("the change failed");
    expect(await eventsOf(accountId, quote.id)).toEqual([]);

    const other = await signUp(t, { company: "Stranger Co" });
    await expect(t.db.transaction((tx) => recordEvent(tx, { type: "quote.withdrawn", accountId: other.accountId!, quoteId: quote.id }))).rejects.toThrow(
      /not found/,
    );
    expect(await eventsOf(other.accountId!)).toEqual([]);
  });

  it("writes the audit row of an event that has one, with its actor and evidence", async () => {
    const customer = await createCustomer(t, owner, { name: "Audit Customer" });
    const quote = await createQuote(t, owner, customer.id);
    const accountId = owner.accountId!;
    await t.db.transaction((tx) =>
      recordEvent(tx, {
        type: "quote.declined",
        accountId,
        quoteId: quote.id,
        reason: "Too expensive",
        audit: { actorName: "Jane Buyer", evidence: { ip: "203.0.113.9", userAgent: "UA" }, details: { reason: "Too expensive" } },
      }),
    );
    const audit = await t.db.select().from(quoteAuditEvents).where(eq(quoteAuditEvents.quoteId, quote.id));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ event: "DECLINED", actorName: "Jane Buyer", ip: "203.0.113.9", userAgent: "UA", details: { reason: "Too expensive" } });
    const [event] = await eventsOf(accountId, quote.id);
    expect(event.payload).toMatchObject({ reason: "Too expensive" });
  });
});

// ── Through GraphQL, as users do ──────────────────────────────────────────────────────────────

const CHROME = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const VIEW = "mutation ($n: String!) { createViewStatistic(nanoId: $n) { viewId counted } }";
const ASK = "mutation ($n: String!, $q: String!) { askQuoteQuestion(nanoId: $n, question: $q) { question } }";
const DECLINE = "mutation ($n: String!, $r: String) { declineQuote(nanoId: $n, reason: $r) { reason } }";
const SEND = "mutation ($id: ID!, $input: SendQuoteToCustomerInput!) { sendQuoteToCustomer(id: $id, input: $input) { id } }";
const SIGN = `mutation ($nanoId: String, $quoteId: ID, $input: CreateQuoteSignatureInput!) {
  createQuoteSignature(nanoId: $nanoId, quoteId: $quoteId, input: $input) { status }
}`;
const MARK = "mutation ($id: ID!) { updateQuoteToSigned(id: $id) { status } }";
const UPDATE_CUSTOMER = "mutation ($id: ID!, $input: CustomerInput!) { updateCustomer(id: $id, input: $input) { id } }";

function ok<T>(result: { data?: T; errors?: unknown }): T {
  if (result.errors || !result.data) throw new Error(JSON.stringify(result.errors));
  return result.data;
}

/**
 * A quote with the standard blocks (€ 1019.99 one-off), an optional line "Support" (€ 200.00, not
 * ticked) and a monthly block: "Maintenance" € 49.95 per month, recurring, 21 % VAT (€ 10.49).
 */
async function richQuote(user: SignedIn, customerId: string, overrides: Record<string, unknown> = {}) {
  const quote = await createQuote(t, user, customerId, overrides);
  const pricing = await addBlocks(t, quote.id);
  const [support] = await t.db
    .insert(quoteLineItems)
    .values({ blockId: pricing.id, position: 3, name: "Support", priceCents: 20_000, amount: "1", optional: true, selected: false })
    .returning();
  const [monthly] = await t.db.insert(quoteBlocks).values({ quoteId: quote.id, kind: "PRICING", position: 2, name: "Care", pricingUnit: "MONTH" }).returning();
  await t.db
    .insert(quoteLineItems)
    .values({ blockId: monthly.id, position: 0, name: "Maintenance", priceCents: 4_995, amount: "1", vatRate: "21", recurring: true });
  return { ...quote, supportId: support.id };
}

const RECURRING = [{ interval: "MONTH", totalExclVat: "49.95", vatTotal: "10.49", totalInclVat: "60.44" }];
const typesOf = (rows: { type: string }[]) => rows.map((r) => r.type);

describe("each state change records its event once, with its payload (GraphQL)", () => {
  it("a customer's creation and change", async () => {
    const user = await signUp(t, { company: "Customer Events Co" });
    const customer = await createCustomer(t, user, { name: "Piet", companyName: "Piet BV", email: "piet@example.test" });
    ok(await t.gql(UPDATE_CUSTOMER, { id: customer.id, input: { name: "Piet Jansen", companyName: "Piet BV", email: "p@example.test" } }, user.headers()));
    const rows = await eventsOf(user.accountId!);
    expect(typesOf(rows)).toEqual(["customer.created", "customer.updated"]);
    expect(rows.map((r) => r.customerId)).toEqual([customer.id, customer.id]);
    expect(rows[0].payload).toEqual({ customer: { id: customer.id, name: "Piet", companyName: "Piet BV", email: "piet@example.test" } });
    expect(rows[1].payload).toEqual({ customer: { id: customer.id, name: "Piet Jansen", companyName: "Piet BV", email: "p@example.test" } });
    // A refused change records nothing.
    const bad = await t.gql(UPDATE_CUSTOMER, { id: customer.id, input: { name: "", email: "not-an-email" } }, user.headers());
    expect(bad.errors).toBeDefined();
    expect(await eventsOf(user.accountId!)).toHaveLength(2);
  });

  it("publish, send, view, question, customer signature, account signature, mark signed, PDF: one event each, totals exact", async () => {
    const user = await signUp(t, { company: "Journey Co", name: "Olga Owner" });
    const customer = await createCustomer(t, user, { name: "Daan", companyName: "Daan BV", email: "daan@example.test" });
    const quote = await richQuote(user, customer.id, { name: "Journey" });
    const accountId = user.accountId!;

    // A publication that fails (a customer is missing) records nothing.
    const orphan = await createQuote(t, user, customer.id, { name: "Orphan" });
    await t.db.execute(sql`update quotes set customer_id = null where id = ${orphan.id}`);
    expect((await transition(t, user, "publishQuote", orphan.id)).errors).toBeDefined();
    expect(await eventsOf(accountId, orphan.id)).toEqual([]);

    ok(await transition(t, user, "publishQuote", quote.id));
    ok(await t.gql(SEND, { id: quote.id, input: { email: "buyer@example.test", message: null } }, user.headers()));
    // Views: the first by a new visitor counts; the same visitor again, a bot and a member do not.
    expect(
      ok(await t.gql<{ createViewStatistic: { counted: boolean } }>(VIEW, { n: quote.nanoId }, { "user-agent": CHROME })).createViewStatistic.counted,
    ).toBe(true);
    ok(await t.gql(VIEW, { n: quote.nanoId }, { "user-agent": CHROME }));
    ok(await t.gql(VIEW, { n: quote.nanoId }, { "user-agent": "Googlebot/2.1 (+http://www.google.com/bot.html)" }));
    ok(await t.gql(VIEW, { n: quote.nanoId }, { "user-agent": CHROME, cookie: user.cookie }));
    ok(await t.gql(ASK, { n: quote.nanoId, q: "Can you start in May?" }));
    ok(
      await t.gql(SIGN, {
        nanoId: quote.nanoId,
        input: { name: "Daan de Vries", signatureKind: "TYPED", signature: "Daan de Vries", selection: [quote.supportId], consent: true },
      }),
    );
    ok(
      await t.gql(
        SIGN,
        { quoteId: quote.id, input: { name: "Olga Owner", signatureKind: "TYPED", signature: "Olga Owner", signedAt: "2026-03-02" } },
        user.headers(),
      ),
    );
    ok(await t.gql(MARK, { id: quote.id }, user.headers()));
    await runJobs(t); // the sealed PDF of the signed quote

    const rows = await eventsOf(accountId, quote.id);
    expect(typesOf(rows)).toEqual([
      "quote.published",
      "quote.sent",
      "quote.viewed",
      "quote.question_asked",
      "quote.signature_added",
      "quote.signature_added",
      "quote.signed",
      "quote.pdf_ready",
    ]);
    for (const row of rows) expect(eventPayloadSchemas[row.type].safeParse(row.payload).success).toBe(true);
    const payload = (i: number) => rows[i].payload as { quote: Record<string, unknown>; [key: string]: unknown };
    const base = {
      id: quote.id,
      number: quote.quoteNumber,
      name: "Journey",
      language: "ENG",
      currency: "EUR",
      links: { public: `http://offerly.test/quote/${quote.slug}/${quote.nanoId}`, app: `http://offerly.test/app/quotes/mutate/${quote.id}` },
      customer: { id: customer.id, name: "Daan", companyName: "Daan BV", email: "daan@example.test" },
    };
    const defaultTotals = { currency: "EUR", oneOff: { totalExclVat: "1019.99", vatTotal: "0.00", totalInclVat: "1019.99" }, recurring: RECURRING };
    const chosenTotals = { currency: "EUR", oneOff: { totalExclVat: "1219.99", vatTotal: "0.00", totalInclVat: "1219.99" }, recurring: RECURRING };
    expect(payload(0).quote).toMatchObject({ ...base, status: "PUBLISHED", lifecycle: "PUBLISHED", version: 1, totals: defaultTotals });
    expect(payload(1)).toMatchObject({ quote: { id: quote.id }, recipients: ["buyer@example.test"] });
    expect(payload(2)).toMatchObject({ quote: { lifecycle: "PUBLISHED" }, version: 1 });
    expect(payload(3).question).toMatchObject({ text: "Can you start in May?" });
    expect(payload(4)).toMatchObject({
      quote: { lifecycle: "CUSTOMER_SIGNED", totals: chosenTotals },
      signature: { kind: "CUSTOMER", name: "Daan de Vries", version: 1 },
      selection: { optionalLineIds: [quote.supportId], totals: chosenTotals },
    });
    expect(payload(5)).toMatchObject({ signature: { kind: "ACCOUNT", name: "Olga Owner", signedAt: "2026-03-02T12:00:00.000Z" }, selection: null });
    expect(payload(6)).toMatchObject({
      quote: { ...base, status: "SIGNED", lifecycle: "SIGNED", totals: chosenTotals },
      selection: { optionalLineIds: [quote.supportId], totals: chosenTotals },
    });
    expect(payload(6).quote.signedAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(payload(7).quote).toMatchObject({ id: quote.id, status: "SIGNED" });

    // The audit trail reads as before: written by the event writer, in the same order.
    const audit = await t.db.select().from(quoteAuditEvents).where(eq(quoteAuditEvents.quoteId, quote.id)).orderBy(asc(quoteAuditEvents.seq));
    expect(audit.map((a) => a.event)).toEqual(["PUBLISHED", "OPTION_CHANGED", "SIGNED", "SIGNED", "MARKED_SIGNED"]);
    expect(audit[0]).toMatchObject({ actorName: "Olga Owner", versionNumber: 1 });
    expect(audit[2]).toMatchObject({ actorName: "Daan de Vries", details: { kind: "CUSTOMER", selection: [quote.supportId] } });
    expect(audit[4]).toMatchObject({ actorName: "Olga Owner" });
  });

  it("decline (with its reason) and withdraw; a refused second decline records nothing", async () => {
    const user = await signUp(t, { company: "Decline Co" });
    const customer = await createCustomer(t, user, { name: "Eva" });
    const quote = await richQuote(user, customer.id);
    ok(await transition(t, user, "publishQuote", quote.id));
    ok(await t.gql(DECLINE, { n: quote.nanoId, r: "Too expensive" }));
    expect((await t.gql(DECLINE, { n: quote.nanoId, r: "Again" })).errors).toBeDefined();
    ok(await transition(t, user, "withdrawQuote", quote.id));
    const rows = await eventsOf(user.accountId!, quote.id);
    expect(typesOf(rows)).toEqual(["quote.published", "quote.declined", "quote.withdrawn"]);
    expect(rows[1].payload).toMatchObject({ quote: { lifecycle: "DECLINED" }, reason: "Too expensive" });
    expect(rows[2].payload).toMatchObject({ quote: { status: "DRAFT", lifecycle: "WITHDRAWN" } });
    const audit = await t.db.select().from(quoteAuditEvents).where(eq(quoteAuditEvents.quoteId, quote.id)).orderBy(asc(quoteAuditEvents.seq));
    expect(audit.map((a) => a.event)).toEqual(["PUBLISHED", "DECLINED"]);
    expect(audit[1].details).toEqual({ reason: "Too expensive" });
  });

  it("quote.expired: a job at the expiry moment, once per quote and expiry, only while published and expired", async () => {
    const user = await signUp(t, { company: "Expiry Co" });
    const customer = await createCustomer(t, user, { name: "Fay" });
    const quote = await richQuote(user, customer.id, { quoteDateAt: "2026-01-01", quoteExpirationAt: "2026-01-31" });
    await publishOn(t, user, quote.id, "2026-01-10");
    const [job] = await t.db
      .select()
      .from(jobs)
      .where(eq(jobs.singletonKey, `quote-expired:${quote.id}:2026-01-31`));
    expect(job.runAt.toISOString()).toBe("2026-02-01T00:00:00.000Z");
    await runJobs(t);
    const payload = { accountId: user.accountId!, quoteId: quote.id, expirationDate: "2026-01-31" };
    expect(await expireQuote(t.db, payload)).toBe("already-recorded");
    const rows = await eventsOf(user.accountId!, quote.id);
    expect(typesOf(rows)).toEqual(["quote.published", "quote.expired"]);
    expect(rows[1].payload).toMatchObject({ quote: { lifecycle: "EXPIRED", expirationDate: "2026-01-31" } });

    // Not due yet, or no longer published: nothing.
    const live = await richQuote(user, customer.id);
    ok(await transition(t, user, "publishQuote", live.id));
    expect(await expireQuote(t.db, { accountId: user.accountId!, quoteId: live.id, expirationDate: "2099-03-31" })).toBe("not-due");
    ok(await transition(t, user, "withdrawQuote", live.id));
    expect(await expireQuote(t.db, { accountId: user.accountId!, quoteId: live.id, expirationDate: "2099-03-31" }, new Date("2099-04-02T00:00:00Z"))).toBe(
      "not-published",
    );
    expect(typesOf(await eventsOf(user.accountId!, live.id))).toEqual(["quote.published", "quote.withdrawn"]);
  });

  it("after an upgrade: a published quote without its expiry job gets one at start-up, once; one that expired already gets none", async () => {
    const user = await signUp(t, { company: "Upgrade Co" });
    const customer = await createCustomer(t, user, { name: "Gus" });
    const live = await richQuote(user, customer.id, { quoteDateAt: "2026-01-01", quoteExpirationAt: "2099-06-30" });
    ok(await transition(t, user, "publishQuote", live.id));
    const old = await richQuote(user, customer.id, { quoteDateAt: "2026-01-01", quoteExpirationAt: "2026-01-31" });
    await publishOn(t, user, old.id, "2026-01-10");
    // As before the job existed: no expiry jobs for these quotes.
    const keys = [`quote-expired:${live.id}:2099-06-30`, `quote-expired:${old.id}:2026-01-31`];
    await t.db.delete(jobs).where(inArray(jobs.singletonKey, keys));
    expect(await scheduleMissingQuoteExpiries(t.db)).toBeGreaterThanOrEqual(1);
    const queued = await t.db.select().from(jobs).where(inArray(jobs.singletonKey, keys));
    expect(queued.map((j) => [j.singletonKey, j.status, j.runAt.toISOString()])).toEqual([[keys[0], "queued", "2099-07-01T00:00:00.000Z"]]);
    // A second server starting: nothing more.
    await scheduleMissingQuoteExpiries(t.db);
    expect(await t.db.select().from(jobs).where(inArray(jobs.singletonKey, keys))).toHaveLength(1);
  });

  it("a Pro account's own domain is in the customer's link of its payloads while it serves; the app's link stays on the site", async () => {
    const pro = await signUp(t, { company: "Domain Events Co" });
    await serveCustomDomain(t.db, pro.accountId!, "quotes.domain-events.test");
    const customer = await createCustomer(t, pro, { name: "Daan" });
    const quote = await createQuote(t, pro, customer.id, { name: "On the domain" });
    await addBlocks(t, quote.id);
    expect((await transition(t, pro, "publishQuote", quote.id)).errors).toBeUndefined();
    const published = (await eventsOf(pro.accountId!, quote.id)).filter((e) => e.type === "quote.published");
    expect(published.map((e) => (e.payload as { quote: { links: unknown } }).quote.links)).toEqual([
      { public: `https://quotes.domain-events.test/quote/${quote.slug}/${quote.nanoId}`, app: `http://offerly.test/app/quotes/mutate/${quote.id}` },
    ]);
    // Inactive (the records are gone): the site's link again.
    await t.db.update(customDomains).set({ status: "INACTIVE" }).where(eq(customDomains.accountId, pro.accountId!));
    expect((await transition(t, pro, "withdrawQuote", quote.id)).errors).toBeUndefined();
    const withdrawn = (await eventsOf(pro.accountId!, quote.id)).filter((e) => e.type === "quote.withdrawn");
    expect((withdrawn[0].payload as { quote: { links: { public: string } } }).quote.links.public).toBe(
      `http://offerly.test/quote/${quote.slug}/${quote.nanoId}`,
    );
  });

  it("keeps each account's events to itself", async () => {
    const counts = await queryRows<{ accounts: number; events: number }>(
      t.db,
      sql`select count(distinct e.account_id)::int as accounts, count(*)::int as events from domain_events e
          left join quotes q on q.id = e.quote_id where q.id is not null and q.account_id <> e.account_id`,
    );
    expect(counts[0]).toEqual({ accounts: 0, events: 0 });
  });
});
