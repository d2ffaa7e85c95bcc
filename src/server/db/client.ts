import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import { PGlite } from "@electric-sql/pglite";
import type { SQL } from "drizzle-orm";
import { type PgDatabase, PgDialect, type PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import { acquireLock, type Lock } from "./lock";
import * as schema from "./schema";

export type Schema = typeof schema;
/** The one database type the services see, whichever driver is behind it. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction opened with `db.transaction(async (tx) => …)`. */
export type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];
/** What a service runs its queries on: the database, or the caller's transaction. */
export type Executor = Database | Transaction;

export type DatabaseHandle = {
  kind: "pglite" | "postgres";
  db: Database;
  /** Resolves when the database answers a trivial query. */
  ping: () => Promise<void>;
  /** Applies pending migrations (safe to call from several app servers at once). */
  migrate: () => Promise<void>;
  close: () => Promise<void>;
};

const here = path.dirname(fileURLToPath(import.meta.url));
/** Migrations live in the source tree; the bundled server finds them through OFFERLY_MIGRATIONS_DIR. */
export function migrationsFolder(): string {
  return process.env.OFFERLY_MIGRATIONS_DIR ?? path.resolve(here, "migrations");
}

/**
 * A PGlite data folder with every migration applied, made by `npm run build` next to the bundled
 * server (scripts/build-server.mjs). A fresh DATA_DIR starts as a copy of it instead of running
 * initdb and every migration (seconds); migrate() then applies only migrations newer than the
 * build. Absent when running from source: a fresh folder is then made by initdb as before.
 */
export function pgliteImageFolder(): string {
  return process.env.OFFERLY_PGLITE_IMAGE ?? path.resolve(here, "pglite-image");
}

/**
 * Copies a folder tree in a worker thread, so that the copy (over a thousand small files: creating
 * them is most of its time) runs on another core while the main thread loads the rest of the
 * server (decision 042). Files are cloned where the file system can (copy-on-write: btrfs, XFS,
 * APFS), copied otherwise; folders keep their modes. A plain string, so it survives bundling.
 */
const COPY_TREE_WORKER = `
const { workerData } = require("node:worker_threads");
const fs = require("node:fs");
const path = require("node:path");
function copyTree(from, to) {
  fs.mkdirSync(to);
  fs.chmodSync(to, fs.statSync(from).mode & 0o7777);
  for (const entry of fs.readdirSync(from, { withFileTypes: true })) {
    const source = path.join(from, entry.name);
    const target = path.join(to, entry.name);
    if (entry.isDirectory()) copyTree(source, target);
    else if (entry.isFile()) fs.copyFileSync(source, target, fs.constants.COPYFILE_FICLONE);
    else throw new Error("not a file or folder: " + source);
  }
}
copyTree(workerData.from, workerData.to);
`;

function copyTreeOffThread(from: string, to: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(COPY_TREE_WORKER, { eval: true, workerData: { from, to } });
    worker.once("error", reject);
    worker.once("exit", (code) => (code === 0 ? resolve() : reject(new Error(`copying ${from} stopped with exit code ${code}`))));
  });
}

/** Copies the prepared image into `dbDir` when that folder does not exist yet; true when it did. */
async function startFromImage(dbDir: string): Promise<boolean> {
  const image = pgliteImageFolder();
  if (fs.existsSync(dbDir) || !fs.existsSync(path.join(image, "PG_VERSION"))) return false;
  // Copied beside and renamed into place: a start killed mid-copy leaves no half folder behind.
  const partial = `${dbDir}.partial`;
  fs.rmSync(partial, { recursive: true, force: true });
  await copyTreeOffThread(image, partial);
  fs.renameSync(partial, dbDir);
  return true;
}

/**
 * True when the database already has the newest migration of `folder`: drizzle's migrator would
 * then apply nothing (it applies the migrations newer than the newest it recorded), but it would
 * still run its two CREATE … IF NOT EXISTS and an empty transaction at every start (decision 042).
 */
async function hasEveryMigration(client: PGlite, folder: string): Promise<boolean> {
  const journal = JSON.parse(fs.readFileSync(path.join(folder, "meta", "_journal.json"), "utf8")) as { entries: { when: number }[] };
  const newest = Math.max(...journal.entries.map((entry) => entry.when));
  try {
    const { rows } = await client.query<{ newest: string | null }>("select max(created_at)::text as newest from drizzle.__drizzle_migrations");
    return rows[0]?.newest != null && Number(rows[0].newest) >= newest;
  } catch {
    return false; // never migrated: no drizzle schema yet
  }
}

/**
 * PGlite's WebAssembly module and file-system bundle, read now and compiled on V8's background
 * threads while the rest of the server loads (PGlite would read and compile them itself only once
 * it starts). Undefined when PGlite's files are not where this version keeps them: PGlite then
 * loads them itself.
 */
function pgliteEngine(): { wasmModule: Promise<WebAssembly.Module>; fsBundle: Blob } | undefined {
  let dist: string;
  try {
    dist = path.dirname(createRequire(import.meta.url).resolve("@electric-sql/pglite"));
  } catch {
    return undefined;
  }
  const wasm = path.join(dist, "pglite.wasm");
  const data = path.join(dist, "pglite.data");
  if (!fs.existsSync(wasm) || !fs.existsSync(data)) return undefined;
  return { wasmModule: WebAssembly.compile(fs.readFileSync(wasm)), fsBundle: new Blob([fs.readFileSync(data)]) };
}

// One arbitrary constant: app servers starting together take turns applying migrations.
const MIGRATION_LOCK_ID = 4_217_001;

export type OpenOptions =
  | {
      kind: "pglite";
      dataDir?: string;
      lock?: boolean;
      loadDataDir?: Blob | File /** false: a fresh folder runs initdb even when a prepared image exists */;
      image?: boolean;
    }
  | { kind: "postgres"; url: string; poolSize?: number };

export async function openDatabase(options: OpenOptions): Promise<DatabaseHandle> {
  if (options.kind === "postgres") {
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 10 });
    pool.on("error", () => {
      /* idle client errors are reported on the next query */
    });
    const db = drizzlePg({ client: pool, schema }) as unknown as Database;
    return {
      kind: "postgres",
      db,
      ping: async () => {
        await pool.query("select 1");
      },
      migrate: async () => {
        // A session-level advisory lock on one dedicated connection: concurrent starters take turns.
        const client = await pool.connect();
        try {
          await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_ID]);
          try {
            await migratePg(drizzlePg({ client }), { migrationsFolder: migrationsFolder() });
          } finally {
            await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_ID]);
          }
        } finally {
          client.release();
        }
      },
      close: async () => {
        await pool.end();
      },
    };
  }

  let lock: Lock | undefined;
  if (options.dataDir && options.lock !== false) lock = acquireLock(path.join(options.dataDir, "db.lock"));
  try {
    const dbDir = options.dataDir ? path.join(options.dataDir, "db") : undefined;
    const engine = pgliteEngine();
    if (dbDir && !options.loadDataDir && options.image !== false) await startFromImage(dbDir);
    const engineOptions = engine ? { pgliteWasmModule: await engine.wasmModule, fsBundle: engine.fsBundle } : {};
    const client = dbDir
      ? new PGlite(dbDir, options.loadDataDir ? { loadDataDir: options.loadDataDir, ...engineOptions } : engineOptions)
      : new PGlite(options.loadDataDir ? { loadDataDir: options.loadDataDir, ...engineOptions } : engineOptions);
    await client.waitReady;
    const db = drizzlePglite({ client, schema }) as unknown as Database;
    return {
      kind: "pglite",
      db,
      ping: async () => {
        await client.query("select 1");
      },
      migrate: async () => {
        const folder = migrationsFolder();
        if (await hasEveryMigration(client, folder)) return;
        await migratePglite(drizzlePglite({ client }), { migrationsFolder: folder });
      },
      close: async () => {
        try {
          if (!client.closed) await client.close();
        } finally {
          lock?.release();
        }
      },
    };
  } catch (error) {
    lock?.release();
    throw error;
  }
}

export { schema };

/** Rows of a raw SQL query, the same way on both drivers (both return { rows }). */
export async function queryRows<T>(db: Executor, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

const rawDialect = new PgDialect();

/**
 * A raw SQL statement for a hot path, built ONCE with `sql.placeholder(name)` for its values and
 * run as a NAMED prepared statement: the SQL text is rendered once per process and, on
 * PostgreSQL, each pooled connection parses and plans it once, then only binds and executes.
 * (A beacon's statement took longer to plan than to run.) PGlite runs it as an ordinary query.
 * The name must be unique in the process. Not for a transaction's executor.
 */
export function preparedStatement<T, V extends Record<string, unknown>>(name: string, build: () => SQL): (db: Database, values: V) => Promise<T[]> {
  let query: ReturnType<PgDialect["sqlToQuery"]> | undefined;
  const byDatabase = new WeakMap<Database, { execute: (values: V) => Promise<unknown> }>();
  return async (db, values) => {
    query ??= rawDialect.sqlToQuery(build());
    let prepared = byDatabase.get(db);
    if (!prepared) {
      prepared = db._.session.prepareQuery(query, undefined, name, false);
      byDatabase.set(db, prepared);
    }
    const result = (await prepared.execute(values)) as { rows: T[] };
    return result.rows;
  };
}
