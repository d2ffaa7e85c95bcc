import http from "node:http";
import net, { type AddressInfo } from "node:net";
import { getRequestListener } from "@hono/node-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { nodeListener } from "../../src/server/app";
import { BODY_LIMITS } from "../../src/server/http/body-limit";
import { payloadTooLargeMessage } from "../../src/server/http/request";
import { type TestApp, createTestApp } from "../support/app";

/**
 * A body over the limit gets its 413 and message, complete, even while the client is still sending
 * 14 MB: the server reads and drops the rest before it closes (closing with unread bytes makes the
 * kernel send a reset, and the client loses the answer). Real sockets, a raw client that sends the
 * whole body as fast as the connection takes it and then reads what came back.
 */
let t: TestApp;
const servers: http.Server[] = [];
let product = "";
let honoOnly = "";

async function listen(listener: http.RequestListener): Promise<string> {
  const server = http.createServer(listener);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return String((server.address() as AddressInfo).port);
}

beforeAll(async () => {
  t = await createTestApp();
  product = await listen(nodeListener(t.app));
  honoOnly = await listen(getRequestListener(t.app.fetch));
});
afterAll(async () => {
  for (const server of servers) {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
  await t.close();
});

const BODY_BYTES = 14 * 1024 * 1024;
const CHUNK = Buffer.alloc(64 * 1024, "a");

type Answer = { status: number; headers: Record<string, string>; body: string; complete: boolean; error: string | null };

/** POSTs 14 MB with a Content-Length; reads until the server closes. `complete`: the whole announced answer arrived. */
function postHuge(port: string, path: string, headers: Record<string, string>): Promise<Answer> {
  return new Promise((resolve) => {
    const socket = net.connect(Number(port), "127.0.0.1");
    const received: Buffer[] = [];
    let error: string | null = null;
    let sent = 0;
    // Like a browser on a slower link: the answer is read once the body is on its way (here: once
    // written), so a reset that arrives first throws the unread answer away.
    socket.pause();
    const pump = () => {
      while (sent < BODY_BYTES && !socket.destroyed) {
        sent += CHUNK.length;
        if (sent >= BODY_BYTES) return void socket.write(CHUNK, () => socket.resume());
        if (!socket.write(CHUNK)) return void socket.once("drain", pump);
      }
    };
    socket.on("connect", () => {
      const head = Object.entries({ Host: "127.0.0.1", "Content-Length": String(BODY_BYTES), ...headers })
        .map(([k, v]) => `${k}: ${v}\r\n`)
        .join("");
      socket.write(`POST ${path} HTTP/1.1\r\n${head}\r\n`);
      pump();
    });
    socket.on("data", (chunk) => received.push(chunk));
    socket.on("error", (e: NodeJS.ErrnoException) => {
      error = e.code ?? e.message;
    });
    socket.on("close", () => {
      const raw = Buffer.concat(received).toString("utf8");
      const split = raw.indexOf("\r\n\r\n");
      const [statusLine = "", ...lines] = (split < 0 ? raw : raw.slice(0, split)).split("\r\n");
      const head: Record<string, string> = {};
      for (const line of lines) head[line.slice(0, line.indexOf(":")).toLowerCase()] = line.slice(line.indexOf(":") + 1).trim();
      const body = split < 0 ? "" : raw.slice(split + 4);
      const complete = split >= 0 && head["content-length"] !== undefined && Buffer.byteLength(body) === Number(head["content-length"]);
      resolve({ status: Number(statusLine.split(" ")[1] ?? 0), headers: head, body, complete, error });
    });
  });
}

const REPEAT = Number(process.env.REPEAT ?? 5);
const cases: { name: string; server: () => string; path: string; headers: Record<string, string>; message: string }[] = [
  {
    name: "/graphql (node:http path)",
    server: () => product,
    path: "/graphql",
    headers: { "Content-Type": "application/json", "X-GraphQL-CSRF": "1" },
    message: payloadTooLargeMessage("en", BODY_LIMITS.graphql),
  },
  {
    name: "/graphql (node:http path, NL)",
    server: () => product,
    path: "/graphql",
    headers: { "Content-Type": "application/json", "X-GraphQL-CSRF": "1", "Accept-Language": "nl" },
    message: payloadTooLargeMessage("nl", BODY_LIMITS.graphql),
  },
  {
    name: "/graphql (Hono path)",
    server: () => honoOnly,
    path: "/graphql",
    headers: { "Content-Type": "application/json", "X-GraphQL-CSRF": "1" },
    message: payloadTooLargeMessage("en", BODY_LIMITS.graphql),
  },
  {
    name: "/api/auth/sign-in",
    server: () => product,
    path: "/api/auth/sign-in",
    headers: { "Content-Type": "application/json" },
    message: payloadTooLargeMessage("en", BODY_LIMITS.api),
  },
  {
    name: "/api/auth/sign-in (NL)",
    server: () => product,
    path: "/api/auth/sign-in",
    headers: { "Content-Type": "application/json", "Accept-Language": "nl" },
    message: payloadTooLargeMessage("nl", BODY_LIMITS.api),
  },
  {
    name: "a page form",
    server: () => product,
    path: "/contact",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Accept: "text/html" },
    message: payloadTooLargeMessage("en", BODY_LIMITS.pageForm),
  },
  {
    name: "a page form (NL)",
    server: () => product,
    path: "/nl/contact",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Accept: "text/html" },
    message: payloadTooLargeMessage("nl", BODY_LIMITS.pageForm),
  },
];

describe("a body over the limit always gets its 413, complete, while the client is still sending", () => {
  it.each(cases)(
    "$name: 14 MB, $path",
    async ({ server, path, headers, message }) => {
      expect(message).toMatch(/KB/);
      const failures: string[] = [];
      for (let i = 0; i < REPEAT; i++) {
        const answer = await postHuge(server(), path, headers);
        if (answer.status !== 413 || !answer.complete || !answer.body.includes(message) || answer.headers.connection !== "close") {
          failures.push(
            `#${i + 1}: status ${answer.status}, complete ${answer.complete}, connection ${answer.headers.connection}, error ${answer.error}, body ${answer.body.slice(0, 80)}`,
          );
        }
      }
      expect(failures).toEqual([]);
    },
    120_000,
  );
});
