// Bundles the server (src/server/main.ts) and React Router's server build (build/server/index.js)
// into ONE CommonJS file, build/server/server.cjs, started by build/server/main.js with a V8 code
// cache made here (decision 042); copies the migrations it applies at start-up and makes the
// prepared database image a fresh data folder starts from (decision 031).
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import { createRequire, isBuiltin } from "node:module";
import os from "node:os";
import path from "node:path";
import { build } from "esbuild";

// Stay in node_modules, loaded with require() when used, each with WHEN the production server
// loads it: at "start", on "first use" (decision 040), or in "development" only. The build writes
// the list the bundle really imports to build/server/externals.json; the production tests
// (tests/production, decision 043) fail when a "first use" external is not loaded by one of their
// walks through build/server/main.js, so a new lazily loaded adapter comes with such a walk.
const EXTERNALS = {
  // native or WebAssembly files found next to themselves
  "@electric-sql/pglite": "start",
  "fs-ext": "start",
  sharp: "first use",
  // React must be one instance for the bundle and the packages below that render with it (the PDF
  // renderer); scheduler belongs to react-dom
  react: "start",
  "react-dom": "start",
  scheduler: "start",
  // a start never reads them (decision 040)
  "@aws-sdk/client-s3": "first use",
  "@mollie/api-client": "first use",
  nodemailer: "first use",
  "@react-pdf/renderer": "first use",
  "@signpdf/placeholder-pdf-lib": "first use",
  "@signpdf/signer-p12": "first use",
  "@signpdf/signpdf": "first use",
  "node-forge": "first use",
  "pdf-lib": "first use",
  // pino starts transports (worker threads) from its own files
  pino: "start",
  vite: "development",
};
const EXTERNAL = Object.keys(EXTERNALS).flatMap((name) => [name, `${name}/*`]);

// Vite writes the pages' inlined stylesheet as a top-level `(await import("./assets/app-….js")).default`;
// a CommonJS bundle has no top-level await, and the module is a string: import it statically.
// Any other top-level await stops the build (esbuild refuses it), it is never silently changed.
const noTopLevelAwaitImport = {
  name: "no-top-level-await-import",
  setup(b) {
    b.onLoad({ filter: /[\\/]build[\\/]server[\\/]index\.js$/ }, (args) => ({
      contents: fs.readFileSync(args.path, "utf8").replace(/^const (\w+) = \(await import\(("\.\/assets\/[^"]+")\)\)\.default;$/gm, "import $1 from $2;"),
      loader: "js",
    }));
  },
};

for (const f of fs.existsSync("build/server") ? fs.readdirSync("build/server") : []) {
  if (f.startsWith("chunk-") || f.startsWith("lazy-") || f.startsWith("server.cjs") || f.startsWith("pdf-worker.cjs") || f.startsWith("main.js"))
    fs.rmSync(`build/server/${f}`);
}
// graphql-js ships CommonJS (`main`) and ESM (`module`, .mjs) copies of every file; esbuild on
// platform node takes the CommonJS one, and ESM code importing it (Yoga's executor from
// @graphql-tools/executor, envelop, Pothos) then reads every `isNonNullType`, `isListType`, … through
// two getters (esbuild's __toESM copy, then graphql's index.js re-export): ≈ 4 % of a 20-quote
// page's server CPU (decision 073). Every `graphql` and `graphql/…` import and require resolves to
// the .mjs copy instead: one graphql instance still (CommonJS callers get it through esbuild's
// __toCommonJS), its functions bound directly.
const graphqlAsEsm = {
  name: "graphql-as-esm",
  setup(b) {
    b.onResolve({ filter: /^graphql(\/.*)?$/ }, (args) => {
      const cjs = createRequire(path.join(args.resolveDir || process.cwd(), "noop.js")).resolve(args.path);
      const esm = cjs.replace(/\.js$/, ".mjs");
      if (!fs.existsSync(esm)) throw new Error(`graphql-as-esm: no ESM copy of ${args.path} (${cjs})`);
      return { path: esm };
    });
  },
};

// Shared by the server bundle and the PDF worker's.
const nodeBundle = {
  bundle: true,
  platform: "node",
  format: "cjs",
  target: "node20",
  // import() becomes require() (esbuild's interop gives it the same namespace): a script compiled
  // with vm.Script cannot import() without an experimental loader. ESM-only packages load through
  // require(esm) (Node 20.19+).
  supported: { "dynamic-import": false },
  external: EXTERNAL,
  // Code that finds files next to itself (migrations, the database image, quote-island.json, the
  // PDF worker) finds them next to the bundle, in build/server, as before.
  define: { "import.meta.url": "__offerlyImportMetaUrl" },
  banner: { js: "var __offerlyImportMetaUrl = require('node:url').pathToFileURL(__filename).href;" },
  sourcemap: true,
  metafile: true,
  logLevel: "warning",
  plugins: [graphqlAsEsm],
};
const bundled = await build({
  ...nodeBundle,
  stdin: {
    // main() starts the server; the pages' build is evaluated while the database opens.
    contents: 'export { main } from "./src/server/main.ts";\nexport const pagesBuild = () => import("./build/server/index.js");\n',
    resolveDir: process.cwd(),
    sourcefile: "server-bundle-entry.js",
    loader: "js",
  },
  outfile: "build/server/server.cjs",
  plugins: [graphqlAsEsm, noTopLevelAwaitImport],
  // The pages' build keeps `import "zod"` and the like for modules it tree-shook; nothing to do.
  logOverride: { "ignored-bare-import": "silent" },
});
// The PDF worker thread (decision 067): a second entry, build/server/pdf-worker.cjs, which the
// server (src/server/pdf/render-pool.ts, inside server.cjs) starts from next to itself. Loaded
// plainly by the worker (no code cache): it starts once, on the first PDF.
const pdfWorker = await build({ ...nodeBundle, entryPoints: ["src/server/pdf/render-worker.ts"], outfile: "build/server/pdf-worker.cjs" });
for (const b of [bundled, pdfWorker])
  if (b.warnings.some((w) => w.text.includes("import.meta"))) throw new Error("server bundle: import.meta used beyond import.meta.url");
// One graphql in each bundle, its ESM copy (graphqlAsEsm): a CommonJS file of it would be a second instance.
for (const b of [bundled, pdfWorker]) {
  const cjsGraphql = Object.keys(b.metafile.inputs).filter((file) => /(^|\/)node_modules\/graphql\/.*\.js$/.test(file));
  if (cjsGraphql.length) throw new Error(`server bundle: graphql's CommonJS files bundled (${cjsGraphql.slice(0, 3).join(", ")})`);
}
fs.copyFileSync("scripts/lib/server-entry.mjs", "build/server/main.js");
const externals = checkExternals({ inputs: { ...bundled.metafile.inputs, ...pdfWorker.metafile.inputs } });
fs.writeFileSync("build/server/externals.json", `${JSON.stringify(externals, null, 2)}\n`);

// The public quote page's island (decision 023): its own small bundle, no React. signature_pad is
// split into a chunk loaded when the customer starts signing. The page finds the hashed file name
// in build/server/quote-island.json (features/public-quote/public-quote.server.ts).
// The marketing pages' island (issue 27) is a second entry, found through
// build/server/marketing-island.json (features/marketing/island.server.ts).
fs.rmSync("build/client/assets/island", { recursive: true, force: true });
const island = await build({
  entryPoints: { quote: "src/web/features/public-quote/island/main.ts", marketing: "src/web/features/marketing/island/main.ts" },
  outdir: "build/client/assets/island",
  entryNames: "[name]-[hash]",
  chunkNames: "chunk-[hash]",
  bundle: true,
  splitting: true,
  format: "esm",
  platform: "browser",
  target: "es2022",
  minify: true,
  metafile: true,
  logLevel: "warning",
});
const islandSrc = (entryPoint) =>
  `/${Object.entries(island.metafile.outputs)
    .find(([, output]) => output.entryPoint === entryPoint)[0]
    .replace(/^build\/client\//, "")}`;
fs.writeFileSync("build/server/quote-island.json", JSON.stringify({ src: islandSrc("src/web/features/public-quote/island/main.ts") }));
fs.writeFileSync("build/server/marketing-island.json", JSON.stringify({ src: islandSrc("src/web/features/marketing/island/main.ts") }));

fs.rmSync("build/server/migrations", { recursive: true, force: true });
fs.cpSync("src/server/db/migrations", "build/server/migrations", { recursive: true });

// The prepared database image (src/server/db/client.ts pgliteImageFolder): a PGlite data folder
// with every migration applied, which a fresh DATA_DIR starts as a copy of (no initdb at start).
const image = "build/server/pglite-image";
fs.rmSync(image, { recursive: true, force: true });
const { PGlite } = await import("@electric-sql/pglite");
const { drizzle } = await import("drizzle-orm/pglite");
const { migrate } = await import("drizzle-orm/pglite/migrator");
const client = new PGlite(image);
await client.waitReady;
await migrate(drizzle({ client }), { migrationsFolder: "build/server/migrations" });
await client.query("checkpoint");
await client.close();

// The V8 code cache of server.cjs (scripts/lib/server-entry.mjs): one start on a throw-away data
// folder. A bundle that cannot start fails the build here.
const primeDir = fs.mkdtempSync(path.join(os.tmpdir(), "offerly-code-cache-"));
const prime = spawnSync(process.execPath, ["build/server/main.js"], {
  env: {
    PATH: process.env.PATH ?? "",
    NODE_ENV: "production",
    PORT: "0",
    HOST: "127.0.0.1",
    DATA_DIR: primeDir,
    LOG_LEVEL: "warn",
    OFFERLY_WRITE_CODE_CACHE: "1",
  },
  stdio: "inherit",
  timeout: 120_000,
});
fs.rmSync(primeDir, { recursive: true, force: true });
if (prime.status !== 0 || !fs.existsSync("build/server/server.cjs.cache"))
  throw new Error(`The built server did not start (exit ${prime.status ?? prime.signal}).`);

fs.writeFileSync("build/.stamp", new Date().toISOString());

/**
 * The packages the bundle leaves in node_modules, with when they load and who imports them; stops
 * the build when the bundle's code reads the `default` export of one whose `default` depends on
 * the loader (decision 043). Such a package is CommonJS with `__esModule` and its own
 * `exports.default` (@mollie/api-client): in the bundle, as from Node, `import()` gives `default`
 * = the whole exports object; vitest's loader gives `exports.default`. A named export is the same
 * from every loader, so the tests from source and the bundle run the same code.
 */
function checkExternals(metafile) {
  const require = createRequire(import.meta.url);
  const packageOf = (spec) =>
    spec
      .split("/")
      .slice(0, spec.startsWith("@") ? 2 : 1)
      .join("/");
  const importers = new Map();
  for (const [file, input] of Object.entries(metafile.inputs)) {
    for (const imported of input.imports) {
      if (!imported.external || imported.path.startsWith("node:") || isBuiltin(imported.path)) continue;
      const name = packageOf(imported.path);
      if (!(name in EXTERNALS)) {
        // esbuild leaves out a require() in try/catch it cannot resolve (pg's optional pg-native):
        // not installed, never loaded. Anything else external must be in EXTERNALS.
        if (!canResolve(require, name)) continue;
        throw new Error(`server bundle: ${file} imports ${imported.path}, external but not in EXTERNALS`);
      }
      if (!importers.has(name)) importers.set(name, new Set());
      importers.get(name).add(file);
    }
  }
  const problems = [];
  for (const [name, files] of importers) {
    if (EXTERNALS[name] === "development") continue;
    const exports = require(name);
    if (!(exports?.__esModule && "default" in exports && exports.default !== exports)) continue;
    const quoted = `["']${name.replace(/[/.-]/g, "\\$&")}(?:/[^"']*)?["']`;
    for (const file of files) {
      if (file.startsWith("node_modules/")) continue;
      const code = fs.readFileSync(file, "utf8").replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, "");
      const defaultUse = [
        new RegExp(`import\\s+[\\w$]+\\s*(?:,[^;]*?)?\\s+from\\s*${quoted}`), // import x from / import x, { y } from
        new RegExp(`import\\s*\\{[^}]*\\bdefault\\b[^}]*\\}\\s*from\\s*${quoted}`), // import { default as x } from
        new RegExp(`import\\(\\s*${quoted}\\s*\\)[^;]*?\\bdefault\\b`), // import("x").then((m) => m.default …)
      ].some((pattern) => pattern.test(code));
      const namespace = new RegExp(`import\\s*\\*\\s*as\\s+([\\w$]+)\\s+from\\s*${quoted}`).exec(code)?.[1];
      if (defaultUse || (namespace && new RegExp(`\\b${namespace.replace(/\$/g, "\\$")}\\.default\\b`).test(code))) {
        problems.push(`${file} reads the default export of ${name}, whose default differs between vitest and the bundle: use its named exports`);
      }
    }
  }
  if (problems.length) throw new Error(`server bundle:\n  ${problems.join("\n  ")}`);
  return Object.fromEntries(Object.entries(EXTERNALS).map(([name, when]) => [name, { when, importers: [...(importers.get(name) ?? [])].sort() }]));
}

function canResolve(require, name) {
  try {
    require.resolve(name);
    return true;
  } catch {
    return false;
  }
}
