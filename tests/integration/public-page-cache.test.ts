import { and, eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import {
  accounts,
  docusignEnvelopes,
  quoteAuditEvents,
  quoteBlocks,
  quoteConversationEntries,
  quotePageStamps,
  quotePayments,
  quoteSubscriptions,
  quotes,
} from "../../src/server/db/schema";
import { type PublicPageCache, createPublicPageCache, isStampKept, pageStamp } from "../../src/server/modules/public-quote/page-cache";
import { todayIso } from "../../src/shared/quote-status";
import { type TestApp, createTestApp } from "../support/app";
import { type SignedIn, signUp } from "../support/auth";
import { addBlocks, createCustomer, createQuote, insertFailedPayment, transition } from "../support/quotes";

/**
 * The public page's cache (decision 033): the production build's page, served from the cache only
 * when one query's stamp says nothing the page shows has changed. Every change below is made the
 * way the app makes it or straight in the database (no invalidation call exists to forget).
 */

let t: TestApp;
let cache: PublicPageCache;
let sender: SignedIn;

beforeAll(async () => {
  t = await createTestApp({
    ssr: true,
    env: { NODE_ENV: "production" },
    publicPageCache: (db, log) => {
      cache = createPublicPageCache({ db, log });
      return cache;
    },
  });
  sender = await signUp(t, { company: "Cache Co", name: "Carla Cache" });
});
afterAll(async () => {
  await t.close();
});
afterEach(() => {
  vi.useRealTimers();
});

async function live(user: SignedIn = sender, overrides: Record<string, unknown> = {}) {
  const customer = await createCustomer(t, user);
  const quote = await createQuote(t, user, customer.id, overrides);
  await addBlocks(t, quote.id);
  const published = await transition(t, user, "publishQuote", quote.id);
  if (published.errors) throw new Error(JSON.stringify(published.errors));
  return { ...quote, path: new URL(quote.url).pathname };
}

type Page = { status: number; body: string; nonce: string; response: Response };
async function get(app: TestApp, path: string, headers: Record<string, string> = {}): Promise<Page> {
  const response = await app.fetch(path, { headers: { accept: "text/html", "user-agent": "Cache Test", ...headers } });
  const nonce = /'nonce-([^']+)'/.exec(response.headers.get("content-security-policy") ?? "")?.[1] ?? "";
  return { status: response.status, body: await response.text(), nonce, response };
}
const open = (path: string, headers: Record<string, string> = {}) => get(t, path, headers);

/** The counters' change while `work` runs. */
async function counted<T>(work: () => Promise<T>): Promise<{ result: T; hits: number; misses: number; bypasses: number }> {
  const before = cache.stats();
  const result = await work();
  const after = cache.stats();
  return { result, hits: after.hits - before.hits, misses: after.misses - before.misses, bypasses: after.bypasses - before.bypasses };
}

/** Opens the page twice as a customer: the second answer comes from the cache. */
async function cached(path: string): Promise<Page> {
  await open(path);
  const second = await counted(() => open(path));
  expect(second.hits).toBe(1);
  return second.result;
}

describe("the public page cache", () => {
  it("serves the same bytes for every response, with no nonce: its CSP allows no inline script (decision 068)", async () => {
    const quote = await live();
    const first = await counted(() => open(quote.path));
    expect(first.misses).toBe(1);
    const second = await counted(() => open(quote.path, { "user-agent": "Second Browser" }));
    expect(second.hits).toBe(1);
    const [a, b] = [first.result, second.result];
    expect([a.status, b.status]).toEqual([200, 200]);
    // The stored form from the first answer on: identical bytes, no nonce anywhere.
    expect(b.body).toBe(a.body);
    expect([a.nonce, b.nonce]).toEqual(["", ""]);
    expect(b.body).not.toMatch(/\snonce=/);
    // The page's scripts are the island's JSON (never run) and its module file ('self'): no inline
    // script runs, so the CSP allows none (no nonce, no hash, no 'unsafe-inline').
    const scripts = b.body.match(/<script\b[^>]*>/g) ?? [];
    expect(scripts.length).toBeGreaterThanOrEqual(2);
    for (const tag of scripts) expect(tag).toMatch(/\ssrc="\/|\stype="application\/json"/);
    for (const page of [a, b]) {
      const scriptSrc = /(?:^|;\s*)script-src ([^;]*)/.exec(page.response.headers.get("content-security-policy") ?? "")?.[1];
      expect(scriptSrc).toBe("'self'");
    }
    expect(b.response.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(b.response.headers.get("cache-control")).toBe("private, no-store");
    // A hit records the customer's view like a render does (once per address and browser).
    const views = await t.db.select().from(quoteAuditEvents).where(eq(quoteAuditEvents.quoteId, quote.id)).orderBy(quoteAuditEvents.seq);
    expect(views.filter((e) => e.event === "VIEWED").map((e) => e.userAgent)).toEqual(["Cache Test", "Second Browser"]);
  });

  it("shows a customer's signature at once", async () => {
    const quote = await live();
    expect((await cached(quote.path)).body).not.toContain("Daan de Vries");
    const signed = await t.gql("mutation ($n: String, $input: CreateQuoteSignatureInput!) { createQuoteSignature(nanoId: $n, input: $input) { status } }", {
      n: quote.nanoId,
      input: { name: "Daan de Vries", signatureKind: "TYPED", signature: "Daan de Vries", selection: [], consent: true },
    });
    expect(signed.errors).toBeUndefined();
    const after = await counted(() => open(quote.path));
    expect(after.misses).toBe(1);
    expect(after.result.body).toContain("Daan de Vries");
  });

  it("shows a decline at once, and the signing form is gone", async () => {
    const quote = await live();
    expect((await cached(quote.path)).body).toContain('data-testid="signing"');
    const declined = await t.gql('mutation ($n: String!) { declineQuote(nanoId: $n, reason: "Too expensive") { declinedAt } }', { n: quote.nanoId });
    expect(declined.errors).toBeUndefined();
    const after = await open(quote.path);
    expect(after.body).toContain("Too expensive");
    expect(after.body).not.toContain('data-testid="signing"');
  });

  it("answers 404 once withdrawn (never the cached page) and shows the new content when published again", async () => {
    const quote = await live();
    expect((await cached(quote.path)).body).toContain("Introduction");
    await transition(t, sender, "withdrawQuote", quote.id);
    const withdrawn = await counted(() => open(quote.path));
    expect(withdrawn.result.status).toBe(404);
    expect(withdrawn.hits).toBe(0);
    expect(withdrawn.result.body).not.toContain("Introduction");
    await t.db.update(quoteBlocks).set({ name: "Foreword" }).where(eq(quoteBlocks.quoteId, quote.id));
    expect((await transition(t, sender, "publishQuote", quote.id)).errors).toBeUndefined();
    const again = await open(quote.path);
    expect(again.status).toBe(200);
    expect(again.body).toContain("Foreword");
    expect(again.body).not.toContain("Introduction");
  });

  it("follows the sender's styling, plan and trial, even when a change does not touch updated_at", async () => {
    const owner = await signUp(t, { company: "Plan Co" });
    const quote = await live(owner);
    const trial = await cached(quote.path);
    expect(trial.body).not.toContain('data-testid="watermark"'); // a trial has Pro's features
    expect(trial.body).toContain('data-testid="signing"');
    const account = eq(accounts.id, owner.accountId!);
    const [{ updatedAt }] = await t.db.select({ updatedAt: accounts.updatedAt }).from(accounts).where(account);

    // The published version keeps the styling it was published with (decision 032): a new link
    // colour shows once the quote is published again (version 2), never from the old cached page.
    await t.db.update(accounts).set({ linkColor: "#c2410c", updatedAt }).where(account);
    expect((await open(quote.path)).body).not.toContain("--quote-link:#c2410c");
    await transition(t, owner, "withdrawQuote", quote.id);
    expect((await transition(t, owner, "publishQuote", quote.id)).errors).toBeUndefined();
    expect((await open(quote.path)).body).toContain("--quote-link:#c2410c");

    // Starter: the watermark, and no signing.
    await t.db
      .update(accounts)
      .set({ subscriptionPlan: "STARTER", subscriptionInterval: "MONTHLY", expiredAt: new Date(Date.now() + 30 * 86_400_000), updatedAt })
      .where(account);
    const starter = await open(quote.path);
    expect(starter.body).toContain('data-testid="watermark"');
    expect(starter.body).not.toContain('data-testid="signing"');
    expect((await counted(() => open(quote.path))).hits).toBe(1);

    // Pro whose subscription ends in an hour: signing now, not once the hour has passed (nothing
    // in the database changes: the clock alone).
    await t.db
      .update(accounts)
      .set({ subscriptionPlan: "PRO", expiredAt: new Date(Date.now() + 3_600_000), updatedAt })
      .where(account);
    const pro = await cached(quote.path);
    expect(pro.body).not.toContain('data-testid="watermark"');
    expect(pro.body).toContain('data-testid="signing"');
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + 2 * 3_600_000);
    const ended = await counted(() => open(quote.path));
    expect(ended.hits).toBe(0);
    expect(ended.result.body).not.toContain('data-testid="signing"');
  });

  it("answers 410 once the expiration date has passed, never the cached page", async () => {
    const today = todayIso();
    const quote = await live(sender, { quoteDateAt: today, quoteExpirationAt: today });
    await cached(quote.path);
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + 86_400_000);
    const expired = await counted(() => open(quote.path));
    expect(expired.result.status).toBe(410);
    expect(expired.hits).toBe(0);
    expect(expired.result.body).not.toContain("Introduction");
  });

  it("never stores or serves the sender's preview to customers, nor a customer's page to the sender", async () => {
    const quote = await live();
    const preview = await counted(() => open(quote.path, { cookie: sender.cookie }));
    expect(preview.result.body).toContain('data-testid="preview-banner"');
    expect(preview.bypasses).toBe(1);
    const customer = await cached(quote.path);
    expect(customer.body).not.toContain('data-testid="preview-banner"');
    expect(customer.body).toContain('data-testid="signing"');
    const again = await counted(() => open(quote.path, { cookie: sender.cookie }));
    expect(again.hits).toBe(0);
    expect(again.result.body).toContain('data-testid="preview-banner"');
    expect(again.result.body).not.toContain('data-testid="signing"');
  });

  it("renders a page with a query string (the forms' status message) and does not store it", async () => {
    const quote = await live();
    await cached(quote.path);
    const withStatus = await counted(() => open(`${quote.path}?conversation=question-sent`));
    expect(withStatus.bypasses).toBe(1);
    expect(withStatus.result.body).toContain('data-testid="public-conversation-status"');
    const plain = await counted(() => open(quote.path));
    expect(plain.hits).toBe(1);
    expect(plain.result.body).not.toContain('data-testid="public-conversation-status"');
  });

  it("stays right on a second app server over the same database, without any message between them", async () => {
    const other = await createTestApp({ ssr: true, env: { NODE_ENV: "production" }, database: t.database });
    try {
      const quote = await live();
      await open(quote.path);
      await get(other, quote.path);
      expect((await get(other, quote.path)).status).toBe(200);
      // Withdrawn through this server: the other one answers 404 at once.
      await transition(t, sender, "withdrawQuote", quote.id);
      expect((await get(other, quote.path)).status).toBe(404);
    } finally {
      await other.close();
    }
  });

  it("keeps its entries within the byte bound, least recently used out first", async () => {
    const small = createPublicPageCache({ db: t.db, log: { warn: () => undefined } as never }, { maxBytes: 1 });
    expect(small.stats()).toMatchObject({ entries: 0, bytes: 0 });
    const [a, b] = [await live(), await live()];
    // An entry's bytes: its body and the compressed forms stored with it (decision 068).
    const probe = createPublicPageCache({ db: t.db, log: { warn: () => undefined } as never });
    await probe.serve({
      request: new Request(`http://offerly.test${a.path}`),
      locale: "en",
      nonce: "n".repeat(24),
      signedIn: false,
      evidence: { ip: null, userAgent: "LRU" },
      render: () => t.fetch(a.path),
    });
    expect(probe.stats().entries).toBe(1);
    const bound = probe.stats().bytes * 2 + 1000;
    const lru = createPublicPageCache({ db: t.db, log: { warn: () => undefined } as never }, { maxBytes: bound });
    const c = await live();
    const serve = (path: string) => {
      const nonce = "n".repeat(24);
      return lru.serve({
        request: new Request(`http://offerly.test${path}`),
        locale: "en",
        nonce,
        signedIn: false,
        evidence: { ip: null, userAgent: "LRU" },
        // The app's page with this request's nonce, as React Router would render it.
        render: () =>
          Promise.resolve(t.fetch(path)).then(
            async (r) =>
              new Response((await r.text()).replaceAll(/nonce="[^"]+"/g, `nonce="${nonce}"`), {
                status: r.status,
                headers: { "content-type": r.headers.get("content-type") ?? "" },
              }),
          ),
      });
    };
    await serve(a.path);
    await serve(b.path);
    await serve(a.path); // a is now the most recently used
    expect(lru.stats()).toMatchObject({ entries: 2, hits: 1, misses: 2 });
    await serve(c.path); // over the bound: b goes
    expect(lru.stats()).toMatchObject({ entries: 2, evictions: 1 });
    expect(lru.stats().bytes).toBeLessThanOrEqual(bound);
    await serve(a.path);
    expect(lru.stats().hits).toBe(2);
    await serve(b.path);
    expect(lru.stats().misses).toBe(4);
    // A cache of 1 byte stores nothing and still answers.
    expect(
      (
        await small.serve({
          request: new Request(`http://offerly.test${a.path}`),
          locale: "en",
          nonce: "n".repeat(24),
          signedIn: false,
          evidence: { ip: null, userAgent: "x" },
          render: () => t.fetch(a.path),
        })
      ).status,
    ).toBe(200);
    expect(small.stats()).toMatchObject({ entries: 0, stores: 0 });
  });

  it("reads its stamp through the request's read executor (the replica, decision 036), confirming on the primary what is not available", async () => {
    const quote = await live();
    const own = createPublicPageCache({ db: t.db, log: { warn: () => undefined } as never });
    const reads: { confirmed: boolean | undefined }[] = [];
    // A ReadDb as the replica's behaves: every read through it, a "not available" answer confirmed.
    const readDb = {
      run: async <T>(read: (db: typeof t.db) => Promise<T>, options?: { confirm?: (answer: T) => boolean }) => {
        const answer = await read(t.db);
        reads.push({ confirmed: options?.confirm?.(answer) });
        return answer;
      },
    };
    const serve = (path: string) =>
      own.serve({
        request: new Request(`http://offerly.test${path}`),
        locale: "en",
        nonce: "n".repeat(24),
        signedIn: false,
        evidence: { ip: null, userAgent: "Replica" },
        readDb,
        render: () => t.fetch(path),
      });
    expect((await serve(quote.path)).status).toBe(200);
    expect((await serve(quote.path)).status).toBe(200);
    expect(own.stats()).toMatchObject({ misses: 1, hits: 1 });
    // The miss and the hit each read the stamp there; an available quote needs no confirmation.
    expect(reads).toEqual([{ confirmed: false }, { confirmed: false }]);
    await transition(t, sender, "withdrawQuote", quote.id);
    expect((await serve(quote.path)).status).toBe(404);
    expect(reads.at(-1)).toEqual({ confirmed: true });
  });

  it("records a view once per address, browser and version; a repeat it knows costs no statement until its 30 minutes are over", async () => {
    const quote = await live();
    let clock = 0;
    const own = createPublicPageCache({ db: t.db, log: { warn: () => undefined } as never }, { monotonic: () => clock });
    const serve = async (userAgent: string) => {
      const response = await own.serve({
        request: new Request(`http://offerly.test${quote.path}`),
        locale: "en",
        nonce: "n".repeat(24),
        signedIn: false,
        evidence: { ip: "203.0.113.7", userAgent },
        render: () => t.fetch(quote.path, { headers: { "user-agent": "Renderer" } }),
      });
      expect(response.status).toBe(200);
    };
    const views = async (userAgent: string) =>
      (
        await t.db
          .select({ version: quoteAuditEvents.versionNumber })
          .from(quoteAuditEvents)
          .where(and(eq(quoteAuditEvents.quoteId, quote.id), eq(quoteAuditEvents.event, "VIEWED"), eq(quoteAuditEvents.userAgent, userAgent)))
          .orderBy(quoteAuditEvents.seq)
      ).map((row) => row.version);
    await serve("Memo A"); // a miss: rendered, the loader records the renderer's request
    await serve("Memo A"); // a hit: its statement writes the row
    expect(await views("Memo A")).toHaveLength(1);
    expect(own.stats()).toMatchObject({ hits: 1, viewsKnown: 0 });
    await serve("Memo A");
    await serve("Memo A");
    expect(own.stats()).toMatchObject({ hits: 3, viewsKnown: 2 });
    expect(await views("Memo A")).toHaveLength(1);
    // Another browser is another view.
    await serve("Memo B");
    expect(await views("Memo B")).toHaveLength(1);
    expect(own.stats().viewsKnown).toBe(2);
    // Once the 30 minutes the database answered are over, the statement runs again (and the
    // database decides: by its own clock the row is recent, so it writes nothing).
    clock += 30 * 60_000;
    await serve("Memo A");
    expect(own.stats().viewsKnown).toBe(2);
    await serve("Memo A");
    expect(own.stats().viewsKnown).toBe(3);
    expect(await views("Memo A")).toHaveLength(1);
    // Published again: a new version, and a new view of it.
    await transition(t, sender, "withdrawQuote", quote.id);
    await t.db.update(quoteBlocks).set({ name: "Foreword" }).where(eq(quoteBlocks.quoteId, quote.id));
    expect((await transition(t, sender, "publishQuote", quote.id)).errors).toBeUndefined();
    await serve("Memo A"); // a miss (the stamp changed)
    await serve("Memo A"); // a hit: a new version, so the statement runs and writes
    const after = await views("Memo A");
    expect(after).toHaveLength(2);
    expect(after[1]).not.toBe(after[0]);
  });

  it("is taken out by every change its stamp row's triggers cover, made straight in the database (decision 072)", async () => {
    const quote = await live();
    const accountId = sender.accountId!;
    const stampOf = async () => (await t.db.select().from(quotePageStamps).where(eq(quotePageStamps.quoteId, quote.id)))[0];
    expect(await stampOf()).toMatchObject({ version: 1 });
    /** The page is cached; after `change` the next answer is rendered again (a miss), then cached. */
    const takesOut = async (what: string, change: () => Promise<unknown>) => {
      await cached(quote.path);
      const before = (await stampOf()).changes;
      await change();
      expect((await stampOf()).changes, what).toBeGreaterThan(before);
      const after = await counted(() => open(quote.path));
      expect({ what, status: after.result.status, hits: after.hits, misses: after.misses }).toEqual({ what, status: 200, hits: 0, misses: 1 });
      return after.result;
    };
    await takesOut("payment inserted", () => insertFailedPayment(t, accountId, quote.id));
    const [payment] = await t.db.select().from(quotePayments).where(eq(quotePayments.quoteId, quote.id));
    await takesOut("payment updated", () => t.db.update(quotePayments).set({ status: "expired" }).where(eq(quotePayments.id, payment.id)));
    await takesOut("subscription inserted", () =>
      t.db.insert(quoteSubscriptions).values({
        accountId,
        quoteId: quote.id,
        paymentId: payment.id,
        interval: "MONTH",
        amountCents: 500n,
        currency: "EUR",
        status: "CANCELED",
        startDate: "2026-04-01",
        mollieCustomerId: "cst_test",
        mollieMode: "test",
      }),
    );
    await takesOut("subscription updated", () => t.db.update(quoteSubscriptions).set({ paymentsCount: 1 }).where(eq(quoteSubscriptions.quoteId, quote.id)));
    await takesOut("DocuSign envelope inserted", () =>
      t.db.insert(docusignEnvelopes).values({
        accountId,
        quoteId: quote.id,
        docusignAccountId: "ds-account",
        status: "FAILED",
        signerName: "Daan de Vries",
        signerEmail: "daan@example.com",
      }),
    );
    await takesOut("DocuSign envelope updated", () =>
      t.db.update(docusignEnvelopes).set({ reason: "Voided by test" }).where(eq(docusignEnvelopes.quoteId, quote.id)),
    );
    const declined = await takesOut("decline inserted", () =>
      t.db.insert(quoteConversationEntries).values({ accountId, quoteId: quote.id, kind: "DECLINE", body: "Straight in the database" }),
    );
    expect(declined.body).toContain("Straight in the database");
    expect(declined.body).not.toContain('data-testid="signing"');
    const cleared = await takesOut("decline cleared", () =>
      t.db.update(quoteConversationEntries).set({ clearedAt: new Date() }).where(eq(quoteConversationEntries.quoteId, quote.id)),
    );
    expect(cleared.body).toContain('data-testid="signing"');
    // A column of the quote row that the check does not read itself (what a published quote may
    // still change: its publication time here): the row's trigger bumps the stamp.
    await takesOut("quote row updated", () =>
      t.db.execute(sql`update quotes set published_at = published_at - interval '1 minute', updated_at = updated_at where id = ${quote.id}`),
    );
    // Payments, subscriptions and envelopes removed (as with their account's data): bumped too.
    await takesOut("subscription deleted", () => t.db.delete(quoteSubscriptions).where(eq(quoteSubscriptions.quoteId, quote.id)));
    await takesOut("payment deleted", () => t.db.delete(quotePayments).where(eq(quotePayments.quoteId, quote.id)));
    await takesOut("DocuSign envelope deleted", () => t.db.delete(docusignEnvelopes).where(eq(docusignEnvelopes.quoteId, quote.id)));
  });

  it("keeps one stamp row per quote with its current version, made with the quote and gone with it", async () => {
    const quote = await live();
    expect(await t.db.select({ version: quotePageStamps.version }).from(quotePageStamps).where(eq(quotePageStamps.quoteId, quote.id))).toEqual([
      { version: 1 },
    ]);
    await transition(t, sender, "withdrawQuote", quote.id);
    expect((await transition(t, sender, "publishQuote", quote.id)).errors).toBeUndefined();
    expect(await t.db.select({ version: quotePageStamps.version }).from(quotePageStamps).where(eq(quotePageStamps.quoteId, quote.id))).toEqual([
      { version: 2 },
    ]);
    const customer = await createCustomer(t, sender);
    const draft = await createQuote(t, sender, customer.id);
    expect(await t.db.select({ version: quotePageStamps.version }).from(quotePageStamps).where(eq(quotePageStamps.quoteId, draft.id))).toEqual([
      { version: null },
    ]);
    await t.db.delete(quotes).where(eq(quotes.id, draft.id));
    expect(await t.db.select().from(quotePageStamps).where(eq(quotePageStamps.quoteId, draft.id))).toEqual([]);
    // Every quote has its row (the migration's backfill and the insert trigger).
    const missing = await t.db.execute(
      sql`select count(*)::int as n from quotes q where not exists (select 1 from quote_page_stamps s where s.quote_id = q.id)`,
    );
    expect((missing as unknown as { rows: { n: number }[] }).rows[0].n).toBe(0);
  });

  it("leaves a database-side change of the quote row visible (the published quote's row, by SQL)", async () => {
    const quote = await live();
    await cached(quote.path);
    // Signing marks the row (status, signed_at): the page says signed at once.
    await t.db.execute(sql`update quotes set status = 'SIGNED', updated_at = updated_at where id = ${quote.id}`);
    const signed = await open(quote.path);
    expect(signed.body).toContain('data-testid="signed-banner"');
  });

  describe("on PGlite, the stamp row kept in memory and dropped by the database's notification (decision 076)", () => {
    const onPglite = () => t.database.kind === "pglite";
    const nanoIdOf = (path: string) => path.split("/").at(-1)!;
    /** The stamp statements PGlite runs while `work` runs. */
    async function statements<T>(work: () => Promise<T>): Promise<{ result: T; statements: number }> {
      const client = (t.db as unknown as { $client: { exec: (query: string, ...rest: unknown[]) => Promise<unknown> } }).$client;
      const spy = vi.spyOn(client, "exec");
      try {
        const result = await work();
        return { result, statements: spy.mock.calls.filter(([query]) => String(query).includes("offerly_page_stamp_row")).length };
      } finally {
        spy.mockRestore();
      }
    }

    it("answers a hit with no statement on PGlite; keeps nothing on PostgreSQL", async () => {
      const quote = await live();
      await cached(quote.path);
      if (!onPglite()) {
        expect(isStampKept(t.db, nanoIdOf(quote.path))).toBe(false);
        return;
      }
      expect(isStampKept(t.db, nanoIdOf(quote.path))).toBe(true);
      const hit = await statements(() => counted(() => open(quote.path)));
      expect({ hits: hit.result.hits, statements: hit.statements }).toEqual({ hits: 1, statements: 0 });
    });

    it("drops the kept row on a change made straight in the database (SQL) and on an account's change", async () => {
      const owner = await signUp(t, { company: "Kept Co" });
      const quote = await live(owner);
      const nanoId = nanoIdOf(quote.path);
      const changes = [
        [
          "the stamp row's child (a decline by SQL)",
          () => t.db.insert(quoteConversationEntries).values({ accountId: owner.accountId!, quoteId: quote.id, kind: "DECLINE", body: "Declined by SQL" }),
          "miss",
        ],
        ["the quote row", () => t.db.execute(sql`update quotes set updated_at = updated_at + interval '1 second' where id = ${quote.id}`), "miss"],
        ["the account's name", () => t.db.update(accounts).set({ name: "Kept Company" }).where(eq(accounts.id, owner.accountId!)), "miss"],
        [
          "an account update that changes nothing the page shows",
          () => t.db.execute(sql`update accounts set updated_at = updated_at where id = ${owner.accountId!}`),
          "hit",
        ],
      ] as const;
      for (const [what, change, outcome] of changes) {
        await cached(quote.path);
        if (onPglite()) expect(isStampKept(t.db, nanoId), what).toBe(true);
        await change();
        // At once: the change's promise resolved after the notification was handled.
        expect(isStampKept(t.db, nanoId), what).toBe(false);
        // Read again from the database: a miss when what the page shows changed, else a hit.
        const after = onPglite() ? await statements(() => counted(() => open(quote.path))) : { result: await counted(() => open(quote.path)), statements: 1 };
        expect({ what, statements: after.statements, hits: after.result.hits, misses: after.result.misses }).toEqual({
          what,
          statements: 1,
          hits: outcome === "hit" ? 1 : 0,
          misses: outcome === "miss" ? 1 : 0,
        });
      }
    });

    it("has dropped the kept row when the committing statement's promise resolves, not before the commit (the ordering a signing response relies on)", async () => {
      if (!onPglite()) return;
      const quote = await live();
      const nanoId = nanoIdOf(quote.path);
      await cached(quote.path);
      expect(isStampKept(t.db, nanoId)).toBe(true);
      // One statement, auto-committed: no await in between, so nothing else can have run.
      const bump = t.db.execute(sql`update quote_page_stamps set changes = changes + 1 where quote_id = ${quote.id}`);
      expect(isStampKept(t.db, nanoId)).toBe(true);
      await bump;
      expect(isStampKept(t.db, nanoId)).toBe(false);

      // In a transaction: kept (and served) until the commit, dropped when the commit resolves.
      await cached(quote.path);
      await t.db.transaction(async (tx) => {
        await tx.execute(sql`update quote_page_stamps set changes = changes + 1 where quote_id = ${quote.id}`);
        expect(isStampKept(t.db, nanoId)).toBe(true);
      });
      expect(isStampKept(t.db, nanoId)).toBe(false);

      // A rolled-back change keeps it.
      await cached(quote.path);
      await expect(
        t.db.transaction(async (tx) => {
          await tx.execute(sql`update quote_page_stamps set changes = changes + 1 where quote_id = ${quote.id}`);
          throw new Error("rolled back");
        }),
      ).rejects.toThrow("rolled back");
      expect(isStampKept(t.db, nanoId)).toBe(true);
    });

    it("never keeps a row read before a change whose notification came before the row was kept (it may predate the change)", async () => {
      if (!onPglite()) return;
      const quote = await live();
      const nanoId = nanoIdOf(quote.path);
      const bump = () => t.db.execute(sql`update quote_page_stamps set changes = changes + 1 where quote_id = ${quote.id}`);
      const first = await pageStamp(t.db, nanoId, new Date(), { kept: true });
      expect(isStampKept(t.db, nanoId)).toBe(true);
      await bump();
      // The statement answers, then a change commits (and notifies) before the answer is kept.
      const client = (t.db as unknown as { $client: { exec: (...args: unknown[]) => Promise<unknown> } }).$client;
      const exec = client.exec.bind(client);
      const spy = vi.spyOn(client, "exec").mockImplementationOnce(async (...args: unknown[]) => {
        const answer = await exec(...args);
        await bump();
        return answer;
      });
      let read: Awaited<ReturnType<typeof pageStamp>>;
      try {
        read = await pageStamp(t.db, nanoId, new Date(), { kept: true });
      } finally {
        spy.mockRestore();
      }
      expect(read?.stamp).not.toBe(first?.stamp);
      expect(isStampKept(t.db, nanoId)).toBe(false);
      const now = await pageStamp(t.db, nanoId, new Date(), { kept: true });
      expect(now?.stamp).not.toBe(read?.stamp);
      expect(isStampKept(t.db, nanoId)).toBe(true);
    });
  });
});
