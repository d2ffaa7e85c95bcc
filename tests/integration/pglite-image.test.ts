import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { type DatabaseHandle, openDatabase, queryRows } from "../../src/server/db/client";

/**
 * A fresh PGlite folder starts as a copy of the build's prepared image (build/server/pglite-image,
 * made by `npm run build`) instead of initdb + every migration: the database it gives must be the
 * same, and migrations newer than the image must still be applied.
 */
const IMAGE = path.resolve("build/server/pglite-image");
const tempDir = () => fs.mkdtempSync(path.join(os.tmpdir(), "offerly-image-"));
const saved = { image: process.env.OFFERLY_PGLITE_IMAGE, migrations: process.env.OFFERLY_MIGRATIONS_DIR };
const open: DatabaseHandle[] = [];

afterEach(async () => {
  for (const h of open.splice(0)) await h.close();
  process.env.OFFERLY_PGLITE_IMAGE = saved.image;
  process.env.OFFERLY_MIGRATIONS_DIR = saved.migrations;
  if (saved.image === undefined) delete process.env.OFFERLY_PGLITE_IMAGE;
  if (saved.migrations === undefined) delete process.env.OFFERLY_MIGRATIONS_DIR;
});

async function shape(h: DatabaseHandle) {
  const columns = await queryRows(
    h.db,
    sql`select table_name, column_name, data_type, is_nullable, column_default from information_schema.columns where table_schema in ('public', 'drizzle') order by 1, 2`,
  );
  const indexes = await queryRows(h.db, sql`select indexname, indexdef from pg_indexes where schemaname = 'public' order by 1`);
  const triggers = await queryRows(h.db, sql`select tgname, pg_get_triggerdef(oid) as def from pg_trigger where not tgisinternal order by 1`);
  const functions = await queryRows(h.db, sql`select proname, md5(prosrc) as src from pg_proc where pronamespace = 'public'::regnamespace order by 1`);
  const migrations = await queryRows(h.db, sql`select hash, created_at from drizzle.__drizzle_migrations order by id`);
  return { columns, indexes, triggers, functions, migrations };
}

describe("PGlite prepared image", () => {
  it("gives a fresh folder the same database as initdb + every migration", async () => {
    if (!fs.existsSync(path.join(IMAGE, "PG_VERSION"))) throw new Error("No production build: run `npm run build` (npm test does it).");
    process.env.OFFERLY_PGLITE_IMAGE = IMAGE;
    const fromImage = await openDatabase({ kind: "pglite", dataDir: tempDir() });
    open.push(fromImage);
    await fromImage.migrate();
    const fromInitdb = await openDatabase({ kind: "pglite", dataDir: tempDir(), image: false });
    open.push(fromInitdb);
    await fromInitdb.migrate();
    const [a, b] = [await shape(fromImage), await shape(fromInitdb)];
    expect(a.migrations.length).toBeGreaterThan(0);
    expect(a).toEqual(b);
  }, 120_000); // initdb takes seconds, and much longer on a loaded machine

  it("applies migrations newer than the image, and leaves no half-copied folder", async () => {
    if (!fs.existsSync(path.join(IMAGE, "PG_VERSION"))) throw new Error("No production build: run `npm run build` (npm test does it).");
    // The build's migrations plus one more, as after an upgrade whose image predates it.
    const migrations = tempDir();
    fs.cpSync("src/server/db/migrations", migrations, { recursive: true });
    const journalFile = path.join(migrations, "meta", "_journal.json");
    const journal = JSON.parse(fs.readFileSync(journalFile, "utf8")) as {
      entries: { idx: number; when: number; tag: string; version: string; breakpoints: boolean }[];
    };
    const last = journal.entries[journal.entries.length - 1];
    journal.entries.push({ ...last, idx: last.idx + 1, when: last.when + 1000, tag: "9999_image_probe" });
    fs.writeFileSync(journalFile, JSON.stringify(journal));
    fs.writeFileSync(path.join(migrations, "9999_image_probe.sql"), "create table image_probe (id integer primary key);");
    process.env.OFFERLY_PGLITE_IMAGE = IMAGE;
    process.env.OFFERLY_MIGRATIONS_DIR = migrations;

    const dataDir = tempDir();
    const h = await openDatabase({ kind: "pglite", dataDir });
    open.push(h);
    await h.migrate();
    const applied = await queryRows<{ n: number }>(h.db, sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
    expect(applied[0].n).toBe(journal.entries.length);
    expect(await queryRows(h.db, sql`select * from image_probe`)).toEqual([]);
    expect(fs.readdirSync(dataDir).sort()).toEqual(["db", "db.lock"]);

    // The next start finds every migration applied and applies nothing again.
    await h.close();
    open.splice(open.indexOf(h), 1);
    const again = await openDatabase({ kind: "pglite", dataDir });
    open.push(again);
    await again.migrate();
    expect(await queryRows<{ n: number }>(again.db, sql`select count(*)::int as n from drizzle.__drizzle_migrations`)).toEqual([{ n: journal.entries.length }]);
  });

  it("replaces what a start killed while copying left behind", async () => {
    if (!fs.existsSync(path.join(IMAGE, "PG_VERSION"))) throw new Error("No production build: run `npm run build` (npm test does it).");
    process.env.OFFERLY_PGLITE_IMAGE = IMAGE;
    const dataDir = tempDir();
    // A copy cut short: the half folder beside db, never db itself.
    fs.mkdirSync(path.join(dataDir, "db.partial", "base"), { recursive: true });
    fs.writeFileSync(path.join(dataDir, "db.partial", "base", "half-copied"), "");
    const h = await openDatabase({ kind: "pglite", dataDir });
    open.push(h);
    await h.migrate();
    expect(fs.readdirSync(dataDir).sort()).toEqual(["db", "db.lock"]);
    expect(fs.existsSync(path.join(dataDir, "db", "base", "half-copied"))).toBe(false);
    // The image's files, and the running Postgres' postmaster.pid.
    expect(
      fs
        .readdirSync(path.join(dataDir, "db"))
        .filter((f) => f !== "postmaster.pid")
        .sort(),
    ).toEqual(fs.readdirSync(IMAGE).sort());
    await h.ping();
  });
});
