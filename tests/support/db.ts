import crypto from "node:crypto";
import fs from "node:fs";
import pg from "pg";
import { inject } from "vitest";
import { type DatabaseHandle, openDatabase } from "../../src/server/db/client";

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

/** Throw-away PostgreSQL databases are named with this prefix (.ci/run sets its own, to drop what an interrupted run left). */
export function testDatabasePrefix(): string {
  return process.env.OFFERLY_TEST_DB_PREFIX ?? "offerly_t_";
}

/**
 * A fresh, migrated database for one test file: an in-memory PGlite loaded from the run's
 * ready-migrated image, or a new throw-away database on the PostgreSQL server named by
 * TEST_DATABASE_URL, copied from the run's migrated template (dropped again by close()).
 * migrate() still runs: it applies nothing on a current image and everything without one (a
 * project without the global set-up).
 */
export async function createTestDatabase(): Promise<DatabaseHandle> {
  if (testDbKind === "pglite") {
    const tar = inject("pgliteImageTar");
    if (tar && !pgliteImage) pgliteImage = new Blob([fs.readFileSync(tar)]);
    const handle = await openDatabase({ kind: "pglite", loadDataDir: pgliteImage });
    await handle.migrate();
    return handle;
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error("TEST_DB=postgres needs TEST_DATABASE_URL");
  const template = inject("postgresTemplate");
  const name = `${testDatabasePrefix()}${crypto.randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(template ? `create database ${name} template ${template}` : `create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ kind: "postgres", url: url.toString(), poolSize: 20 });
  await handle.migrate();
  return {
    ...handle,
    close: async () => {
      await handle.close();
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}
