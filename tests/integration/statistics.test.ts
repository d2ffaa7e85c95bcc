import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { accountDailyStats, accounts, jobs, quoteTimeEntries, quoteViews, users } from "../../src/server/db/schema";
import { enqueue } from "../../src/server/jobs";
import { STATISTICS_RETENTION_SINGLETON, nextRetentionRun, statisticsRetentionJob } from "../../src/server/modules/statistics/statistics.jobs";
import {
  type VisitorInfo,
  accountsWithRecentViews,
  purgeRawStatistics,
  recordQuoteEvent,
  recordTime,
  recordView,
} from "../../src/server/modules/statistics/statistics.service";
import { type TestApp, createTestApp } from "../support/app";
import { type SignedIn, signIn } from "../support/auth";
import { addBlocks, createCustomer, createQuote, transition } from "../support/quotes";
import { runJobs } from "../support/team";
import { statisticsRetentionHandler } from "../../src/server/modules/statistics/statistics.job-handlers";
import { STATS, lastDays } from "../../src/shared/statistics";
import { BEACON_BATCH, createBeaconBatcher } from "../../src/server/modules/statistics/beacon-batch";
import { createLogger } from "../../src/server/logger";

const CHROME = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const FIREFOX = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0";
const deps = { publicUrl: "http://offerly.test" };
let ipCounter = 0;
/** A visitor with its own address (rate limits are per address). */
const visitor = (overrides: Partial<VisitorInfo> = {}): VisitorInfo => ({
  ip: `198.51.100.${++ipCounter % 250}`,
  userAgent: CHROME,
  purpose: null,
  userId: null,
  ...overrides,
});
const at = (iso: string) => new Date(iso);

let t: TestApp;
let owner: SignedIn & { accountId: string };
let customerId: string;

async function publishedQuote(name: string, user = owner) {
  const quote = await createQuote(t, user, customerId, { name });
  const blocks = await addBlocksOf(quote.id);
  const published = await transition(t, user, "publishQuote", quote.id);
  if (!published.data) throw new Error(JSON.stringify(published.errors));
  return { ...quote, blocks };
}
async function addBlocksOf(quoteId: string) {
  const pricing = await addBlocks(t, quoteId);
  const q = await t.gql<{ quote: { quoteBlocks: { id: string; name: string }[] } }>(
    "query ($id: ID!) { quote(id: $id) { quoteBlocks { id name } } }",
    { id: quoteId },
    owner.headers(),
  );
  return { all: q.data?.quote.quoteBlocks ?? [], pricingId: pricing.id };
}

const STATS_QUERY = `query ($id: ID!) { quoteStatistics(quoteId: $id) { views totalTime averageTime timeEntries { insertedAt totalTime } blocks { blockId name totalTime } } }`;
type Stats = {
  views: number;
  totalTime: number;
  averageTime: number;
  timeEntries: { insertedAt: string; totalTime: number }[];
  blocks: { blockId: string; name: string | null; totalTime: number }[];
};
const OVERVIEW = `query ($from: String!, $to: String!) { quoteStatisticsOverview(from: $from, to: $to) { averageTime totalQuoteViews totalQuotesPublished totalQuotesSigned entries { date averageTime quoteViews quotesPublished quotesSigned } } }`;
type Overview = {
  averageTime: number;
  totalQuoteViews: number;
  totalQuotesPublished: number;
  totalQuotesSigned: number;
  entries: { date: string; averageTime: number; quoteViews: number; quotesPublished: number; quotesSigned: number }[];
};

async function stats(quoteId: string, user = owner) {
  const r = await t.gql<{ quoteStatistics: Stats }>(STATS_QUERY, { id: quoteId }, user.headers());
  return r;
}
const VIEW = "mutation ($n: String!) { createViewStatistic(nanoId: $n) { viewId counted } }";

beforeAll(async () => {
  t = await createTestApp();
  owner = (await signIn(t, "owner", { company: "Stats Co" })) as SignedIn & { accountId: string };
  customerId = (await createCustomer(t, owner)).id;
});
afterAll(async () => {
  await t.close();
});

describe("views", () => {
  it("counts a customer's open, but not the sending team's, a bot's, a prefetch or a client without a user agent", async () => {
    const quote = await publishedQuote("Who is looking");
    const customer = await t.gql<{ createViewStatistic: { viewId: string | null; counted: boolean } }>(VIEW, { n: quote.nanoId }, { "user-agent": CHROME });
    expect(customer.status).toBe(200);
    expect(customer.data?.createViewStatistic.counted).toBe(true);
    expect(customer.data?.createViewStatistic.viewId).toMatch(/^[0-9a-f-]{36}$/);

    const member = await signIn(t, "member", { account: owner });
    const cases: Record<string, string>[] = [
      { ...owner.headers(), "user-agent": FIREFOX },
      // A member without the Account header is still of the sending account.
      { cookie: member.cookie, "user-agent": FIREFOX },
      { "user-agent": "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)" },
      { "user-agent": FIREFOX, "sec-purpose": "prefetch" },
      { "user-agent": FIREFOX, purpose: "prefetch" },
      { "user-agent": "" },
    ];
    for (const headers of cases) {
      const r = await t.gql<{ createViewStatistic: { viewId: string | null; counted: boolean } }>(VIEW, { n: quote.nanoId }, headers);
      expect(r.status).toBe(200);
      expect(r.data?.createViewStatistic).toEqual({ viewId: null, counted: false });
    }
    const s = await stats(quote.id);
    expect(s.data?.quoteStatistics.views).toBe(1);
  });

  it("drops opens of drafts, expired and unknown links silently", async () => {
    const draft = await createQuote(t, owner, customerId, { name: "Draft" });
    for (const n of [draft.nanoId, "x".repeat(24), "bad"]) {
      const r = await t.gql<{ createViewStatistic: { viewId: string | null } }>(VIEW, { n }, { "user-agent": CHROME });
      expect(r.status).toBe(200);
      expect(r.errors).toBeUndefined();
      expect(r.data?.createViewStatistic.viewId).toBeNull();
    }
  });

  it("counts repeat opens by the same visitor within 30 minutes of their last activity as one view", async () => {
    const quote = await publishedQuote("Thirty minutes");
    const v = visitor();
    const first = await recordView(t.db, deps, quote.nanoId, v, at("2026-05-04T10:00:00Z"));
    const again = await recordView(t.db, deps, quote.nanoId, v, at("2026-05-04T10:20:00Z"));
    // 29 minutes after the last activity (10:20): still the same visit.
    const stillSame = await recordView(t.db, deps, quote.nanoId, v, at("2026-05-04T10:49:00Z"));
    const later = await recordView(t.db, deps, quote.nanoId, v, at("2026-05-04T11:19:01Z"));
    // Another User-Agent from the same address is the same visitor: changing it costs nothing.
    const otherBrowser = await recordView(t.db, deps, quote.nanoId, { ...v, userAgent: FIREFOX }, at("2026-05-04T11:19:30Z"));
    expect(first.counted).toBe(true);
    expect(again).toEqual({ counted: false, viewId: first.viewId });
    expect(stillSame).toEqual({ counted: false, viewId: first.viewId });
    expect(later.counted).toBe(true);
    expect(later.viewId).not.toBe(first.viewId);
    expect(otherBrowser).toEqual({ counted: false, viewId: later.viewId });
    expect((await stats(quote.id)).data?.quoteStatistics.views).toBe(2);
    // No cookie and no address is stored: only a salted hash.
    const rows = await t.db.select().from(quoteViews).where(eq(quoteViews.quoteId, quote.id));
    expect(JSON.stringify(rows)).not.toContain(v.ip);
  });
});

describe("one address", () => {
  it("cannot defeat the 30-minute de-duplication by changing its User-Agent", async () => {
    const quote = await publishedQuote("Agents");
    const v = visitor();
    const agents = Array.from(
      { length: 20 },
      (_, i) => `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${100 + i}.0.0.0 Safari/537.36`,
    );
    const results = [];
    for (const [i, userAgent] of agents.entries())
      results.push(await recordView(t.db, deps, quote.nanoId, { ...v, userAgent }, at(`2026-05-04T10:${String(i).padStart(2, "0")}:00Z`)));
    expect(results.filter((r) => r.counted)).toHaveLength(1);
    expect((await stats(quote.id)).data?.quoteStatistics.views).toBe(1);
  });

  it(`adds at most ${STATS.maxViewsPerAddressPerQuotePerDay} views to one quote a day, however far apart its visits; another address still counts`, async () => {
    const quote = await publishedQuote("Daily cap");
    const v = visitor();
    const results = [];
    // A visit every 31 minutes for 12 hours: 24 visits that the 30-minute window alone would all count.
    for (let i = 0; i < 24; i++) results.push(await recordView(t.db, deps, quote.nanoId, v, new Date(Date.parse("2026-05-04T08:00:00Z") + i * 31 * 60_000)));
    expect(results.filter((r) => r.counted)).toHaveLength(STATS.maxViewsPerAddressPerQuotePerDay);
    expect(results.at(-1)).toMatchObject({ counted: false, dropped: "rateLimited" });
    expect((await recordView(t.db, deps, quote.nanoId, visitor(), at("2026-05-04T20:30:00Z"))).counted).toBe(true);
    expect((await stats(quote.id)).data?.quoteStatistics.views).toBe(STATS.maxViewsPerAddressPerQuotePerDay + 1);
  });
});

describe("reading time", () => {
  it("is bounded: never more than has passed since the view began, per entry and per view; nothing for unknown views", async () => {
    const quote = await publishedQuote("Bounded");
    const other = await publishedQuote("Other");
    const v = visitor();
    const { viewId } = await recordView(t.db, deps, quote.nanoId, v, at("2026-05-05T09:00:00Z"));
    const id = viewId!;
    const input = (seconds: number) => ({ viewId: id, nanoId: quote.nanoId, seconds, blocks: [] });
    // 10 s after the start, a claim of 60 s gets 10 s + 5 s slack.
    expect(await recordTime(t.db, input(60), v.ip, at("2026-05-05T09:00:10Z"))).toEqual({ acceptedSeconds: 15 });
    // 20 s after the start: 25 − 15 already counted.
    expect(await recordTime(t.db, input(60), v.ip, at("2026-05-05T09:00:20Z"))).toEqual({ acceptedSeconds: 10 });
    // Nothing more at the same moment (a replayed beacon).
    expect((await recordTime(t.db, input(60), v.ip, at("2026-05-05T09:00:20Z"))).acceptedSeconds).toBe(0);
    // An absurd claim is cut to 600 s per entry.
    expect(await recordTime(t.db, input(86_400), v.ip, at("2026-05-05T11:00:00Z"))).toEqual({ acceptedSeconds: 600 });
    // A view of another quote, an unknown view: dropped.
    expect((await recordTime(t.db, { ...input(10), nanoId: other.nanoId }, v.ip, at("2026-05-05T11:00:10Z"))).acceptedSeconds).toBe(0);
    expect((await recordTime(t.db, { ...input(10), viewId: "00000000-0000-4000-8000-000000000000" }, v.ip, at("2026-05-05T11:00:10Z"))).acceptedSeconds).toBe(
      0,
    );
    const entries = await t.db.select().from(quoteTimeEntries).where(eq(quoteTimeEntries.viewId, id));
    expect(entries.map((e) => e.seconds).sort((a, b) => a - b)).toEqual([10, 15, 600]);
    expect((await stats(quote.id)).data?.quoteStatistics.totalTime).toBe(625);
  });

  it("holds the bound under parallel beacons and scales per-block seconds, ignoring other quotes' blocks", async () => {
    const quote = await publishedQuote("Parallel");
    const other = await publishedQuote("Other blocks");
    const v = visitor();
    const { viewId } = await recordView(t.db, deps, quote.nanoId, v, at("2026-05-07T09:00:00Z"));
    // Ten beacons at once, 10 s after the start, each claiming a minute: 15 s in all.
    const results = await Promise.all(
      Array.from({ length: 10 }, () => recordTime(t.db, { viewId: viewId!, nanoId: quote.nanoId, seconds: 60, blocks: [] }, v.ip, at("2026-05-07T09:00:10Z"))),
    );
    expect(results.reduce((n, r) => n + r.acceptedSeconds, 0)).toBe(15);
    // 10 s accepted, 40 s claimed over two blocks → 5 + 5; another quote's block is ignored.
    const [text, pricing] = quote.blocks.all;
    const r = await recordTime(
      t.db,
      {
        viewId: viewId!,
        nanoId: quote.nanoId,
        seconds: 10,
        blocks: [
          { blockId: text.id, seconds: 20 },
          { blockId: pricing.id, seconds: 20 },
          { blockId: other.blocks.all[0].id, seconds: 30 },
        ],
      },
      v.ip,
      at("2026-05-07T09:00:20Z"),
    );
    expect(r.acceptedSeconds).toBe(10);
    const s = (await stats(quote.id)).data!.quoteStatistics;
    expect(s.totalTime).toBe(25);
    expect(s.blocks.map((b) => b.totalTime)).toEqual([5, 5]);
    const [entry] = await t.db
      .select()
      .from(quoteTimeEntries)
      .where(and(eq(quoteTimeEntries.viewId, viewId!), eq(quoteTimeEntries.seconds, 10)));
    expect(entry.blockSeconds).toEqual({ [text.id]: 5, [pricing.id]: 5 });
  });

  it("through GraphQL: negative, fractional or huge claims and bad ids are dropped without an error", async () => {
    const quote = await publishedQuote("Public time");
    const view = await t.gql<{ createViewStatistic: { viewId: string } }>(VIEW, { n: quote.nanoId }, { "user-agent": FIREFOX });
    const viewId = view.data!.createViewStatistic.viewId;
    const TIME = "mutation ($input: TimeStatisticInput!) { createTimeStatistic(input: $input) { acceptedSeconds } }";
    for (const input of [
      { viewId, nanoId: quote.nanoId, seconds: -5 },
      { viewId, nanoId: quote.nanoId, seconds: 999_999 },
      { viewId: "not-a-uuid", nanoId: quote.nanoId, seconds: 5 },
      { viewId, nanoId: quote.nanoId, seconds: 3, blocks: [{ blockId: "nope", seconds: 3 }] },
    ]) {
      const r = await t.gql<{ createTimeStatistic: { acceptedSeconds: number } }>(TIME, { input }, { "user-agent": FIREFOX });
      expect(r.status).toBe(200);
      expect(r.errors).toBeUndefined();
      expect(r.data?.createTimeStatistic.acceptedSeconds).toBe(0);
    }
    // Just opened: a 60-second claim gets at most the slack.
    const r = await t.gql<{ createTimeStatistic: { acceptedSeconds: number } }>(
      TIME,
      { input: { viewId, nanoId: quote.nanoId, seconds: 60 } },
      { "user-agent": FIREFOX },
    );
    expect(r.data?.createTimeStatistic.acceptedSeconds).toBeLessThanOrEqual(7);
  });

  it("takes beacons at POST /api/beacon (sendBeacon: no header) with the same rules, always 204", async () => {
    const quote = await publishedQuote("Beacon");
    const view = await t.gql<{ createViewStatistic: { viewId: string } }>(VIEW, { n: quote.nanoId }, { "user-agent": CHROME });
    const viewId = view.data!.createViewStatistic.viewId;
    await t.db
      .update(quoteViews)
      .set({ startedAt: new Date(Date.now() - 60_000) })
      .where(eq(quoteViews.id, viewId));
    const post = (body: string, headers: Record<string, string> = {}) =>
      t.fetch("/api/beacon", { method: "POST", headers: { "content-type": "text/plain;charset=UTF-8", ...headers }, body });
    const text = quote.blocks.all[0].id;
    expect((await post(JSON.stringify({ viewId, nanoId: quote.nanoId, seconds: 20, blocks: [{ blockId: text, seconds: 20 }] }))).status).toBe(204);
    for (const body of [
      "not json",
      "{}",
      JSON.stringify({ viewId, nanoId: quote.nanoId, seconds: -1 }),
      JSON.stringify({ viewId: "x", nanoId: quote.nanoId, seconds: 5 }),
    ]) {
      expect((await post(body)).status).toBe(204);
    }
    // Another site's page cannot post beacons.
    expect((await post(JSON.stringify({ viewId, nanoId: quote.nanoId, seconds: 5 }), { origin: "https://evil.example" })).status).toBe(403);
    await t.app.beacons.flush(); // written in batches (decision 064)
    const s = (await stats(quote.id)).data!.quoteStatistics;
    expect(s.totalTime).toBe(20);
    expect(s.blocks).toEqual([{ blockId: text, name: "Introduction", totalTime: 20 }]);
  });

  it("rate-limits a flood from one address silently (never an error, never a skewed total)", async () => {
    const quote = await publishedQuote("Flood");
    const v = visitor();
    const { viewId } = await recordView(t.db, deps, quote.nanoId, v, at("2026-05-06T09:00:00Z"));
    let accepted = 0;
    for (let i = 0; i < 130; i++) {
      const r = await recordTime(t.db, { viewId: viewId!, nanoId: quote.nanoId, seconds: 1, blocks: [] }, v.ip, at(`2026-05-06T10:00:00Z`));
      accepted += r.acceptedSeconds;
    }
    // 120 calls per minute per address (the view was one of them).
    expect(accepted).toBe(119);
    expect((await stats(quote.id)).data?.quoteStatistics.totalTime).toBe(119);
  });
});

describe("beacons written in batches (decision 064)", () => {
  /** Published quotes, each with a view begun `minutesAgo` by its own address. */
  async function viewsOf(count: number, minutesAgo: number) {
    const out: { quote: Awaited<ReturnType<typeof publishedQuote>>; viewId: string; ip: string; startedAt: Date }[] = [];
    for (let i = 0; i < count; i++) {
      const quote = await publishedQuote(`Batched ${i}`);
      const v = visitor();
      const startedAt = new Date(Date.now() - minutesAgo * 60_000);
      const { viewId } = await recordView(t.db, deps, quote.nanoId, v, startedAt);
      out.push({ quote, viewId: viewId!, ip: v.ip, startedAt });
    }
    return out;
  }
  const beacon = (view: { quote: { nanoId: string }; viewId: string }, seconds: number, blocks: { blockId: string; seconds: number }[] = []) => ({
    viewId: view.viewId,
    nanoId: view.quote.nanoId,
    seconds,
    blocks,
  });

  it("counts every beacon sent to POST /api/beacon: raw entries, per-quote, per-block and the overview's totals equal what was sent", async () => {
    const views = await viewsOf(3, 60);
    const overview = async () =>
      (
        await t.gql<{ quoteStatisticsOverview: { totalTime: number; totalQuoteViews: number; entries: { totalTime: number }[] } }>(
          "query ($from: String!, $to: String!) { quoteStatisticsOverview(from: $from, to: $to) { totalTime totalQuoteViews entries { totalTime } } }",
          lastDays(30, "Europe/Amsterdam"),
          owner.headers(),
        )
      ).data!.quoteStatisticsOverview;
    const before = await overview();
    let sent = 0;
    const perQuote = new Map<string, number>();
    for (let round = 0; round < 4; round++) {
      for (const [i, view] of views.entries()) {
        const seconds = 5 + i + round;
        const block = view.quote.blocks.all[round % 2];
        const response = await t.fetch("/api/beacon", {
          method: "POST",
          headers: { "content-type": "text/plain;charset=UTF-8", "x-forwarded-for": view.ip },
          body: JSON.stringify(beacon(view, seconds, [{ blockId: block.id, seconds }])),
        });
        expect(response.status).toBe(204);
        sent += seconds;
        perQuote.set(view.quote.id, (perQuote.get(view.quote.id) ?? 0) + seconds);
      }
    }
    await t.app.beacons.flush(); // and whatever its timer wrote meanwhile
    for (const view of views) {
      const s = (await stats(view.quote.id)).data!.quoteStatistics;
      expect(s.totalTime).toBe(perQuote.get(view.quote.id));
      expect(s.blocks.reduce((n, b) => n + b.totalTime, 0)).toBe(perQuote.get(view.quote.id));
      const entries = await t.db.select().from(quoteTimeEntries).where(eq(quoteTimeEntries.viewId, view.viewId));
      expect(entries.reduce((n, e) => n + e.seconds, 0)).toBe(perQuote.get(view.quote.id));
    }
    // The dashboard's overview: the time sent added, per day as in all, no view more or less.
    const after = await overview();
    expect(after.totalTime - before.totalTime).toBe(sent);
    expect(after.entries.reduce((n, e) => n + e.totalTime, 0)).toBe(after.totalTime);
    expect(after.totalQuoteViews).toBe(before.totalQuoteViews);
  });

  it("rate-limits per beacon in arrival order, bounds a view's beacons of one batch together, and drops what cannot count", async () => {
    const [other] = await viewsOf(1, 10);
    const [view] = await viewsOf(1, 0.5);
    // One batch (no timer in between: it would wait a minute).
    const batcher = createBeaconBatcher(t.db, createLogger("silent"), { flushMs: 60_000 });
    // The view began 30 s ago: four 20 s beacons of one batch count 30 s + 5 s slack in all.
    const at = new Date(view.startedAt.getTime() + 30_000);
    for (let i = 0; i < 4; i++) expect(batcher.add(beacon(view, 20), view.ip, at)).toBe(true);
    expect(batcher.add(beacon(view, 0), view.ip)).toBe(false);
    expect(batcher.add({ ...beacon(view, 5), viewId: "not-a-view" }, view.ip)).toBe(false);
    // Another quote's nano id with this view: received, never counted.
    expect(batcher.add({ ...beacon(view, 5), nanoId: other.quote.nanoId }, view.ip)).toBe(true);
    const first = await batcher.flush();
    expect(first).toMatchObject({ received: 5, found: 1, acceptedSeconds: 35 });
    expect((await stats(view.quote.id)).data?.quoteStatistics.totalTime).toBe(35);

    // A flood from one address, 130 beacons in one batch: 120 a minute per address count (the
    // view was one of them), in arrival order; the rest are refused by the counter.
    const [flooded] = await viewsOf(1, 60);
    const flooding = createBeaconBatcher(t.db, createLogger("silent"), { maxRows: 1000 });
    for (let i = 0; i < 130; i++) expect(flooding.add(beacon(flooded, 1), flooded.ip)).toBe(true);
    const flood = await flooding.flush();
    expect(flood).toMatchObject({ received: 130, allowed: STATS.perIpPerMinute - 1, acceptedSeconds: STATS.perIpPerMinute - 1 });
    expect((await stats(flooded.quote.id)).data?.quoteStatistics.totalTime).toBe(STATS.perIpPerMinute - 1);
    // The same across the app's own batches (50 beacons each): the counter is shared.
    const [again] = await viewsOf(1, 60);
    for (let i = 0; i < 130; i++) expect(t.app.beacons.add(beacon(again, 1), again.ip)).toBe(true);
    await t.app.beacons.flush();
    expect((await stats(again.quote.id)).data?.quoteStatistics.totalTime).toBe(STATS.perIpPerMinute - 1);
  });

  it("writes what came in while a batch was being written as the next batch (up to maxBatch), in arrival order", async () => {
    const views = await viewsOf(3, 60);
    const sizes: number[] = [];
    const batcher = createBeaconBatcher(t.db, createLogger("silent"), { maxRows: 5, maxBatch: 40, onWrite: (w) => sizes.push(w.beacons) });
    // The fifth beacon starts a batch; the next 55 come while it is being written.
    for (let i = 0; i < 60; i++) expect(batcher.add(beacon(views[i % 3], 1), `203.0.113.${i}`)).toBe(true);
    await batcher.flush();
    while (batcher.queued > 0) await batcher.flush();
    expect(sizes).toEqual([5, 40, 15]);
    for (const view of views) expect((await stats(view.quote.id)).data?.quoteStatistics.totalTime).toBe(20);
    // Back-pressure: with 40 or more waiting, settled() waits for the batches before it.
    let settled = false;
    for (let i = 0; i < 45; i++) batcher.add(beacon(views[i % 3], 1), `203.0.114.${i}`);
    const waiting = batcher.settled().then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    await waiting;
    expect(sizes.slice(0, 4)).toEqual([5, 40, 15, 5]); // the batch being written when it was asked
    await batcher.flush();
    expect(sizes).toEqual([5, 40, 15, 5, 40]);
    await expect(batcher.settled()).resolves.toBeUndefined();
  });

  it("writes a batch within the second of its first beacon without being asked, and on close (graceful shutdown)", async () => {
    const [view] = await viewsOf(1, 60);
    expect(BEACON_BATCH.flushMs).toBeLessThanOrEqual(1000);
    // The timer: a second of fake time after a beacon, its batch is being written.
    const timed = createBeaconBatcher(t.db, createLogger("silent"));
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    try {
      expect(timed.add(beacon(view, 7), view.ip)).toBe(true);
      expect(timed.queued).toBe(1);
      vi.advanceTimersByTime(1000);
    } finally {
      vi.useRealTimers();
    }
    // flush() found nothing queued: it only waits for the write the timer began.
    expect(await timed.flush()).toMatchObject({ received: 0 });
    expect(timed.queued).toBe(0);
    expect((await stats(view.quote.id)).data?.quoteStatistics.totalTime).toBe(7);

    // Close: a batcher that would wait a minute writes what it holds, and later beacons at once.
    const slow = createBeaconBatcher(t.db, createLogger("silent"), { flushMs: 60_000 });
    expect(slow.add(beacon(view, 3), view.ip)).toBe(true);
    await slow.close();
    expect(slow.queued).toBe(0);
    expect((await stats(view.quote.id)).data?.quoteStatistics.totalTime).toBe(10);
    expect(slow.add(beacon(view, 2), view.ip)).toBe(true);
    await slow.flush();
    expect((await stats(view.quote.id)).data?.quoteStatistics.totalTime).toBe(12);
  });
});

describe("totals, averages and time zones (hand-computed)", () => {
  it("sums views and time per quote, per list and per day, and time per block", async () => {
    const quote = await publishedQuote("Fixture");
    const [text, pricing] = quote.blocks.all;
    // Three visitors: 30 s (20 on the text, 10 on pricing), 90 s (all pricing), 0 s.
    const a = visitor();
    const b = visitor();
    const c = visitor();
    const va = await recordView(t.db, deps, quote.nanoId, a, at("2026-06-10T08:00:00Z"));
    const vb = await recordView(t.db, deps, quote.nanoId, b, at("2026-06-10T09:00:00Z"));
    await recordView(t.db, deps, quote.nanoId, c, at("2026-06-11T09:00:00Z"));
    await recordTime(
      t.db,
      {
        viewId: va.viewId!,
        nanoId: quote.nanoId,
        seconds: 30,
        blocks: [
          { blockId: text.id, seconds: 20 },
          { blockId: pricing.id, seconds: 10 },
        ],
      },
      a.ip,
      at("2026-06-10T08:01:00Z"),
    );
    await recordTime(
      t.db,
      { viewId: vb.viewId!, nanoId: quote.nanoId, seconds: 45, blocks: [{ blockId: pricing.id, seconds: 45 }] },
      b.ip,
      at("2026-06-10T09:01:00Z"),
    );
    await recordTime(
      t.db,
      { viewId: vb.viewId!, nanoId: quote.nanoId, seconds: 45, blocks: [{ blockId: pricing.id, seconds: 45 }] },
      b.ip,
      at("2026-06-10T09:02:00Z"),
    );

    const s = (await stats(quote.id)).data!.quoteStatistics;
    expect(s).toMatchObject({ views: 3, totalTime: 120, averageTime: 40 });
    expect(s.timeEntries.map((e) => e.totalTime)).toEqual([0, 90, 30]);
    expect(s.blocks).toEqual([
      { blockId: text.id, name: "Introduction", totalTime: 20 },
      { blockId: pricing.id, name: "Work", totalTime: 100 },
    ]);

    // SPEC §7 list statistics: quote, views, totalTime — in the order asked, unknown ids left out,
    // a quote without views (a draft) at zero.
    const draft = await createQuote(t, owner, customerId, { name: "Not yet sent" });
    const list = await t.gql<{
      quoteListStatistics: { quoteId: string; quote: { id: string; name: string; status: string }; views: number; totalTime: number }[];
    }>(
      "query ($ids: [ID!]!) { quoteListStatistics(quoteIds: $ids) { quoteId quote { id name status } views totalTime } }",
      { ids: [draft.id, quote.id, "00000000-0000-4000-8000-000000000000"] },
      owner.headers(),
    );
    expect(list.data?.quoteListStatistics).toEqual([
      { quoteId: draft.id, quote: { id: draft.id, name: "Not yet sent", status: "DRAFT" }, views: 0, totalTime: 0 },
      { quoteId: quote.id, quote: { id: quote.id, name: "Fixture", status: "PUBLISHED" }, views: 3, totalTime: 120 },
    ]);

    const o = await t.gql<{ quoteStatisticsOverview: Overview }>(OVERVIEW, { from: "2026-06-10", to: "2026-06-11" }, owner.headers());
    expect(o.data?.quoteStatisticsOverview).toMatchObject({ totalQuoteViews: 3, averageTime: 40 });
    expect(o.data?.quoteStatisticsOverview.entries).toEqual([
      { date: "2026-06-10", averageTime: 60, quoteViews: 2, quotesPublished: 0, quotesSigned: 0 },
      { date: "2026-06-11", averageTime: 0, quoteViews: 1, quotesPublished: 0, quotesSigned: 0 },
    ]);
  });

  it("counts an event at 23:30 UTC on the next day in Amsterdam, and on the same day in UTC", async () => {
    const quote = await publishedQuote("Midnight");
    await recordView(t.db, deps, quote.nanoId, visitor(), at("2026-03-01T23:30:00Z"));
    const day = async (d: string) =>
      (await t.gql<{ quoteStatisticsOverview: Overview }>(OVERVIEW, { from: d, to: d }, owner.headers())).data!.quoteStatisticsOverview.totalQuoteViews;
    expect(await day("2026-03-01")).toBe(0);
    expect(await day("2026-03-02")).toBe(1);

    const saved = await t.gql<{ updateAccount: { timeZone: string } }>(
      "mutation ($input: UpdateAccountInput!) { updateAccount(input: $input) { timeZone } }",
      { input: { name: "Stats Co", country: "NL", currency: "EUR", language: "ENG", timeZone: "UTC" } },
      owner.headers(),
    );
    expect(saved.data?.updateAccount.timeZone).toBe("UTC");
    await recordView(t.db, deps, quote.nanoId, visitor(), at("2026-03-01T23:30:00Z"));
    expect(await day("2026-03-01")).toBe(1);
    await t.db.update(accounts).set({ timeZone: "Europe/Amsterdam" }).where(eq(accounts.id, owner.accountId));
  });

  it("counts publications and signatures per local day from the rollup", async () => {
    const before = await t.db.select().from(accountDailyStats).where(eq(accountDailyStats.accountId, owner.accountId));
    const published = before.reduce((n, r) => n + r.quotesPublished, 0);
    await publishedQuote("Counted publication");
    await recordQuoteEvent(t.db, owner.accountId, "signed", at("2026-07-01T22:30:00Z"));
    const all = await t.db.select().from(accountDailyStats).where(eq(accountDailyStats.accountId, owner.accountId));
    expect(all.reduce((n, r) => n + r.quotesPublished, 0)).toBe(published + 1);
    const o = await t.gql<{ quoteStatisticsOverview: Overview }>(OVERVIEW, { from: "2026-07-02", to: "2026-07-02" }, owner.headers());
    expect(o.data?.quoteStatisticsOverview.totalQuotesSigned).toBe(1);
  });
});

describe("quotes signed on the dashboard (issue 28)", () => {
  it("counts a quote once when its customer first signs, not again when the owner marks it signed; a quote only marked signed counts then", async () => {
    // Yesterday to tomorrow (UTC): the account's local day is among them whatever the hour.
    const isoDay = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const signedToday = async () =>
      (await t.gql<{ quoteStatisticsOverview: Overview }>(OVERVIEW, { from: isoDay(-1), to: isoDay(1) }, owner.headers())).data!.quoteStatisticsOverview
        .totalQuotesSigned;
    const before = await signedToday();
    const sign = (nanoId: string, name: string) =>
      t.gql("mutation ($n: String, $i: CreateQuoteSignatureInput!) { createQuoteSignature(nanoId: $n, input: $i) { nanoId } }", {
        n: nanoId,
        i: { name, signatureKind: "TYPED", signature: name, selection: [], consent: true },
      });
    const markSigned = (id: string) => t.gql("mutation ($id: ID!) { updateQuoteToSigned(id: $id) { status } }", { id }, owner.headers());

    const byCustomer = await publishedQuote("Signed by the customer");
    expect((await sign(byCustomer.nanoId, "Jane Buyer")).errors).toBeUndefined();
    expect(await signedToday()).toBe(before + 1); // the customer's signature shows at once
    expect((await sign(byCustomer.nanoId, "John Buyer")).errors).toBeUndefined(); // a second signer: the same quote
    expect(await signedToday()).toBe(before + 1);
    expect((await markSigned(byCustomer.id)).errors).toBeUndefined();
    expect(await signedToday()).toBe(before + 1); // the owner's final step: still one quote

    const onPaper = await publishedQuote("Signed on paper");
    expect((await markSigned(onPaper.id)).errors).toBeUndefined();
    expect(await signedToday()).toBe(before + 2);
  });
});

describe("refusals", () => {
  it("caps the date range and refuses bad dates clearly", async () => {
    const long = await t.gql(OVERVIEW, { from: "2016-01-01", to: "2026-01-01" }, owner.headers());
    expect(long.errors?.[0]).toMatchObject({ message: "A period can be at most 366 days.", extensions: { code: "BAD_USER_INPUT" } });
    const dutch = await t.gql(OVERVIEW, { from: "2016-01-01", to: "2026-01-01" }, { ...owner.headers(), "accept-language": "nl" });
    expect(dutch.errors?.[0].message).toBe("Een periode is hoogstens 366 dagen.");
    const reversed = await t.gql(OVERVIEW, { from: "2026-02-01", to: "2026-01-01" }, owner.headers());
    expect(reversed.errors?.[0].message).toBe("The end date must be on or after the start date.");
    const bad = await t.gql(OVERVIEW, { from: "2026-02-30", to: "2026-03-01" }, owner.headers());
    expect(bad.errors?.[0].extensions?.code).toBe("BAD_USER_INPUT");
    const year = await t.gql<{ quoteStatisticsOverview: Overview }>(OVERVIEW, { from: "2025-01-01", to: "2025-12-31" }, owner.headers());
    expect(year.data?.quoteStatisticsOverview.entries).toHaveLength(365);
  });

  it("refuses statistics of a draft and of an unknown quote", async () => {
    const draft = await createQuote(t, owner, customerId, { name: "Not yet" });
    const r = await stats(draft.id);
    expect(r.errors?.[0]).toMatchObject({ message: "Statistics appear once the quote is published.", extensions: { code: "CONFLICT" } });
    const unknown = await stats("00000000-0000-4000-8000-000000000000");
    expect(unknown.errors?.[0].extensions?.code).toBe("NOT_FOUND");
  });

  it("refuses an unknown time zone", async () => {
    const r = await t.gql(
      "mutation ($input: UpdateAccountInput!) { updateAccount(input: $input) { timeZone } }",
      { input: { name: "Stats Co", country: "NL", currency: "EUR", language: "ENG", timeZone: "Mars/Olympus" } },
      owner.headers(),
    );
    expect(r.errors?.[0]).toMatchObject({ message: "Please choose a time zone from the list.", extensions: { code: "BAD_USER_INPUT" } });
  });
});

describe("first-view e-mail", () => {
  const mailsTo = async (email: string) =>
    (await t.db.select().from(jobs).where(eq(jobs.name, "send-mail"))).filter((j) => (j.payload as { to: string }).to === email);

  it("queues one e-mail to the owner, in their language, per publication; none when switched off", async () => {
    const boss = await signIn(t, "owner", { company: "Notify Co", email: `boss-${Date.now()}@example.test` });
    const c = await createCustomer(t, boss);
    const quote = await createQuote(t, boss, c.id, { name: "Notify me" });
    await transition(t, boss, "publishQuote", quote.id);
    const me = (await t.gql<{ me: { email: string } }>("{ me { email } }", {}, boss.headers())).data!.me.email;
    const before = (await mailsTo(me)).length;
    await recordView(t.db, deps, quote.nanoId, visitor());
    await recordView(t.db, deps, quote.nanoId, visitor());
    await recordView(t.db, deps, quote.nanoId, visitor());
    const after = await mailsTo(me);
    expect(after.length).toBe(before + 1);
    const mail = after.at(-1)!.payload as { subject: string; text: string };
    expect(mail.subject).toBe(`Your quote ${quote.quoteNumber} Notify me was opened`);
    expect(mail.text).toContain(`/app/quotes/mutate/${quote.id}`);

    // In the owner's language.
    await t.db.update(users).set({ locale: "nl" }).where(eq(users.email, me));
    // Withdrawn and published again: a new publication, a new e-mail.
    await transition(t, boss, "withdrawQuote", quote.id);
    await transition(t, boss, "publishQuote", quote.id);
    await recordView(t.db, deps, quote.nanoId, visitor());
    const dutch = await mailsTo(me);
    expect(dutch.length).toBe(before + 2);
    expect((dutch.at(-1)!.payload as { subject: string }).subject).toBe(`Je offerte ${quote.quoteNumber} Notify me is geopend`);

    // Switched off.
    const off = await t.gql(
      "mutation ($input: UpdateAccountInput!) { updateAccount(input: $input) { notifyFirstView } }",
      { input: { name: "Notify Co", country: "NL", currency: "EUR", language: "ENG", notifyFirstView: false } },
      boss.headers(),
    );
    expect(off.data).toEqual({ updateAccount: { notifyFirstView: false } });
    await transition(t, boss, "withdrawQuote", quote.id);
    await transition(t, boss, "publishQuote", quote.id);
    await recordView(t.db, deps, quote.nanoId, visitor());
    expect((await mailsTo(me)).length).toBe(before + 2);
    const views = await t.db
      .select()
      .from(quoteViews)
      .where(and(eq(quoteViews.quoteId, quote.id)));
    expect(views).toHaveLength(5);
  });
});

describe("retention of raw events", () => {
  it("deletes views older than 13 months with their time entries, in batches, and keeps every rollup", async () => {
    const quote = await publishedQuote("Retention");
    const readBy = async () => {
      const v = visitor();
      const { viewId } = await recordView(t.db, deps, quote.nanoId, v, new Date(Date.now() - 60_000));
      expect(
        (await recordTime(t.db, { viewId: viewId!, nanoId: quote.nanoId, seconds: 30, blocks: [{ blockId: quote.blocks.all[0].id, seconds: 30 }] }, v.ip))
          .acceptedSeconds,
      ).toBe(30);
      return viewId!;
    };
    const ids = [await readBy(), await readBy(), await readBy(), await readBy()];
    const before = (await stats(quote.id)).data!.quoteStatistics;
    expect(before).toMatchObject({ views: 4, totalTime: 120 });
    // Three views began 13 months and a day ago, one just under 13 months ago.
    const monthsAgo = (months: number, days: number) => {
      const d = new Date();
      d.setUTCMonth(d.getUTCMonth() - months);
      d.setUTCDate(d.getUTCDate() - days);
      return d;
    };
    await purgeRawStatistics(t.db);
    for (const id of ids.slice(0, 3))
      await t.db
        .update(quoteViews)
        .set({ startedAt: monthsAgo(13, 1) })
        .where(eq(quoteViews.id, id));
    await t.db
      .update(quoteViews)
      .set({ startedAt: monthsAgo(13, -1) })
      .where(eq(quoteViews.id, ids[3]));

    // Batches of two: two statements delete the three old views, and only those (other tests'
    // events of fixed dates that have grown old were deleted just before).
    expect(await purgeRawStatistics(t.db, { batchSize: 2 })).toEqual({ views: 3, batches: 2, done: true });
    const left = await t.db.select({ id: quoteViews.id }).from(quoteViews).where(eq(quoteViews.quoteId, quote.id));
    expect(left.map((r) => r.id)).toEqual([ids[3]]);
    const entries = await t.db.select({ viewId: quoteTimeEntries.viewId }).from(quoteTimeEntries).where(eq(quoteTimeEntries.quoteId, quote.id));
    expect(entries.map((e) => e.viewId)).toEqual([ids[3]]);
    // Every figure shown comes from the rollups: unchanged; only the visit list is shorter.
    const after = (await stats(quote.id)).data!.quoteStatistics;
    expect(after).toMatchObject({ views: 4, totalTime: 120, averageTime: 30, blocks: before.blocks });
    expect(after.timeEntries).toHaveLength(1);
    // A bounded run stops after its batches; a second run finds nothing.
    expect(await purgeRawStatistics(t.db, { batchSize: 2 })).toEqual({ views: 0, batches: 0, done: true });
  });

  it("runs daily through the jobs adapter (03:00 UTC, one waiting job across servers)", async () => {
    const quote = await publishedQuote("Retention job");
    const v = visitor();
    const { viewId } = await recordView(t.db, deps, quote.nanoId, v);
    await t.db
      .update(quoteViews)
      .set({ startedAt: new Date(Date.now() - 400 * 86_400_000) })
      .where(eq(quoteViews.id, viewId!));
    expect(nextRetentionRun(at("2026-05-05T02:59:00Z")).toISOString()).toBe("2026-05-05T03:00:00.000Z");
    expect(nextRetentionRun(at("2026-05-05T03:00:00Z")).toISOString()).toBe("2026-05-06T03:00:00.000Z");
    const options = { singletonKey: STATISTICS_RETENTION_SINGLETON, runAt: new Date(Date.now() - 1000) };
    expect(await enqueue(t.db, statisticsRetentionJob, {}, options)).toBeTruthy();
    expect(await enqueue(t.db, statisticsRetentionJob, {}, options)).toBeNull();
    // Only the retention job: the sealed PDFs of the quotes signed in earlier tests are queued too,
    // and a cold PDF worker took most of the test's 30 s on a loaded machine.
    expect(await runJobs(t, [statisticsRetentionHandler])).toBeGreaterThanOrEqual(1);
    expect(await t.db.select().from(quoteViews).where(eq(quoteViews.id, viewId!))).toEqual([]);
    const [job] = await t.db.select({ status: jobs.status }).from(jobs).where(eq(jobs.singletonKey, STATISTICS_RETENTION_SINGLETON));
    expect(job.status).toBe("completed");
    expect((await stats(quote.id)).data?.quoteStatistics.views).toBe(1);
  });
});

describe("account.hasQuoteViews: whether the dashboard loads its chart (decision 079)", () => {
  const HAS = "{ account { id hasQuoteViews } }";
  const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);

  it("is false for a new account, after a publication without views and for views older than the widest range; true once a customer opened a quote", async () => {
    const fresh = (await signIn(t, "owner", { company: "Fresh Co" })) as SignedIn & { accountId: string };
    const has = async () => {
      const r = await t.gql<{ account: { hasQuoteViews: boolean } }>(HAS, {}, fresh.headers());
      expect(r.errors).toBeUndefined();
      return r.data?.account.hasQuoteViews;
    };
    expect(await has()).toBe(false);

    // A publication writes today's rollup row, with no views.
    const customer = await createCustomer(t, fresh);
    const quote = await createQuote(t, fresh, customer.id, { name: "First one" });
    await addBlocks(t, quote.id);
    const published = await transition(t, fresh, "publishQuote", quote.id);
    expect(published.errors).toBeUndefined();
    expect(await has()).toBe(false);

    // Views on a day no range of the overview reaches do not count.
    await t.db.insert(accountDailyStats).values({ accountId: fresh.accountId, day: daysAgo(STATS.maxRangeDays + 5), views: 4, seconds: 60 });
    expect(await has()).toBe(false);

    // A customer's view today.
    expect((await recordView(t.db, deps, quote.nanoId, visitor())).counted).toBe(true);
    expect(await has()).toBe(true);
  });

  it("answers for many accounts in one read, only for the accounts asked", async () => {
    const a = (await signIn(t, "owner", { company: "Viewed Co" })) as SignedIn & { accountId: string };
    const b = (await signIn(t, "owner", { company: "Quiet Co" })) as SignedIn & { accountId: string };
    await t.db.insert(accountDailyStats).values([
      { accountId: a.accountId, day: daysAgo(300), views: 1 },
      { accountId: b.accountId, day: daysAgo(3), views: 0, quotesPublished: 2 },
    ]);
    expect(await accountsWithRecentViews(t.db, [a.accountId, b.accountId])).toEqual(new Set([a.accountId]));
    expect(await accountsWithRecentViews(t.db, [b.accountId])).toEqual(new Set());
    expect(await accountsWithRecentViews(t.db, [])).toEqual(new Set());
  });
});
