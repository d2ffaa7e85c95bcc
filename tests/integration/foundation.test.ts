import fs from "node:fs";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../src/server/db/client";
import { type TestApp, createTestApp } from "../support/app";
import { testDbKind } from "../support/db";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe(`database (${testDbKind})`, () => {
  it("applies every migration to an empty database", async () => {
    const files = fs.readdirSync("src/server/db/migrations").filter((f) => f.endsWith(".sql"));
    const [applied] = await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
    expect(applied.n).toBe(files.length);
    const [table] = await queryRows<{ t: string | null }>(t.db, sql`select to_regclass('public.rate_limit_buckets')::text as t`);
    expect(table.t).toBe("rate_limit_buckets");
  });

  it("applying migrations again changes nothing", async () => {
    await t.database.migrate();
    const [applied] = await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
    expect(applied.n).toBe(fs.readdirSync("src/server/db/migrations").filter((f) => f.endsWith(".sql")).length);
  });

  it("GET /healthz answers 200 when the database answers", async () => {
    const response = await t.fetch("/healthz");
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: "ok" });
  });
});

describe("GraphQL over HTTP", () => {
  it("answers a query over POST", async () => {
    const result = await t.gql("{ me { id email } }");
    expect(result.status).toBe(200);
    expect(result.errors).toBeUndefined();
    expect(result.data).toEqual({ me: null });
  });

  it("answers a query over GET", async () => {
    const response = await t.fetch(`/graphql?query=${encodeURIComponent("{ me { id } }")}`, { headers: { "x-graphql-csrf": "1" } });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ data: { me: null } });
  });

  it("refuses a request without the CSRF header with 403", async () => {
    const response = await t.fetch("/graphql", {
      method: "POST",
      headers: { "content-type": "text/plain" },
      body: JSON.stringify({ query: "{ me { id } }" }),
    });
    expect(response.status).toBe(403);
    const body = (await response.json()) as { errors: { extensions: { code: string } }[] };
    expect(body.errors[0].extensions.code).toBe("CSRF_HEADER_MISSING");
  });

  it("answers the CSRF refusal in Dutch for a Dutch client", async () => {
    const response = await t.fetch("/graphql", { method: "POST", headers: { "accept-language": "nl" }, body: "{}" });
    const body = (await response.json()) as { errors: { message: string }[] };
    expect(body.errors[0].message).toContain("ontbreekt");
  });

  it("refuses malformed JSON with 400", async () => {
    const response = await t.fetch("/graphql", {
      method: "POST",
      headers: { "content-type": "application/json", "x-graphql-csrf": "1" },
      body: '{"query": "{ me { id } }"',
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { errors: unknown[] }).errors).toHaveLength(1);
  });

  it("refuses an unknown operation name with 400", async () => {
    const response = await t.fetch("/graphql", {
      method: "POST",
      headers: { "content-type": "application/json", "x-graphql-csrf": "1" },
      body: JSON.stringify({ query: "query Me { me { id } }", operationName: "Nope" }),
    });
    expect(response.status).toBe(400);
  });

  it("refuses an unknown field with 400", async () => {
    const result = await t.gql("{ nothingHere }");
    expect(result.status).toBe(400);
    expect(result.errors?.[0].message).toMatch(/nothingHere/);
  });

  it("refuses a mutation over GET with 405", async () => {
    const response = await t.fetch(`/graphql?query=${encodeURIComponent("mutation { __typename }")}`, { headers: { "x-graphql-csrf": "1" } });
    expect(response.status).toBe(405);
  });

  it("refuses a query deeper than the limit", async () => {
    // The real limit (10) is deeper than today's schema allows; the same plugin with a limit of 1.
    const shallow = await createTestApp({ database: t.database, graphqlLimits: { maxDepth: 1 } });
    const result = await shallow.gql("{ me { id } }");
    expect(result.status).toBeGreaterThanOrEqual(400);
    expect(result.status).toBeLessThan(500);
    expect(result.data ?? null).toBeNull();
    expect(result.errors?.[0].message).toMatch(/depth/i);
  });

  it("refuses too many aliases", async () => {
    const aliases = Array.from({ length: 30 }, (_, i) => `a${i}: me { id }`).join(" ");
    const result = await t.gql(`{ ${aliases} }`);
    expect(result.status).toBeGreaterThanOrEqual(400);
    expect(result.status).toBeLessThan(500);
    expect(result.errors?.[0].message).toMatch(/alias/i);
  });
});

describe("GraphQL in production", () => {
  let prod: TestApp;
  beforeAll(async () => {
    prod = await createTestApp({ env: { NODE_ENV: "production" }, database: t.database });
  });

  it("has introspection off", async () => {
    const result = await prod.gql("{ __schema { queryType { name } } }");
    expect(result.data ?? null).toBeNull();
    expect(result.errors?.[0].message).toMatch(/introspection/i);
  });

  it("has GraphiQL off", async () => {
    const response = await prod.fetch("/graphql", { headers: { accept: "text/html", "x-graphql-csrf": "1" } });
    expect(await response.text()).not.toMatch(/graphiql/i);
  });

  it("has GraphiQL on in development", async () => {
    const response = await t.fetch("/graphql", { headers: { accept: "text/html", "x-graphql-csrf": "1" } });
    expect(response.status).toBe(200);
    expect(await response.text()).toMatch(/graphiql/i);
  });
});

describe("security headers", () => {
  it("are on every response", async () => {
    for (const p of ["/healthz", "/graphql"]) {
      const response = await t.fetch(p);
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
      expect(response.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
      expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
      expect(response.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  it("sends HSTS only when served over https", async () => {
    expect((await t.fetch("/healthz")).headers.get("strict-transport-security")).toBeNull();
    const https = await createTestApp({ env: { PUBLIC_URL: "https://offerly.example" }, database: t.database });
    expect((await https.fetch("/healthz")).headers.get("strict-transport-security")).toMatch(/max-age=\d+/);
  });
});
