// Preloaded into the production server by the production tests (NODE_OPTIONS=--require, decision
// 043): appends the name of every package the server loads from node_modules, once, to the file
// OFFERLY_RECORD_LOADS names, so the tests can tell which externals a start and a walk loaded.
const fs = require("node:fs");
const Module = require("node:module");

const file = process.env.OFFERLY_RECORD_LOADS;
if (file) {
  const seen = new Set();
  const load = Module._load;
  Module._load = function recordLoad(request, ...rest) {
    if (typeof request === "string" && !request.startsWith(".") && !request.startsWith("/") && !request.startsWith("file:") && !Module.isBuiltin(request)) {
      const name = request
        .split("/")
        .slice(0, request.startsWith("@") ? 2 : 1)
        .join("/");
      if (!seen.has(name)) {
        seen.add(name);
        fs.appendFileSync(file, `${name}\n`);
      }
    }
    return load.call(this, request, ...rest);
  };
}
