import { PGlite, types } from "@electric-sql/pglite";
import { type SQL, sql } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import type { Locale } from "../../../shared/locales";
import { effectivePlan, showsWatermark } from "../../../shared/plans";
import { type PublicAvailability, type QuoteStatus, publicAvailability, todayIso } from "../../../shared/quote-status";
import { type Database, type Executor, preparedStatement, queryRows } from "../../db/client";
import { errorMessages } from "../../db/ids";
import type { ReadDb } from "../../db/replica";
import { accounts, quotePageStamps, quotes } from "../../db/schema";
import { type CachedAnswer, type StoredPage, answerFrom, respond, storable, storePage } from "../../http/stored-page";
import type { Logger } from "../../logger";
import { entitlementRefusal } from "../billing/entitlements";
import type { Evidence } from "./signing.service";
import { createViewMemo } from "./view-memo";

/**
 * The rendered public quote page, cached in this process and validated on EVERY request
 * (decision 033). A published quote's content never changes (the database refuses it), but what
 * its page shows does: signatures, a decline, the sender's styling, plan and trial (signing allowed,
 * watermark), expiry, withdrawal and republishing. So each request first runs ONE cheap query,
 * `pageStamp`, that yields a stamp of everything the page shows; the cached HTML is served only
 * when its stamp is the request's stamp. Nothing is ever invalidated by a message: several app
 * servers each keep their own cache and each stays right, because the database decides. On PGlite
 * only (one process, the only writer) the stamp's row is kept in memory and dropped by the
 * database's own notification, sent by triggers in the committing transaction (decision 076).
 *
 * - Only customers' views are stored or served: a request from a signed-in user (the sender's
 *   preview, with its banner, or anyone else with a session) is always rendered.
 * - Only a 200 page is stored; when the stamp says expired (410) or not available (404) the entry is
 *   dropped and the page rendered, so those answers never come from a stale entry.
 * - A stored page is the same bytes for every response (decision 068): the render's nonce
 *   attributes are dropped and its CSP allows the page's inline scripts by their hashes (today it
 *   has none that run: the island's JSON and its module file), so the bytes are stored once with
 *   their br, gzip and deflate forms, chosen by Accept-Encoding. A hit is answered from node:http
 *   ahead of Hono (http/page-node.ts, `lookup`) or through Hono (`serve`), with the same headers.
 * - A request with a query string (e.g. `?conversation=questionSent`, the forms' status message)
 *   is rendered, not stored.
 * - A hit still records the customer's view (`recordView`, as the page's loader does), so the
 *   audit trail is the same whether or not the page came from the cache. The statement answers
 *   how long its VIEWED row keeps later views of that address, browser and version out (≤ 30
 *   minutes, rows are never removed); until then a hit with the same evidence skips the statement,
 *   which would write nothing (decision 065): a reload costs the stamp query only.
 *
 * When the read model (`loadPublicQuote`) starts showing something new, add it to `pageStamp`: a
 * column of the quote row is covered by its trigger, one of the account must be read here; a new table needs a
 * trigger bumping `quote_page_stamps` (migration "quote_page_stamps", decision 072).
 */

/** The public page's path, in either language: /quote/:slug/:nanoId or /nl/quote/:slug/:nanoId. */
const PAGE_PATH = /^(?:\/nl)?\/quote\/[^/]+\/([A-Za-z0-9_-]{22,64})$/;

export type PageStamp = {
  availability: PublicAvailability;
  quoteId: string;
  accountId: string /** The current version number (null: published before versions existed). */;
  version: number | null;
  stamp: string;
};

/**
 * Everything the public page shows that can change while a quote is live, as one string (one
 * query, by the unique nanoId index: the quote, its stamp row kept by triggers (decision 072) and
 * the account's shown columns, each by its primary key). Computed at request
 * time from `now`: expiry (today), signing allowed and watermark (plan, trial, subscription end).
 * Null for an unknown link.
 */
export async function pageStamp(db: Executor, nanoId: string, now: Date = new Date(), options: { kept?: boolean } = {}): Promise<PageStamp | null> {
  const row = await stampRow(db, nanoId, options.kept === true);
  if (!row) return null;
  const expiredAt = row.expiredAt === null ? null : new Date(Number(row.expiredAt));
  const availability = publicAvailability({ status: row.status as QuoteStatus, expirationDate: row.expirationDate }, todayIso(now));
  const { quoteId, accountId, subscriptionPlan, subscriptionInterval, expiredAt: _expiredAt, ...shown } = row;
  const plan = { subscriptionPlan, subscriptionInterval, expiredAt };
  const computed = {
    availability,
    signingAllowed: entitlementRefusal(plan, "signing", now) === null,
    watermark: showsWatermark(effectivePlan(plan)),
  };
  const stamp = JSON.stringify([shown, computed]);
  return { availability, quoteId, accountId, version: row.version === null ? null : Number(row.version), stamp };
}

/** The stamp's row; dates and times as the database's text, `expiredAt` as epoch milliseconds. */
type StampRow = {
  quoteId: string;
  accountId: string;
  status: string;
  expirationDate: string;
  subscriptionPlan: string;
  subscriptionInterval: string | null;
  expiredAt: string | number | null;
  version: number | string | null;
  [shown: string]: unknown;
};

/**
 * The stamp's one statement, built once (decision 065): building, parsing and planning it on every
 * request was a large part of a hit. On PostgreSQL (and the replica) a named prepared statement,
 * planned once per pooled connection; on PGlite, whose driver has no named statements, a
 * session-level `PREPARE` (the process has one session while the database is open) run by `EXECUTE`.
 * Decision 072 replaced its six correlated subqueries by the `quote_page_stamps` row.
 */
const stampQuery = (nanoId: SQL) => sql`
  select
    ${quotes.id} as "quoteId", ${quotes.accountId} as "accountId", ${quotes.status} as "status", ${quotes.expirationDate} as "expirationDate",
    -- Everything else of the quote that the page shows (the quote row, signatures, payments,
    -- subscriptions, DocuSign envelopes, versions, a decline): bumped by triggers (decision 072).
    ${quotePageStamps.changes} as "changes",
    -- The current version (decision 032): what the page shows, and what a VIEWED row names.
    ${quotePageStamps.version} as "version",
    ${accounts.name} as "accountName", ${accounts.updatedAt} as "accountUpdatedAt", ${accounts.logoFileKey} as "logoFileKey",
    -- The logo's box in the markup (set with the key; here too so a backfill shows at once).
    ${accounts.logoWidth} as "logoWidth", ${accounts.logoHeight} as "logoHeight",
    ${accounts.linkColor} as "linkColor", ${accounts.textColor} as "textColor", ${accounts.textFont} as "textFont",
    ${accounts.quoteStreetAndNumber} as "quoteStreetAndNumber", ${accounts.quotePostalCode} as "quotePostalCode", ${accounts.quoteCity} as "quoteCity",
    ${accounts.subscriptionPlan} as "subscriptionPlan", ${accounts.subscriptionInterval} as "subscriptionInterval",
    (extract(epoch from ${accounts.expiredAt}) * 1000)::float8 as "expiredAt"
  from ${quotes}
    inner join ${quotePageStamps} on ${quotePageStamps.quoteId} = ${quotes.id}
    inner join ${accounts} on ${accounts.id} = ${quotes.accountId}
  where ${quotes.nanoId} = ${nanoId}
  limit 1`;

const stampStatement = preparedStatement<StampRow, { nanoId: string }>("offerly_page_stamp_row", () => stampQuery(sql`${sql.placeholder("nanoId")}`));
const NANO_ID = /^[A-Za-z0-9_-]{1,64}$/;
const asText = (value: string) => value;
const TEXT_TIMES = { parsers: { [types.TIMESTAMP]: asText, [types.TIMESTAMPTZ]: asText, [types.DATE]: asText, [types.INTERVAL]: asText } };
/** PGlite sessions and their PREPARE (once each; a failed one is tried again on the next request). */
const preparedOn = new WeakMap<object, Promise<void>>();

/** The channel the stamp triggers notify on PGlite (migration "page_stamp_notify", decision 076). */
export const PAGE_STAMP_CHANNEL = "offerly_page_stamp";
/** Stamp rows kept in memory per PGlite database; past this many, all are dropped and read again. */
const MAX_KEPT = 10_000;

/**
 * The stamp rows of one PGlite database kept in memory (decision 076). On PGlite this process is
 * the only session that can write the database (its data folder is locked), and the triggers of
 * migration 0034 NOTIFY every change of a stamp row ('q' + quote id), of an account ('a' + account
 * id) or a TRUNCATE ('*'). PGlite hands a notification to its listeners (as microtasks queued while
 * it parses the committing statement's answer) before that statement's promise resolves, so a
 * change's caller (a signing mutation's response) is never followed by a kept row from before it.
 * `generation` counts notifications: a row read while one arrived is not kept (it may predate it).
 * Only the row is kept: availability, signing allowed and watermark are still computed from `now`.
 */
type KeptStamps = {
  ready: Promise<void>;
  rows: Map<string, StampRow>;
  quoteNano: Map<string, string>;
  accountNanos: Map<string, Set<string>>;
  generation: number;
};
const keptOn = new WeakMap<PGlite, KeptStamps>();

function keptStamps(client: PGlite): KeptStamps {
  const existing = keptOn.get(client);
  if (existing) return existing;
  const kept: KeptStamps = { ready: Promise.resolve(), rows: new Map(), quoteNano: new Map(), accountNanos: new Map(), generation: 0 };
  kept.ready = client.listen(PAGE_STAMP_CHANNEL, (payload) => forgetKept(kept, payload)).then(() => undefined);
  // Not listening: nothing is kept (every check reads the database); tried again on the next request.
  kept.ready.catch(() => keptOn.delete(client));
  keptOn.set(client, kept);
  return kept;
}

function dropKept(kept: KeptStamps, nanoId: string) {
  const row = kept.rows.get(nanoId);
  if (!row) return;
  kept.rows.delete(nanoId);
  if (kept.quoteNano.get(row.quoteId) === nanoId) kept.quoteNano.delete(row.quoteId);
  const ofAccount = kept.accountNanos.get(row.accountId);
  ofAccount?.delete(nanoId);
  if (ofAccount?.size === 0) kept.accountNanos.delete(row.accountId);
}

function forgetKept(kept: KeptStamps, payload: string) {
  kept.generation++;
  const id = payload.slice(1);
  if (payload.startsWith("q")) {
    const nanoId = kept.quoteNano.get(id);
    if (nanoId !== undefined) dropKept(kept, nanoId);
  } else if (payload.startsWith("a")) {
    for (const nanoId of [...(kept.accountNanos.get(id) ?? [])]) dropKept(kept, nanoId);
  } else {
    kept.rows.clear();
    kept.quoteNano.clear();
    kept.accountNanos.clear();
  }
}

function keep(kept: KeptStamps, nanoId: string, row: StampRow) {
  if (kept.rows.size >= MAX_KEPT) forgetKept(kept, "*");
  const previous = kept.quoteNano.get(row.quoteId);
  if (previous !== undefined) dropKept(kept, previous);
  kept.rows.set(nanoId, row);
  kept.quoteNano.set(row.quoteId, nanoId);
  let ofAccount = kept.accountNanos.get(row.accountId);
  if (!ofAccount) {
    ofAccount = new Set();
    kept.accountNanos.set(row.accountId, ofAccount);
  }
  ofAccount.add(nanoId);
}

/** Test hook: whether this database keeps a nanoId's stamp row in memory (never on PostgreSQL). */
export function isStampKept(db: Executor, nanoId: string): boolean {
  const client = (db as unknown as { $client?: unknown }).$client;
  return client instanceof PGlite && (keptOn.get(client)?.rows.has(nanoId) ?? false);
}

async function stampRow(db: Executor, nanoId: string, kept = false): Promise<StampRow | undefined> {
  if (!NANO_ID.test(nanoId)) return undefined;
  const client = (db as unknown as { $client?: unknown }).$client;
  if (!(client instanceof PGlite)) {
    if (!("$client" in (db as object))) return (await queryRows<StampRow>(db, stampQuery(sql`${nanoId}`)))[0];
    return (await stampStatement(db as Database, { nanoId }))[0];
  }
  // The nanoId is checked above ([A-Za-z0-9_-]): a safe literal for EXECUTE, which takes no bound
  // parameters. Sent by PGlite's simple protocol (`exec`: no parse or describe step), not through
  // drizzle, whose per-query work was a large part of a hit (decision 072); dates and times kept as
  // the database's text, as drizzle's PGlite driver keeps them.
  const execute = async () => (await client.exec(`execute offerly_page_stamp_row('${nanoId}')`, TEXT_TIMES))[0]?.rows as StampRow[];
  const prepare = () => {
    let prepared = preparedOn.get(client);
    if (!prepared) {
      prepared = prepareOn(db);
      preparedOn.set(client, prepared);
      prepared.catch(() => preparedOn.delete(client));
    }
    return prepared;
  };
  // Dropped from the session by someone (DEALLOCATE ALL, DISCARD ALL): prepared again, once — else
  // every public page answered 500 until the process restarted.
  const run = async () => {
    await prepare();
    try {
      return await execute();
    } catch (error) {
      if ((error as { code?: string }).code !== "26000") throw error;
      preparedOn.delete(client);
      await prepare();
      return execute();
    }
  };
  if (!kept) return (await run())[0];
  const memory = keptStamps(client);
  try {
    await memory.ready;
  } catch {
    return (await run())[0];
  }
  const known = memory.rows.get(nanoId);
  if (known) return known;
  const generation = memory.generation;
  const row = (await run())[0];
  // A notification since the read was sent: the row may predate its change, so it is not kept.
  if (row && memory.generation === generation) keep(memory, nanoId, row);
  return row;
}

const rawDialect = new PgDialect();
/** The stamp statement's text with the nanoId as `$1` and no other bound value (PREPARE's form; the bench's too). */
export function pageStampStatementText(): string {
  // No bound values but the nanoId ($1): PREPARE's text carries its constants literally.
  const { sql: text, params } = rawDialect.sqlToQuery(stampQuery(sql.raw("$1")));
  if (params.length > 0) throw new Error("the page stamp's statement must have no bound values but the nanoId");
  return text;
}
async function prepareOn(db: Executor): Promise<void> {
  const text = pageStampStatementText();
  try {
    await db.execute(sql.raw(`prepare offerly_page_stamp_row(text) as ${text}`));
  } catch (error) {
    // Prepared before in this session (another cache or module instance over the same database).
    if (!errorMessages(error).includes("already exists")) throw error;
  }
}

/** Content codings a cached page is stored in besides identity, in order of preference (decision 068). */
type Entry = StoredPage & { stamp: string };

export type PageCacheStats = {
  hits: number;
  misses: number;
  bypasses: number;
  stores: number;
  evictions: number;
  entries: number;
  bytes: number;
  /** Hits whose view statement was skipped: the same view was recorded less than 30 minutes ago. */
  viewsKnown: number;
};

export type PublicPageCacheOptions = {
  /** All entries together (UTF-8 bytes of the bodies); least recently used go first. Default 32 MB; 0 disables the cache. */
  maxBytes?: number;
  /** A page larger than this is not stored. Default 2 MB. */
  maxEntryBytes?: number;
  /** The clock (tests). */
  now?: () => Date;
  /** The monotonic clock in ms that times the known views (tests). Default: performance.now. */
  monotonic?: () => number;
  /**
   * On PGlite, keep the stamp rows in memory, dropped by the database's notifications (decision
   * 076). Default true; no effect on PostgreSQL, whose check stays one statement per request.
   */
  keptStamps?: boolean;
};

/** What decides whether a request may take a cached page, and records its view. */
export type PageLookup = {
  /** The request's path (no query string: a request with one never uses the cache). */
  pathname: string;
  locale: Locale;
  /** The custom domain the page is served on (decision 060): its links differ, so it is cached apart. */
  customDomain?: string;
  evidence: Evidence;
  /** The request's Accept-Encoding: which stored coding it gets. */
  acceptEncoding?: string | null;
  /**
   * Where this request reads (decision 036): the stamp query goes to the read replica like the
   * page's own read model, and an answer other than "available" is confirmed on the primary.
   * Default: the cache's database.
   */
  readDb?: ReadDb;
};

export type PageRequest = Omit<PageLookup, "pathname"> & {
  request: Request;
  /** This response's CSP nonce (the render's script tags carry it; a stored page drops it). */
  nonce: string;
  /** The request carries a signed-in user: the page may differ (preview banner), never cached. */
  signedIn: boolean;
  /** The stamp already read for this request by the node:http path (undefined: not read yet). */
  stamp?: PageStamp | null;
  /** Renders the page (React Router): called on a miss and whenever the cache stands aside. */
  render: () => Response | Promise<Response>;
};

/** The node:http path's lookup: a cached answer, or the stamp it read for the Hono path to reuse. */
export type PageHit = { answer: CachedAnswer } | { stamp: PageStamp | null };

export type PublicPageCache = ReturnType<typeof createPublicPageCache>;

export function createPublicPageCache(deps: { db: Executor; log: Logger }, options: PublicPageCacheOptions = {}) {
  const maxBytes = options.maxBytes ?? 32 * 1024 * 1024;
  const maxEntryBytes = Math.min(options.maxEntryBytes ?? 2 * 1024 * 1024, maxBytes);
  const now = options.now ?? (() => new Date());
  /** Insertion order is recency order: a hit moves its entry to the end; eviction takes the front. */
  const entries = new Map<string, Entry>();
  const monotonic = options.monotonic ?? (() => performance.now());
  const keptStamps = options.keptStamps ?? true;
  const counts = { hits: 0, misses: 0, bypasses: 0, stores: 0, evictions: 0, viewsKnown: 0 };
  let bytes = 0;
  /** Views known to be recorded (decision 065, `view-memo.ts`): a repeat view runs no statement. */
  const viewed = createViewMemo({ monotonic });

  async function recordHitView(current: PageStamp, evidence: Evidence): Promise<void> {
    try {
      const outcome = await viewed.record(
        deps.db,
        {
          quoteId: current.quoteId,
          accountId: current.accountId,
          viewerIsMember: false,
          version: current.version === null ? null : { number: current.version },
        },
        evidence,
      );
      if (outcome === "known") counts.viewsKnown++;
    } catch (error) {
      deps.log.warn({ err: error }, "could not record a quote view");
    }
  }

  function drop(key: string) {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    bytes -= entry.bytes;
  }

  function store(key: string, entry: Entry) {
    drop(key);
    if (entry.bytes > maxEntryBytes) return;
    entries.set(key, entry);
    bytes += entry.bytes;
    counts.stores++;
    for (const oldest of entries.keys()) {
      if (bytes <= maxBytes) break;
      drop(oldest);
      counts.evictions++;
    }
  }

  function nanoIdOf(pathname: string): string | null {
    if (maxBytes <= 0) return null;
    return PAGE_PATH.exec(pathname)?.[1] ?? null;
  }

  /** The public page's nanoId when this request may use the cache at all, else null. */
  function cacheableNanoId(page: PageRequest): string | null {
    if (page.signedIn || page.request.method !== "GET" || page.nonce.length < 16) return null;
    const url = new URL(page.request.url);
    if (url.search !== "") return null;
    return nanoIdOf(url.pathname);
  }

  const keyOf = (lookup: PageLookup) => `${lookup.locale} ${lookup.customDomain ?? ""} ${lookup.pathname}`;

  function stampFor(nanoId: string, readDb: ReadDb | undefined): Promise<PageStamp | null> {
    const stamp = (db: Executor) => pageStamp(db, nanoId, now(), { kept: keptStamps });
    return readDb ? readDb.run(stamp, { confirm: (answer) => answer?.availability !== "AVAILABLE" }) : stamp(deps.db);
  }

  /** The cached answer when the stamp matches (the hit counted, its view recorded), else null. */
  async function hitFor(key: string, current: PageStamp, lookup: PageLookup): Promise<CachedAnswer | null> {
    const cached = entries.get(key);
    if (!cached || cached.stamp !== current.stamp) return null;
    counts.hits++;
    entries.delete(key);
    entries.set(key, cached);
    await recordHitView(current, lookup.evidence);
    return answerFrom(cached, lookup.acceptEncoding);
  }

  /**
   * The node:http path (decision 068): a customer's GET without a query string, signed-in callers
   * already excluded by the caller. Null when the cache cannot take it at all; otherwise a hit's
   * answer, or the stamp it read (a miss, 404 or 410) for `serve` to reuse through Hono.
   */
  async function lookup(request: PageLookup): Promise<PageHit | null> {
    const nanoId = nanoIdOf(request.pathname);
    if (!nanoId) return null;
    const current = await stampFor(nanoId, request.readDb);
    if (current?.availability !== "AVAILABLE") return { stamp: current };
    const cached = await hitFor(keyOf(request), current, request);
    return cached ? { answer: cached } : { stamp: current };
  }

  async function serve(page: PageRequest): Promise<Response> {
    const nanoId = cacheableNanoId(page);
    const pathname = new URL(page.request.url).pathname;
    if (!nanoId) {
      if (PAGE_PATH.test(pathname)) counts.bypasses++;
      return page.render();
    }
    const lookup: PageLookup = { ...page, pathname };
    const key = keyOf(lookup);
    const current = page.stamp !== undefined ? page.stamp : await stampFor(nanoId, page.readDb);
    if (current?.availability !== "AVAILABLE") {
      // 404 and 410 are rendered every time, never served from what the link showed before.
      drop(key);
      counts.bypasses++;
      return page.render();
    }
    const cached = await hitFor(key, current, lookup);
    if (cached) return respond(cached);
    counts.misses++;
    const response = await page.render();
    if (!storable(response)) return response;
    // The stored form: the same bytes for every request, so no nonce (its scripts are allowed by
    // their hashes, decision 068); a page that names the nonce anywhere else is not stored.
    // As the page route and the compress middleware answer a rendered public page.
    const stored = await storePage(response, { nonce: page.nonce, cacheControl: "private, no-store", vary: "Cookie, Accept-Language" });
    if ("rendered" in stored) return stored.rendered;
    const entry: Entry = { ...stored, stamp: current.stamp };
    store(key, entry);
    return respond(answerFrom(entry, page.acceptEncoding));
  }

  return {
    serve,
    lookup,
    /** Whether a path is the public page (both languages). */
    isPagePath: (pathname: string) => PAGE_PATH.test(pathname),
    stats: (): PageCacheStats => ({ ...counts, entries: entries.size, bytes }),
    clear: () => {
      entries.clear();
      bytes = 0;
      viewed.clear();
    },
  };
}
