import http from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A test server keeps an idle keep-alive connection longer than the client (undici: about 4 s) may
 * reuse it. With Node's default 5 s, a loaded machine can make the server close a socket just as the
 * server under test sends its next request on it (ECONNRESET / UND_ERR_SOCKET: a failed attempt the
 * product retries seconds later, which a test reading the first attempt's outcome sees as a failure;
 * seen in CI at load 9). Real providers keep idle connections for a minute or more.
 */
export function keepIdleSockets(server: http.Server | import("node:https").Server): void {
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
}

/** A node:http server for `listener` on a free loopback port: its base URL, and a close that ends open connections. */
export async function listen(listener: http.RequestListener): Promise<{ url: string; close: () => Promise<void> }> {
  const server = http.createServer(listener);
  keepIdleSockets(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
