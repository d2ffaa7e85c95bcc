import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { ServerBuild } from "react-router";
import { type AppDeps, createApp } from "../../src/server/app";
import { type Config, parseConfig } from "../../src/server/config";
import type { DatabaseHandle } from "../../src/server/db/client";
import { createFileStorage } from "../../src/server/files";
import { createLogger } from "../../src/server/logger";
import { createMailer } from "../../src/server/mail/mailer";
import { type TestDatabase, createTestDatabase } from "./db";

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/**
 * The whole HTTP app against a fresh database, called in-process through app.fetch (the same
 * Request → Response path a socket would take). `ssr: true` renders pages from the production
 * build (run `npm run build` first; `npm test` does).
 */
export async function createTestApp(
  options: {
    env?: Record<string, string>;
    ssr?: boolean;
    database?: DatabaseHandle;
    graphqlLimits?: AppDeps["graphqlLimits"];
    graphqlExecutor?: AppDeps["graphqlExecutor"];
    /** The REST API's per-key budget (src/server/rest). */
    restBudget?: AppDeps["restBudget"];
    /** How POST /api/beacon batches its writes (decision 064). */
    beaconBatch?: AppDeps["beaconBatch"];
    /** Makes the app's public page cache from the test's database (to read its counters). */
    publicPageCache?: (db: DatabaseHandle["db"], log: ReturnType<typeof createLogger>) => AppDeps["publicPageCache"];
    /** The rendered quote documents' cache (decision 088): null switches it off. */
    quoteFragments?: AppDeps["quoteFragments"];
    /** The public page's read-model cache (decision 095): null switches it off. */
    publicReads?: AppDeps["publicReads"];
    /** The public page without React Router (decision 096): false renders it with the router. */
    publicPageDirect?: boolean;
    /** The marketing pages' cache (decision 092), e.g. to read its counters or switch it off (maxBytes 0). */
    marketingPageCache?: AppDeps["marketingPageCache"];
  } = {},
) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "offerly-test-"));
  const config: Config = parseConfig({
    NODE_ENV: "test",
    PUBLIC_URL: "http://offerly.test",
    DATA_DIR: dataDir,
    LOG_LEVEL: "silent",
    MAIL_OUTBOX: "1", // production-mode test apps keep e-mails in the outbox the tests read
    ...options.env,
  });
  const log = createLogger(config.logLevel);
  const database: TestDatabase = options.database ?? (await createTestDatabase());
  const mail = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, outboxDir: path.join(dataDir, "mail"), log });
  let ssr: Parameters<typeof createApp>[0]["ssr"];
  if (options.ssr) {
    const buildFile = path.resolve("build/server/index.js");
    if (!fs.existsSync(buildFile)) throw new Error("No production build: run `npm run build` (npm test does it).");
    ssr = { build: (await import(buildFile)) as ServerBuild, mode: "production" };
  }
  const files = createFileStorage(config);
  const app = createApp({
    config,
    db: database.db,
    log,
    mail,
    ssr,
    files,
    staticRoot: options.ssr ? path.resolve("build/client") : undefined,
    ping: database.ping,
    graphqlLimits: options.graphqlLimits,
    graphqlExecutor: options.graphqlExecutor,
    restBudget: options.restBudget,
    beaconBatch: options.beaconBatch,
    publicPageCache: options.publicPageCache?.(database.db, log),
    quoteFragments: options.quoteFragments,
    publicReads: options.publicReads,
    publicPageDirect: options.publicPageDirect,
    marketingPageCache: options.marketingPageCache,
  });

  const fetch = (input: string, init?: RequestInit) => app.fetch(new Request(new URL(input, config.publicUrl), init));

  /** A GraphQL call as a browser client makes it (CSRF header, JSON). */
  async function gql<T = Record<string, unknown>>(
    query: string,
    variables?: Record<string, unknown>,
    headers: Record<string, string> = {},
  ): Promise<{ status: number; data?: T; errors?: { message: string; extensions?: Record<string, unknown> }[] }> {
    const response = await fetch("/graphql", {
      method: "POST",
      headers: { "content-type": "application/json", "x-graphql-csrf": "1", ...headers },
      body: JSON.stringify({ query, variables }),
    });
    const body = (await response.json()) as { data?: T; errors?: { message: string; extensions?: Record<string, unknown> }[] };
    return { status: response.status, ...body };
  }

  return {
    app,
    config,
    db: database.db,
    database,
    /** The app's files adapter (DATA_DIR/files of this test app). */
    files,
    dataDir,
    fetch,
    gql,
    close: async () => {
      await app.beacons.close();
      mail.close();
      // A database the app made for itself goes back to the worker's pool (tests/support/db.ts); one
      // a test passed in is the test's to close (e.g. to see the app with its database gone).
      if (!options.database) await (database.release ?? database.close)();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
