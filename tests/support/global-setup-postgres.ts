import crypto from "node:crypto";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { openDatabase } from "../../src/server/db/client";
import { testDatabasePrefix } from "./db";

/**
 * Once per run (vitest globalSetup of the PostgreSQL project): a database with every migration
 * applied, which each test file copies (`create database … template …`, tests/support/db.ts)
 * instead of migrating a new database itself. Dropped at the end of the run; named with the per-file
 * databases' prefix, so .ci/run's clean-up also removes one left by an interrupted run.
 */
export default async function setup(project: TestProject) {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error("the PostgreSQL project needs TEST_DATABASE_URL");
  const name = `${testDatabasePrefix()}template_${crypto.randomBytes(6).toString("hex")}`;
  const admin = async (query: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(query);
    } finally {
      await client.end();
    }
  };
  await admin(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  // A template must have no open connection while it is copied: the handle is closed first.
  const handle = await openDatabase({ kind: "postgres", url: url.toString(), poolSize: 1 });
  try {
    await handle.migrate();
  } finally {
    await handle.close();
  }
  project.provide("postgresTemplate", name);
  return async () => {
    await admin(`drop database if exists ${name} with (force)`);
  };
}
