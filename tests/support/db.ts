import crypto from "node:crypto";
import pg from "pg";
import { type DatabaseHandle, openDatabase } from "../../src/server/db/client";

/** Which database this test run uses: set per vitest project (integration-pglite / -postgres). */
export const testDbKind = (process.env.TEST_DB === "postgres" ? "postgres" : "pglite") as "pglite" | "postgres";

/**
 * A fresh, migrated database for one test file: an in-memory PGlite, or a new throw-away database
 * on the PostgreSQL server named by TEST_DATABASE_URL (dropped again by close()).
 */
export async function createTestDatabase(): Promise<DatabaseHandle> {
  if (testDbKind === "pglite") {
    const handle = await openDatabase({ kind: "pglite" });
    await handle.migrate();
    return handle;
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error("TEST_DB=postgres needs TEST_DATABASE_URL");
  const name = `offerly_t_${crypto.randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
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
