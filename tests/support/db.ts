import fs from "node:fs";
import { sql } from "drizzle-orm";
import { inject } from "vitest";
import { type DatabaseHandle, openDatabase, queryRows } from "../../src/server/db/client";
import { scratchDatabase } from "./scratch-db";

/** Which database this test run uses: set per vitest project (integration-pglite / -postgres). */
export const testDbKind = (process.env.TEST_DB === "postgres" ? "postgres" : "pglite") as "pglite" | "postgres";

declare module "vitest" {
  export interface ProvidedContext {
    /** A PGlite data folder with every migration applied, as a tarball (tests/support/global-setup-pglite.ts). */
    pgliteImageTar?: string;
    /** A PostgreSQL database with every migration applied, to copy per file (tests/support/global-setup-postgres.ts). */
    postgresTemplate?: string;
  }
}

let pgliteImage: Blob | undefined;

/**
 * PGlite databases of this worker that a file has closed, ready for the next one. Starting a
 * PGlite from the image costs about 2 s of CPU (the wasm Postgres starting up), and the PGlite
 * files start about a hundred (several apps per file): reusing them took the project from 350 to
 * 274 CPU-seconds (decision 044, third pass). A closed database is emptied and handed to the next caller instead: every table of
 * the app is truncated (identities restarted), which leaves what a fresh copy of the image has —
 * the migrations insert no rows. The test files of a worker run one after another (vitest), and a
 * file that needs two databases at once gets a second one.
 */
const idlePglite: DatabaseHandle[] = [];

async function emptyDatabase(handle: DatabaseHandle): Promise<void> {
  const tables = await queryRows<{ name: string }>(
    handle.db,
    sql`select format('%I.%I', schemaname, tablename) as name from pg_tables where schemaname = 'public'`,
  );
  const names = tables.map((row) => row.name);
  // The append-only tables refuse TRUNCATE by trigger (the product's rule); emptying a test database
  // is not the product's doing: triggers are off for this transaction only (replica role).
  if (names.length)
    await handle.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.execute(sql.raw(`truncate ${names.join(", ")} restart identity cascade`));
    });
}

async function leasePglite(): Promise<TestDatabase> {
  let handle = idlePglite.pop();
  if (handle) await emptyDatabase(handle);
  else {
    const tar = inject("pgliteImageTar");
    if (tar && !pgliteImage) pgliteImage = new Blob([fs.readFileSync(tar)]);
    handle = await openDatabase({ kind: "pglite", loadDataDir: pgliteImage });
    await handle.migrate();
  }
  const leased = handle;
  let done = false;
  return {
    ...leased,
    // close() closes (a test may want the database gone); release() hands it to the next file
    // (at most two are kept per worker; the rest are closed).
    close: async () => {
      if (done) return;
      done = true;
      await leased.close();
    },
    release: async () => {
      if (done) return;
      done = true;
      if (idlePglite.length < 2) idlePglite.push(leased);
      else await leased.close();
    },
  };
}

/** Throw-away PostgreSQL databases are named with this prefix (.ci/run sets its own, to drop what an interrupted run left). */
export function testDatabasePrefix(): string {
  const prefix = process.env.OFFERLY_TEST_DB_PREFIX ?? "offerly_t_";
  // Database names are written into `create database` unquoted: a hyphen was a syntax error there.
  if (!/^[a-z_][a-z0-9_]*$/.test(prefix)) throw new Error(`OFFERLY_TEST_DB_PREFIX may hold only a-z, 0-9 and _ (got "${prefix}")`);
  return prefix;
}

/**
 * A fresh, migrated database for one test file: an in-memory PGlite loaded from the run's
 * ready-migrated image, or a new throw-away database on the PostgreSQL server named by
 * TEST_DATABASE_URL, copied from the run's migrated template (dropped again by close()).
 * migrate() still runs: it applies nothing on a current image and everything without one (a
 * project without the global set-up).
 */
/** A test's database: its URL on PostgreSQL; on PGlite, `release()` to hand it to the worker's next file instead of closing it. */
export type TestDatabase = DatabaseHandle & { url?: string; release?: () => Promise<void> };

export async function createTestDatabase(): Promise<TestDatabase> {
  if (testDbKind === "pglite") return leasePglite();
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error("TEST_DB=postgres needs TEST_DATABASE_URL");
  const scratch = await scratchDatabase(adminUrl, testDatabasePrefix(), inject("postgresTemplate"));
  const handle = await openDatabase({ kind: "postgres", url: scratch.url, poolSize: 20 });
  await handle.migrate();
  return {
    url: scratch.url,
    ...handle,
    close: async () => {
      await handle.close();
      await scratch.drop();
    },
  };
}
