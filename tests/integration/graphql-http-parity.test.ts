import http from "node:http";
import { getRequestListener } from "@hono/node-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { nodeListener } from "../../src/server/app";
import { compiledExecutionStats } from "../../src/server/graphql/compiled-execution";
import { BODY_LIMITS } from "../../src/server/http/body-limit";
import { type TestApp, createTestApp } from "../support/app";
import { type SignedIn, signIn } from "../support/auth";
import { createCustomer } from "../support/quotes";
import { listen } from "../support/listen";

/**
 * POST /graphql with JSON is answered from node:http, not through Hono (decision 038). The same
 * requests, sent over real sockets to the product's listener (`nodeListener`) and to the Hono app
 * alone, must get the same status, headers and body — and the node:http path must really be the
 * one that answered them.
 */
let t: TestApp;
let user: SignedIn;
let viaNode: { url: string; close: () => Promise<void> };
let viaHono: { url: string; close: () => Promise<void> };
let taken = 0;

beforeAll(async () => {
  t = await createTestApp({ env: { CORS_ORIGINS: "https://app.offerly.example" } });
  user = await signIn(t, "owner", { name: "Pia Parity" });
  await createCustomer(t, user, { name: "Parity Klant" });
  // The product's listener, counting what its node:http path answered.
  const counting = {
    ...t.app,
    graphqlNode: (req: http.IncomingMessage, res: http.ServerResponse) => {
      const answered = t.app.graphqlNode(req, res);
      if (answered) taken += 1;
      return answered;
    },
  } as unknown as typeof t.app;
  viaNode = await listen(nodeListener(counting));
  viaHono = await listen(getRequestListener(t.app.fetch));
});
afterAll(async () => {
  await viaNode?.close();
  await viaHono?.close();
  await t.close();
});

type Sent = { headers?: Record<string, string>; body?: string };
/** Headers that differ by nature between two answers (time, the request's own id, the socket). */
const VOLATILE = new Set(["date", "x-request-id", "connection", "keep-alive", "transfer-encoding", "content-length"]);

async function both(request: Sent) {
  const send = async (base: string) => {
    const response = await fetch(`${base}/graphql`, {
      method: "POST",
      headers: { "content-type": "application/json", ...request.headers },
      body: request.body,
    });
    const headers = Object.fromEntries([...response.headers].filter(([name]) => !VOLATILE.has(name)).sort(([a], [b]) => a.localeCompare(b)));
    return { status: response.status, headers, requestId: response.headers.get("x-request-id"), body: await response.text() };
  };
  const before = taken;
  const node = await send(viaNode.url);
  const nodeTook = taken > before;
  const hono = await send(viaHono.url);
  return { node, hono, nodeTook };
}

const csrf = { "x-graphql-csrf": "1" };
const ME = JSON.stringify({ query: "{ me { id name email } }" });

describe("POST /graphql: the node:http path answers as the Hono route does", () => {
  const cases: [string, () => Sent, number, boolean][] = [
    ["a signed-in query", () => ({ headers: { ...csrf, ...user.headers() }, body: ME }), 200, true],
    [
      "a list with variables",
      () => ({
        headers: { ...csrf, ...user.headers() },
        body: JSON.stringify({ query: "query ($n: Int) { customers(pageSize: $n) { items { name } } }", variables: { n: 5 } }),
      }),
      200,
      true,
    ],
    ["signed out", () => ({ headers: csrf, body: ME }), 200, true],
    [
      "urql's Accept header",
      () => ({
        headers: {
          ...csrf,
          ...user.headers(),
          accept: "application/graphql-response+json, application/graphql+json, application/json, text/event-stream, multipart/mixed",
        },
        body: ME,
      }),
      200,
      true,
    ],
    ["without the CSRF header", () => ({ headers: user.headers(), body: ME }), 403, true],
    ["from a foreign origin", () => ({ headers: { ...csrf, ...user.headers(), origin: "http://evil.example" }, body: ME }), 403, true],
    ["from an allowed origin (CORS headers)", () => ({ headers: { ...csrf, ...user.headers(), origin: "https://app.offerly.example" }, body: ME }), 200, true],
    ["invalid JSON, in Dutch", () => ({ headers: { ...csrf, "accept-language": "nl" }, body: "{ nope" }), 400, true],
    ["a syntax error", () => ({ headers: csrf, body: JSON.stringify({ query: "{ me { id " }) }), 400, true],
    ["an unknown field", () => ({ headers: csrf, body: JSON.stringify({ query: "{ nothingHere }" }) }), 400, true],
    ["too deep", () => ({ headers: csrf, body: JSON.stringify({ query: `{ me ${"{ id ".repeat(12)}${"}".repeat(12)} }` }) }), 400, true],
    [
      "over the query cost, in Dutch",
      () => ({
        headers: { ...csrf, ...user.headers(), "accept-language": "nl" },
        body: JSON.stringify({ query: "{ a: quotes(pageSize: 100) { items { total } } b: quotes(pageSize: 100) { items { total } } }" }),
      }),
      400,
      true,
    ],
    [
      "a resolver's refusal (not found)",
      () => ({
        headers: { ...csrf, ...user.headers() },
        body: JSON.stringify({ query: 'query { quote(id: "00000000-0000-4000-8000-000000000000") { id } }' }),
      }),
      200,
      true,
    ],
    [
      "a mutation with a field error, in Dutch",
      () => ({
        headers: { ...csrf, ...user.headers(), "accept-language": "nl" },
        body: JSON.stringify({ query: "mutation ($i: CustomerInput!) { createCustomer(input: $i) { id } }", variables: { i: { name: "" } } }),
      }),
      200,
      true,
    ],
    [
      "a batch (body read here, answered by Yoga through Hono)",
      () => ({ headers: csrf, body: JSON.stringify([{ query: "{ me { id } }" }, { query: "{ me { id } }" }]) }),
      400,
      true,
    ],
    ["a query that is not a string (body read here, answered by Yoga through Hono)", () => ({ headers: csrf, body: JSON.stringify({ query: 1 }) }), 400, true],
    ["a stream requested (left to Hono)", () => ({ headers: { ...csrf, accept: "text/event-stream" }, body: ME }), 200, false],
  ];
  for (const [name, make, status, fastPath] of cases) {
    it(name, async () => {
      const { node, hono, nodeTook } = await both(make());
      expect(nodeTook).toBe(fastPath);
      expect(node.status).toBe(status);
      expect(node.status).toBe(hono.status);
      expect(node.headers).toEqual(hono.headers);
      expect(node.body).toBe(hono.body);
      expect(node.requestId).toMatch(/^[\w-]{1,64}$/);
    });
  }

  it("answers the same when a query comes again and the prepared path takes it (decision 093)", async () => {
    // A query the server has run twice is compiled; from then on the node:http path answers it
    // without Yoga's per-request stages, unless a rule refuses it first (the full path answers those).
    const prepared = new Map<string, number>();
    for (let round = 0; round < 3; round++) {
      for (const [name, make, status, fastPath] of cases) {
        const before = compiledExecutionStats.prepared;
        const { node, hono, nodeTook } = await both(make());
        if (round === 2) prepared.set(name, compiledExecutionStats.prepared - before);
        expect(nodeTook, name).toBe(fastPath);
        expect(node.status, name).toBe(status);
        expect(node.status, name).toBe(hono.status);
        expect(node.headers, name).toEqual(hono.headers);
        expect(node.body, name).toBe(hono.body);
      }
    }
    // Queries that pass every rule: the prepared path answered them (once: node, not Hono).
    for (const name of [
      "a signed-in query",
      "a list with variables",
      "signed out",
      "urql's Accept header",
      "from an allowed origin (CORS headers)",
      "a resolver's refusal (not found)",
    ]) {
      expect(prepared.get(name), name).toBe(1);
    }
    // Refused before execution, a mutation, or never on this path: the full path answered.
    for (const name of [
      "over the query cost, in Dutch",
      "a mutation with a field error, in Dutch",
      "a syntax error",
      "too deep",
      "without the CSRF header",
      "a stream requested (left to Hono)",
    ]) {
      expect(prepared.get(name), name).toBe(0);
    }
  });

  it("names the allowed origin and varies by origin, caller, account and language", async () => {
    const { node } = await both({ headers: { ...csrf, origin: "https://app.offerly.example" }, body: ME });
    expect(node.headers["access-control-allow-origin"]).toBe("https://app.offerly.example");
    expect(node.headers["access-control-allow-credentials"]).toBe("true");
    expect(node.headers.vary).toBe("Origin, Cookie, Authorization, Account, Accept-Language");
    expect(node.headers["cache-control"]).toBe("private, no-store");
    expect(node.headers["content-security-policy"]).toContain("script-src 'self'");
  });

  it("refuses a declared body over the limit before reading it (413, in Dutch), and one that grows past it", async () => {
    const declared = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const request = http.request(`${viaNode.url}/graphql`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-graphql-csrf": "1", "accept-language": "nl", "content-length": String(BODY_LIMITS.graphql + 1) },
      });
      request.on("response", (response) => {
        let body = "";
        response.on("data", (d) => (body += d));
        response.on("end", () => {
          resolve({ status: response.statusCode!, body });
          request.destroy();
        });
      });
      request.on("error", reject);
      request.write("{");
    });
    expect(declared.status).toBe(413);
    expect(JSON.parse(declared.body)).toEqual({ errors: [{ message: expect.stringContaining("te groot"), extensions: { code: "PAYLOAD_TOO_LARGE" } }] });

    const big = JSON.stringify({ query: "{ me { id } }", variables: { pad: "x".repeat(BODY_LIMITS.graphql) } });
    const chunked = async (base: string) => {
      const stream = new ReadableStream({
        start(controller) {
          controller.enqueue(new TextEncoder().encode(big));
          controller.close();
        },
      });
      const response = await fetch(`${base}/graphql`, {
        method: "POST",
        headers: { "content-type": "application/json", ...csrf },
        body: stream,
        duplex: "half",
      } as RequestInit);
      return { status: response.status, body: await response.text() };
    };
    const node = await chunked(viaNode.url);
    const hono = await chunked(viaHono.url);
    expect(node.status).toBe(413);
    expect(node).toEqual(hono);
  });

  it("keeps a trusted proxy's request id and answers with it", async () => {
    const proxied = await createTestApp({ env: { TRUST_PROXY: "true" }, database: t.database });
    const server = await listen(nodeListener(proxied.app));
    try {
      const response = await fetch(`${server.url}/graphql`, {
        method: "POST",
        headers: { "content-type": "application/json", ...csrf, "x-request-id": "lb-1234" },
        body: ME,
      });
      expect(response.status).toBe(200);
      expect(response.headers.get("x-request-id")).toBe("lb-1234");
    } finally {
      await server.close();
      await proxied.close();
    }
  });
});
