// Shared by `npm start` and `npm test`: build when there is no build or the sources changed since.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const STAMP = "build/.stamp";
// The server's build script and its entry (scripts/lib/server-entry.mjs) are sources of the build too.
const SOURCES = [
  "src",
  "public",
  "content",
  "package.json",
  "package-lock.json",
  "vite.config.ts",
  "react-router.config.ts",
  "scripts/build-server.mjs",
  "scripts/lib/server-entry.mjs",
];

function newestMtime(p) {
  if (!fs.existsSync(p)) return 0;
  const stat = fs.statSync(p);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(p)) newest = Math.max(newest, newestMtime(path.join(p, entry)));
  return newest;
}

export function buildIfStale() {
  const builtAt = fs.existsSync(STAMP) ? fs.statSync(STAMP).mtimeMs : 0;
  const changedAt = Math.max(...SOURCES.map(newestMtime));
  if (builtAt && changedAt <= builtAt) return;
  console.log(builtAt ? "Sources changed since the last build: building…" : "No build yet: building…");
  const result = spawnSync("npm", ["run", "build"], { stdio: "inherit" });
  if (result.status !== 0) {
    console.error("The build failed.");
    process.exit(result.status ?? 1);
  }
}
