import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, openDatabase } from "../../src/server/db/client";
import { type ReadReplica, openReadReplica } from "../../src/server/db/replica";
import { readPublicQuote } from "../../src/server/modules/public-quote/public-quote.read";
import { loadPublicQuote } from "../../src/server/modules/public-quote/public-quote.service";
import { outboxFiles, readMail, signInToken } from "../support/mail";
import { type ReplicatedClusters, startReplicatedClusters } from "../support/replica-cluster";
import { type RunningServer, startServer } from "../support/server";

/**
 * DATABASE_READ_URL against a real streaming replica (decision 036): a throw-away PostgreSQL 15
 * primary and a replica made with pg_basebackup -R (tests/support/replica-cluster.ts), and the
 * production server on them. Statistics and public quote reads reach the replica; a replica whose
 * replay is paused or that is stopped never makes a customer see "not available", and the app
 * keeps answering from the primary.
 */
let clusters: ReplicatedClusters;
let server: RunningServer;
let dataDir: string;
let auth: Record<string, string>;
const DB = "offerly";

async function call<T>(route: string, body: unknown, headers: Record<string, string> = {}) {
  const r = await fetch(`${server.url}${route}`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-graphql-csrf": "1", ...headers },
    body: JSON.stringify(body),
  });
  return { status: r.status, body: (await r.json().catch(() => ({}))) as { data?: T; errors?: { message: string }[]; token?: string } };
}
const gql = <T>(query: string, variables: Record<string, unknown> = {}, headers = auth) => call<T>("/graphql", { query, variables }, headers);

async function waitFor<T>(what: string, fn: () => Promise<T | undefined> | T | undefined, ms = 30_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await fn();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}\n${server.output().slice(-3000)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
/** How often the server logged a line with this message so far. */
const logged = (message: string) =>
  server
    .output()
    .split("\n")
    .filter((line) => line.includes(`"msg":"${message}`)).length;

let customerId: string;
async function publishedQuote(name: string) {
  const created = await gql<{ createQuote: { id: string } }>("mutation ($i: QuoteInput!) { createQuote(input: $i) { id } }", {
    i: { name, customerId, language: "ENG", currency: "EUR", quoteDateAt: "2026-03-01", quoteExpirationAt: "2099-03-31", signable: true },
  });
  const id = created.body.data!.createQuote.id;
  const published = await gql<{ publishQuote: { id: string; nanoId: string; url: string } }>(
    "mutation ($id: ID!) { publishQuote(id: $id) { id nanoId url } }",
    { id },
  );
  expect(published.body.errors).toBeUndefined();
  return published.body.data!.publishQuote;
}
const openPage = async (url: string) => {
  const r = await fetch(url, { headers: { accept: "text/html" } });
  return { status: r.status, html: await r.text() };
};
const publicQuote = (nanoId: string) =>
  gql<{ publicQuote: { status: string; quote: { name: string } | null } }>(
    "query ($n: String!) { publicQuote(nanoId: $n) { status quote { name } } }",
    { n: nanoId },
    {},
  );
/** The last statement of each of the app's replica connections. */
const replicaQueries = async () =>
  (await clusters.onReplica<{ query: string }>("select query from pg_stat_activity where application_name = 'offerly-read'")).map((r) => r.query);
/** A statement of the public quote read model (its last queries: blocks, signatures). */
const QUOTE_READ = /from "quotes"|"quote_blocks"|"quote_signatures"/;
const OVERVIEW = "query ($f: String!, $t: String!) { quoteStatisticsOverview(from: $f, to: $t) { totalQuoteViews entries { date quoteViews } } }";
const today = () => new Date().toISOString().slice(0, 10);

beforeAll(async () => {
  clusters = await startReplicatedClusters();
  await clusters.onPrimary(`create database ${DB}`);
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "offerly-replica-app-"));
  server = await startServer({ DATA_DIR: dataDir, DATABASE_URL: clusters.primaryUrl(DB), DATABASE_READ_URL: clusters.replicaUrl(DB), LOG_LEVEL: "info" });
  const email = `replica-${Date.now()}@example.test`;
  expect((await call("/api/auth/email-link", { email, signUp: { name: "Rita", companyName: "Replica BV" } })).status).toBe(202);
  const mail = outboxFiles(dataDir)
    .map(readMail)
    .find((m) => m.to.includes(email))!;
  const token = (await call("/api/auth/email-link/verify", { email, token: signInToken(mail), returnToken: true })).body.token!;
  const accounts = await call<{ accounts: { items: { id: string }[] } }>(
    "/graphql",
    { query: "{ accounts { items { id } } }" },
    { authorization: `Bearer ${token}` },
  );
  auth = { authorization: `Bearer ${token}`, account: accounts.body.data!.accounts.items[0].id };
  customerId = (await gql<{ createCustomer: { id: string } }>("mutation ($i: CustomerInput!) { createCustomer(input: $i) { id } }", { i: { name: "Acme" } }))
    .body.data!.createCustomer.id;
}, 180_000);

afterAll(async () => {
  await server?.stop();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  clusters?.close();
}, 120_000);

describe("a read replica (DATABASE_READ_URL) on a real streaming replica", () => {
  it("serves public quote pages and the statistics dashboard from the replica", async () => {
    await waitFor("the replica in use", () => logged("read replica in use") > 0);
    const quote = await publishedQuote("Replica read");
    await clusters.caughtUp();
    const page = await openPage(quote.url);
    expect(page.status).toBe(200);
    expect(page.html).toContain("Replica read");
    const queries = await replicaQueries();
    expect(
      queries.some((q) => QUOTE_READ.test(q)),
      queries.join("\n"),
    ).toBe(true);
    // The primary has no connection of the read pool.
    expect(await clusters.onPrimary("select 1 from pg_stat_activity where application_name like 'offerly-read%'")).toEqual([]);

    // A customer's view (written on the primary) shows on the dashboard read from the replica.
    const view = await call<{ createViewStatistic: { viewId: string | null } }>(
      "/graphql",
      { query: "mutation ($n: String!) { createViewStatistic(nanoId: $n) { viewId } }", variables: { n: quote.nanoId } },
      { "user-agent": "Mozilla/5.0 (X11; Linux x86_64) Chrome/120" },
    );
    expect(view.body.data?.createViewStatistic.viewId).toBeTruthy();
    await clusters.caughtUp();
    const overview = await gql<{ quoteStatisticsOverview: { totalQuoteViews: number } }>(OVERVIEW, { f: today(), t: today() });
    expect(overview.body.errors).toBeUndefined();
    expect(overview.body.data!.quoteStatisticsOverview.totalQuoteViews).toBe(1);
    const one = await gql<{ quoteStatistics: { views: number } }>("query ($id: ID!) { quoteStatistics(quoteId: $id) { views } }", { id: quote.id });
    expect(one.body.data!.quoteStatistics.views).toBe(1);
    expect((await replicaQueries()).some((q) => /quote_daily_stats|quote_views/.test(q))).toBe(true);
  });

  it("shows a quote published while the replica's replay is paused (not 'not available'), and notices the lag", async () => {
    const lagged = logged("read replica lagging behind the primary");
    const inUse = logged("read replica in use");
    await clusters.onReplica("select pg_wal_replay_pause()", DB);
    try {
      const quote = await publishedQuote("Published during the pause");
      // At once: the replica (perhaps not yet known to lag) says "not available"; the primary is asked.
      const [page, api] = await Promise.all([openPage(quote.url), publicQuote(quote.nanoId)]);
      expect(page.status).toBe(200);
      expect(page.html).toContain("Published during the pause");
      expect(api.body.data?.publicQuote).toEqual({ status: "AVAILABLE", quote: { name: "Published during the pause" } });
      // Within a few checks the server stops reading the replica…
      await waitFor("the lag to be noticed", () => logged("read replica lagging behind the primary") > lagged, 10_000);
      const again = await openPage(quote.url);
      expect(again.status).toBe(200);
      expect(again.html).toContain("Published during the pause");
      const overview = await gql<{ quoteStatisticsOverview: { totalQuoteViews: number } }>(OVERVIEW, { f: today(), t: today() });
      expect(overview.body.data!.quoteStatisticsOverview.totalQuoteViews).toBe(1);
    } finally {
      await clusters.onReplica("select pg_wal_replay_resume()", DB);
    }
    // …and uses it again once it has caught up.
    await waitFor("the replica back in use", () => logged("read replica in use") > inUse, 15_000);
  });

  it("keeps serving from the primary while the replica is stopped, without waiting for it", async () => {
    const quote = await publishedQuote("Replica stopped");
    const down = logged("read replica unreachable");
    const inUse = logged("read replica in use");
    clusters.stopReplica();
    try {
      const times: number[] = [];
      for (let i = 0; i < 20; i++) {
        const started = performance.now();
        const page = await openPage(quote.url);
        times.push(performance.now() - started);
        expect(page.status).toBe(200);
        expect(page.html).toContain("Replica stopped");
      }
      const overview = await gql<{ quoteStatisticsOverview: { totalQuoteViews: number } }>(OVERVIEW, { f: today(), t: today() });
      expect(overview.body.errors).toBeUndefined();
      expect(overview.body.data!.quoteStatisticsOverview.totalQuoteViews).toBe(1);
      expect(logged("read replica unreachable")).toBeGreaterThan(down);
      // The breaker is open: once the first request has failed over, the dead replica adds no delay.
      const sorted = [...times].sort((a, b) => a - b);
      console.log(`replica stopped: 20 page loads, median ${sorted[10].toFixed(0)} ms, slowest ${sorted[19].toFixed(0)} ms`);
      expect(sorted[18]).toBeLessThan(1000);
    } finally {
      clusters.startReplica();
    }
    await waitFor("the replica back in use", () => logged("read replica in use") > inUse, 15_000);
    await clusters.caughtUp();
    expect((await openPage(quote.url)).status).toBe(200);
    await waitFor("a read on the restarted replica", async () => (await replicaQueries()).some((q) => QUOTE_READ.test(q)), 10_000);
  });
});

describe("the replica read path in-process (no timer between the steps)", () => {
  let primary: DatabaseHandle;
  let onReplica: DatabaseHandle | undefined;
  let replica: ReadReplica;
  beforeAll(async () => {
    primary = await openDatabase({ kind: "postgres", url: clusters.primaryUrl(DB), poolSize: 2 });
    onReplica = await openDatabase({ kind: "postgres", url: clusters.replicaUrl(DB), poolSize: 2 });
    await clusters.caughtUp();
    // No periodic check during the test: only the first one at open, and what the reads see.
    replica = await openReadReplica({ url: clusters.replicaUrl(DB), primary: primary.db, poolSize: 2, checkEveryMs: 3_600_000 });
  });
  afterAll(async () => {
    await replica?.close();
    await onReplica?.close();
    await primary?.close();
  });

  it("confirms on the primary what the replica calls not available, and fails over at once when it stops", async () => {
    expect(replica.state()).toBe("up");
    await clusters.onReplica("select pg_wal_replay_pause()", DB);
    try {
      const quote = await publishedQuote("Confirmed on the primary");
      // The replica really is behind: it does not know the quote.
      expect((await loadPublicQuote(onReplica!.db, quote.nanoId)).availability).toBe("NOT_AVAILABLE");
      const before = replica.counts();
      const result = await readPublicQuote(replica.readDb, quote.nanoId);
      expect(result.availability).toBe("AVAILABLE");
      expect(result.view?.name).toBe("Confirmed on the primary");
      expect(replica.counts().confirmed).toBe(before.confirmed + 1);
      // A quote the replica has: answered there.
      const [{ nano_id: older }] = await clusters.onReplica<{ nano_id: string }>("select nano_id from quotes where status = 'PUBLISHED' limit 1", DB);
      expect((await readPublicQuote(replica.readDb, older)).availability).toBe("AVAILABLE");
      expect(replica.counts().replica).toBe(before.replica + 1);
    } finally {
      await clusters.onReplica("select pg_wal_replay_resume()", DB);
    }

    await onReplica?.close();
    onReplica = undefined;
    clusters.stopReplica();
    try {
      const [{ nano_id: nanoId }] = await clusters.onPrimary<{ nano_id: string }>("select nano_id from quotes where status = 'PUBLISHED' limit 1", DB);
      const before = replica.counts();
      expect((await readPublicQuote(replica.readDb, nanoId)).availability).toBe("AVAILABLE");
      expect(replica.state()).toBe("down");
      expect(replica.counts().failedOver).toBe(before.failedOver + 1);
      const started = performance.now();
      for (let i = 0; i < 10; i++) expect((await readPublicQuote(replica.readDb, nanoId)).availability).toBe("AVAILABLE");
      expect(replica.counts().failedOver).toBe(before.failedOver + 1); // not tried again: straight to the primary
      console.log(`replica down (breaker open): 10 reads on the primary in ${(performance.now() - started).toFixed(0)} ms`);
      expect(await replica.check()).toBe("down");
    } finally {
      clusters.startReplica();
    }
    await clusters.caughtUp();
    expect(await replica.check()).toBe("up");
  });
});
