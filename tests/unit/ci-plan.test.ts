import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { onceOnly, otherNode } from "../../scripts/lib/ci-plan.mjs";

// The CI plan (docs/decisions/044-ci-budget.md): which integration files run on one database only,
// and what runs on the other Node majors. A stale entry or a once-only file that reaches the
// database itself would silently drop a check: both fail here.
const root = path.resolve(import.meta.dirname, "../..");

/** Direct database use: a query through drizzle or raw SQL, or a database of the file's own. */
const DATABASE_USE =
  /\b(?:db|database|tx)\s*\.\s*(?:select|selectDistinct|insert|update|delete|execute|transaction|query)\b|\bsql\s*`|\bqueryRows\b|\bcreateTestDatabase\b|\bopenDatabase\b|\bfrom\s+"pg"/;

describe("CI plan", () => {
  it("names only test files that exist", () => {
    for (const file of [
      ...onceOnly,
      ...Object.values(otherNode)
        .flat()
        .filter((f) => !f.includes("*")),
    ]) {
      expect(fs.existsSync(path.join(root, file)), file).toBe(true);
    }
  });

  it("runs on one database only files that query no database themselves", () => {
    const offenders = onceOnly.filter((file) => DATABASE_USE.test(fs.readFileSync(path.join(root, file), "utf8")));
    expect(offenders).toEqual([]);
  });

  it("no unit test replaces a module or a global (the unit project imports modules once per worker)", () => {
    // vitest.config.ts runs the unit project with isolate: false: a vi.mock or a stubbed global would
    // leak into the files that run after it in the same worker.
    const files = ["src", "tests/unit"]
      .flatMap((dir) => fs.readdirSync(path.join(root, dir), { recursive: true, encoding: "utf8" }).map((file) => path.join(dir, file)))
      .filter((file) => file.endsWith(".test.ts") && file !== path.join("tests", "unit", "ci-plan.test.ts"));
    expect(files.length).toBeGreaterThan(40);
    const offenders = files.filter((file) => /\bvi\.(?:mock|doMock|stubGlobal|stubEnv)\(/.test(fs.readFileSync(path.join(root, file), "utf8")));
    expect(offenders).toEqual([]);
  });

  it("the guard recognises direct database use", () => {
    expect(DATABASE_USE.test("await t.db.insert(accounts).values({})")).toBe(true);
    expect(DATABASE_USE.test("const rows = await queryRows(t.db, sql`select 1`)")).toBe(true);
    expect(DATABASE_USE.test("const database = await createTestDatabase();")).toBe(true);
    expect(DATABASE_USE.test("createApp({ config, db: t.db, log })")).toBe(false);
  });
});
