import http from "node:http";
import zlib from "node:zlib";
import { getRequestListener } from "@hono/node-server";
import { nodeListener } from "../../src/server/app";
import type { TestApp } from "./app";
import { listen } from "./listen";

/**
 * The two ways a stored page can be answered (decisions 068, 092): the product's listener
 * (`nodeListener`, whose node:http page path answers stored pages ahead of Hono) and the Hono app
 * alone, each on a real socket, with a count of the answers the node:http path gave. Tests send the
 * same request both ways and compare status, headers and raw bytes.
 */
export type RawAnswer = { status: number; headers: Record<string, string | string[]>; body: Buffer };

/** Headers that differ by nature between two answers (time, the request's own id, the socket). */
const VOLATILE = new Set(["date", "x-request-id", "connection", "keep-alive", "transfer-encoding"]);

/** A GET over a socket, the body as sent (not decoded), volatile headers left out, the rest sorted by name. */
export function rawGet(base: string, path: string, headers: Record<string, string>): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const request = http.get(new URL(path, base), { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => {
        const kept = Object.entries(response.headers).filter(([name]) => !VOLATILE.has(name));
        resolve({
          status: response.statusCode ?? 0,
          headers: Object.fromEntries(kept.sort(([a], [b]) => a.localeCompare(b))) as RawAnswer["headers"],
          body: Buffer.concat(chunks),
        });
      });
      response.on("error", reject);
    });
    request.on("error", reject);
  });
}

/** Accept-Encoding headers as browsers and clients send them, and the coding a stored page answers each with. */
export const CODINGS: [string, string | undefined][] = [
  ["gzip, deflate, br, zstd", "br"],
  ["gzip", "gzip"],
  ["deflate", "deflate"],
  ["br;q=0.5, gzip;q=0.8", "gzip"],
  ["identity", undefined],
];

/** The body as text, decoded from its Content-Encoding. */
export function decodedBody(raw: RawAnswer): string {
  const coding = raw.headers["content-encoding"];
  const body =
    coding === "br"
      ? zlib.brotliDecompressSync(raw.body)
      : coding === "gzip"
        ? zlib.gunzipSync(raw.body)
        : coding === "deflate"
          ? zlib.inflateSync(raw.body)
          : raw.body;
  return body.toString("utf8");
}

export type PagePaths = {
  /** The same GET to the product's listener, then to Hono alone; `nodeTook`: the node:http path answered the first. */
  both: (path: string, headers?: Record<string, string>) => Promise<{ node: RawAnswer; hono: RawAnswer; nodeTook: boolean }>;
  /** One GET to the product's listener (`node`) or to Hono alone (`hono`). */
  node: (path: string, headers?: Record<string, string>) => Promise<RawAnswer>;
  hono: (path: string, headers?: Record<string, string>) => Promise<RawAnswer>;
  /** How many answers the node:http page path gave so far. */
  taken: () => number;
  close: () => Promise<void>;
};

export async function listenBothWays(app: TestApp["app"], defaults: Record<string, string> = {}): Promise<PagePaths> {
  const pageNode = app.pageNode;
  if (!pageNode) throw new Error("the app has no node:http page path");
  let taken = 0;
  const counting = {
    ...app,
    pageNode: {
      takes: pageNode.takes,
      handle: async (req: http.IncomingMessage, res: http.ServerResponse) => {
        const answered = await pageNode.handle(req, res);
        if (answered) taken += 1;
        return answered;
      },
    },
  } as unknown as typeof app;
  const viaNode = await listen(nodeListener(counting));
  const viaHono = await listen(getRequestListener(app.fetch));
  const node = (path: string, headers: Record<string, string> = {}) => rawGet(viaNode.url, path, { ...defaults, ...headers });
  const hono = (path: string, headers: Record<string, string> = {}) => rawGet(viaHono.url, path, { ...defaults, ...headers });
  return {
    async both(path, headers = {}) {
      const before = taken;
      const fromNode = await node(path, headers);
      const nodeTook = taken > before;
      return { node: fromNode, hono: await hono(path, headers), nodeTook };
    },
    node,
    hono,
    taken: () => taken,
    async close() {
      await viaNode.close();
      await viaHono.close();
    },
  };
}
