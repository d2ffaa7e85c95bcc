// Bundles the server (src/server/main.ts) next to React Router's server build, and copies the
// migrations it applies at start-up. Most dependencies stay in node_modules; the pure-JavaScript
// packages of the request path that are made of many small files are bundled in (decision 040).
import fs from "node:fs";
import { build } from "esbuild";

// Bundled into main.js: only the server uses them, they have no native code, no files of their own
// and no worker threads, and loading their hundreds of files one by one was ~1 s of every start
// (module resolution, file reads, the CJS lexer). Everything else stays external: packages the
// pages' build (build/server/index.js) also imports must stay ONE instance (react, react-router,
// drizzle-orm, zod, i18next), native or WebAssembly packages find files next to themselves
// (pglite, sharp, fs-ext), pino starts transports from files, and the rest is loaded on first use.
const BUNDLED = new Set([
  "@escape.tech/graphql-armor",
  "@graphql-yoga/plugin-disable-introspection",
  "@hono/node-server",
  "@pothos/core",
  "@pothos/plugin-dataloader",
  "@pothos/plugin-scope-auth",
  "dataloader",
  "fflate",
  "file-type",
  "graphql",
  "graphql-query-complexity",
  "graphql-yoga",
  "hono",
  "isbot",
  "nanoid",
  "openid-client",
]);
const pkg = JSON.parse(fs.readFileSync("package.json", "utf8"));
const external = [...Object.keys(pkg.dependencies), ...Object.keys(pkg.devDependencies)].filter((name) => !BUNDLED.has(name)).flatMap((name) => [name, `${name}/*`]);

// Split: a module the server imports with import() on first use (the PDF renderer…) becomes its
// own chunk, with its own imports of external packages, so start-up does not load them.
// Chunks sit beside main.js (never in a sub-folder): code that finds files next to itself through
// import.meta.url (the migrations, the database image) works from any chunk.
for (const f of fs.existsSync("build/server") ? fs.readdirSync("build/server") : []) {
  if (f.startsWith("chunk-") || f.startsWith("lazy-")) fs.rmSync(`build/server/${f}`);
}
await build({
  entryPoints: ["src/server/main.ts"],
  outdir: "build/server",
  entryNames: "[name]",
  chunkNames: "lazy-[name]-[hash]",
  splitting: true,
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  external,
  // Bundled CommonJS code may require() Node's own modules: an ES module has no `require`.
  banner: { js: "import { createRequire as __offerlyCreateRequire } from 'node:module'; const require = __offerlyCreateRequire(import.meta.url);" },
  sourcemap: true,
  logLevel: "warning",
});

// The public quote page's island (decision 023): its own small bundle, no React. signature_pad is
// split into a chunk loaded when the customer starts signing. The page finds the hashed file name
// in build/server/quote-island.json (features/public-quote/public-quote.server.ts).
fs.rmSync("build/client/assets/island", { recursive: true, force: true });
const island = await build({
  entryPoints: { quote: "src/web/features/public-quote/island/main.ts" },
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
const entry = Object.entries(island.metafile.outputs).find(([, output]) => output.entryPoint)?.[0];
fs.writeFileSync("build/server/quote-island.json", JSON.stringify({ src: `/${entry.replace(/^build\/client\//, "")}` }));

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

fs.writeFileSync("build/.stamp", new Date().toISOString());
