import net from "node:net";

/**
 * What an app sends to its database, read from the PostgreSQL frontend protocol (the bytes a
 * client writes): every statement it executes, with its parameters as sent. Used by the GraphQL
 * benchmark to capture the app's SQL for an operation and replay the same statements from a bare
 * server. The same parser reads PostgreSQL's wire (through `captureProxy`) and PGlite's (its
 * `execProtocolRawSync` calls, recorded by graphql-capture-pglite.cjs).
 */
export type WireStatement =
  /** Extended protocol (Parse/Bind/Execute): `name` is the prepared statement's name ("" unnamed). */
  | { kind: "extended"; name: string; text: string; params: (string | null)[] }
  /** Simple protocol (Query): one or more statements in one string, no parameters. */
  | { kind: "simple"; text: string };

export type CapturedStatement = { at: number; connection: number; statement: WireStatement };

/** Frontend messages of one connection, fed in the order they were written, in chunks of any size. */
export class FrontendParser {
  private pending: Buffer = Buffer.alloc(0);
  private readonly prepared = new Map<string, string>();
  private readonly portals = new Map<string, WireStatement>();

  push(chunk: Buffer): WireStatement[] {
    this.pending = this.pending.length ? Buffer.concat([this.pending, chunk]) : chunk;
    const executed: WireStatement[] = [];
    for (;;) {
      const buf = this.pending;
      if (buf.length < 5) break;
      // Start-up, SSL and cancel requests carry no type byte: their length comes first (byte 0 is 0).
      const typed = buf[0] !== 0;
      const length = typed ? buf.readInt32BE(1) + 1 : buf.readInt32BE(0);
      if (buf.length < length) break;
      if (typed) {
        const statement = this.message(String.fromCharCode(buf[0]), buf.subarray(5, length));
        if (statement) executed.push(statement);
      }
      this.pending = buf.subarray(length);
    }
    return executed;
  }

  private message(type: string, body: Buffer): WireStatement | undefined {
    let at = 0;
    const cstring = () => {
      const end = body.indexOf(0, at);
      const s = body.toString("utf8", at, end);
      at = end + 1;
      return s;
    };
    const int16 = () => {
      const v = body.readInt16BE(at);
      at += 2;
      return v;
    };
    const int32 = () => {
      const v = body.readInt32BE(at);
      at += 4;
      return v;
    };
    switch (type) {
      case "P": {
        const name = cstring();
        this.prepared.set(name, cstring());
        return undefined;
      }
      case "B": {
        const portal = cstring();
        const name = cstring();
        const formats = Array.from({ length: int16() }, int16);
        const params: (string | null)[] = [];
        const count = int16();
        for (let i = 0; i < count; i++) {
          const length = int32();
          if (length < 0) {
            params.push(null);
            continue;
          }
          if ((formats.length === 1 ? formats[0] : (formats[i] ?? 0)) !== 0) throw new Error("binary parameter: the replay sends text parameters only");
          params.push(body.toString("utf8", at, at + length));
          at += length;
        }
        const text = this.prepared.get(name);
        if (text === undefined) throw new Error(`Bind of a statement never parsed: "${name}"`);
        this.portals.set(portal, { kind: "extended", name, text, params });
        return undefined;
      }
      case "E": {
        const statement = this.portals.get(cstring());
        if (!statement) throw new Error("Execute of a portal never bound");
        return statement;
      }
      case "Q":
        return { kind: "simple", text: cstring() };
      default:
        return undefined;
    }
  }
}

/**
 * A TCP proxy in front of PostgreSQL that records every statement its clients execute, with the
 * time it passed (epoch ms, sub-millisecond). The app under capture connects to `port` instead.
 */
export async function captureProxy(upstream: {
  host: string;
  port: number;
}): Promise<{ port: number; statements: CapturedStatement[]; close: () => Promise<void> }> {
  const statements: CapturedStatement[] = [];
  const sockets = new Set<net.Socket>();
  let connections = 0;
  const server = net.createServer((client) => {
    const connection = ++connections;
    const parser = new FrontendParser();
    const server = net.connect(upstream);
    sockets.add(client).add(server);
    client.on("data", (chunk) => {
      const at = performance.timeOrigin + performance.now();
      for (const statement of parser.push(chunk)) statements.push({ at, connection, statement });
      server.write(chunk);
    });
    server.on("data", (chunk) => client.write(chunk));
    const end = () => {
      client.destroy();
      server.destroy();
    };
    for (const socket of [client, server]) socket.on("close", end).on("error", end);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    statements,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

/** The statements PGlite executed, from the file graphql-capture-pglite.cjs wrote (one call a line). */
export function parsePgliteCapture(text: string): CapturedStatement[] {
  const parser = new FrontendParser();
  const statements: CapturedStatement[] = [];
  for (const line of text.split("\n")) {
    if (!line) continue;
    const [at, data] = line.split(" ");
    for (const statement of parser.push(Buffer.from(data, "base64"))) statements.push({ at: Number(at), connection: 1, statement });
  }
  return statements;
}
