import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../src/server/db/client";
import { enqueue, sendMailJob } from "../../src/server/jobs";
import { startBalancer } from "../support/balancer";
import { outboxFiles, readMail, signInToken } from "../support/mail";
import { type RunningServer, startServer } from "../support/server";

/**
 * Two production servers on one PostgreSQL behind a round-robin load balancer (loopback only): what
 * lives in the database is shared, whichever server answers. Needs TEST_DATABASE_URL; it makes and
 * drops its own database there.
 */
const adminUrl = process.env.TEST_DATABASE_URL;
if (!adminUrl) throw new Error("The hard tests need PostgreSQL: set TEST_DATABASE_URL (see README).");

const name = `offerly_t_hard_${crypto.randomBytes(4).toString("hex")}`;
const dbUrl = (() => {
  const u = new URL(adminUrl);
  u.pathname = `/${name}`;
  return u.toString();
})();
const admin = async <T>(fn: (c: pg.Client) => Promise<T>, url = adminUrl): Promise<T> => {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
};

let servers: RunningServer[] = [];
let lb: Awaited<ReturnType<typeof startBalancer>>;
const env = { DATABASE_URL: dbUrl, LOG_LEVEL: "info", JOBS_CONCURRENCY: "2" };

async function post(base: string, route: string, body: unknown, headers: Record<string, string> = {}) {
  return fetch(`${base}${route}`, { method: "POST", headers: { "content-type": "application/json", ...headers }, body: JSON.stringify(body) });
}
async function gql<T>(base: string, query: string, variables: Record<string, unknown>, token: string, account?: string) {
  const r = await post(base, "/graphql", { query, variables }, { "x-graphql-csrf": "1", authorization: `Bearer ${token}`, ...(account ? { account } : {}) });
  return { status: r.status, body: (await r.json()) as { data?: T; errors?: { message: string }[] } };
}
/** The newest sign-in e-mail to an address, in whichever server's outbox it landed. */
function mailTo(email: string) {
  const mails = servers.flatMap((s) => outboxFiles(s.dataDir).map(readMail)).filter((m) => m.to.includes(email));
  return mails[mails.length - 1];
}
async function waitFor<T>(what: string, fn: () => Promise<T | undefined> | T | undefined, ms = 30_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await fn();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
let writer_: { token: string; account: string } | undefined;
let linkRequests = 0; // from this test's address, counted by the per-address limit
async function signIn(email: string, via: { request: string; verify: string }) {
  linkRequests++;
  expect((await post(via.request, "/api/auth/email-link", { email })).status).toBe(202);
  const mail = await waitFor(`the e-mail to ${email}`, () => mailTo(email));
  const verified = await post(via.verify, "/api/auth/email-link/verify", { email, token: signInToken(mail), returnToken: true });
  expect(verified.status).toBe(200);
  return ((await verified.json()) as { token: string }).token;
}

beforeAll(async () => {
  await admin((c) => c.query(`create database ${name}`));
  // Both at once on an empty database: the migrations must run exactly once.
  servers = await Promise.all([startServer(env), startServer(env)]);
  lb = await startBalancer(servers.map((s) => s.url));
}, 180_000);

afterAll(async () => {
  await lb?.close();
  await Promise.all(servers.map((s) => s.stop().catch(() => null)));
  await admin((c) => c.query(`drop database if exists ${name} with (force)`));
}, 60_000);

describe("two app servers on one PostgreSQL", () => {
  it("apply the migrations once when they start together", async () => {
    const journal = JSON.parse(fs.readFileSync(path.resolve("src/server/db/migrations/meta/_journal.json"), "utf8")) as { entries: unknown[] };
    const applied = await admin((c) => c.query("select count(*)::int as n from drizzle.__drizzle_migrations"), dbUrl);
    expect(applied.rows[0].n).toBe(journal.entries.length);
    for (const s of servers) expect(s.output()).not.toMatch(/could not open the database|"level":(50|60)/);
  });

  it("share sign-in links and sessions: a link asked for on one works on the other, and the session on both", async () => {
    const email = `multi-${Date.now()}@example.test`;
    const token = await signIn(email, { request: servers[0].url, verify: servers[1].url });
    for (const base of [servers[0].url, servers[1].url, lb.url, lb.url]) {
      const me = await gql<{ me: { email: string } }>(base, "{ me { email } }", {}, token);
      expect(me.body.data?.me.email).toBe(email);
    }
    // Signed out on one: refused on the other.
    expect((await post(servers[0].url, "/api/auth/sign-out", {}, { authorization: `Bearer ${token}` })).ok).toBe(true);
    const after = await gql<{ me: null }>(servers[1].url, "{ me { email } }", {}, token);
    expect(after.body.data?.me).toBeNull();
  });

  it("run every background job exactly once", async () => {
    const handle = await openDatabase({ kind: "postgres", url: dbUrl, poolSize: 4 });
    try {
      const stamp = Date.now();
      const addresses = Array.from({ length: 40 }, (_, i) => `job-${stamp}-${i}@example.test`);
      for (const to of addresses) await enqueue(handle.db, sendMailJob, { to, subject: "Exactly once", text: "x", html: "<p>x</p>" });
      await waitFor("every job to complete", async () => {
        const r = await admin(
          (c) => c.query("select count(*)::int as n from jobs where status <> 'completed' and payload->>'to' like $1", [`job-${stamp}-%`]),
          dbUrl,
        );
        return r.rows[0].n === 0 ? true : undefined;
      });
      const sent = servers.flatMap((s) => outboxFiles(s.dataDir).map(readMail)).filter((m) => m.to.includes(`job-${stamp}-`));
      expect(sent).toHaveLength(40);
      expect(new Set(sent.map((m) => m.to)).size).toBe(40);
      // Both servers' workers took part (the claim is shared, not the work of one).
      const byServer = servers.map(
        (s) =>
          outboxFiles(s.dataDir)
            .map(readMail)
            .filter((m) => m.to.includes(`job-${stamp}-`)).length,
      );
      expect(byServer.every((n) => n > 0)).toBe(true);
    } finally {
      await handle.close();
    }
  });

  it("lose no acknowledged write when a server is killed mid-request", async () => {
    const email = `writer-${Date.now()}@example.test`;
    const token = await signIn(email, { request: lb.url, verify: lb.url });
    const signUp = await gql<{ signUp: { id: string } }>(
      lb.url,
      "mutation ($i: SignUpInput!) { signUp(input: $i) { id } }",
      { i: { name: "Writer", companyName: "Writes BV" } },
      token,
    );
    const account = signUp.body.data?.signUp.id;
    expect(account).toBeTruthy();
    writer_ = { token, account: account! };

    const acknowledged: string[] = [];
    let failures = 0;
    let stop = false;
    const writer = async (w: number) => {
      for (let i = 0; !stop; i++) {
        try {
          const r = await gql<{ createCustomer: { id: string } }>(
            lb.url,
            "mutation ($i: CustomerInput!) { createCustomer(input: $i) { id } }",
            { i: { name: `C ${w}-${i}` } },
            token,
            account,
          );
          const id = r.body.data?.createCustomer.id;
          if (r.status === 200 && id) acknowledged.push(id);
          else failures++;
        } catch {
          failures++;
        }
      }
    };
    const writers = Array.from({ length: 6 }, (_, w) => writer(w));
    await new Promise((r) => setTimeout(r, 1500));
    const killed = servers[0];
    await killed.kill("SIGKILL");
    await new Promise((r) => setTimeout(r, 1500));
    stop = true;
    await Promise.all(writers);
    expect(acknowledged.length).toBeGreaterThan(10);
    const found = await admin((c) => c.query("select id from customers where id = any($1::uuid[])", [acknowledged]), dbUrl);
    expect(found.rows.length).toBe(acknowledged.length);
    // Restarted on the same port and folder, it is back in the balancer's rotation.
    servers[0] = await startServer({ ...env, DATA_DIR: killed.dataDir }, { port: Number(new URL(killed.url).port) });
    expect((await fetch(`${servers[0].url}/healthz`)).status).toBe(200);
    console.log(`kill -9 under writes: ${acknowledged.length} acknowledged, all present; ${failures} requests failed (in flight on the killed server)`);
  });

  it("finish the requests in flight and exit 0 on SIGTERM", async () => {
    const { token, account } = writer_!;
    const server = servers[1];
    const create = (i: number) =>
      gql<{ createCustomer: { id: string } }>(
        server.url,
        "mutation ($i: CustomerInput!) { createCustomer(input: $i) { id } }",
        { i: { name: `Term ${i}` } },
        token,
        account,
      ).then(
        (r) => ({
          ok: r.status === 200 && Boolean(r.body.data?.createCustomer.id),
          id: r.body.data?.createCustomer.id,
          error: undefined as string | undefined,
        }),
        (error: Error & { cause?: { code?: string } }) => ({ ok: false, id: undefined, error: error.cause?.code ?? error.message }),
      );
    const inFlight = Array.from({ length: 16 }, (_, i) => create(i));
    await new Promise((r) => setTimeout(r, 40));
    const exit = server.kill("SIGTERM");
    const results = await Promise.all(inFlight);
    expect(await exit, server.output().slice(-4000)).toBe(0);
    const answered = results.filter((r) => r.ok);
    expect(answered.length).toBeGreaterThan(0);
    // A request either was answered, or never got in: refused once the server stopped listening, or
    // sent on an idle keep-alive connection the server closed at that moment (the client's to retry).
    // None was cut off after the server took it: every customer written was answered.
    for (const r of results) if (!r.ok) expect(["ECONNREFUSED", "ECONNRESET", "UND_ERR_SOCKET"]).toContain(r.error);
    const written = await admin((c) => c.query("select id from customers where account_id = $1 and name like 'Term %'", [account]), dbUrl);
    expect(written.rows.map((row) => row.id).sort()).toEqual(answered.map((r) => r.id).sort());
    expect(server.output()).toContain("stopped");
    servers[1] = await startServer({ ...env, DATA_DIR: server.dataDir }, { port: Number(new URL(server.url).port) });
  });

  it("share rate limits: the per-address limit counts requests to both servers", async () => {
    // 30 link requests per client address per window (EMAIL_LINK_LIMITS.perIp); some were used above.
    const hitsBefore = [...lb.hits];
    const statuses: number[] = [];
    for (let i = 0; i < 32; i++) statuses.push((await post(lb.url, "/api/auth/email-link", { email: `limit-${i}-${Date.now()}@example.test` })).status);
    expect(lb.hits[0] - hitsBefore[0]).toBe(16);
    expect(lb.hits[1] - hitsBefore[1]).toBe(16);
    const allowed = 30 - linkRequests;
    expect(statuses.filter((s) => s === 202)).toHaveLength(allowed);
    expect(statuses.slice(allowed).every((s) => s === 429)).toBe(true);
  });
});
