import { Writable } from "node:stream";
import { expect, it } from "vitest";
import { createLogger, requestLineWriter } from "./logger";

function sink() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { lines, stream };
}

const withoutTime = (line: string) => line.replace(/"time":\d+/, '"time":0');

it("writes a request's line byte for byte as pino's log.info does (decision 082)", async () => {
  const { lines, stream } = sink();
  const log = createLogger("info", stream as never);
  const line = { requestId: 'id "quoted" \u2028 ü', method: "POST", path: "/graphql", status: 429, ms: 12 };
  log.info(line, "request");
  requestLineWriter(log)(line);
  await new Promise((resolve) => setImmediate(resolve));
  expect(lines).toHaveLength(2);
  expect(withoutTime(lines[1])).toBe(withoutTime(lines[0]));
  expect(JSON.parse(lines[1])).toMatchObject({ level: 30, msg: "request", status: 429, requestId: line.requestId });
});

it("writes nothing below info, and goes through pino for a child logger (its bindings)", async () => {
  const { lines, stream } = sink();
  const quiet = createLogger("warn", stream as never);
  requestLineWriter(quiet)({ requestId: "a", method: "POST", path: "/graphql", status: 200, ms: 1 });
  const child = createLogger("info", stream as never).child({ worker: 2 });
  requestLineWriter(child)({ requestId: "b", method: "POST", path: "/graphql", status: 200, ms: 1 });
  await new Promise((resolve) => setImmediate(resolve));
  expect(lines).toHaveLength(1);
  expect(JSON.parse(lines[0])).toMatchObject({ worker: 2, requestId: "b", msg: "request" });
});
