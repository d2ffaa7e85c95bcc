import { PGlite } from "@electric-sql/pglite";
import { type SQL, and, eq, isNull, sql } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import type { Locale } from "../../../shared/locales";
import { effectivePlan, showsWatermark } from "../../../shared/plans";
import { type PublicAvailability, type QuoteStatus, publicAvailability, todayIso } from "../../../shared/quote-status";
import { type Database, type Executor, preparedStatement, queryRows } from "../../db/client";
import { errorMessages } from "../../db/ids";
import type { ReadDb } from "../../db/replica";
import {
  accounts,
  quoteConversationEntries,
  quotePayments,
  quoteSignatures,
  quoteSubscriptions,
  quoteVersions,
  quotes,
  docusignEnvelopes,
} from "../../db/schema";
import type { Logger } from "../../logger";
import { entitlementRefusal } from "../billing/entitlements";
import { type Evidence, recordView } from "./signing.service";

/**
 * The rendered public quote page, cached in this process and validated on EVERY request
 * (decision 033). A published quote's content never changes (the database refuses it), but what
 * its page shows does: signatures, a decline, the sender's styling, plan and trial (signing allowed,
 * watermark), expiry, withdrawal and republishing. So each request first runs ONE cheap query,
 * `pageStamp`, that yields a stamp of everything the page shows; the cached HTML is served only
 * when its stamp is the request's stamp. Nothing is ever invalidated by a message: several app
 * servers each keep their own cache and each stays right, because the database decides.
 *
 * - Only customers' views are stored or served: a request from a signed-in user (the sender's
 *   preview, with its banner, or anyone else with a session) is always rendered.
 * - Only a 200 page is stored; when the stamp says expired (410) or not available (404) the entry is
 *   dropped and the page rendered, so those answers never come from a stale entry.
 * - The CSP nonce stays per response: the body is stored cut at `nonce="…"` and joined with the
 *   response's own nonce.
 * - A request with a query string (e.g. `?conversation=questionSent`, the forms' status message)
 *   is rendered, not stored.
 * - A hit still records the customer's view (`recordView`, as the page's loader does), so the
 *   audit trail is the same whether or not the page came from the cache. The statement answers
 *   how long its VIEWED row keeps later views of that address, browser and version out (≤ 30
 *   minutes, rows are never removed); until then a hit with the same evidence skips the statement,
 *   which would write nothing (decision 065): a reload costs the stamp query only.
 *
 * When the read model (`loadPublicQuote`) starts showing something new, add it to `pageStamp`.
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
 * query, by the unique nanoId index; the subqueries by the quote's indexes). Computed at request
 * time from `now`: expiry (today), signing allowed and watermark (plan, trial, subscription end).
 * Null for an unknown link.
 */
export async function pageStamp(db: Executor, nanoId: string, now: Date = new Date()): Promise<PageStamp | null> {
  const row = await stampRow(db, nanoId);
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
 */
const stampQuery = (nanoId: SQL) => sql`
  select
    ${quotes.id} as "quoteId", ${quotes.accountId} as "accountId", ${quotes.status} as "status", ${quotes.slug} as "slug",
    ${quotes.language} as "language", ${quotes.signable} as "signable", ${quotes.expirationDate} as "expirationDate",
    ${quotes.updatedAt} as "updatedAt", ${quotes.publishedAt} as "publishedAt", ${quotes.signedAt} as "signedAt",
    ${accounts.name} as "accountName", ${accounts.updatedAt} as "accountUpdatedAt", ${accounts.logoFileKey} as "logoFileKey",
    -- The logo's box in the markup (set with the key; here too so a backfill shows at once).
    ${accounts.logoWidth} as "logoWidth", ${accounts.logoHeight} as "logoHeight",
    ${accounts.linkColor} as "linkColor", ${accounts.textColor} as "textColor", ${accounts.textFont} as "textFont",
    ${accounts.quoteStreetAndNumber} as "quoteStreetAndNumber", ${accounts.quotePostalCode} as "quotePostalCode", ${accounts.quoteCity} as "quoteCity",
    ${accounts.subscriptionPlan} as "subscriptionPlan", ${accounts.subscriptionInterval} as "subscriptionInterval",
    (extract(epoch from ${accounts.expiredAt}) * 1000)::float8 as "expiredAt",
    -- Signatures are only ever added (the database refuses changes): their number and the newest.
    (select count(*) || '/' || coalesce(max(${quoteSignatures.createdAt})::text, '') from ${quoteSignatures} where ${quoteSignatures.quoteId} = ${quotes.id}) as "signatures",
    -- The customer's payment (decision 058): attempts are added and their status changes.
    (select count(*) || '/' || coalesce(max(${quotePayments.updatedAt})::text, '') from ${quotePayments} where ${quotePayments.quoteId} = ${quotes.id}) as "payments",
    -- The subscriptions the payment started (decision 061): created, charged, canceled.
    (select count(*) || '/' || coalesce(max(${quoteSubscriptions.updatedAt})::text, '') from ${quoteSubscriptions} where ${quoteSubscriptions.quoteId} = ${quotes.id}) as "subscriptions",
    -- DocuSign (decision 059): an envelope sent, completed, declined or voided changes what the page says.
    (select count(*) || '/' || coalesce(max(${docusignEnvelopes.updatedAt})::text, '') from ${docusignEnvelopes} where ${docusignEnvelopes.quoteId} = ${quotes.id}) as "docusign",
    -- The current version (decision 032): what the page shows, and what a VIEWED row names.
    (select max(${quoteVersions.number}) from ${quoteVersions} where ${quoteVersions.quoteId} = ${quotes.id}) as "version",
    -- The active decline (at most one: a unique index); publishing again clears it.
    (select ${quoteConversationEntries.id}::text from ${quoteConversationEntries} where ${and(
      eq(quoteConversationEntries.quoteId, quotes.id),
      sql`${quoteConversationEntries.kind} = 'DECLINE'`,
      isNull(quoteConversationEntries.clearedAt),
    )} limit 1) as "decline"
  from ${quotes} inner join ${accounts} on ${accounts.id} = ${quotes.accountId}
  where ${quotes.nanoId} = ${nanoId}
  limit 1`;

const stampStatement = preparedStatement<StampRow, { nanoId: string }>("offerly_page_stamp", () => stampQuery(sql`${sql.placeholder("nanoId")}`));
const NANO_ID = /^[A-Za-z0-9_-]{1,64}$/;
/** PGlite sessions and their PREPARE (once each; a failed one is tried again on the next request). */
const preparedOn = new WeakMap<object, Promise<void>>();

async function stampRow(db: Executor, nanoId: string): Promise<StampRow | undefined> {
  if (!NANO_ID.test(nanoId)) return undefined;
  const client = (db as unknown as { $client?: unknown }).$client;
  if (!(client instanceof PGlite)) {
    if (!("$client" in (db as object))) return (await queryRows<StampRow>(db, stampQuery(sql`${nanoId}`)))[0];
    return (await stampStatement(db as Database, { nanoId }))[0];
  }
  // The nanoId is checked above ([A-Za-z0-9_-]): a safe literal for EXECUTE, which takes no bound parameters.
  const execute = () => queryRows<StampRow>(db, sql.raw(`execute offerly_page_stamp('${nanoId}')`));
  let prepared = preparedOn.get(client);
  if (!prepared) {
    prepared = prepareOn(db);
    preparedOn.set(client, prepared);
    prepared.catch(() => preparedOn.delete(client));
  }
  await prepared;
  return (await execute())[0];
}

const rawDialect = new PgDialect();
async function prepareOn(db: Executor): Promise<void> {
  // No bound values but the nanoId ($1): PREPARE's text carries its constants literally.
  const { sql: text, params } = rawDialect.sqlToQuery(stampQuery(sql.raw("$1")));
  if (params.length > 0) throw new Error("the page stamp's statement must have no bound values but the nanoId");
  try {
    await db.execute(sql.raw(`prepare offerly_page_stamp(text) as ${text}`));
  } catch (error) {
    // Prepared before in this session (another cache or module instance over the same database).
    if (!errorMessages(error).includes("already exists")) throw error;
  }
}

type Entry = { stamp: string; status: number; headers: [string, string][]; parts: string[]; bytes: number };

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
};

export type PageRequest = {
  request: Request;
  locale: Locale;
  /** This response's CSP nonce (the security headers carry the same one). */
  nonce: string;
  /** The request carries a signed-in user: the page may differ (preview banner), never cached. */
  signedIn: boolean;
  evidence: Evidence;
  /** The custom domain the page is served on (decision 060): its links differ, so it is cached apart. */
  customDomain?: string;
  /**
   * Where this request reads (decision 036): the stamp query goes to the read replica like the
   * page's own read model, and an answer other than "available" is confirmed on the primary.
   * Default: the cache's database.
   */
  readDb?: ReadDb;
  /** Renders the page (React Router): called on a miss and whenever the cache stands aside. */
  render: () => Response | Promise<Response>;
};

export type PublicPageCache = ReturnType<typeof createPublicPageCache>;

const NONCE_ATTRIBUTE = (nonce: string) => `nonce="${nonce}"`;

export function createPublicPageCache(deps: { db: Executor; log: Logger }, options: PublicPageCacheOptions = {}) {
  const maxBytes = options.maxBytes ?? 32 * 1024 * 1024;
  const maxEntryBytes = Math.min(options.maxEntryBytes ?? 2 * 1024 * 1024, maxBytes);
  const now = options.now ?? (() => new Date());
  /** Insertion order is recency order: a hit moves its entry to the end; eviction takes the front. */
  const entries = new Map<string, Entry>();
  const monotonic = options.monotonic ?? (() => performance.now());
  const counts = { hits: 0, misses: 0, bypasses: 0, stores: 0, evictions: 0, viewsKnown: 0 };
  let bytes = 0;
  /**
   * Views known to be recorded: key → monotonic ms until which the statement would write nothing
   * (its answer less a second). Oldest first; bounded so a flood of addresses cannot grow it.
   */
  const viewed = new Map<string, number>();
  const maxViewed = 10_000;

  async function recordHitView(current: PageStamp, evidence: Evidence): Promise<void> {
    const key = JSON.stringify([current.quoteId, current.version, evidence.ip?.slice(0, 100) ?? null, evidence.userAgent?.slice(0, 500) ?? null]);
    const until = viewed.get(key);
    if (until !== undefined && monotonic() < until) {
      counts.viewsKnown++;
      return;
    }
    viewed.delete(key);
    try {
      const validMs = await recordView(
        deps.db,
        {
          quoteId: current.quoteId,
          accountId: current.accountId,
          viewerIsMember: false,
          version: current.version === null ? null : { number: current.version },
        },
        evidence,
      );
      if (validMs <= 1_000) return;
      viewed.set(key, monotonic() + validMs - 1_000);
      for (const oldest of viewed.keys()) {
        if (viewed.size <= maxViewed) break;
        viewed.delete(oldest);
      }
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

  function respond(entry: Entry, nonce: string): Response {
    return new Response(entry.parts.join(NONCE_ATTRIBUTE(nonce)), { status: entry.status, headers: entry.headers });
  }

  /** The public page's nanoId when this request may use the cache at all, else null. */
  function cacheableNanoId(page: PageRequest): string | null {
    if (maxBytes <= 0 || page.signedIn || page.request.method !== "GET" || page.nonce.length < 16) return null;
    const url = new URL(page.request.url);
    if (url.search !== "") return null;
    return PAGE_PATH.exec(url.pathname)?.[1] ?? null;
  }

  async function serve(page: PageRequest): Promise<Response> {
    const nanoId = cacheableNanoId(page);
    if (!nanoId) {
      if (PAGE_PATH.test(new URL(page.request.url).pathname)) counts.bypasses++;
      return page.render();
    }
    const key = `${page.locale} ${page.customDomain ?? ""} ${new URL(page.request.url).pathname}`;
    const stamp = (db: Executor) => pageStamp(db, nanoId, now());
    const current = page.readDb ? await page.readDb.run(stamp, { confirm: (answer) => answer?.availability !== "AVAILABLE" }) : await stamp(deps.db);
    if (current?.availability !== "AVAILABLE") {
      // 404 and 410 are rendered every time, never served from what the link showed before.
      drop(key);
      counts.bypasses++;
      return page.render();
    }
    const cached = entries.get(key);
    if (cached && cached.stamp === current.stamp) {
      counts.hits++;
      entries.delete(key);
      entries.set(key, cached);
      await recordHitView(current, page.evidence);
      return respond(cached, page.nonce);
    }
    counts.misses++;
    const response = await page.render();
    if (response.status !== 200 || !response.headers.get("content-type")?.startsWith("text/html") || response.headers.has("set-cookie") || !response.body) {
      return response;
    }
    const body = await response.text();
    const headers = [...response.headers.entries()].filter(([name]) => name !== "content-length");
    const entry: Entry = { stamp: current.stamp, status: 200, headers, parts: body.split(NONCE_ATTRIBUTE(page.nonce)), bytes: Buffer.byteLength(body) };
    store(key, entry);
    return new Response(body, { status: 200, headers });
  }

  return {
    serve,
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
