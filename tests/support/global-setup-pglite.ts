import crypto from "node:crypto";
import fs from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import type { TestProject } from "vitest/node";
import { migrationsFolder } from "../../src/server/db/client";

/**
 * Once per run (vitest globalSetup of the PGlite project): a PGlite data folder with every
 * migration applied, as a tarball that each test file loads into its own in-memory database
 * (tests/support/db.ts) instead of running initdb and every migration itself (seconds per file).
 * Kept in the system's temporary folder under a key of the migrations' contents and PGlite's
 * version, so a run with the same migrations reuses it; any change to a migration makes a new one.
 */
export default async function setup(project: TestProject) {
  const folder = migrationsFolder();
  const hash = crypto.createHash("sha256");
  // PGlite's own files (its version): a dump is read back by the same PGlite only.
  const pglite = path.dirname(createRequire(import.meta.url).resolve("@electric-sql/pglite"));
  for (const file of ["pglite.wasm", "pglite.data"]) hash.update(`${fs.statSync(path.join(pglite, file)).size}`);
  hash.update(fs.readFileSync(path.join(pglite, "..", "package.json")));
  for (const file of fs.readdirSync(folder, { recursive: true, encoding: "utf8" }).sort()) {
    const full = path.join(folder, file);
    if (fs.statSync(full).isFile()) hash.update(`${file}\0`).update(fs.readFileSync(full));
  }
  const tar = path.join(os.tmpdir(), `offerly-test-pglite-${hash.digest("hex").slice(0, 16)}.tar`);
  if (!fs.existsSync(tar)) {
    const client = new PGlite();
    await migrate(drizzle({ client }), { migrationsFolder: folder });
    const image = await client.dumpDataDir("none");
    await client.close();
    // Written beside and renamed: runs started together never read half a file.
    const partial = `${tar}.${process.pid}.partial`;
    fs.writeFileSync(partial, Buffer.from(await image.arrayBuffer()));
    fs.renameSync(partial, tar);
  }
  project.provide("pgliteImageTar", tar);
}
