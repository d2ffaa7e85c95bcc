import { createHash, randomBytes } from "node:crypto";
import { PGlite } from "@electric-sql/pglite";
import { and, asc, desc, eq, exists, gt, gte, inArray, lt, lte, max, sql } from "drizzle-orm";
import { isbot } from "isbot";
import type { Locale } from "../../../shared/locales";
import { localizePath } from "../../../shared/locales";
import { type QuoteStatus, publicAvailability, todayIso } from "../../../shared/quote-status";
import { STATS, averageSeconds, boundedBlockSeconds, dayInTimeZone, daysBetween, isSameVisit } from "../../../shared/statistics";
import { translator } from "../../../shared/i18n/server";
import { type Database, type Executor, preparedStatement, queryRows } from "../../db/client";
import { isUuid } from "../../db/ids";
import {
  accountDailyPayments,
  accountDailyStats,
  accountUsers,
  accounts,
  quoteBlockStats,
  quoteBlocks,
  quoteDailyStats,
  quoteFirstViews,
  quoteTimeEntries,
  quoteVersions,
  quoteViews,
  quotes,
  statisticsSalts,
  users,
} from "../../db/schema";
import { AppError } from "../../errors";
import { type QuoteRow, getQuotesByIds } from "../quotes/quotes.service";
import { hitRateLimit, hitRateLimits, rateLimitHitsSql } from "../../http/rate-limit";
import { enqueue } from "../../jobs/queue";
import { sendMailJob } from "../../jobs/send-mail";
import { renderEmail } from "../../mail/layout";
import { recordEvent } from "../../events";

/**
 * Statistics: views and reading time of public quotes (docs/decisions/026). Public calls
 * (`recordView`, `recordTime`) never throw for bad or unwanted input: they drop it and say so in
 * their result. Account-scoped reads take the account id from requireAccountScope() and read
 * rollups only (plus the newest visits of one quote, by index).
 */

export type VisitorInfo = {
  /** The caller's address ("unknown" in-process). */
  ip: string;
  userAgent: string | null;
  /** `Sec-Purpose` / `Purpose` / `X-Moz` request headers: "prefetch" means nobody is looking. */
  purpose: string | null;
  /** The signed-in user, when the request carries a session. */
  userId: string | null;
};

export type DropReason = "bot" | "prefetch" | "member" | "unavailable" | "rateLimited" | "invalid" | "noView" | "noTime";

// ── visitor recognition ─────────────────────────────────────────────────────────────────────
const saltCache = new Map<string, string>();

/** The salt of a UTC day: created once (any app server), kept two days, then deleted. */
async function saltOf(db: Executor, day: string): Promise<string> {
  const cached = saltCache.get(day);
  if (cached) return cached;
  const inserted = await db
    .insert(statisticsSalts)
    .values({ day, salt: randomBytes(32).toString("base64url") })
    .onConflictDoNothing()
    .returning({ day: statisticsSalts.day });
  if (inserted.length) await db.delete(statisticsSalts).where(lt(statisticsSalts.day, sql`${day}::date - 1`));
  const [row] = await db.select({ salt: statisticsSalts.salt }).from(statisticsSalts).where(eq(statisticsSalts.day, day));
  if (saltCache.size > 4) saltCache.clear();
  saltCache.set(day, row.salt);
  return row.salt;
}

/** Test hook: forget cached salts (they are also deleted in the database after two days). */
export function clearSaltCache() {
  saltCache.clear();
}

export function visitorHash(salt: string, visitor: Pick<VisitorInfo, "ip">, quoteId: string): string {
  // The address only: a User-Agent is free to change, so it would let one address count a view per variant.
  return createHash("sha256").update(`${salt}\n${visitor.ip}\n${quoteId}`).digest("base64url");
}

/** Today's and yesterday's hash of the visitor (a visit across midnight UTC is still one view). */
async function visitorHashes(db: Executor, visitor: VisitorInfo, quoteId: string, now: Date): Promise<[string, string]> {
  const today = todayIso(now);
  const yesterday = todayIso(new Date(now.getTime() - 86_400_000));
  const [a, b] = await Promise.all([saltOf(db, today), saltOf(db, yesterday)]);
  return [visitorHash(a, visitor, quoteId), visitorHash(b, visitor, quoteId)];
}

export function isPrefetch(purpose: string | null): boolean {
  return purpose !== null && /prefetch|preview/i.test(purpose);
}

/** A known crawler or a client that does not say what it is. */
export function isBotAgent(userAgent: string | null): boolean {
  return !userAgent || userAgent.length > 1000 || isbot(userAgent);
}

/** The per-address and per-quote counters of the public calls (both hit in one statement). */
const STATS_LIMITS = {
  ip: { key: (ip: string) => `stats:ip:${ip}`, limit: STATS.perIpPerMinute, windowSeconds: 60 },
  quote: { key: (nanoId: string) => `stats:quote:${nanoId}`, limit: STATS.perQuotePerMinute, windowSeconds: 60 },
};

function withinLimits(db: Database, ip: string, nanoId: string): Promise<boolean> {
  return hitRateLimits(db, [
    { ...STATS_LIMITS.ip, key: STATS_LIMITS.ip.key(ip) },
    { ...STATS_LIMITS.quote, key: STATS_LIMITS.quote.key(nanoId) },
  ]);
}

// ── rollups ─────────────────────────────────────────────────────────────────────────────────
async function addToRollups(tx: Executor, row: { quoteId: string; accountId: string; day: string; views: number; seconds: number }) {
  // Lock order: the account's day row, then the quote's (recordTime's statement takes them in this
  // order too). The other order deadlocked when views and beacons came together (test:hard, 200 customers).
  await tx
    .insert(accountDailyStats)
    .values({ accountId: row.accountId, day: row.day, views: row.views, seconds: row.seconds })
    .onConflictDoUpdate({
      target: [accountDailyStats.accountId, accountDailyStats.day],
      set: { views: sql`${accountDailyStats.views} + ${row.views}::int`, seconds: sql`${accountDailyStats.seconds} + ${row.seconds}::bigint` },
    });
  await tx
    .insert(quoteDailyStats)
    .values({ quoteId: row.quoteId, accountId: row.accountId, day: row.day, views: row.views, seconds: row.seconds })
    .onConflictDoUpdate({
      target: [quoteDailyStats.quoteId, quoteDailyStats.day],
      set: { views: sql`${quoteDailyStats.views} + ${row.views}::int`, seconds: sql`${quoteDailyStats.seconds} + ${row.seconds}::bigint` },
    });
}

/**
 * Counts a publication or a signature on the account's local day. Called by modules/quotes in the
 * transaction that publishes or signs, so the overview never reads the quotes table.
 */
export async function recordQuoteEvent(tx: Executor, accountId: string, event: "published" | "signed", now = new Date()): Promise<void> {
  const [account] = await tx.select({ timeZone: accounts.timeZone }).from(accounts).where(eq(accounts.id, accountId));
  if (!account) return;
  const day = dayInTimeZone(now, account.timeZone);
  const published = event === "published" ? 1 : 0;
  const signed = event === "signed" ? 1 : 0;
  await tx
    .insert(accountDailyStats)
    .values({ accountId, day, quotesPublished: published, quotesSigned: signed })
    .onConflictDoUpdate({
      target: [accountDailyStats.accountId, accountDailyStats.day],
      set: {
        quotesPublished: sql`${accountDailyStats.quotesPublished} + ${published}::int`,
        quotesSigned: sql`${accountDailyStats.quotesSigned} + ${signed}::int`,
      },
    });
}

/**
 * Counts a customer's payment received (issue 26) on the account's local day, in its currency.
 * Called by modules/quote-payments in the transaction that applies Mollie's "paid".
 */
export async function recordPaymentReceived(tx: Executor, accountId: string, currency: string, amountCents: bigint, now = new Date()): Promise<void> {
  const [account] = await tx.select({ timeZone: accounts.timeZone }).from(accounts).where(eq(accounts.id, accountId));
  if (!account) return;
  const day = dayInTimeZone(now, account.timeZone);
  await tx
    .insert(accountDailyPayments)
    .values({ accountId, day, currency, payments: 1, amountCents })
    .onConflictDoUpdate({
      target: [accountDailyPayments.accountId, accountDailyPayments.day, accountDailyPayments.currency],
      set: {
        payments: sql`${accountDailyPayments.payments} + 1`,
        amountCents: sql`${accountDailyPayments.amountCents} + ${amountCents.toString()}::bigint`,
      },
    });
}

// ── public: views ───────────────────────────────────────────────────────────────────────────
export type ViewResult = { counted: boolean; viewId: string | null; dropped?: DropReason };
type NotifyDeps = { publicUrl: string };

/**
 * A customer opened a public quote. Not counted: bots, prefetches, signed-in members of the
 * sending account, unavailable quotes, and calls over the rate limits. A repeat open by the same
 * visitor within 30 minutes of their last activity continues that view (same id, not counted again).
 * The first counted view of each publication queues an e-mail to the owners (when switched on).
 */
export async function recordView(db: Database, deps: NotifyDeps, nanoId: string, visitor: VisitorInfo, now = new Date()): Promise<ViewResult> {
  if (isPrefetch(visitor.purpose)) return { counted: false, viewId: null, dropped: "prefetch" };
  if (isBotAgent(visitor.userAgent)) return { counted: false, viewId: null, dropped: "bot" };
  if (!/^[A-Za-z0-9_-]{22,64}$/.test(nanoId)) return { counted: false, viewId: null, dropped: "invalid" };
  if (!(await withinLimits(db, visitor.ip, nanoId))) return { counted: false, viewId: null, dropped: "rateLimited" };
  const [quote] = await db
    .select({
      id: quotes.id,
      accountId: quotes.accountId,
      status: quotes.status,
      expirationDate: quotes.expirationDate,
      publishedAt: quotes.publishedAt,
      name: quotes.name,
      quoteNumber: quotes.quoteNumber,
      timeZone: accounts.timeZone,
      notify: accounts.notifyFirstView,
      member:
        visitor.userId && isUuid(visitor.userId)
          ? sql<boolean>`exists (select 1 from ${accountUsers} where ${accountUsers.accountId} = ${quotes.accountId} and ${accountUsers.userId} = ${visitor.userId})`
          : sql<boolean>`false`,
    })
    .from(quotes)
    .innerJoin(accounts, eq(accounts.id, quotes.accountId))
    .where(eq(quotes.nanoId, nanoId))
    .limit(1);
  if (!quote || publicAvailability({ status: quote.status as QuoteStatus, expirationDate: quote.expirationDate }, todayIso(now)) !== "AVAILABLE") {
    return { counted: false, viewId: null, dropped: "unavailable" };
  }
  if (quote.member) return { counted: false, viewId: null, dropped: "member" };
  const [hashToday, hashYesterday] = await visitorHashes(db, visitor, quote.id, now);

  return db.transaction(async (tx) => {
    // One decision at a time per visitor and quote: two tabs opening together are still one view.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`${quote.id}:${hashToday}`}, 0))`);
    const [recent] = await tx
      .select({ id: quoteViews.id, lastSeenAt: quoteViews.lastSeenAt })
      .from(quoteViews)
      .where(
        and(
          eq(quoteViews.quoteId, quote.id),
          inArray(quoteViews.visitorHash, [hashToday, hashYesterday]),
          gte(quoteViews.lastSeenAt, new Date(now.getTime() - STATS.dedupWindowSeconds * 1000)),
        ),
      )
      .orderBy(desc(quoteViews.lastSeenAt))
      .limit(1);
    if (recent && isSameVisit(recent.lastSeenAt, now)) {
      await tx.update(quoteViews).set({ lastSeenAt: now }).where(eq(quoteViews.id, recent.id));
      return { counted: false, viewId: recent.id };
    }
    // A new view: at most STATS.maxViewsPerAddressPerQuotePerDay per address and quote (shared counter).
    const daily = await hitRateLimit(tx, `stats:views:${quote.id}:${visitor.ip}`, STATS.maxViewsPerAddressPerQuotePerDay, 86_400);
    if (!daily.allowed) return { counted: false, viewId: null, dropped: "rateLimited" as const };
    const day = dayInTimeZone(now, quote.timeZone);
    // quote.viewed (issue 23): the first view by a new visitor (no earlier view under today's or yesterday's hash).
    const [earlier] = await tx
      .select({ id: quoteViews.id })
      .from(quoteViews)
      .where(and(eq(quoteViews.quoteId, quote.id), inArray(quoteViews.visitorHash, [hashToday, hashYesterday])))
      .limit(1);
    const [view] = await tx
      .insert(quoteViews)
      .values({ quoteId: quote.id, accountId: quote.accountId, visitorHash: hashToday, day, startedAt: now, lastSeenAt: now })
      .returning({ id: quoteViews.id });
    await addToRollups(tx, { quoteId: quote.id, accountId: quote.accountId, day, views: 1, seconds: 0 });
    if (!earlier) {
      const version = await currentVersionOf(tx, quote.id);
      await recordEvent(tx, { type: "quote.viewed", accountId: quote.accountId, quoteId: quote.id, now, version });
    }
    if (quote.publishedAt) {
      const first = await tx
        .insert(quoteFirstViews)
        .values({ quoteId: quote.id, publishedAt: quote.publishedAt, viewedAt: now })
        .onConflictDoNothing()
        .returning({ quoteId: quoteFirstViews.quoteId });
      if (first.length && quote.notify) await notifyOwners(tx, deps, { ...quote, viewedAt: now });
    }
    return { counted: true, viewId: view.id };
  });
}

/** The quote's current version number (null: published before versions existed). */
async function currentVersionOf(tx: Executor, quoteId: string): Promise<number | null> {
  const [row] = await tx
    .select({ number: max(quoteVersions.number) })
    .from(quoteVersions)
    .where(eq(quoteVersions.quoteId, quoteId));
  return row?.number ?? null;
}

/** "Your quote was opened": one e-mail per owner, in the owner's language, through the send-mail job. */
async function notifyOwners(
  tx: Executor,
  deps: NotifyDeps,
  quote: { id: string; accountId: string; name: string; quoteNumber: string; timeZone: string; viewedAt: Date },
) {
  const owners = await tx
    .select({ email: users.email, name: users.name, locale: users.locale })
    .from(accountUsers)
    .innerJoin(users, eq(users.id, accountUsers.userId))
    .where(and(eq(accountUsers.accountId, quote.accountId), eq(accountUsers.role, "owner")));
  for (const owner of owners) {
    const locale: Locale = owner.locale === "nl" ? "nl" : "en";
    const t = translator(locale);
    const url = `${deps.publicUrl}${localizePath(`/app/quotes/mutate/${quote.id}`, locale)}`;
    const when = new Intl.DateTimeFormat(locale === "nl" ? "nl-NL" : "en-GB", { dateStyle: "medium", timeStyle: "short", timeZone: quote.timeZone }).format(
      quote.viewedAt,
    );
    const params = { quote: `${quote.quoteNumber} ${quote.name}`, when };
    const { html, text } = renderEmail({
      lang: locale,
      preheader: t("statistics:email.preheader", params),
      heading: t("statistics:email.heading", params),
      paragraphs: [
        owner.name ? t("statistics:email.greeting", { name: owner.name }) : t("statistics:email.greetingNoName"),
        t("statistics:email.body", params),
      ],
      button: { label: t("statistics:email.button"), url },
      note: t("statistics:email.note"),
      footer: t("statistics:email.footer"),
    });
    await enqueue(tx, sendMailJob, { to: owner.email, subject: t("statistics:email.subject", params), html, text });
  }
}

// ── public: time ────────────────────────────────────────────────────────────────────────────
export type TimeInput = { viewId: string; nanoId: string; seconds: number; blocks: { blockId: string; seconds: number }[] };
export type TimeResult = { acceptedSeconds: number; dropped?: DropReason };

/**
 * Adds visible reading time to a view, in ONE statement and one round trip (a beacon is the
 * hottest write; on PostgreSQL a named prepared statement, planned once per connection). The
 * statement hits both rate-limit counters (per address, per quote; over either, nothing else
 * happens), locks the view row (`for update`: parallel beacons of one view queue, and each sees
 * what the previous one counted), bounds the seconds exactly as `boundedSeconds` in
 * shared/statistics.ts does (claimed, ≤ 600 per entry, ≤ elapsed since the view began + 5 s −
 * counted, ≤ 4 h − counted), scales the per-block seconds like `boundedBlockSeconds` (keeping only
 * blocks of that quote), then updates the view, appends the time entry and adds to the three
 * rollups. Time for an unknown view, a view of another quote or of a withdrawn quote is dropped.
 * Input that cannot count (not a view id, no seconds) is dropped before the database is asked.
 */
export async function recordTime(db: Database, input: TimeInput, ip: string, now = new Date()): Promise<TimeResult> {
  if (!isUuid(input.viewId)) return { acceptedSeconds: 0, dropped: "noView" };
  const claimed = Number.isFinite(input.seconds) ? Math.max(0, Math.floor(input.seconds)) : 0;
  if (claimed <= 0) return { acceptedSeconds: 0, dropped: "noTime" };
  // Repeated ids merged, negatives dropped (no scaling yet: the bound is known in the database).
  const blocks = JSON.stringify(
    Object.fromEntries(
      boundedBlockSeconds(
        input.blocks.filter((b) => isUuid(b.blockId)),
        Number.POSITIVE_INFINITY,
      ),
    ),
  );
  const [row] = await recordTimeStatement(db, { ...timeKeys(input, ip, now), claimed, blocks });
  if (!row?.allowed) return { acceptedSeconds: 0, dropped: "rateLimited" };
  if (!row.found) return { acceptedSeconds: 0, dropped: "noView" };
  const accepted = Number(row.accepted ?? 0);
  return accepted > 0 ? { acceptedSeconds: accepted } : { acceptedSeconds: 0, dropped: "noTime" };
}

/** What a beacon's statement (one or batched) keys on: its rate-limit counters, its view, its time. */
function timeKeys(input: TimeInput, ip: string, now: Date) {
  return {
    ipKey: STATS_LIMITS.ip.key(ip),
    quoteKey: STATS_LIMITS.quote.key(input.nanoId),
    viewId: input.viewId,
    nanoId: input.nanoId,
    at: now.toISOString(),
  };
}

type RecordTimeValues = { ipKey: string; quoteKey: string; viewId: string; nanoId: string; claimed: number; blocks: string; at: string };
const value = (name: keyof RecordTimeValues) => sql.placeholder(name);
/**
 * recordTime's statement, rendered once and prepared (db/client.ts preparedStatement). Reading
 * time is low-value and high-volume: the statement commits asynchronously (`synchronous_commit`
 * off for its own transaction only), so it does not wait for the WAL flush. A crash of the
 * database server may lose the last fraction of a second of beacons — all of a beacon or none of
 * it: the event and its rollups are one transaction either way (decision 034).
 */
const recordTimeStatement = preparedStatement<{ allowed: boolean; found: boolean; accepted: number | string | null }, RecordTimeValues>(
  "statistics_record_time",
  () => sql`
    with limits as (${rateLimitHitsSql([
      { ...STATS_LIMITS.ip, key: value("ipKey") },
      { ...STATS_LIMITS.quote, key: value("quoteKey") },
    ])}),
    allowed as (select count(*) = 2 and bool_and(limits.allowed) as ok from limits),
    cur as (
      select v.id, v.quote_id, v.account_id, v.day,
        greatest(0, least(${value("claimed")}::int, ${STATS.maxSecondsPerEntry}::int,
          least(floor(extract(epoch from (${value("at")}::timestamptz - v.started_at)))::int + ${STATS.slackSeconds}::int, ${STATS.maxSecondsPerView}::int) - v.tracked_seconds)) as s
      from ${quoteViews} v join ${quotes} q on q.id = v.quote_id
      where (select ok from allowed) and v.id = ${value("viewId")}::uuid and q.nano_id = ${value("nanoId")}::text and q.status <> 'DRAFT'
      for update of v
    ),
    claimed_blocks as (
      select b.key::uuid as block_id, b.value::int as s from cur, jsonb_each_text(${value("blocks")}::jsonb) b
      where cur.s > 0 and exists (select 1 from ${quoteBlocks} qb where qb.id = b.key::uuid and qb.quote_id = cur.quote_id)
    ),
    scaled as (
      select block_id, case when t.total > cur.s then floor(c.s::bigint * cur.s / t.total)::int else c.s end as s
      from claimed_blocks c, cur, (select coalesce(sum(s), 0) as total from claimed_blocks) t
    ),
    upd as (
      update ${quoteViews} set tracked_seconds = ${quoteViews}.tracked_seconds + cur.s, last_seen_at = ${value("at")}::timestamptz
      from cur where ${quoteViews}.id = cur.id and cur.s > 0
      returning cur.id, cur.quote_id, cur.account_id, cur.day, cur.s
    ),
    entry as (
      insert into ${quoteTimeEntries} (view_id, quote_id, account_id, inserted_at, seconds, block_seconds)
      select upd.id, upd.quote_id, upd.account_id, ${value("at")}::timestamptz, upd.s,
        coalesce((select jsonb_object_agg(block_id::text, s) from scaled where s > 0), '{}'::jsonb)
      from upd
    ),
    per_account as (
      insert into ${accountDailyStats} (account_id, day, views, seconds)
      select account_id, day, 0, s from upd
      on conflict (account_id, day) do update set seconds = ${accountDailyStats}.seconds + excluded.seconds
      returning 1
    ),
    -- After per_account (it reads it): the account day row is locked before the quote day row, as in recordView.
    per_quote as (
      insert into ${quoteDailyStats} (quote_id, day, account_id, views, seconds)
      select quote_id, day, account_id, 0, s from upd where exists (select 1 from per_account)
      on conflict (quote_id, day) do update set seconds = ${quoteDailyStats}.seconds + excluded.seconds
    ),
    per_block as (
      insert into ${quoteBlockStats} (quote_id, block_id, seconds)
      select upd.quote_id, scaled.block_id, scaled.s from upd, scaled where scaled.s > 0
      on conflict (quote_id, block_id) do update set seconds = ${quoteBlockStats}.seconds + excluded.seconds
    )
    select (select ok from allowed) as allowed, exists (select 1 from cur) as found, (select s from upd) as accepted,
      set_config('synchronous_commit', 'off', true) is not null as async_commit`,
);

// ── public: time, batched (POST /api/beacon; decision 064) ─────────────────────────────────
/** One beacon as the batch statement takes it (validated and bounded per beacon on its request). */
export type TimeBatchRow = {
  /** Arrival order on this server: rate limits count beacons in this order. */
  seq: number;
  ipKey: string;
  quoteKey: string;
  viewId: string;
  nanoId: string;
  /** Claimed seconds, already ≤ STATS.maxSecondsPerEntry. */
  claimed: number;
  /** Seconds per block of this quote (ids checked), already scaled to ≤ `claimed`. */
  blocks: Record<string, number>;
  at: string;
};
export type TimeBatchResult = { received: number; allowed: number; found: number; acceptedSeconds: number };

/**
 * The beacons one server received in its last fraction of a second, prepared for recordTimeBatch
 * (the checks of recordTime that need no database: a view id, some seconds, at most 600 per entry,
 * per-block seconds bounded by them). Null: nothing this beacon says can count.
 */
export function timeBatchRow(input: TimeInput, ip: string, seq: number, now = new Date()): TimeBatchRow | null {
  if (!isUuid(input.viewId)) return null;
  const claimed = Number.isFinite(input.seconds) ? Math.min(STATS.maxSecondsPerEntry, Math.max(0, Math.floor(input.seconds))) : 0;
  if (claimed <= 0) return null;
  const blocks = Object.fromEntries(
    boundedBlockSeconds(
      input.blocks.filter((b) => isUuid(b.blockId)),
      claimed,
    ),
  );
  return { seq, ...timeKeys(input, ip, now), claimed, blocks };
}

/**
 * Adds the reading time of many beacons in ONE statement (decision 064): the same rules as
 * recordTime, beacon by beacon where they are per beacon. Both rate-limit counters are hit once
 * per beacon, and each beacon is allowed or not by its place in arrival order (a counter's count
 * before the batch + its position among the batch's beacons for that key ≤ the limit), exactly as
 * if they had come one by one. The allowed beacons of one view are then added as one: their
 * seconds summed (each ≤ 600 already) and bounded by the time elapsed at the newest of them and by
 * the 4 h per view, less what the view counted; one time entry per view and batch (its time: the
 * newest beacon's). Rollup rows are aggregated per key (one row may be updated once per statement)
 * and written in key order, after the views (locked in id order), so two servers' batches and
 * recordView take their locks in one order. On PGlite committed synchronously: it runs in the
 * server's process without a WAL writer, so an asynchronous commit would wait in memory for some
 * later flush and a kill -9 could lose far more than a second. On PostgreSQL asynchronously, as
 * recordTime (decision 034): a killed app server loses nothing written, and a WAL flush per batch
 * would put every fsync stall of the database's disk in front of the server's queue.
 */
export async function recordTimeBatch(db: Database, rows: TimeBatchRow[]): Promise<TimeBatchResult> {
  if (rows.length === 0) return { received: 0, allowed: 0, found: 0, acceptedSeconds: 0 };
  // Synchronous on the embedded database only (it has no WAL writer to flush an asynchronous commit).
  const embedded = (db as unknown as { $client?: unknown }).$client instanceof PGlite;
  const [row] = await recordTimeBatchStatement(db, { rows: JSON.stringify(rows), commit: embedded ? "on" : "off" });
  return {
    received: Number(row?.received ?? 0),
    allowed: Number(row?.allowed ?? 0),
    found: Number(row?.found ?? 0),
    acceptedSeconds: Number(row?.accepted ?? 0),
  };
}

type Counted = number | string | null;
const recordTimeBatchStatement = preparedStatement<
  { received: Counted; allowed: Counted; found: Counted; accepted: Counted },
  { rows: string; commit: "on" | "off" }
>(
  "statistics_record_time_batch",
  () => sql`
    with input as (
      select * from jsonb_to_recordset(${sql.placeholder("rows")}::jsonb)
        as x("seq" int, "ipKey" text, "quoteKey" text, "viewId" uuid, "nanoId" text, "claimed" int, "blocks" jsonb, "at" timestamptz)
    ),
    hits as (
      select key, count(*)::int as n from (select "ipKey" as key from input union all select "quoteKey" from input) k group by key
    ),
    limits as (
      insert into rate_limit_buckets as b (key, count, window_ends_at)
      select key, n, now() + make_interval(secs => 60) from hits order by key
      on conflict (key) do update set
        count = case when b.window_ends_at <= now() then excluded.count else b.count + excluded.count end,
        window_ends_at = case when b.window_ends_at <= now() then excluded.window_ends_at else b.window_ends_at end
      returning b.key, b.count - (select n from hits where hits.key = b.key) as before
    ),
    ranked as (
      select i.*,
        row_number() over (partition by i."ipKey" order by i.seq) as ip_pos,
        row_number() over (partition by i."quoteKey" order by i.seq) as quote_pos
      from input i
    ),
    allowed as (
      select r.* from ranked r
        join limits li on li.key = r."ipKey"
        join limits lq on lq.key = r."quoteKey"
      where li.before + r.ip_pos <= ${STATS.perIpPerMinute}::int and lq.before + r.quote_pos <= ${STATS.perQuotePerMinute}::int
    ),
    merged as (
      select "viewId" as view_id, "nanoId" as nano_id, sum(claimed)::int as claimed, max("at") as at from allowed group by 1, 2
    ),
    merged_blocks as (
      select a."viewId" as view_id, a."nanoId" as nano_id, b.key::uuid as block_id, sum(b.value::int)::int as s
      from allowed a, jsonb_each_text(a.blocks) b group by 1, 2, 3
    ),
    cur as (
      select v.id, v.quote_id, v.account_id, v.day, m.nano_id, m.at,
        greatest(0, least(m.claimed,
          least(floor(extract(epoch from (m.at - v.started_at)))::int + ${STATS.slackSeconds}::int, ${STATS.maxSecondsPerView}::int) - v.tracked_seconds)) as s
      from merged m join ${quoteViews} v on v.id = m.view_id join ${quotes} q on q.id = v.quote_id
      where q.nano_id = m.nano_id and q.status <> 'DRAFT'
      order by v.id
      for update of v
    ),
    claimed_blocks as (
      select cur.id as view_id, mb.block_id, mb.s from cur join merged_blocks mb on mb.view_id = cur.id and mb.nano_id = cur.nano_id
      where cur.s > 0 and mb.s > 0 and exists (select 1 from ${quoteBlocks} qb where qb.id = mb.block_id and qb.quote_id = cur.quote_id)
    ),
    scaled as (
      select c.view_id, c.block_id, case when t.total > cur.s then floor(c.s::bigint * cur.s / t.total)::int else c.s end as s
      from claimed_blocks c
        join (select view_id, sum(s) as total from claimed_blocks group by view_id) t on t.view_id = c.view_id
        join cur on cur.id = c.view_id
    ),
    upd as (
      update ${quoteViews} set tracked_seconds = ${quoteViews}.tracked_seconds + cur.s, last_seen_at = greatest(${quoteViews}.last_seen_at, cur.at)
      from cur where ${quoteViews}.id = cur.id and cur.s > 0
      returning cur.id, cur.quote_id, cur.account_id, cur.day, cur.s, cur.at
    ),
    entry as (
      insert into ${quoteTimeEntries} (view_id, quote_id, account_id, inserted_at, seconds, block_seconds)
      select upd.id, upd.quote_id, upd.account_id, upd.at, upd.s,
        coalesce((select jsonb_object_agg(scaled.block_id::text, scaled.s) from scaled where scaled.view_id = upd.id and scaled.s > 0), '{}'::jsonb)
      from upd
    ),
    per_account as (
      insert into ${accountDailyStats} (account_id, day, views, seconds)
      select account_id, day, 0, sum(s) from upd group by account_id, day order by account_id, day
      on conflict (account_id, day) do update set seconds = ${accountDailyStats}.seconds + excluded.seconds
      returning 1
    ),
    -- After per_account (it reads it): account day rows are locked before quote day rows, as in recordView.
    per_quote as (
      insert into ${quoteDailyStats} (quote_id, day, account_id, views, seconds)
      select quote_id, day, account_id, 0, sum(s) from upd where exists (select 1 from per_account)
      group by quote_id, day, account_id order by quote_id, day
      on conflict (quote_id, day) do update set seconds = ${quoteDailyStats}.seconds + excluded.seconds
    ),
    per_block as (
      insert into ${quoteBlockStats} (quote_id, block_id, seconds)
      select upd.quote_id, scaled.block_id, sum(scaled.s) from upd join scaled on scaled.view_id = upd.id
      where scaled.s > 0 group by 1, 2 order by 1, 2
      on conflict (quote_id, block_id) do update set seconds = ${quoteBlockStats}.seconds + excluded.seconds
    )
    select (select count(*) from input) as received, (select count(*) from allowed) as allowed, (select count(*) from cur) as found,
      (select coalesce(sum(s), 0) from upd) as accepted,
      set_config('synchronous_commit', ${sql.placeholder("commit")}::text, true) is not null as commit_mode`,
);

// ── retention ───────────────────────────────────────────────────────────────────────────────
/**
 * Deletes raw views that began more than STATS.rawRetentionMonths before `now`, oldest first, at
 * most `batchSize` per statement (short locks; time entries go with their view by the foreign
 * key's cascade), until none is left or `maxBatches` were deleted (the next day's run goes on).
 * Rollups are not touched: every figure shown is read from them. The 50-visit timeline of a quote
 * loses visits older than the retention.
 */
export async function purgeRawStatistics(db: Database, options: { now?: Date; batchSize?: number; maxBatches?: number } = {}) {
  const now = options.now ?? new Date();
  const batchSize = options.batchSize ?? 1000;
  const maxBatches = options.maxBatches ?? 1000;
  let views = 0;
  let batches = 0;
  for (; batches < maxBatches; ) {
    const [row] = await queryRows<{ n: number | string }>(
      db,
      sql`with gone as (
        delete from ${quoteViews} where id in (
          select id from ${quoteViews}
          where started_at < ${now.toISOString()}::timestamptz - make_interval(months => ${STATS.rawRetentionMonths}::int)
          order by started_at limit ${batchSize}::int)
        returning 1)
      select count(*) as n from gone`,
    );
    const deleted = Number(row?.n ?? 0);
    if (deleted === 0) break;
    views += deleted;
    batches++;
    if (deleted < batchSize) break;
  }
  return { views, batches, done: batches < maxBatches };
}

// ── account-scoped reads (rollups) ──────────────────────────────────────────────────────────
export const statisticsQuoteNotFound = () => new AppError("NOT_FOUND", "quotes:notFound");

export type QuoteStatistics = {
  quoteId: string;
  views: number;
  totalTime: number;
  averageTime: number;
  timeEntries: { insertedAt: Date; totalTime: number }[];
  blocks: { blockId: string; name: string | null; totalTime: number }[];
};

/** One quote's statistics; refused for another account's quote (not found) and for drafts. */
export async function getQuoteStatistics(db: Executor, accountId: string, quoteId: string): Promise<QuoteStatistics> {
  if (!isUuid(quoteId)) throw statisticsQuoteNotFound();
  const [quote] = await db
    .select({ id: quotes.id, status: quotes.status })
    .from(quotes)
    .where(and(eq(quotes.id, quoteId), eq(quotes.accountId, accountId)));
  if (!quote) throw statisticsQuoteNotFound();
  if (quote.status === "DRAFT") throw new AppError("CONFLICT", "statistics:errors.draft");
  const [[totals], visits, blocks] = await Promise.all([
    db
      .select({
        views: sql<number>`coalesce(sum(${quoteDailyStats.views}), 0)::int`,
        seconds: sql<number>`coalesce(sum(${quoteDailyStats.seconds}), 0)::bigint`,
      })
      .from(quoteDailyStats)
      .where(eq(quoteDailyStats.quoteId, quoteId)),
    db
      .select({ insertedAt: quoteViews.startedAt, totalTime: quoteViews.trackedSeconds })
      .from(quoteViews)
      .where(eq(quoteViews.quoteId, quoteId))
      .orderBy(desc(quoteViews.startedAt))
      .limit(STATS.timelineLength),
    db
      .select({ blockId: quoteBlockStats.blockId, name: quoteBlocks.name, totalTime: quoteBlockStats.seconds, position: quoteBlocks.position })
      .from(quoteBlockStats)
      .leftJoin(quoteBlocks, eq(quoteBlocks.id, quoteBlockStats.blockId))
      .where(eq(quoteBlockStats.quoteId, quoteId))
      .orderBy(asc(quoteBlocks.position)),
  ]);
  const views = Number(totals?.views ?? 0);
  const seconds = Number(totals?.seconds ?? 0);
  return {
    quoteId,
    views,
    totalTime: seconds,
    averageTime: averageSeconds(seconds, views),
    timeEntries: visits.map((v) => ({ insertedAt: v.insertedAt, totalTime: v.totalTime })),
    blocks: blocks.map((b) => ({ blockId: b.blockId, name: b.name, totalTime: Number(b.totalTime) })),
  };
}

export type QuoteListStatistic = { quoteId: string; quote: QuoteRow; views: number; totalTime: number };

/**
 * Views and time per quote, for the account's quotes among `quoteIds` (others are left out), in
 * the order asked, each with its quote: two queries for the whole list (the quotes, the sums of
 * their daily rollup rows), however long it is.
 */
export async function getQuoteListStatistics(db: Executor, accountId: string, quoteIds: string[]): Promise<QuoteListStatistic[]> {
  const ids = [...new Set(quoteIds.filter(isUuid))];
  if (ids.length === 0) return [];
  const [rows, own] = await Promise.all([
    db
      .select({
        quoteId: quoteDailyStats.quoteId,
        views: sql<number>`sum(${quoteDailyStats.views})::int`,
        seconds: sql<number>`sum(${quoteDailyStats.seconds})::bigint`,
      })
      .from(quoteDailyStats)
      .where(and(eq(quoteDailyStats.accountId, accountId), inArray(quoteDailyStats.quoteId, ids)))
      .groupBy(quoteDailyStats.quoteId),
    getQuotesByIds(db, accountId, ids),
  ]);
  const byId = new Map(rows.map((r) => [r.quoteId, r]));
  const quoteById = new Map(own.map((q) => [q.id, q]));
  return ids.flatMap((id) => {
    const quote = quoteById.get(id);
    if (!quote) return [];
    const r = byId.get(id);
    return [{ quoteId: id, quote, views: Number(r?.views ?? 0), totalTime: Number(r?.seconds ?? 0) }];
  });
}

/**
 * Which of these accounts had a quote view on a day the overview can show (the last
 * `STATS.maxRangeDays` days, a day's margin for time zones): the dashboard loads its chart's code
 * only for those (decision 079). One read: per account, an EXISTS over its range of the daily
 * rollup by the primary key (account, day), stopping at the first day with views; at most
 * ~367 rows an account, whatever the number of events.
 */
export async function accountsWithRecentViews(db: Executor, accountIds: readonly string[], now = new Date()): Promise<Set<string>> {
  if (accountIds.length === 0) return new Set();
  const since = new Date(now.getTime() - (STATS.maxRangeDays + 1) * 86_400_000).toISOString().slice(0, 10);
  const rows = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(
      and(
        inArray(accounts.id, [...accountIds]),
        exists(
          db
            .select({ one: sql`1` })
            .from(accountDailyStats)
            .where(and(eq(accountDailyStats.accountId, accounts.id), gte(accountDailyStats.day, since), gt(accountDailyStats.views, 0))),
        ),
      ),
    );
  return new Set(rows.map((r) => r.id));
}

export type OverviewDay = { date: string; averageTime: number; quoteViews: number; quotesPublished: number; quotesSigned: number; totalTime: number };
export type StatisticsOverview = {
  from: string;
  to: string;
  timeZone: string;
  averageTime: number;
  totalTime: number;
  totalQuoteViews: number;
  totalQuotesPublished: number;
  totalQuotesSigned: number;
  /** Customers' payments received in the range (issue 26), per currency, largest count first. */
  paymentsReceived: { currency: string; count: number; amountCents: bigint }[];
  entries: OverviewDay[];
};

/**
 * The account's overview for local days from–to (validated by ZStatisticsRange): two reads — the
 * account's time zone joined with its range of the daily rollup (≤ 366 rows by the primary key),
 * and the payments received per currency from theirs (issue 26) — whatever the number of events.
 */
export async function getStatisticsOverview(db: Executor, accountId: string, range: { from: string; to: string }): Promise<StatisticsOverview> {
  const joined = await db
    .select({
      timeZone: accounts.timeZone,
      day: accountDailyStats.day,
      views: accountDailyStats.views,
      seconds: accountDailyStats.seconds,
      quotesPublished: accountDailyStats.quotesPublished,
      quotesSigned: accountDailyStats.quotesSigned,
    })
    .from(accounts)
    .leftJoin(
      accountDailyStats,
      and(eq(accountDailyStats.accountId, accounts.id), gte(accountDailyStats.day, range.from), lte(accountDailyStats.day, range.to)),
    )
    .where(eq(accounts.id, accountId));
  // The payments received, per currency (a second read of a rollup by its primary key's range).
  const paid = await db
    .select({
      currency: accountDailyPayments.currency,
      count: sql<number>`sum(${accountDailyPayments.payments})::int`,
      amountCents: sql<string>`sum(${accountDailyPayments.amountCents})::text`,
    })
    .from(accountDailyPayments)
    .where(and(eq(accountDailyPayments.accountId, accountId), gte(accountDailyPayments.day, range.from), lte(accountDailyPayments.day, range.to)))
    .groupBy(accountDailyPayments.currency);
  const paymentsReceived = paid
    .map((p) => ({ currency: p.currency, count: Number(p.count), amountCents: BigInt(p.amountCents) }))
    .sort((a, b) => b.count - a.count || a.currency.localeCompare(b.currency));
  const account = joined[0];
  const rows = joined.flatMap((r) => (r.day === null ? [] : [{ ...r, day: r.day }]));
  const byDay = new Map(rows.map((r) => [r.day, r]));
  let views = 0;
  let seconds = 0;
  let published = 0;
  let signed = 0;
  const entries = daysBetween(range.from, range.to).map((date) => {
    const r = byDay.get(date);
    const v = r?.views ?? 0;
    const s = Number(r?.seconds ?? 0);
    views += v;
    seconds += s;
    published += r?.quotesPublished ?? 0;
    signed += r?.quotesSigned ?? 0;
    return {
      date,
      averageTime: averageSeconds(s, v),
      quoteViews: v,
      totalTime: s,
      quotesPublished: r?.quotesPublished ?? 0,
      quotesSigned: r?.quotesSigned ?? 0,
    };
  });
  return {
    from: range.from,
    to: range.to,
    timeZone: account?.timeZone ?? "Europe/Amsterdam",
    averageTime: averageSeconds(seconds, views),
    totalTime: seconds,
    totalQuoteViews: views,
    totalQuotesPublished: published,
    totalQuotesSigned: signed,
    paymentsReceived,
    entries,
  };
}
