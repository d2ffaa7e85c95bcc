import crypto from "node:crypto";
import pg from "pg";

/** One statement on the PostgreSQL server at `adminUrl` (create / drop database). */
async function onServer(adminUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * A database of its own on the PostgreSQL server at `adminUrl` (e.g. TEST_DATABASE_URL), named
 * `<prefix><random>`, optionally copied from `template`; `drop()` removes it, connections and all.
 * Used by the test databases (db.ts), the hard tests and the benches.
 */
export async function scratchDatabase(adminUrl: string, prefix: string, template?: string): Promise<{ name: string; url: string; drop: () => Promise<void> }> {
  const name = `${prefix}${crypto.randomBytes(6).toString("hex")}`;
  await onServer(adminUrl, template ? `create database ${name} template ${template}` : `create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { name, url: url.toString(), drop: () => onServer(adminUrl, `drop database if exists ${name} with (force)`) };
}
