import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, expect, it } from "vitest";
import { z } from "zod";
import { type DatabaseHandle, type OpenOptions, openDatabase } from "../../src/server/db/client";
import { jobs } from "../../src/server/db/schema";
import { createLocalFileStorage } from "../../src/server/files/local";
import { createJobWorker, defineJob, enqueue, handleJob } from "../../src/server/jobs";
import { createLogger } from "../../src/server/logger";
import { createMailer } from "../../src/server/mail/mailer";
import { testDbKind } from "../support/db";

/**
 * A queued job survives the whole process going away: the database is closed and opened again
 * (an embedded database in a folder, or a PostgreSQL database), and a new worker runs the job.
 */
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "offerly-jobs-restart-"));
const adminUrl = process.env.TEST_DATABASE_URL;
const pgName = `offerly_t_${crypto.randomBytes(6).toString("hex")}`;
let options: OpenOptions;

beforeAll(async () => {
  if (testDbKind === "pglite") {
    options = { kind: "pglite", dataDir: path.join(dir, "data") };
  } else {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${pgName}`);
    await admin.end();
    const url = new URL(adminUrl!);
    url.pathname = `/${pgName}`;
    options = { kind: "postgres", url: url.toString(), poolSize: 2 };
  }
});
afterAll(async () => {
  fs.rmSync(dir, { recursive: true, force: true });
  if (testDbKind === "postgres") {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${pgName} with (force)`);
    await admin.end();
  }
});

const delivered: string[] = [];
const deliver = handleJob(defineJob("test-deliver-after-restart", z.object({ what: z.string() })), async ({ what }) => {
  delivered.push(what);
});

it("a job enqueued before a restart runs after it", { timeout: 120_000 }, async () => {
  const log = createLogger("silent");
  let handle: DatabaseHandle = await openDatabase(options);
  await handle.migrate();
  const id = await handle.db.transaction((tx) => enqueue(tx, deliver, { what: "the quote e-mail" }));
  await handle.close();
  expect(delivered).toEqual([]);

  handle = await openDatabase(options);
  try {
    await handle.migrate();
    const mail = createMailer({ from: "x@offerly.test", outboxDir: path.join(dir, "mail"), log });
    const worker = createJobWorker({ deps: { db: handle.db, log, mail, files: createLocalFileStorage(path.join(dir, "files")) }, jobs: [deliver] });
    expect(await worker.runOnce()).toBe(1);
    expect(delivered).toEqual(["the quote e-mail"]);
    expect(await handle.db.select({ id: jobs.id, status: jobs.status }).from(jobs)).toEqual([{ id, status: "completed" }]);
    mail.close();
  } finally {
    await handle.close();
  }
});
