import { type ChildProcess, fork } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { type DatabaseHandle, openDatabase } from "../src/server/db/client";
import type { BareInit } from "./graphql-bare-server";
import type { LoadJob, LoadReport } from "./graphql-load-client";
import { type Client, type Process, cpuMs, seedAccount, startApp, stop, throwAwayDatabase } from "./graphql-setup";
import { type CapturedStatement, type WireStatement, captureProxy, parsePgliteCapture } from "./graphql-wire";
import { fmt } from "./lib";
import { report } from "./report";

/**
 * What a user's server does for a GraphQL operation, against the least a server can do for the
 * same answer. Three processes, so that no one's work is counted to another:
 * - the app: the production build (build/server/main.js, NODE_ENV=production, as `npm start` runs
 *   it) with production logging (info, a line per request, to a file) and the production GraphQL
 *   budget (counted per user in the database, leases and all);
 * - the bare server (graphql-bare-server.ts): node:http, the SAME statements the app sent for the
 *   operation, captured from the wire in a capture run of the app (PostgreSQL: a protocol proxy;
 *   PGlite: the protocol bytes the app hands its embedded database), replayed with the same
 *   parameters on its own copy of the same data, and the same JSON bytes (checked before measuring);
 * - the load client (graphql-load-client.ts): 8 keep-alive connections, closed loop, going round
 *   16 signed-in users with bearer tokens (README: non-browser clients).
 * Each server's CPU time (user + system, every thread; /proc/<pid>/stat) is read before and after
 * each measured window and divided by the requests it answered. Rounds alternate app and bare.
 *
 *   npm run bench -- graphql     (BENCH_DATABASE_URL=postgres://… for PostgreSQL too)
 */
const CASES = [
  { name: "me", query: "{ me { id email name } }", expect: '"me":{"id"', target: 50 },
  {
    name: "quotes",
    query: "{ quotes(pageSize: 20) { totalCount items { id quoteNumber name displayStatus total customer { name } } } }",
    expect: '"totalCount":200',
    target: 60,
  },
];
// Enough users that no one spends the per-user budget in a case's rounds: at ≈ 1,200 quotes pages a
// second (a quiet, fast machine) 16 users did, and the 429s, cheaper than answers, counted as answers.
const USERS = 64;
const CAPTURED_REQUESTS = 320;
const CONNECTIONS = 8;

const METHOD = [
  "Since issue 22 the load client, the app and the bare server each run in their own process. The app is",
  "`build/server/main.js` with NODE_ENV=production, as `npm start` runs it: production logging (info, one",
  "line a request, buffered and written to a file, decision 066) and the production GraphQL budget (50,000 units a user a minute,",
  `counted in the database), ${USERS} signed-in users with bearer tokens, 8 keep-alive connections. The bare`,
  "server is node:http replaying the statements the app sent for the same operation and user, captured",
  "from the wire in a capture run (PostgreSQL: a protocol proxy; PGlite: the protocol bytes the app hands",
  "its embedded database), with the same parameters, on its own copy of the same data, answering the",
  "same JSON bytes (checked for every user before measuring). CPU: each server process's user + system",
  "time from /proc before and after every round, over the requests it answered (PostgreSQL's own",
  "backends are counted to neither). Rounds alternate app and bare; req/s is the median round.",
  "",
  "The ratios are lower than in the report before (me on PostgreSQL: 76 % of bare by CPU), mainly because",
  "of the method: the old bench ran the load client, both servers and the embedded database in one process, so",
  "each figure carried the client's cost, which narrowed the differences, and it ran the app from the",
  "TypeScript source with logging off and a budget it could not spend. The bare PGlite server now opens",
  "a data folder as the app does (before: an in-memory database). The",
  "variant “all through Hono” of decision 037 is not measured any more (the production build has one",
  "listener).",
  "",
  "Rows “(before the change)”: a copy of an earlier build (BENCH_GRAPHQL_BEFORE=<folder>) measured in the same",
  "rounds, against the same data and the same bare server, so that a change is judged side by side.",
  "",
  "| Case | Database | Statements a request | App req/s | Bare req/s | Ratio req/s | App CPU ms/req | Bare CPU ms/req | Ratio by CPU | Load average |",
  "|---|---|---|---|---|---|---|---|---|---|",
];

type Measured = LoadReport & { cpuMs: number };
const sumOf = (xs: number[]) => xs.reduce((n, x) => n + x, 0);
/** The method and one row per case and database, under the report's table (both databases' runs add to it). */
const details: string[] = [];

export async function benchGraphqlVsBare(kind: "pglite" | "postgres", url?: string, options: { rounds?: number; seconds?: number } = {}) {
  const rounds = options.rounds ?? Number(process.env.BENCH_GRAPHQL_ROUNDS ?? 5);
  const seconds = options.seconds ?? Number(process.env.BENCH_GRAPHQL_SECONDS ?? 2);
  const work = fs.mkdtempSync(path.join(os.tmpdir(), "offerly-bench-graphql-"));
  const appDir = path.join(work, "app");
  const logFile = path.join(work, "server.log");
  const loadAtStart = os.loadavg();
  if (details.length === 0) {
    details.push(...METHOD);
    report.section("GraphQL: the production build against a bare server running the same SQL", details);
  }
  const database = kind === "postgres" ? await throwAwayDatabase(url!) : undefined;
  const children: ChildProcess[] = [];
  let app: Process | undefined;
  let before: Process | undefined;
  try {
    // 1. The data: one account, 200 quotes, 16 users with bearer sessions.
    fs.mkdirSync(appDir, { recursive: true });
    const seedHandle: DatabaseHandle = database
      ? await openDatabase({ kind: "postgres", url: database.url })
      : await openDatabase({ kind: "pglite", dataDir: appDir });
    await seedHandle.migrate();
    const { accountId, clients } = await seedAccount(seedHandle.db, USERS);
    await seedHandle.close();
    const headersOf = (c: Client) => ({ "content-type": "application/json", "x-graphql-csrf": "1", authorization: `Bearer ${c.token}`, account: accountId });

    // 2. The capture run: the app's statements per request, from the wire.
    const captured = await capture(kind, { appDir, logFile, databaseUrl: database?.url, work }, clients, headersOf);

    // 3. The bare server's own copy of the same data (after the capture: the same state).
    let bareInit: BareInit;
    if (database) bareInit = { kind, databaseUrl: await database.copy("bare"), poolSize: 10 /* the app's DATABASE_POOL_SIZE */, captures: captured.captures };
    else {
      fs.cpSync(path.join(appDir, "db"), path.join(work, "bare", "db"), { recursive: true });
      bareInit = { kind, pgliteDir: path.join(work, "bare", "db"), poolSize: 10, captures: captured.captures };
    }

    // 4. The three processes (four with a baseline build: BENCH_GRAPHQL_BEFORE=<a build folder>,
    // e.g. a copy of build/ made before a change, measured in the same rounds against the same data).
    const beforeDir = process.env.BENCH_GRAPHQL_BEFORE;
    if (beforeDir) {
      // PGlite: a data folder is one server's (decision 009), so the baseline gets a copy.
      const beforeData = database ? appDir : path.join(work, "before");
      if (!database) fs.cpSync(appDir, beforeData, { recursive: true, filter: (from) => !from.endsWith(".lock") });
      before = await startApp({ dataDir: beforeData, databaseUrl: database?.url, logFile: `${logFile}.before`, buildDir: beforeDir });
    }
    app = await startApp({ dataDir: appDir, databaseUrl: database?.url, logFile });
    const bare = fork(path.resolve("bench/graphql-bare-server.ts"), [], { execArgv: ["--import", "tsx"], stdio: ["ignore", "inherit", "inherit", "ipc"] });
    children.push(bare);
    const barePort = await new Promise<number>((resolve, reject) => {
      bare.once("message", (m: { port?: number; error?: string }) => (m.port ? resolve(m.port) : reject(new Error(m.error))));
      bare.once("exit", (code) => reject(new Error(`bare server exited with ${code}`)));
      bare.send(bareInit);
    });
    const loader = fork(path.resolve("bench/graphql-load-client.ts"), [], { execArgv: ["--import", "tsx"], stdio: ["ignore", "inherit", "inherit", "ipc"] });
    children.push(loader);
    const load = (job: LoadJob) =>
      new Promise<LoadReport>((resolve, reject) => {
        loader.once("message", (m: LoadReport & { error?: string }) => (m.error ? reject(new Error(m.error)) : resolve(m)));
        loader.send(job);
      });

    const headers = clients.map(headersOf);
    for (const c of CASES) {
      const body = JSON.stringify({ query: c.query });
      const targets = [
        { label: "app", url: `${app.url}/graphql`, pid: app.pid },
        { label: "bare", url: `http://127.0.0.1:${barePort}/${c.name}`, pid: bare.pid! },
        ...(before ? [{ label: "before", url: `${before.url}/graphql`, pid: before.pid }] : []),
      ];
      // The same answer, byte for byte, for every user.
      for (const [i, h] of headers.entries()) {
        const [a, b] = await Promise.all(targets.map(async (t) => (await fetch(t.url, { method: "POST", headers: h, body })).text()));
        if (a !== b) {
          let at = 0;
          while (at < a.length && a[at] === b[at]) at++;
          const from = Math.max(0, at - 200);
          throw new Error(
            `${c.name}: the bare server's answer differs from the app's for user ${i} at character ${at}:\napp:  …${a.slice(from, at + 300)}\nbare: …${b.slice(from, at + 300)}`,
          );
        }
      }
      const measure = async (t: (typeof targets)[number], s: number): Promise<Measured> => {
        const before = cpuMs(t.pid);
        const r = await load({ url: t.url, body, headers, connections: CONNECTIONS, seconds: s, expect: c.expect });
        return { ...r, cpuMs: cpuMs(t.pid) - before };
      };
      for (const t of targets) await measure(t, 1); // warm-up
      const runs: Record<string, Measured[]> = { app: [], bare: [], before: [] };
      for (let r = 0; r < rounds; r++) {
        for (const t of r % 2 ? [...targets].reverse() : targets) runs[t.label].push(await measure(t, seconds));
      }
      const med = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)];
      const sum = (xs: number[]) => xs.reduce((n, x) => n + x, 0);
      const summary = (rs: Measured[]) => ({
        rps: med(rs.map((x) => x.rps)),
        p50: med(rs.map((x) => x.p50)),
        p99: med(rs.map((x) => x.p99)),
        // CPU time of all rounds over all their requests (the clock ticks 100 times a second)
        cpu: sum(rs.map((x) => x.cpuMs)) / sum(rs.map((x) => x.requests)),
        errors: sum(rs.map((x) => x.errors)),
        firstError: rs.find((x) => x.firstError)?.firstError,
      });
      const a = summary(runs.app);
      const b = summary(runs.bare);
      for (const [label, s] of [
        ["app", a],
        ["bare", b],
      ] as const)
        if (s.firstError) console.log(`${label} error: ${s.firstError}`);
      const statements = captured.perRequest[c.name];
      console.log(
        `\n## GraphQL \`${c.name}\` (${kind}): the production build vs a bare node:http server running the same SQL (${CONNECTIONS} connections, load client in its own process, median of ${rounds} × ${seconds} s; load average ${os.loadavg()[0].toFixed(1)})`,
      );
      console.log(`statements per request (captured from the wire, ${CAPTURED_REQUESTS} requests): ${statements}`);
      const logged = fs
        .readFileSync(logFile, "utf8")
        .split("\n")
        .filter((line) => line.includes('"msg":"request"')).length;
      console.log(
        `app log so far: ${logged} request lines (production logging, level info) for ${sumOf(runs.app.map((x) => x.requests))} measured requests and the warm-up and capture runs`,
      );
      const row = (server: string, s: typeof a) => ({
        server,
        "req/s": fmt(s.rps, 0),
        "p50 ms": fmt(s.p50, 2),
        "p99 ms": fmt(s.p99, 2),
        "server CPU ms/req": fmt(s.cpu, 3),
        "% of bare req/s": `${fmt((100 * s.rps) / b.rps, 0)} %`,
        "% of bare by CPU": `${fmt((100 * b.cpu) / s.cpu, 0)} %`,
        errors: s.errors,
      });
      const rows = [row("Offerly /graphql (build/server/main.js)", a), row("bare node:http + the same SQL", b)];
      const was = runs.before.length ? summary(runs.before) : undefined;
      if (was) rows.push(row(`the same, built before the change (${beforeDir})`, was));
      console.table(rows);
      const name = `graphql ${c.name} (${kind})`;
      report.figure({
        case: name,
        measure: `Offerly /graphql, production build: req/s (p99 ${fmt(a.p99, 1)} ms)`,
        value: a.rps,
        unit: "req/s",
        against: { label: `bare, same SQL (p99 ${fmt(b.p99, 1)} ms)`, value: b.rps },
        errors: a.errors + b.errors,
      });
      report.figure({
        case: name,
        measure: `Offerly /graphql: requests per server CPU second (${fmt(a.cpu, 3)} ms a request)`,
        value: 1000 / a.cpu,
        unit: "req/CPU-s",
        against: { label: `bare (${fmt(b.cpu, 3)} ms)`, value: 1000 / b.cpu },
        target: `≥ ${c.target} % of bare`,
        // A round with errors (e.g. 429s once a user's budget is spent) measured something else.
        met: a.errors + b.errors === 0 && (100 * b.cpu) / a.cpu >= c.target,
        errors: a.errors + b.errors,
      });
      if (was)
        details.push(
          `| ${c.name} (before the change) | ${kind} | ${statements} | ${fmt(was.rps, 0)} | ${fmt(b.rps, 0)} | ${fmt((100 * was.rps) / b.rps, 0)} % | ${fmt(was.cpu, 3)} | ${fmt(b.cpu, 3)} | ${fmt((100 * b.cpu) / was.cpu, 0)} % | ${loadAtStart[0].toFixed(1)} → ${os.loadavg()[0].toFixed(1)} |`,
        );
      details.push(
        `| ${c.name} | ${kind} | ${statements} | ${fmt(a.rps, 0)} | ${fmt(b.rps, 0)} | ${fmt((100 * a.rps) / b.rps, 0)} % | ${fmt(a.cpu, 3)} | ${fmt(b.cpu, 3)} | ${fmt((100 * b.cpu) / a.cpu, 0)} % | ${loadAtStart[0].toFixed(1)} → ${os.loadavg()[0].toFixed(1)} |`,
      );
    }
  } finally {
    for (const child of children) await stop(child);
    await app?.stop();
    await before?.stop();
    await database?.drop();
    fs.rmSync(work, { recursive: true, force: true });
  }
}

/**
 * Runs the app once with its database traffic recorded, and returns the statements of each
 * request per case and user. Statements the app sends while idle (the job worker's polls) are
 * background work and are left out; requests go one at a time, so that each statement falls in the
 * window of the request that sent it.
 */
async function capture(
  kind: "pglite" | "postgres",
  where: { appDir: string; logFile: string; databaseUrl?: string; work: string },
  clients: Client[],
  headersOf: (c: Client) => Record<string, string>,
): Promise<{ captures: BareInit["captures"]; perRequest: Record<string, string> }> {
  const wireFile = path.join(where.work, "wire.txt");
  let proxy: Awaited<ReturnType<typeof captureProxy>> | undefined;
  let databaseUrl = where.databaseUrl;
  if (databaseUrl) {
    const u = new URL(databaseUrl);
    proxy = await captureProxy({ host: u.hostname, port: Number(u.port || 5432) });
    u.hostname = "127.0.0.1";
    u.port = String(proxy.port);
    databaseUrl = u.toString();
  }
  const app = await startApp({
    dataDir: where.appDir,
    databaseUrl,
    logFile: where.logFile,
    ...(kind === "pglite" ? { preload: "bench/graphql-capture-pglite.cjs", env: { OFFERLY_BENCH_WIRE_CAPTURE: wireFile } } : {}),
  });
  const now = () => performance.timeOrigin + performance.now();
  const windows: { case: string; client: Client; from: number; to: number }[] = [];
  let idle: { from: number; to: number };
  try {
    idle = { from: now(), to: 0 };
    await new Promise((r) => setTimeout(r, 2500));
    idle.to = now();
    for (const c of CASES) {
      const body = JSON.stringify({ query: c.query });
      const send = async (client: Client) => {
        const response = await fetch(`${app.url}/graphql`, { method: "POST", headers: headersOf(client), body });
        const text = await response.text();
        if (response.status !== 200 || text.includes('"errors"')) throw new Error(`capture ${c.name}: ${response.status} ${text.slice(0, 300)}`);
      };
      for (let i = 0; i < clients.length * 2; i++) await send(clients[i % clients.length]); // warm-up (first leases, caches)
      for (let i = 0; i < CAPTURED_REQUESTS; i++) {
        const client = clients[i % clients.length];
        const from = now();
        await send(client);
        await new Promise((r) => setImmediate(r));
        windows.push({ case: c.name, client, from, to: now() });
      }
    }
    await new Promise((r) => setTimeout(r, 100));
  } finally {
    await app.stop();
    await proxy?.close();
  }
  const all: CapturedStatement[] = proxy ? proxy.statements : parsePgliteCapture(fs.readFileSync(wireFile, "utf8"));
  const background = new Set(all.filter((s) => s.at >= idle.from && s.at < idle.to).map((s) => s.statement.text));
  const captures: BareInit["captures"] = {};
  const counts: Record<string, number[]> = {};
  for (const [i, w] of windows.entries()) {
    // up to the next captured request's start (work the app finishes after answering belongs to
    // this one), but not into the next case's warm-up
    const next = windows[i + 1];
    const end = next?.case === w.case ? next.from : w.to;
    const statements: WireStatement[] = all.filter((s) => s.at >= w.from && s.at < end && !background.has(s.statement.text)).map((s) => s.statement);
    if (!statements.some((s) => s.kind === "extended" && s.params.includes(w.client.tokenHash))) {
      throw new Error(`capture ${w.case}: no statement with the user's token hash in a request's window (${statements.length} statements)`);
    }
    captures[w.case] ??= {};
    captures[w.case][w.client.tokenHash] ??= [];
    captures[w.case][w.client.tokenHash].push(statements);
    counts[w.case] ??= [];
    counts[w.case].push(statements.length);
  }
  const perRequest: Record<string, string> = {};
  for (const [name, list] of Object.entries(counts)) {
    const texts = new Map<string, number>();
    for (const statements of Object.values(captures[name]).flat()) {
      for (const s of statements) {
        const head = s.text.trim().replace(/\s+/g, " ").slice(0, 40);
        texts.set(head, (texts.get(head) ?? 0) + 1);
      }
    }
    const mean = list.reduce((n, x) => n + x, 0) / list.length;
    perRequest[name] = `${fmt(mean, 2)} (${[...texts].map(([t, n]) => `${n}× ${t}…`).join("; ")})`;
  }
  return { captures, perRequest };
}
