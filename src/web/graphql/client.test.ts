import fs from "node:fs";
import { buildSchema } from "graphql";
import { describe, expect, it } from "vitest";
import { CACHE_KEYS } from "./client";

const schema = buildSchema(fs.readFileSync("schema.graphql", "utf8"));

describe("graphcache keys", () => {
  it("name only types that exist in the schema", () => {
    const missing = Object.keys(CACHE_KEYS).filter((name) => !schema.getType(name));
    expect(missing).toEqual([]);
  });
});
