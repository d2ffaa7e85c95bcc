import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { ServerBuild } from "react-router";
import { type Config, ConfigError, parseConfig } from "./config";
import { openDatabase } from "./db/client";
import { DataDirLockedError } from "./db/lock";
import { createLogger, serverLogDestination } from "./logger";
import { closePdfWorker, warmPdfWorker } from "./pdf/render-pool";

/**
 * The rest of the server, loaded while the database opens (decision 042): a fresh data folder is
 * copied from the prepared image by another thread meanwhile.
 */
const loadServerModules = () =>
  Promise.all([
    import("./app"),
    import("./db/replica"),
    import("./files"),
    import("./jobs"),
    import("./modules/blocks/images.jobs"),
    import("./mail/mailer"),
    import("./modules/statistics/statistics.jobs"),
    import("./modules/webhooks/webhooks.jobs"),
    import("./modules/webhooks/webhooks.startup"),
    import("./events/expiry"),
    import("./modules/quotes/quote-totals.service"),
  ]);

/** The job worker's poll interval (jobs/worker.ts): background work starts this long after listening. */
const BACKGROUND_WORK_DELAY_MS = 1_000;

/**
 * The PDF worker's warm-up (decision 070) starts this long after listening: after the start-up's
 * own work (the first requests, the periodic jobs queued at start), on the other core.
 */
const PDF_WARM_UP_DELAY_MS = 5_000;

export type MainOptions = {
  /**
   * The pages' server build. The production bundle (scripts/build-server.mjs) passes the build it
   * bundled; without it, build/server/index.js is imported (from source, e.g. tests), or Vite
   * serves the pages (`npm run dev`).
   */
  pagesBuild?: () => Promise<ServerBuild>;
  /** Whether the bundle was compiled from the build's V8 code cache (logged with the start-up phases). */
  codeCache?: "used" | "rejected" | "none";
};

/**
 * The one server process: GraphQL API, server-rendered React app, static files. Resolves once it
 * listens. `npm start` runs the production bundle (build/server/server.cjs, this file and the
 * pages' build in one, started by build/server/main.js); `npm run dev` runs this file from source
 * with Vite serving the app (hot reload).
 */
export async function main(options: MainOptions = {}): Promise<{ port: number }> {
  // Start-up phases, in ms since the process started (logged once listening).
  const startup: Record<string, number> = { imports: Math.round(performance.now()) };
  const mark = (phase: string) => {
    startup[phase] = Math.round(performance.now());
  };
  let config: Config;
  try {
    config = parseConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const log = createLogger(config.logLevel, serverLogDestination());
  if (config.pdfSeal) {
    // A configured sealing certificate that cannot seal stops the start, naming the variables (never the key).
    const { checkConfiguredSealer } = await import("./pdf/seal-store");
    try {
      const sealer = checkConfiguredSealer(config.pdfSeal);
      log.info({ signer: sealer?.signerName, fingerprint: sealer?.fingerprint, notAfter: sealer?.notAfter }, "PDF sealing certificate ready");
    } catch (error) {
      console.error((error as Error).message);
      process.exit(1);
    }
  }
  const development = process.env.OFFERLY_VITE_DEV === "1";

  // The database opens (a fresh folder: copied from the prepared image off the main thread) while
  // the rest of the server and the pages' server build load.
  const buildDir = path.resolve(process.env.OFFERLY_BUILD_DIR ?? "build");
  const serverBuild = path.join(buildDir, "server", "index.js");
  const opening = config.databaseUrl
    ? openDatabase({ kind: "postgres", url: config.databaseUrl, poolSize: config.databasePoolSize })
    : openDatabase({ kind: "pglite", dataDir: config.dataDir });
  opening.catch(() => {}); // awaited below; a failure there stops the start
  const pagesBuild = development
    ? undefined
    : options.pagesBuild
      ? options.pagesBuild()
      : fs.existsSync(serverBuild)
        ? (import(serverBuild) as Promise<ServerBuild>)
        : undefined;
  pagesBuild?.catch(() => {}); // awaited below; a failure there stops the start
  const [
    { createApp, nodeListener },
    { openReadReplica },
    { createFileStorage },
    { BILLING_REMINDERS_EVERY_MS, appJobs, billingRemindersJob, createJobWorker, enqueue },
    { IMAGE_SWEEP_EVERY_MS, sweepImagesJob },
    { mailerFromConfig },
    { STATISTICS_RETENTION_QUEUE_EVERY_MS, STATISTICS_RETENTION_SINGLETON, nextRetentionRun, statisticsRetentionJob },
    { WEBHOOK_LOG_RETENTION_EVERY_MS, WEBHOOK_LOG_RETENTION_SINGLETON, deliverWebhookJob, webhookLogRetentionJob },
    { webhookKeyProblem },
    { scheduleMissingQuoteExpiries },
    { backfillQuoteTotals },
  ] = await loadServerModules();
  mark("modules");

  let database: Awaited<ReturnType<typeof openDatabase>>;
  try {
    database = await opening;
    mark("databaseOpen");
    await database.migrate();
    mark("migrations");
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      log.fatal(error.message);
      console.error(error.message);
      process.exit(1);
    }
    log.fatal({ err: error }, "could not open the database");
    process.exit(1);
  }
  log.info({ database: database.kind, dataDir: database.kind === "pglite" ? config.dataDir : undefined }, "database ready");
  // The key of the webhook secrets (decision 048): missing or wrong while endpoints exist stops the start.
  const webhookKeyCheck = await webhookKeyProblem(database.db, config.webhooks);
  if (webhookKeyCheck.fatal) {
    log.fatal(webhookKeyCheck.fatal);
    console.error(webhookKeyCheck.fatal);
    process.exit(1);
  }
  if (webhookKeyCheck.warning) log.warn(webhookKeyCheck.warning);
  // Statistics and public quote reads on a streaming replica when one is configured (decision 036).
  const readReplica = config.databaseReadUrl
    ? await openReadReplica({ url: config.databaseReadUrl, primary: database.db, poolSize: config.databasePoolSize, log })
    : undefined;
  if (readReplica) log.info({ state: readReplica.state() }, "read replica configured");

  const mail = mailerFromConfig(config, log);
  if (mail.kind === "outbox") log.info({ outbox: path.join(config.dataDir, "mail") }, "no SMTP_URL: e-mails go to the development outbox");

  const files = createFileStorage(config);
  log.info(config.files.kind === "s3" ? { files: "s3", bucket: config.files.bucket } : { files: "local", dir: config.files.dir }, "file storage ready");

  // Background jobs (e-mails, PDFs, reminders…): durable in the database, retried with back-off.
  // They start one poll interval after the server listens (decision 042): the periodic jobs queued
  // at every start (the image sweep, the billing reminders) ran before listening, and right after it
  // they held up the first requests (on PGlite, statements run one at a time). A job waits up to a
  // poll interval for the worker anyway.
  // Two workers on the one queue, each claiming only its own kinds: deliveries (webhooks, Slack,
  // Harvest: mostly waiting on the receiver, up to WEBHOOK_CONCURRENCY at once) and the rest (PDFs,
  // e-mails, reminders: JOBS_CONCURRENCY). A burst of events does not queue a PDF behind it.
  const jobDeps = {
    db: database.db,
    log,
    mail,
    files,
    publicUrl: config.publicUrl,
    pdfSeal: config.pdfSeal,
    webhooks: config.webhooks,
    docusign: config.docusign,
    customDomains: config.customDomains,
  };
  const isDelivery = (job: (typeof appJobs)[number]) => job.name === deliverWebhookJob.name;
  const workers = [
    createJobWorker({ deps: jobDeps, jobs: appJobs.filter((job) => !isDelivery(job)), concurrency: config.jobs.concurrency }),
    createJobWorker({ deps: jobDeps, jobs: appJobs.filter(isDelivery), concurrency: config.jobs.deliveryConcurrency }),
  ];
  const timers: NodeJS.Timeout[] = [];
  let backgroundStart: NodeJS.Timeout | undefined;
  const startBackgroundWork = () => {
    if (config.jobs.worker) for (const worker of workers) worker.start();
    else log.info("JOBS_WORKER=false: this process enqueues jobs but does not run them");
    // Recurring jobs: each keeps one waiting job across all servers (its singleton key); every
    // server re-queues it on a timer, and a queue that already holds it ignores the call.
    const recurring = (what: string, everyMs: number, queue: () => Promise<unknown>) => {
      const run = () => void queue().catch((error: unknown) => log.error({ err: error }, `could not queue ${what}`));
      run();
      const timer = setInterval(run, everyMs);
      timer.unref();
      timers.push(timer);
    };
    // Billing e-mails (a trial about to end).
    recurring("billing reminders", BILLING_REMINDERS_EVERY_MS, () =>
      enqueue(database.db, billingRemindersJob, { publicUrl: config.publicUrl }, { singletonKey: "billing-reminders" }),
    );
    // Retention of raw statistics: a run at 03:00 UTC every day.
    recurring("the statistics retention", STATISTICS_RETENTION_QUEUE_EVERY_MS, () =>
      enqueue(database.db, statisticsRetentionJob, {}, { singletonKey: STATISTICS_RETENTION_SINGLETON, runAt: nextRetentionRun() }),
    );
    // The webhook delivery log keeps 30 days.
    recurring("the webhook log retention", WEBHOOK_LOG_RETENTION_EVERY_MS, () =>
      enqueue(database.db, webhookLogRetentionJob, {}, { singletonKey: WEBHOOK_LOG_RETENTION_SINGLETON }),
    );
    // Once: the expiry job of published quotes that lack one (published before it existed).
    void scheduleMissingQuoteExpiries(database.db)
      .then((queued) => {
        if (queued > 0) log.info({ queued }, "queued the expiry of published quotes that had none");
      })
      .catch((error: unknown) => log.error({ err: error }, "could not queue the missing quote expiries"));
    // Once: the stored totals of quotes written before they were stored (decision 062); until then
    // their lists compute them from the lines.
    void backfillQuoteTotals(database.db)
      .then((filled) => {
        if (filled > 0) log.info({ filled }, "stored the totals of quotes written before totals were stored");
      })
      .catch((error: unknown) => log.error({ err: error }, "could not store the totals of older quotes"));
    // Daily: rich-text images that were never saved or are no longer named anywhere (decision 035).
    recurring("the image sweep", IMAGE_SWEEP_EVERY_MS, () => enqueue(database.db, sweepImagesJob, {}, { singletonKey: "sweep-images" }));
  };

  let vite: import("vite").ViteDevServer | undefined;
  let ssr: Parameters<typeof createApp>[0]["ssr"];
  let staticRoot: string | undefined;
  if (development) {
    const { createServer } = await import("vite");
    vite = await createServer({ server: { middlewareMode: true }, appType: "custom" });
    const devServer = vite;
    ssr = {
      build: () => devServer.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>,
      mode: "development",
    };
  } else {
    if (!pagesBuild) {
      console.error(`No build found at ${serverBuild}. Run "npm run build" (npm start does this for you).`);
      process.exit(1);
    }
    ssr = { build: await pagesBuild, mode: "production" };
    staticRoot = path.join(buildDir, "client");
  }
  mark("pages");

  const app = createApp({ config, db: database.db, log, mail, files, ssr, staticRoot, ping: database.ping, readReplica });
  const listener = nodeListener(app);
  let stopping = false;
  const server = http.createServer((req, res) => {
    // While stopping, every answer closes its connection: keep-alive clients move to another server.
    if (stopping) res.setHeader("Connection", "close");
    if (vite) vite.middlewares(req, res, () => listener(req, res));
    else listener(req, res);
  });
  server.keepAliveTimeout = 65_000; // longer than typical load balancer idle timeouts
  // The first quote PDF of a process waited seconds for the PDF modules, the fonts and the JIT:
  // the worker renders and seals a real-sized quote a few times beforehand (decisions 070 and 097).
  // Not where no job runs.
  let pdfWarmUp: NodeJS.Timeout | undefined;
  const warmUpPdf = () => {
    const started = performance.now();
    warmPdfWorker().then(
      () => log.info({ ms: Math.round(performance.now() - started) }, "PDF worker warmed up"),
      (error: unknown) => {
        if (!stopping) log.warn({ err: error }, "PDF worker warm-up failed (the first PDF warms it instead)");
      },
    );
  };
  const listening = new Promise<{ port: number }>((resolve) => {
    server.listen(config.port, config.host, () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : config.port;
      mark("listening");
      log.info({ port, publicUrl: config.publicUrl, startupMs: startup, codeCache: options.codeCache }, `Offerly is listening on http://localhost:${port}`);
      backgroundStart = setTimeout(startBackgroundWork, BACKGROUND_WORK_DELAY_MS);
      if (config.jobs.worker && config.pdfWarmUp) pdfWarmUp = setTimeout(warmUpPdf, PDF_WARM_UP_DELAY_MS);
      resolve({ port });
    });
  });

  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    clearTimeout(backgroundStart);
    clearTimeout(pdfWarmUp);
    log.info({ signal }, "shutting down");
    const force = setTimeout(() => {
      log.error("shutdown took too long; exiting");
      process.exit(1);
    }, 10_000);
    force.unref();
    // Stop accepting connections, let requests in flight finish, drop idle keep-alive sockets.
    // A keep-alive connection busy now becomes idle when its answer is sent: sweep until all are gone
    // (server.close() alone closes only those idle at this moment, and waits for the others).
    const sweep = setInterval(() => server.closeIdleConnections(), 50);
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeIdleConnections();
    });
    clearInterval(sweep);
    await vite?.close();
    for (const timer of timers) clearInterval(timer);
    // Let running jobs finish (an unfinished one is retried after its lock expires).
    await Promise.all(workers.map((worker) => worker.stop({ timeoutMs: 7_000 })));
    // The PDF worker thread (decision 067), idle now that no job runs.
    await closePdfWorker();
    // The reading-time beacons still queued (decision 064), before the database goes.
    await app.beacons.close();
    mail.close();
    files.close();
    await readReplica?.close();
    await database.close();
    log.info("stopped");
    process.exit(0);
  };
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));
  return listening;
}

// Run when this file is the process's entry (`npm run dev`, tsx); the production bundle's entry
// calls main() itself with the pages' build it bundled.
if (process.argv[1] && fs.realpathSync(path.resolve(process.argv[1])) === fs.realpathSync(fileURLToPath(import.meta.url))) void main();
