// Bundles the server (src/server/main.ts) next to React Router's server build, and copies the
// migrations it applies at start-up. Dependencies stay in node_modules (packages: external).
import fs from "node:fs";
import { build } from "esbuild";

await build({
  entryPoints: ["src/server/main.ts"],
  outfile: "build/server/main.js",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
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
fs.writeFileSync("build/.stamp", new Date().toISOString());
