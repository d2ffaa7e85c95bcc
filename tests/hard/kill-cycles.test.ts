import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { openDatabase, queryRows } from "../../src/server/db/client";
import { outboxFiles, readMail, signInToken } from "../support/mail";
import { scratchDatabase } from "../support/scratch-db";
import { startServer } from "../support/server";

/**
 * kill -9 under a write load, 20 times in a row, on PGlite and on PostgreSQL: every write the
 * server acknowledged (customers; invitations, whose e-mail is a job queued in the same
 * transaction; quotes marked signed, whose sealed PDF is a job queued in that transaction) is there
 * after the restarts, and every accepted job is in the queue.
 */
const CYCLES = Number(process.env.KILL_CYCLES ?? 20);
const adminUrl = process.env.TEST_DATABASE_URL;
if (!adminUrl) throw new Error("The hard tests need PostgreSQL: set TEST_DATABASE_URL (see README).");

async function call<T>(base: string, route: string, body: unknown, headers: Record<string, string> = {}) {
  const r = await fetch(`${base}${route}`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-graphql-csrf": "1", ...headers },
    body: JSON.stringify(body),
  });
  return { status: r.status, body: (await r.json().catch(() => ({}))) as { data?: T; errors?: unknown[]; token?: string } };
}

for (const kind of ["pglite", "postgres"] as const) {
  describe(`kill -9 under writes (${kind})`, () => {
    it(`keeps every acknowledged write and accepted job through ${CYCLES} kills`, async () => {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "offerly-kill-"));
      let env: Record<string, string> = { DATA_DIR: dataDir, LOG_LEVEL: "warn" };
      const database = kind === "postgres" ? await scratchDatabase(adminUrl, "offerly_t_kill_") : undefined;
      const dbUrl = database?.url ?? "";
      if (database) env = { ...env, DATABASE_URL: dbUrl };
      // The jobs stay queued (no worker): what is checked is that each accepted one survives.
      env.JOBS_WORKER = "false";
      try {
        let server = await startServer(env);
        const email = `killer-${Date.now()}@example.test`;
        expect((await call(server.url, "/api/auth/email-link", { email, signUp: { name: "Kim", companyName: "Kill BV" } })).status).toBe(202);
        const mail = outboxFiles(dataDir)
          .map(readMail)
          .find((m) => m.to.includes(email))!;
        const token = (await call(server.url, "/api/auth/email-link/verify", { email, token: signInToken(mail), returnToken: true })).body.token!;
        const accounts = await call<{ accounts: { items: { id: string }[] } }>(
          server.url,
          "/graphql",
          { query: "{ accounts { items { id } } }" },
          { authorization: `Bearer ${token}` },
        );
        const account = accounts.body.data!.accounts.items[0].id;
        const auth = { authorization: `Bearer ${token}`, account };

        const customers: string[] = [];
        const invitations: string[] = [];
        const signedQuotes: string[] = []; // marked signed: each one's PDF job was accepted
        const gql = <T>(query: string, variables: Record<string, unknown>) => call<T>(server.url, "/graphql", { query, variables }, auth);
        let refused = 0;
        for (let cycle = 0; cycle < CYCLES; cycle++) {
          let stop = false;
          const writer = async (w: number) => {
            for (let i = 0; !stop; i++) {
              try {
                if (w === 0 && i === 0 && cycle % 2 === 0) {
                  const to = `invitee-${cycle}-${Date.now()}@example.test`;
                  const r = await call<{ inviteUser: { id: string } }>(
                    server.url,
                    "/graphql",
                    { query: "mutation ($i: InviteUserInput!) { inviteUser(input: $i) { id } }", variables: { i: { email: to } } },
                    auth,
                  );
                  if (r.status === 200 && r.body.data?.inviteUser.id) invitations.push(to);
                  continue;
                }
                if (w === 1 && i === 0) {
                  // A quote published and marked signed: the sealed PDF's job is queued with the SIGNED state.
                  const customerId =
                    customers[0] ??
                    (
                      await gql<{ createCustomer: { id: string } }>("mutation ($i: CustomerInput!) { createCustomer(input: $i) { id } }", {
                        i: { name: "Signer" },
                      })
                    ).body.data?.createCustomer.id;
                  const created = await gql<{ createQuote: { id: string } }>("mutation ($i: QuoteInput!) { createQuote(input: $i) { id } }", {
                    i: {
                      name: `Kill ${cycle}`,
                      customerId,
                      language: "ENG",
                      currency: "EUR",
                      quoteDateAt: "2026-03-01",
                      quoteExpirationAt: "2099-03-31",
                      signable: true,
                    },
                  });
                  const id = created.body.data?.createQuote.id;
                  if (!id) continue;
                  if ((await gql("mutation ($id: ID!) { publishQuote(id: $id) { id } }", { id })).status !== 200) continue;
                  const signed = await gql<{ updateQuoteToSigned: { id: string; status: string } }>(
                    "mutation ($id: ID!) { updateQuoteToSigned(id: $id) { id status } }",
                    { id },
                  );
                  if (signed.status === 200 && signed.body.data?.updateQuoteToSigned.status === "SIGNED") signedQuotes.push(id);
                  continue;
                }
                const r = await call<{ createCustomer: { id: string } }>(
                  server.url,
                  "/graphql",
                  { query: "mutation ($i: CustomerInput!) { createCustomer(input: $i) { id } }", variables: { i: { name: `K ${cycle}-${w}-${i}` } } },
                  auth,
                );
                if (r.status === 200 && r.body.data?.createCustomer.id) customers.push(r.body.data.createCustomer.id);
                else refused++;
              } catch {
                refused++; // in flight when the server died: not acknowledged
              }
            }
          };
          const before = customers.length;
          const signedBefore = signedQuotes.length;
          const writers = Array.from({ length: 4 }, (_, w) => writer(w));
          // Killed while writes are under way: after the first acknowledged one, at a random moment.
          // On odd cycles only once the quote was marked signed (its three requests take a while:
          // otherwise the kill would nearly always come first); on even ones perhaps in the middle.
          const ready = () => customers.length > before && (cycle % 2 === 0 || signedQuotes.length > signedBefore);
          for (let waited = 0; !ready() && waited < 30_000; waited += 20) await new Promise((r) => setTimeout(r, 20));
          await new Promise((r) => setTimeout(r, 50 + Math.random() * 400));
          await server.kill("SIGKILL");
          stop = true;
          await Promise.all(writers);
          server = await startServer(env);
        }
        await server.stop();

        const handle = kind === "pglite" ? await openDatabase({ kind: "pglite", dataDir }) : await openDatabase({ kind: "postgres", url: dbUrl, poolSize: 2 });
        try {
          const found = await queryRows<{ id: string }>(handle.db, sql`select id from customers where account_id = ${account}`);
          const present = new Set(found.map((r) => r.id));
          const lost = customers.filter((id) => !present.has(id));
          const jobs = await queryRows<{ to: string }>(handle.db, sql`select payload->>'to' as to from jobs where name = 'send-mail'`);
          const queued = new Set(jobs.map((j) => j.to));
          const lostJobs = invitations.filter((to) => !queued.has(to));
          const pdfJobs = await queryRows<{ quote: string }>(handle.db, sql`select payload->>'quoteId' as quote from jobs where name = 'render-quote-pdf'`);
          const pdfQueued = new Set(pdfJobs.map((j) => j.quote));
          const signedRows = await queryRows<{ id: string }>(handle.db, sql`select id from quotes where account_id = ${account} and status = 'SIGNED'`);
          const signedNow = new Set(signedRows.map((r) => r.id));
          const lostSigned = signedQuotes.filter((id) => !signedNow.has(id));
          const lostPdfJobs = signedQuotes.filter((id) => !pdfQueued.has(id));
          console.log(
            `${kind}: ${CYCLES} kills, ${customers.length} customers, ${invitations.length} invitations (e-mail jobs) and ${signedQuotes.length} quotes marked signed (PDF jobs) acknowledged, ` +
              `${refused} requests cut off; lost ${lost.length + lostSigned.length} writes, ${lostJobs.length + lostPdfJobs.length} jobs`,
          );
          expect(customers.length).toBeGreaterThanOrEqual(CYCLES);
          expect(invitations.length).toBeGreaterThan(0);
          expect(signedQuotes.length).toBeGreaterThan(0);
          expect(lost).toEqual([]);
          expect(lostJobs).toEqual([]);
          expect(lostSigned).toEqual([]);
          expect(lostPdfJobs).toEqual([]);
        } finally {
          await handle.close();
        }
      } finally {
        fs.rmSync(dataDir, { recursive: true, force: true });
        await database?.drop();
      }
    }, 900_000);
  });
}
