/**
 * The public page's validity check alone (decision 072): the stamp statement before (the quote
 * joined to its account plus six correlated subqueries, decisions 065/068) against after (the
 * quote, its `quote_page_stamps` row kept by triggers, the account), both prepared once and run by
 * EXECUTE in turn on one connection of the same database: 5,000 published quotes of one account,
 * each with one version (child rows written with triggers off, stamp rows backfilled as the
 * migration does). Rounds of BENCH_STATEMENTS executions of each, taken in turn in slices of 100; medians
 * and the after/before ratio per round printed with the load average. Prints; does not assert.
 *
 *   npx tsx bench/page-stamp-statement.ts                         (PGlite)
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/page-stamp-statement.ts
 */
import os from "node:os";
import { type SQL, and, eq, isNull, sql } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { type DatabaseHandle, openDatabase } from "../src/server/db/client";
import {
  accounts,
  docusignEnvelopes,
  quoteConversationEntries,
  quotePayments,
  quoteSignatures,
  quoteSubscriptions,
  quoteVersions,
  quotes,
} from "../src/server/db/schema";
import { pageStamp, pageStampStatementText } from "../src/server/modules/public-quote/page-cache";
import { scratchDatabase } from "../tests/support/scratch-db";

/** The statement as main had it before decision 072 (page-cache.ts `stampQuery`, unchanged copy). */
const beforeQuery = (nanoId: SQL) => sql`
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

const url = process.env.BENCH_DATABASE_URL;
const rounds = Number(process.env.BENCH_ROUNDS ?? 7);
const perRound = Number(process.env.BENCH_STATEMENTS ?? 2000);

let drop: (() => Promise<void>) | undefined;
let handle: DatabaseHandle;
if (url) {
  const scratch = await scratchDatabase(url, "offerly_bench_stamp_");
  // One connection: the PREPAREd statements live in it.
  handle = await openDatabase({ kind: "postgres", url: scratch.url, poolSize: 1 });
  drop = scratch.drop;
} else {
  handle = await openDatabase({ kind: "pglite" });
}
try {
  await handle.migrate();
  const db = handle.db;
  const [account] = await db.insert(accounts).values({ name: "Bench BV" }).returning();
  const a = account.id;
  await db.transaction(async (tx) => {
    // Seed data only: the guards (published quotes are frozen, versions need a publish) are off.
    await tx.execute(sql`set local session_replication_role = replica`);
    await tx.execute(sql`insert into customers (account_id, name) select ${a}, 'Customer ' || g from generate_series(1, 100) g`);
    await tx.execute(sql`insert into quotes (account_id, customer_id, quote_number, name, slug, nano_id, language, currency, quote_date, expiration_date, status, published_at)
      select ${a}, (select id from customers where account_id = ${a} order by id offset (g % 100) limit 1), '2026-' || lpad(g::text, 5, '0'), 'Quote ' || g,
        'quote-' || g, md5(g::text) || 'xx', 'ENG', 'EUR', date '2026-01-01', date '2099-01-01', 'PUBLISHED', now()
      from generate_series(1, 5000) g`);
    await tx.execute(sql`insert into quote_versions (account_id, quote_id, number, document, document_hash, published_at)
      select account_id, id, 1, '{}'::jsonb, md5(id::text), now() from quotes where account_id = ${a}`);
    await tx.execute(sql`insert into quote_page_stamps (quote_id, version)
      select q.id, (select max(v.number) from quote_versions v where v.quote_id = q.id) from quotes q on conflict (quote_id) do nothing`);
  });
  await db.execute(sql`analyze`);
  const nanoIds = (await db.execute<{ nano_id: string }>(sql`select nano_id from quotes where account_id = ${a}`)) as unknown as
    | { rows: { nano_id: string }[] }
    | { nano_id: string }[];
  const ids = (Array.isArray(nanoIds) ? nanoIds : nanoIds.rows).map((row) => row.nano_id);
  const dialect = new PgDialect();
  const beforeText = dialect.sqlToQuery(beforeQuery(sql.raw("$1"))).sql;
  await db.execute(sql.raw(`prepare bench_stamp_before(text) as ${beforeText}`));
  await db.execute(sql.raw(`prepare bench_stamp_after(text) as ${pageStampStatementText()}`));

  // before, after: each statement through drizzle's execute, as main ran the stamp on PGlite;
  // check: the cache's own call (`pageStamp`: on PGlite by the client's simple protocol, on
  // PostgreSQL drizzle's named prepared statement), the statement after plus the stamp's JSON.
  let next = 0;
  /** Milliseconds for `count` checks of different quotes. */
  const run = async (name: "before" | "after" | "check", count: number) => {
    const t0 = performance.now();
    for (let i = 0; i < count; i++) {
      const nanoId = ids[next++ % ids.length];
      if (name === "check") await pageStamp(db, nanoId);
      else await db.execute(sql.raw(`execute bench_stamp_${name}('${nanoId}')`));
    }
    return performance.now() - t0;
  };
  for (const name of ["before", "after", "check"] as const) await run(name, perRound);
  const results = { before: [] as number[], after: [] as number[], check: [] as number[] };
  const ratios: number[] = [];
  const checkRatios: number[] = [];
  for (let round = 0; round < rounds; round++) {
    // The three in turn in slices of 100, so the machine's swings fall on each alike.
    const ms = { before: 0, after: 0, check: 0 };
    for (let slice = 0; slice < perRound / 100; slice++) for (const name of ["before", "after", "check"] as const) ms[name] += await run(name, 100);
    for (const name of ["before", "after", "check"] as const) results[name].push(Math.round((1000 * perRound) / ms[name]));
    ratios.push(results.after.at(-1)! / results.before.at(-1)!);
    checkRatios.push(results.check.at(-1)! / results.before.at(-1)!);
    console.log(
      `round ${round + 1}: before ${results.before.at(-1)}/s, after ${results.after.at(-1)}/s (${ratios.at(-1)!.toFixed(2)}×), pageStamp ${results.check.at(-1)}/s (${checkRatios.at(-1)!.toFixed(2)}×); load average ${os
        .loadavg()
        .map((x) => x.toFixed(1))
        .join(" / ")}`,
    );
  }
  const median = (list: number[]) => [...list].sort((x, y) => x - y)[Math.floor(list.length / 2)];
  console.log(
    `median, stamp statements per second on ${url ? "PostgreSQL (one connection)" : "PGlite"}: before ${median(results.before)}, after ${median(results.after)} (${median(ratios).toFixed(2)}×), pageStamp ${median(results.check)} (${median(checkRatios).toFixed(2)}×)`,
  );
} finally {
  await handle.close();
  await drop?.();
}
