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
fs.rmSync("build/server/migrations", { recursive: true, force: true });
fs.cpSync("src/server/db/migrations", "build/server/migrations", { recursive: true });
fs.writeFileSync("build/.stamp", new Date().toISOString());
