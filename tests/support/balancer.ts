import http from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A small round-robin load balancer for tests: node:http on 127.0.0.1, forwarding each request to
 * the next upstream in turn (method, path, headers and body as they came), like a production load
 * balancer with no stickiness. An upstream that refuses the connection is skipped for that request
 * (as a health-checked balancer would), so a killed server only fails the requests it had accepted.
 */
export async function startBalancer(upstreams: string[]): Promise<{ url: string; hits: number[]; close: () => Promise<void> }> {
  let next = 0;
  const hits = upstreams.map(() => 0);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c) => chunks.push(c));
    req.on("end", () => {
      const body = Buffer.concat(chunks);
      const tryUpstream = (attempt: number) => {
        const index = next++ % upstreams.length;
        const target = new URL(req.url ?? "/", upstreams[index]);
        const forward = http.request(target, { method: req.method, headers: { ...req.headers, host: target.host }, agent }, (upstream) => {
          hits[index]++;
          res.writeHead(upstream.statusCode ?? 502, upstream.headers);
          upstream.pipe(res);
        });
        forward.on("error", (error: NodeJS.ErrnoException) => {
          // Refused before anything was sent: try the next server. Anything later is the client's error.
          if (error.code === "ECONNREFUSED" && attempt < upstreams.length) return tryUpstream(attempt + 1);
          if (!res.headersSent) res.writeHead(502, { "content-type": "text/plain" });
          res.end(`bad gateway: ${error.code ?? error.message}`);
        });
        forward.end(body);
      };
      tryUpstream(1);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    hits,
    close: () =>
      new Promise<void>((resolve) => {
        agent.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
