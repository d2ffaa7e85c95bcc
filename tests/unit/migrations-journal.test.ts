import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * drizzle's migrator applies a migration to an existing database only when the migration's journal
 * time (`when`) is later than that of the last one the database applied: a migration dated earlier
 * than the one before it is skipped on every upgraded database, silently, while a fresh database
 * gets it (decision 081 found 0034 dated hours ahead of the clock, so `npm run db:generate` made
 * 0035 and 0036 "older" than it). The journal's times must rise with its order.
 */
describe("the migrations' journal", () => {
  const folder = path.resolve("src/server/db/migrations");
  const journal = JSON.parse(fs.readFileSync(path.join(folder, "meta", "_journal.json"), "utf8")) as {
    entries: { idx: number; tag: string; when: number }[];
  };

  it("lists every migration file once, in order", () => {
    const files = fs
      .readdirSync(folder)
      .filter((name) => name.endsWith(".sql"))
      .sort();
    expect(journal.entries.map((entry) => `${entry.tag}.sql`)).toEqual(files);
    expect(journal.entries.map((entry) => entry.idx)).toEqual(journal.entries.map((_, i) => i));
  });

  it("dates each migration after the one before it (drizzle skips an earlier one on an upgraded database)", () => {
    const backwards = journal.entries
      .slice(1)
      .map((entry, i) => ({ entry, before: journal.entries[i] }))
      .filter(({ entry, before }) => entry.when <= before.when)
      .map(({ entry, before }) => `${entry.tag} (${new Date(entry.when).toISOString()}) is not after ${before.tag}`);
    // A new migration dated before the last one: set its `when` in meta/_journal.json past the last one's.
    expect(backwards).toEqual([]);
  });
});
