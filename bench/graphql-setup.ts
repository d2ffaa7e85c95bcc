import { type ChildProcess, spawn } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import pg from "pg";
import type { Database } from "../src/server/db/client";
import { accountUsers, accounts, users } from "../src/server/db/schema";
import { createSession } from "../src/server/modules/identity/sessions";
import { hashToken } from "../src/server/modules/identity/tokens";
import { freePort } from "../tests/support/server";

/** A signed-in API client: its bearer token and what the server stores of it. */
export type Client = { token: string; tokenHash: string; userId: string; email: string };

/**
 * One account of 200 quotes (50 customers, one pricing block of 3 lines each) with `clients` users
 * (owners), each with a bearer session: the load goes round them, so that no user spends more than
 * the production GraphQL budget (50,000 units a minute) while the budget is counted as for anyone.
 */
export async function seedAccount(db: Database, clients: number): Promise<{ accountId: string; clients: Client[] }> {
  const [account] = await db.insert(accounts).values({ name: "Bench BV" }).returning();
  const a = account.id;
  await db.execute(sql`insert into customers (account_id, name, company_name) select ${a}, 'Customer ' || g, 'Company ' || g from generate_series(1, 50) g`);
  await db.execute(sql`insert into quotes (account_id, customer_id, quote_number, name, slug, nano_id, language, currency, quote_date, expiration_date)
    select ${a}, c.id, '2026-' || lpad(g::text, 5, '0'), 'Quote ' || g, 'quote-' || g, md5(g::text) || 'xx', 'ENG', 'EUR', date '2026-01-01', date '2099-01-01'
    from generate_series(1, 200) g join lateral (select id from customers where account_id = ${a} order by id offset (g % 50) limit 1) c on true`);
  await db.execute(
    sql`insert into quote_blocks (quote_id, kind, position, name, pricing_unit) select id, 'PRICING', 0, 'Work', 'DAY' from quotes where account_id = ${a}`,
  );
  await db.execute(
    sql`insert into quote_line_items (block_id, position, name, price_cents, amount) select b.id, g, 'Line ' || g, 12500 + g, 1.5 from quote_blocks b join quotes q on q.id = b.quote_id cross join generate_series(0, 2) g where q.account_id = ${a}`,
  );
  const out: Client[] = [];
  for (let i = 0; i < clients; i++) {
    const email = `bench-${i}-${crypto.randomBytes(3).toString("hex")}@example.test`;
    const [user] = await db
      .insert(users)
      .values({ email, name: `Bench ${i}` })
      .returning();
    await db.insert(accountUsers).values({ accountId: a, userId: user.id, role: "owner" });
    const { token } = await createSession(db, { userId: user.id, method: "email-link" });
    out.push({ token, tokenHash: hashToken(token), userId: user.id, email });
  }
  return { accountId: a, clients: out };
}

/** A throw-away PostgreSQL database next to `url`'s; `copy` makes another from it as a template. */
export async function throwAwayDatabase(
  url: string,
): Promise<{ url: string; name: string; copy: (suffix: string) => Promise<string>; drop: () => Promise<void> }> {
  const admin = async <T>(fn: (c: pg.Client) => Promise<T>) => {
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    try {
      return await fn(c);
    } finally {
      await c.end();
    }
  };
  const name = `offerly_bench_${crypto.randomBytes(4).toString("hex")}`;
  const at = (db: string) => {
    const u = new URL(url);
    u.pathname = `/${db}`;
    return u.toString();
  };
  const made = [name];
  await admin((c) => c.query(`create database ${name}`));
  return {
    url: at(name),
    name,
    copy: async (suffix) => {
      const copy = `${name}_${suffix}`;
      await admin((c) => c.query(`create database ${copy} template ${name}`));
      made.push(copy);
      return at(copy);
    },
    drop: () => admin(async (c) => void (await Promise.all(made.map((db) => c.query(`drop database if exists ${db} with (force)`))))),
  };
}

export type Process = { pid: number; url: string; child: ChildProcess; stop: () => Promise<void> };

/**
 * The production server as `npm start` runs it (build/server/main.js, NODE_ENV=production,
 * --enable-source-maps, LOG_LEVEL as configured: info by default), its log lines written to a file
 * as a log collector would take them. `preload`: a module given to `node --require` (capture only).
 */
export async function startApp(options: {
  dataDir: string;
  databaseUrl?: string;
  logFile: string;
  preload?: string;
  env?: Record<string, string>;
  /** Another build folder (the same layout as build/): a baseline measured in the same run. */
  buildDir?: string;
}): Promise<Process> {
  const buildDir = options.buildDir ?? "build";
  if (!fs.existsSync(`${buildDir}/server/main.js`)) throw new Error(`Run \`npm run build\` first (no ${buildDir}/server/main.js).`);
  const port = await freePort();
  const log = fs.openSync(options.logFile, "a");
  const child = spawn(
    process.execPath,
    [
      ...(options.preload ? ["--require", path.resolve(options.preload)] : []),
      // BENCH_APP_NODE_ARGS: extra node flags for the app under test (not a baseline), e.g.
      // "--cpu-prof --cpu-prof-dir=/tmp/prof" to profile it under the bench's load.
      ...(!options.buildDir && process.env.BENCH_APP_NODE_ARGS ? process.env.BENCH_APP_NODE_ARGS.split(" ").filter(Boolean) : []),
      "--enable-source-maps",
      `${buildDir}/server/main.js`,
    ],
    {
      env: {
        PATH: process.env.PATH ?? "",
        NODE_ENV: "production",
        PORT: String(port),
        HOST: "127.0.0.1",
        DATA_DIR: options.dataDir,
        OFFERLY_BUILD_DIR: buildDir,
        // No PDF worker warm-up (decision 070): seconds of CPU in the server process during the measurement.
        PDF_WARM_UP: "false",
        ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
        ...options.env,
      },
      stdio: ["ignore", log, log],
    },
  );
  fs.closeSync(log);
  const url = `http://127.0.0.1:${port}`;
  await waitFor(child, `${url}/healthz`, options.logFile);
  return { pid: child.pid!, url, child, stop: () => stop(child) };
}

export async function waitFor(child: ChildProcess, url: string, logFile?: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* starting */
    }
    if (child.exitCode !== null || Date.now() > deadline) {
      const tail = logFile && fs.existsSync(logFile) ? fs.readFileSync(logFile, "utf8").slice(-2000) : "";
      throw new Error(`${url} did not answer (exit ${child.exitCode})\n${tail}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
}

export async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once("exit", r));
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
  await exited;
  clearTimeout(timer);
}

/** CPU time (user + system, all threads) a process has used so far, in ms (Linux /proc). */
export function cpuMs(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
  // Fields after the command name (which may hold spaces): utime and stime are fields 14 and 15.
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  const ticks = Number(fields[11]) + Number(fields[12]);
  return (ticks * 1000) / CLOCK_TICKS;
}
const CLOCK_TICKS = 100; // sysconf(_SC_CLK_TCK) on Linux
