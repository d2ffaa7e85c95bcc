import fs from "node:fs";
import path from "node:path";
import { generateDrizzleJson, generateMigration } from "drizzle-kit/api";
import { printSchema } from "graphql";
import { describe, expect, it } from "vitest";
import * as tables from "../../src/server/db/schema";
import { EVENT_SCHEMAS_DIR, eventSchemaFiles } from "../../src/server/events/json-schemas";
import { schema } from "../../src/server/graphql/schema";

// Generated artefacts are committed; these fail when regenerating would change them.
describe("generated artefacts are up to date", () => {
  it("schema.graphql matches the schema the code defines (npm run schema:print)", () => {
    expect(fs.readFileSync("schema.graphql", "utf8")).toBe(`${printSchema(schema)}\n`);
  });

  it("docs/events/*.schema.json match the event payloads' zod schemas (npm run events:schemas)", () => {
    const expected = eventSchemaFiles();
    const committed = fs.readdirSync(EVENT_SCHEMAS_DIR).filter((f) => f.endsWith(".schema.json"));
    expect(committed.map((f) => `${EVENT_SCHEMAS_DIR}/${f}`).sort()).toEqual([...expected.keys()].sort());
    for (const [file, content] of expected) expect(fs.readFileSync(file, "utf8"), `${file} is stale`).toBe(content);
  });

  it("the migrations describe the Drizzle schema exactly (npm run db:generate)", async () => {
    const meta = "src/server/db/migrations/meta";
    const snapshots = fs
      .readdirSync(meta)
      .filter((f) => f.endsWith("_snapshot.json"))
      .sort();
    const latest = JSON.parse(fs.readFileSync(path.join(meta, snapshots.at(-1)!), "utf8"));
    const current = generateDrizzleJson(tables as Record<string, unknown>, latest.id, undefined, "snake_case");
    const pending = await generateMigration(latest, current);
    expect(pending).toEqual([]);
  });
});

describe("GraphQL codegen output is up to date (npm run codegen)", () => {
  it("matches what graphql-codegen generates from schema.graphql and the web app's documents", async () => {
    const { generate } = await import("@graphql-codegen/cli");
    const config = (await import("../../codegen")).default;
    const outputs = (await generate({ ...config, silent: true }, false)) as { filename: string; content: string }[];
    expect(outputs.length).toBeGreaterThan(0);
    for (const output of outputs) {
      const file = path.resolve(output.filename);
      expect(fs.existsSync(file), `${output.filename} is missing`).toBe(true);
      expect(fs.readFileSync(file, "utf8"), `${output.filename} is stale`).toBe(output.content);
    }
  }, 30_000);
});
