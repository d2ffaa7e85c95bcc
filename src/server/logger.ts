import pino from "pino";

/** Loggers made by createLogger: no bindings, formatters or mixin (requestLineWriter writes their lines itself). */
const plainLoggers = new WeakSet<object>();

/** Structured JSON logs. Secrets never reach them: known secret fields are redacted. */
export function createLogger(level: string, destination?: pino.DestinationStream) {
  const log = pino(
    {
      level,
      base: undefined,
      redact: {
        paths: [
          "req.headers.authorization",
          "req.headers.cookie",
          "headers.authorization",
          "headers.cookie",
          "*.password",
          "*.token",
          "*.secret",
          "token",
          "password",
          "secret",
        ],
        censor: "[redacted]",
      },
    },
    destination,
  );
  plainLoggers.add(log);
  return log;
}
export type Logger = ReturnType<typeof createLogger>;

/**
 * The server's own log stream (main.ts): standard output, buffered — lines are written in chunks of
 * 4 KiB, and at least once a second — instead of one blocking write per line (a write per request
 * was ~3 % of a small GraphQL request's CPU, decision 066). Pino flushes it when the process exits
 * (a signal, an uncaught error, process.exit); a kill -9 or a power cut can lose the last second.
 */
export function serverLogDestination() {
  return pino.destination({ dest: 1, sync: false, minLength: 4096, periodicFlush: 1000 });
}

/** The fields of the one line a request logs (app.ts, graphql-node.ts, page-node.ts). */
export type RequestLine = { requestId: string; method: string; path: string; status: number; ms: number };

/**
 * Writes a request's log line straight to the logger's stream, byte for byte what
 * `log.info(fields, "request")` writes (level 30, epoch `time`, the fields,
 * `msg`), without pino's per-call work: its redaction walk (none of these fields can hold a secret:
 * the path is `loggablePath`'s, without a query string) and its generic serialiser. On the GraphQL
 * fast path that work was ≈ 3–4 % of a small request's CPU (decision 082). A logger createLogger did not
 * make (a child with bindings, tests' doubles) gets `log.info` as before.
 */
export function requestLineWriter(log: Logger): (line: RequestLine) => void {
  const stream = (log as unknown as Record<symbol, { write?: (line: string) => unknown } | undefined>)[pino.symbols.streamSym];
  if (!plainLoggers.has(log) || typeof stream?.write !== "function") return (line) => log.info(line, "request");
  const write = stream.write.bind(stream);
  return (line) => {
    if (!log.isLevelEnabled("info")) return;
    write(
      `{"level":30,"time":${Date.now()},"requestId":${JSON.stringify(line.requestId)},"method":${JSON.stringify(line.method)},"path":${JSON.stringify(line.path)},"status":${line.status},"ms":${line.ms},"msg":"request"}\n`,
    );
  };
}
