// The production server's entry, copied to build/server/main.js by scripts/build-server.mjs
// (decision 042). The server and the pages' build are ONE CommonJS bundle, server.cjs, compiled
// here with the V8 code cache the build made (server.cjs.cache): V8 then skips parsing and
// compiling what a start runs, most of the time modules took to load. A cache V8 does not accept
// (another Node version, other V8 flags) is ignored and the bundle compiles from source.
import fs from "node:fs";
import { SourceMap, createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import vm from "node:vm";

const here = path.dirname(fileURLToPath(import.meta.url));
const bundle = path.join(here, "server.cjs");
const cacheFile = `${bundle}.cache`;
const writeCache = process.env.OFFERLY_WRITE_CODE_CACHE === "1";

let cachedData;
if (!writeCache) {
  try {
    cachedData = fs.readFileSync(cacheFile);
  } catch {
    /* no cache: compiled from source */
  }
}
// The CommonJS wrapper on a line of its own (lineOffset -1): stack traces keep the file's lines.
const script = new vm.Script(`(function (exports, require, module, __filename, __dirname) {\n${fs.readFileSync(bundle, "utf8")}\n})`, {
  filename: bundle,
  lineOffset: -1,
  cachedData,
});
const codeCache = cachedData ? (script.cachedDataRejected ? "rejected" : "used") : "none";
if (process.sourceMapsEnabled) mapStackTraces();
const module = { exports: {} };
script.runInThisContext()(module.exports, createRequire(bundle), module, bundle, here);
const { main, pagesBuild } = module.exports;
const started = main({ pagesBuild, codeCache });

if (writeCache) {
  // `npm run build`: one start (on a throw-away DATA_DIR) that answers a health check and a page,
  // so that what they run is compiled into the cache too; then the cache is written and the
  // server stops.
  const { port } = await started;
  for (const page of ["/healthz", "/"]) {
    const response = await fetch(`http://127.0.0.1:${port}${page}`);
    if (!response.ok) throw new Error(`${page} answered ${response.status} while making the code cache`);
    await response.arrayBuffer();
  }
  fs.writeFileSync(cacheFile, script.createCachedData());
  process.kill(process.pid, "SIGTERM");
}

/**
 * `node --enable-source-maps` (npm start) maps stack traces of files Node loads itself, not of a
 * script compiled with vm.Script: frames in server.cjs are mapped here, through its source map
 * (read on the first stack trace that has one).
 */
function mapStackTraces() {
  let map;
  const original = (site) => {
    if (site.getFileName() !== bundle) return undefined;
    map ??= new SourceMap(JSON.parse(fs.readFileSync(`${bundle}.map`, "utf8")));
    const entry = map.findEntry(site.getLineNumber() - 1, site.getColumnNumber() - 1);
    if (!entry?.originalSource) return undefined;
    const file = entry.originalSource.startsWith("file:") ? fileURLToPath(entry.originalSource) : path.resolve(here, entry.originalSource);
    return `${file}:${entry.originalLine + 1}:${entry.originalColumn + 1}`;
  };
  Error.prepareStackTrace = (error, sites) => {
    const frames = sites.map((site) => {
      const location = original(site);
      if (!location) return `    at ${site}`;
      const name = site.getFunctionName() ?? site.getMethodName();
      const prefix = site.isAsync() ? "async " : site.isConstructor() ? "new " : "";
      return name ? `    at ${prefix}${name} (${location})` : `    at ${prefix}${location}`;
    });
    let header;
    try {
      header = Error.prototype.toString.call(error);
    } catch {
      header = "Error";
    }
    return [header, ...frames].join("\n");
  };
}
