import { getRequestListener } from "@hono/node-server";
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import { createApp } from "../src/server/app";
import { parseConfig } from "../src/server/config";
import { type DatabaseHandle, openDatabase } from "../src/server/db/client";
import { sessions, users } from "../src/server/db/schema";
import { createLogger } from "../src/server/logger";
import { createMailer } from "../src/server/mail/mailer";
import { SESSION_IDLE_MS, createSession } from "../src/server/modules/identity/sessions";
import { hashToken } from "../src/server/modules/identity/tokens";
import { fmt, listen, load } from "./lib";

/**
 * The price of the stack: `{ me { id email name } }` through Hono + Yoga + Pothos + the session
 * lookup, against a bare node:http handler that runs the same SQL and returns the same JSON.
 */
export async function benchGraphqlVsBare(kind: "pglite" | "postgres", url?: string) {
  const handle: DatabaseHandle = kind === "pglite" ? await openDatabase({ kind: "pglite" }) : await openDatabase({ kind: "postgres", url: url!, poolSize: 10 });
  await handle.migrate();
  const db = handle.db;
  const [user] = await db
    .insert(users)
    .values({ email: `bench-${Date.now()}@example.test`, name: "Bench" })
    .returning();
  const { token } = await createSession(db, { userId: user.id, method: "email-link" });

  const config = parseConfig({ NODE_ENV: "production", LOG_LEVEL: "silent", DATA_DIR: "/tmp/offerly-bench" });
  const log = createLogger("silent");
  const app = createApp({ config, db, log, mail: createMailer({ from: config.mailFrom, outboxDir: "/tmp/offerly-bench/mail", log }), ping: handle.ping });
  const full = await listen(getRequestListener(app.fetch));

  // The same work by hand: read the bearer token, one query, the same JSON.
  const bare = await listen(async (req, res) => {
    const auth = req.headers.authorization ?? "";
    const rows = await db
      .select({ id: users.id, email: users.email, name: users.name })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(
        and(
          eq(sessions.tokenHash, hashToken(auth.slice(7))),
          isNull(sessions.revokedAt),
          gt(sessions.expiresAt, sql`now()`),
          gt(sessions.lastSeenAt, new Date(Date.now() - SESSION_IDLE_MS)),
        ),
      )
      .limit(1);
    const body = JSON.stringify({ data: { me: rows[0] ?? null } });
    res.writeHead(200, { "content-type": "application/json" });
    res.end(body);
  });

  const body = JSON.stringify({ query: "{ me { id email name } }" });
  const headers = { "content-type": "application/json", "x-graphql-csrf": "1", authorization: `Bearer ${token}` };
  const check = (status: number, text: string) => status === 200 && text.includes(user.email);
  const options = { method: "POST", headers, body, check, connections: 8, seconds: 4 };
  await load({ ...options, url: `${full.url}/graphql`, seconds: 1 }); // warm-up
  await load({ ...options, url: bare.url, seconds: 1 });
  const a = await load({ ...options, url: `${full.url}/graphql` });
  const b = await load({ ...options, url: bare.url });

  await full.close();
  await bare.close();
  await handle.close();
  console.log(`\n## GraphQL query reading one row vs a bare node:http handler (${kind}, 8 connections, 4 s each)`);
  console.table([
    { server: "Offerly /graphql", "req/s": fmt(a.rps, 0), "p50 ms": fmt(a.p50, 2), "p99 ms": fmt(a.p99, 2), errors: a.errors },
    { server: "bare node:http + same SQL", "req/s": fmt(b.rps, 0), "p50 ms": fmt(b.p50, 2), "p99 ms": fmt(b.p99, 2), errors: b.errors },
  ]);
  console.log(`ratio (bare ÷ Offerly throughput): ${fmt(b.rps / a.rps, 2)}×; p50 latency ratio (Offerly ÷ bare): ${fmt(a.p50 / b.p50, 2)}×`);
}
