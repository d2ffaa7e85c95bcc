import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { quoteAuditEvents, quoteLineItems, rateLimitBuckets } from "../../src/server/db/schema";
import { OPTION_CHANGE_LIMITS } from "../../src/server/modules/public-quote/option-changes";
import { type TestApp, createTestApp } from "../support/app";
import { type SignedIn, signUp } from "../support/auth";
import { addBlocks, createCustomer, createQuote, transition } from "../support/quotes";

/**
 * OPTION_CHANGED per change (issue 13 item 6): `POST /api/quote-options`, sent by the public page's
 * island with sendBeacon when the customer's choice of optional lines settles.
 */

let t: TestApp;
let owner: SignedIn;
let ipCounter = 0;
const freshIp = () => `203.0.113.${++ipCounter % 250}`;

beforeAll(async () => {
  t = await createTestApp({ env: { TRUST_PROXY: "true" } });
  owner = await signUp(t, { company: "Options Co" });
});
afterAll(async () => {
  await t.close();
});

/** A published quote with two optional lines (Support, not selected; Training, selected). */
async function publishedQuote(publish = true) {
  const quote = await createQuote(t, owner, (await createCustomer(t, owner)).id);
  const pricing = await addBlocks(t, quote.id);
  const [support, training] = await t.db
    .insert(quoteLineItems)
    .values([
      { blockId: pricing.id, position: 3, name: "Support", priceCents: 20_000, amount: "1", optional: true, selected: false },
      { blockId: pricing.id, position: 4, name: "Training", priceCents: 50_000, amount: "1", optional: true, selected: true },
    ])
    .returning();
  const fixed = (await t.db.select().from(quoteLineItems).where(eq(quoteLineItems.blockId, pricing.id))).find((l) => !l.optional)!;
  if (publish) {
    const published = await transition(t, owner, "publishQuote", quote.id);
    if (published.errors) throw new Error(JSON.stringify(published.errors));
  }
  return { ...quote, supportId: support.id, trainingId: training.id, fixedId: fixed.id };
}

const report = (body: unknown, headers: Record<string, string> = {}) =>
  t.fetch("/api/quote-options", {
    method: "POST",
    // sendBeacon with a string body sends text/plain.
    headers: { "content-type": "text/plain;charset=UTF-8", "user-agent": "Phone Browser", "x-forwarded-for": "198.51.100.7", ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
const changesOf = (quoteId: string) =>
  t.db
    .select()
    .from(quoteAuditEvents)
    .where(and(eq(quoteAuditEvents.quoteId, quoteId), eq(quoteAuditEvents.event, "OPTION_CHANGED")))
    .orderBy(quoteAuditEvents.seq);

describe("OPTION_CHANGED as the customer chooses", () => {
  it("records each settled change with address, browser and the selection; the same selection twice is one row", async () => {
    const quote = await publishedQuote();
    expect((await report({ nanoId: quote.nanoId, selection: [quote.trainingId, quote.supportId] })).status).toBe(204);
    expect((await report({ nanoId: quote.nanoId, selection: [quote.supportId, quote.trainingId] })).status).toBe(200);
    expect((await report({ nanoId: quote.nanoId, selection: [] })).status).toBe(204);
    // Another browser's first change starts from the quote's defaults (reporting the defaults is no change).
    expect(
      (await report({ nanoId: quote.nanoId, selection: [quote.trainingId] }, { "user-agent": "Laptop Browser", "x-forwarded-for": "198.51.100.8" })).status,
    ).toBe(200);
    expect((await report({ nanoId: quote.nanoId, selection: [] }, { "user-agent": "Laptop Browser", "x-forwarded-for": "198.51.100.8" })).status).toBe(204);
    const rows = await changesOf(quote.id);
    expect(rows.map((r) => ({ ip: r.ip, userAgent: r.userAgent, details: r.details, actorName: r.actorName }))).toEqual([
      {
        ip: "198.51.100.7",
        userAgent: "Phone Browser",
        details: { from: [quote.trainingId], to: [quote.supportId, quote.trainingId].sort(), source: "page" },
        actorName: null,
      },
      {
        ip: "198.51.100.7",
        userAgent: "Phone Browser",
        details: { from: [quote.supportId, quote.trainingId].sort(), to: [], source: "page" },
        actorName: null,
      },
      { ip: "198.51.100.8", userAgent: "Laptop Browser", details: { from: [quote.trainingId], to: [], source: "page" }, actorName: null },
    ]);
  });

  it("refuses lines that are not optional lines of this quote, malformed bodies and other origins, recording nothing", async () => {
    const quote = await publishedQuote();
    const other = await publishedQuote();
    expect((await report({ nanoId: quote.nanoId, selection: [quote.fixedId] })).status).toBe(409);
    expect((await report({ nanoId: quote.nanoId, selection: [other.supportId] })).status).toBe(409);
    expect((await report({ nanoId: quote.nanoId, selection: ["x".repeat(65)] })).status).toBe(400);
    expect((await report({ nanoId: quote.nanoId })).status).toBe(400);
    expect((await report("{not json")).status).toBe(400);
    expect((await report({ nanoId: "short", selection: [] })).status).toBe(400);
    expect((await report({ nanoId: quote.nanoId, selection: [quote.supportId] }, { origin: "https://evil.example" })).status).toBe(403);
    expect(await changesOf(quote.id)).toEqual([]);
    expect(await changesOf(other.id)).toEqual([]);
  });

  it("records nothing for links the customer cannot choose on: unknown, draft, withdrawn, signed, declined, or the sender's preview", async () => {
    expect((await report({ nanoId: "A".repeat(24), selection: [] })).status).toBe(404);
    const draft = await publishedQuote(false);
    expect((await report({ nanoId: draft.nanoId, selection: [draft.supportId] })).status).toBe(404);
    const withdrawn = await publishedQuote();
    await transition(t, owner, "withdrawQuote", withdrawn.id);
    expect((await report({ nanoId: withdrawn.nanoId, selection: [withdrawn.supportId] })).status).toBe(404);
    const signed = await publishedQuote();
    await t.db.execute(sql`update quotes set status = 'SIGNED' where id = ${signed.id}`);
    expect((await report({ nanoId: signed.nanoId, selection: [signed.supportId] })).status).toBe(404);
    const declined = await publishedQuote();
    expect(
      (await t.gql("mutation ($n: String!) { declineQuote(nanoId: $n) { declinedAt } }", { n: declined.nanoId }, { "x-forwarded-for": freshIp() })).errors,
    ).toBeUndefined();
    expect((await report({ nanoId: declined.nanoId, selection: [declined.supportId] })).status).toBe(404);
    const previewed = await publishedQuote();
    expect((await report({ nanoId: previewed.nanoId, selection: [previewed.supportId] }, { cookie: owner.cookie })).status).toBe(403);
    for (const quote of [draft, withdrawn, signed, declined, previewed]) expect(await changesOf(quote.id)).toEqual([]);
  });

  it("is rate-limited per address and per quote", async () => {
    const quote = await publishedQuote();
    const ip = freshIp();
    await t.db
      .insert(rateLimitBuckets)
      .values({ key: `option-change:ip:${ip}`, count: OPTION_CHANGE_LIMITS.perAddress, windowEndsAt: new Date(Date.now() + 3_600_000) });
    expect((await report({ nanoId: quote.nanoId, selection: [quote.supportId] }, { "x-forwarded-for": ip })).status).toBe(429);
    expect((await report({ nanoId: quote.nanoId, selection: [quote.supportId] }, { "x-forwarded-for": freshIp() })).status).toBe(204);
    await t.db
      .insert(rateLimitBuckets)
      .values({ key: `option-change:quote:${quote.nanoId}`, count: OPTION_CHANGE_LIMITS.perQuote, windowEndsAt: new Date(Date.now() + 3_600_000) })
      .onConflictDoUpdate({ target: rateLimitBuckets.key, set: { count: OPTION_CHANGE_LIMITS.perQuote } });
    expect((await report({ nanoId: quote.nanoId, selection: [] }, { "x-forwarded-for": freshIp() })).status).toBe(429);
    expect(await changesOf(quote.id)).toHaveLength(1);
  });

  it("caps the rows per quote: the audit trail cannot be flooded", async () => {
    const quote = await publishedQuote();
    const [{ accountId }] = await t.db
      .select({ accountId: quoteAuditEvents.accountId })
      .from(quoteAuditEvents)
      .where(eq(quoteAuditEvents.quoteId, quote.id))
      .limit(1);
    await t.db.insert(quoteAuditEvents).values(
      Array.from({ length: OPTION_CHANGE_LIMITS.rowsPerQuote }, (_, i) => ({
        accountId,
        quoteId: quote.id,
        event: "OPTION_CHANGED" as const,
        ip: `10.0.${i >> 8}.${i & 255}`,
        details: { to: [] },
      })),
    );
    expect((await report({ nanoId: quote.nanoId, selection: [quote.supportId] }, { "x-forwarded-for": freshIp() })).status).toBe(429);
    expect(await changesOf(quote.id)).toHaveLength(OPTION_CHANGE_LIMITS.rowsPerQuote);
  });
});
