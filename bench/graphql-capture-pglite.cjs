// Preloaded (`node --require`) into the production server for the GraphQL benchmark's capture run
// only (never its measured run): every message the server sends to its embedded PGlite passes
// through PGlite's execProtocolRawSync as PostgreSQL frontend-protocol bytes; each call is written
// to OFFERLY_BENCH_WIRE_CAPTURE as "<epoch ms> <base64>" (read by bench/graphql-wire.ts).
const fs = require("node:fs");
const { isMainThread } = require("node:worker_threads");

const file = process.env.OFFERLY_BENCH_WIRE_CAPTURE;
if (file && isMainThread) {
  // The bundle's require("@electric-sql/pglite") resolves to this same CommonJS module.
  const { PGlite } = require("@electric-sql/pglite");
  const fd = fs.openSync(file, "w");
  const original = PGlite.prototype.execProtocolRawSync;
  PGlite.prototype.execProtocolRawSync = function capture(message) {
    const bytes = Buffer.from(message.buffer, message.byteOffset, message.byteLength);
    fs.writeSync(fd, `${performance.timeOrigin + performance.now()} ${bytes.toString("base64")}\n`);
    return original.call(this, message);
  };
}
