import http from "node:http";
import type { AddressInfo } from "node:net";
import { getRequestListener } from "@hono/node-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BODY_LIMITS } from "../../src/server/http/body-limit";
import { type TestApp, createTestApp } from "../support/app";
import { type SignedIn, signUp } from "../support/auth";
import { createCustomer } from "../support/quotes";

let t: TestApp;
let user: SignedIn;
beforeAll(async () => {
  t = await createTestApp({ ssr: true });
  user = await signUp(t);
});
afterAll(async () => {
  await t.close();
});

const gqlHeaders = { "content-type": "application/json", "x-graphql-csrf": "1" };
const CUSTOMERS = JSON.stringify({ query: "{ customers { items { id name } } }" });

describe("CORS on /graphql", () => {
  it("gives no foreign origin an Access-Control-Allow-* answer, and refuses its requests before running them", async () => {
    const preflight = await t.fetch("/graphql", {
      method: "OPTIONS",
      headers: {
        origin: "http://offerly.test:8080",
        "access-control-request-method": "POST",
        "access-control-request-headers": "content-type, x-graphql-csrf",
      },
    });
    expect(preflight.status).toBe(204);
    expect([...preflight.headers.keys()].filter((h) => h.startsWith("access-control-"))).toEqual([]);

    await createCustomer(t, user, { name: "Kept Customer" });
    for (const origin of ["http://offerly.test:8080", "http://evil.example", "null"]) {
      const read = await t.fetch("/graphql", { method: "POST", headers: { ...user.headers(), ...gqlHeaders, origin }, body: CUSTOMERS });
      expect(read.status).toBe(403);
      expect(read.headers.get("access-control-allow-origin")).toBeNull();
      expect(read.headers.get("access-control-allow-credentials")).toBeNull();
      const body = await read.text();
      expect(body).toContain("FOREIGN_ORIGIN");
      expect(body).not.toContain("Kept Customer");
      const create = await t.fetch("/graphql", {
        method: "POST",
        headers: { ...user.headers(), ...gqlHeaders, origin },
        body: JSON.stringify({ query: 'mutation { createCustomer(input: { name: "Planted" }) { id } }' }),
      });
      expect(create.status).toBe(403);
    }
    const list = await t.gql<{ customers: { items: { name: string }[] } }>("{ customers { items { name } } }", {}, user.headers());
    expect(list.data?.customers.items.map((c) => c.name)).not.toContain("Planted");

    // The app's own origin works, and needs no CORS header.
    const own = await t.fetch("/graphql", { method: "POST", headers: { ...user.headers(), ...gqlHeaders, origin: "http://offerly.test" }, body: CUSTOMERS });
    expect(own.status).toBe(200);
    expect(await own.text()).toContain("Kept Customer");
    expect(own.headers.get("access-control-allow-origin")).toBeNull();
  });

  it("allows exactly the origins in CORS_ORIGINS", async () => {
    const configured = await createTestApp({ env: { CORS_ORIGINS: "https://app.offerly.example" }, database: t.database });
    try {
      const preflight = await configured.fetch("/graphql", {
        method: "OPTIONS",
        headers: {
          origin: "https://app.offerly.example",
          "access-control-request-method": "POST",
          "access-control-request-headers": "content-type, x-graphql-csrf",
        },
      });
      expect(preflight.headers.get("access-control-allow-origin")).toBe("https://app.offerly.example");
      expect(preflight.headers.get("access-control-allow-credentials")).toBe("true");
      expect(preflight.headers.get("access-control-allow-headers")).toContain("x-graphql-csrf");
      const read = await configured.fetch("/graphql", {
        method: "POST",
        headers: { ...user.headers(), ...gqlHeaders, origin: "https://app.offerly.example" },
        body: CUSTOMERS,
      });
      expect(read.status).toBe(200);
      expect(read.headers.get("access-control-allow-origin")).toBe("https://app.offerly.example");
      expect(read.headers.get("vary"), JSON.stringify([...read.headers])).toContain("Origin");
      const other = await configured.fetch("/graphql", {
        method: "POST",
        headers: { ...user.headers(), ...gqlHeaders, origin: "https://evil.offerly.example" },
        body: CUSTOMERS,
      });
      expect(other.status).toBe(403);
      expect(other.headers.get("access-control-allow-origin")).toBeNull();
    } finally {
      await configured.close();
    }
  });
});

describe("GraphQL request errors in our own words", () => {
  it("answers invalid JSON without the parser's message, in the caller's language", async () => {
    for (const [language, expected] of [
      ["en", "The request contains invalid JSON."],
      ["nl", "Het verzoek bevat ongeldige JSON."],
    ]) {
      const response = await t.fetch("/graphql", {
        method: "POST",
        headers: { ...gqlHeaders, "accept-language": language },
        body: '{"query": "{ me { id } }",',
      });
      expect(response.status).toBe(400);
      const body = (await response.json()) as { errors: { message: string; extensions: { code: string } }[] };
      expect(body.errors).toEqual([{ message: expected, extensions: { code: "BAD_REQUEST" } }]);
    }
    for (const param of ["variables", "extensions"]) {
      const response = await t.fetch(`/graphql?query=${encodeURIComponent("{ me { id } }")}&${param}=${encodeURIComponent("{bad")}`, {
        headers: { "x-graphql-csrf": "1" },
      });
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ errors: [{ message: "The request contains invalid JSON.", extensions: { code: "BAD_REQUEST" } }] });
    }
  });

  it("explains the CSRF refusal truthfully (the header is required, whatever the content type)", async () => {
    for (const [language, must, mustNot] of [
      ["en", "x-graphql-csrf", "content type"],
      ["nl", "x-graphql-csrf", "content type"],
    ]) {
      const response = await t.fetch("/graphql", {
        method: "POST",
        headers: { "content-type": "application/json", "accept-language": language },
        body: CUSTOMERS,
      });
      expect(response.status).toBe(403);
      const { errors } = (await response.json()) as { errors: { message: string }[] };
      expect(errors[0].message).toContain(must);
      expect(errors[0].message.toLowerCase()).not.toContain(mustNot);
    }
  });
});

describe("private answers are never stored by a cache", () => {
  it("/graphql, GET and POST", async () => {
    const get = await t.fetch(`/graphql?query=${encodeURIComponent("{ me { id email } }")}`, { headers: { "x-graphql-csrf": "1", cookie: user.cookie } });
    expect(get.status).toBe(200);
    expect(get.headers.get("cache-control")).toBe("private, no-store");
    expect(get.headers.get("vary")).toMatch(/Cookie/);
    const post = await t.fetch("/graphql", { method: "POST", headers: { ...user.headers(), ...gqlHeaders }, body: CUSTOMERS });
    expect(post.headers.get("cache-control")).toBe("private, no-store");
  });

  it("signed-in pages, their data requests and public quote pages; marketing pages for visitors only revalidate", async () => {
    for (const path of ["/app", "/nl/app", "/app/customers", "/"]) {
      const response = await t.fetch(path, { headers: { cookie: user.cookie } });
      expect(response.headers.get("cache-control"), path).toBe("private, no-store");
    }
    const data = await t.fetch("/app/customers.data", { headers: { cookie: user.cookie } });
    expect(data.headers.get("cache-control")).toBe("private, no-store");
    for (const path of ["/quote/some-quote/abcdefghijklmnopqrstuv", "/nl/quote/some-quote/abcdefghijklmnopqrstuv", "/auth/sign-in"]) {
      expect((await t.fetch(path)).headers.get("cache-control"), path).toBe("private, no-store");
    }
    expect((await t.fetch("/pricing")).headers.get("cache-control")).toBe("no-cache");
  });
});

describe("language switch redirects stay on this site", () => {
  it("never answers with a protocol-relative or absolute Location", async () => {
    for (const path of ["//evil.example/phish", "///evil.example/phish", "/nl//evil.example/phish"]) {
      for (const setLocale of ["en", "nl"]) {
        // Built by hand: new URL("//evil.example", base) would already leave the site.
        const response = await t.app.fetch(new Request(`http://offerly.test${path}?setLocale=${setLocale}`));
        expect(response.status).toBe(302);
        const location = response.headers.get("location")!;
        expect(location, `${path} ${setLocale}`).toMatch(/^\/(?![/\\])/);
        expect(new URL(location, "http://offerly.test").origin).toBe("http://offerly.test");
      }
    }
  });
});

/** A 100 MB body produced lazily; counts what the server actually pulled. */
function hugeBody() {
  const chunk = new Uint8Array(64 * 1024).fill(97);
  let pulled = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (pulled >= 100 * 1024 * 1024) return controller.close();
      pulled += chunk.length;
      controller.enqueue(chunk);
    },
  });
  return { stream, pulled: () => pulled };
}

describe("body limits outside (and on) /graphql", () => {
  it.each([
    ["/api/auth/email-link", "application/json", BODY_LIMITS.api],
    ["/api/auth/email-link/verify", "application/json", BODY_LIMITS.api],
    ["/contact", "application/x-www-form-urlencoded", BODY_LIMITS.pageForm],
    ["/nl/contact", "multipart/form-data; boundary=x", BODY_LIMITS.pageForm],
    ["/graphql", "application/json", BODY_LIMITS.graphql],
  ])("a streamed 100 MB body to %s gets 413 after reading at most the limit", async (path, type, limit) => {
    const body = hugeBody();
    const response = await t.fetch(path, {
      method: "POST",
      headers: { "content-type": type, "x-graphql-csrf": "1", accept: "text/html,application/json" },
      body: body.stream,
      duplex: "half",
    } as RequestInit);
    expect(response.status).toBe(413);
    expect(body.pulled()).toBeLessThanOrEqual(limit + 2 * 64 * 1024);
  });

  it("refuses a declared 100 MB body over a socket before it is sent, with a translated message", async () => {
    const server = http.createServer(getRequestListener(t.app.fetch));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    const rssBefore = process.memoryUsage().rss;
    try {
      const answer = await new Promise<{ status: number; body: string; sentBytes: number }>((resolve, reject) => {
        let sentBytes = 0;
        const request = http.request({
          host: "127.0.0.1",
          port,
          path: "/api/auth/email-link",
          method: "POST",
          headers: { "content-type": "application/json", "content-length": String(100 * 1024 * 1024), "accept-language": "nl" },
        });
        request.on("response", (response) => {
          let body = "";
          response.on("data", (d) => (body += d));
          response.on("end", () => {
            resolve({ status: response.statusCode!, body, sentBytes });
            request.destroy();
          });
        });
        request.on("error", (error) => (sentBytes > 0 ? undefined : reject(error)));
        const chunk = Buffer.alloc(64 * 1024, 97);
        request.write(chunk);
        sentBytes += chunk.length; // the answer comes without the other 99.9 MB
      });
      expect(answer.status).toBe(413);
      expect(answer.sentBytes).toBe(64 * 1024);
      expect(JSON.parse(answer.body)).toEqual({ error: { code: "payload-too-large", message: "Het verzoek is te groot: hoogstens 8 KB." } });
      expect(process.memoryUsage().rss - rssBefore).toBeLessThan(50 * 1024 * 1024);
    } finally {
      server.close();
    }
  });
});
