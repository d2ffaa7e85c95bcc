// Installs the Zapier app's own dependencies (integrations/zapier/package-lock.json) with `npm ci`,
// run by the root package.json's `postinstall`: so a clean clone's `npm ci` / `npm install` at the
// root gives tests/production/zapier.test.ts what it loads, while the app stays out of the root's
// dependency tree and lockfile (docs/decisions/056-zapier-app.md). Skipped when node_modules is
// newer than the app's package.json and lockfile (a repeated `npm install` stays quick).
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const dir = import.meta.dirname;
const installed = path.join(dir, "node_modules", ".package-lock.json");
const mtime = (file) => (fs.existsSync(file) ? fs.statSync(file).mtimeMs : 0);
if (mtime(installed) > Math.max(mtime(path.join(dir, "package-lock.json")), mtime(path.join(dir, "package.json")))) {
  console.log("integrations/zapier: dependencies up to date");
  process.exit(0);
}
// The root install's own settings (npm_config_*, e.g. --no-package-lock) are not the app's.
const env = Object.fromEntries(
  Object.entries(process.env).filter(([key]) => !key.toLowerCase().startsWith("npm_") || /^npm_config_(registry|cache|userconfig)$/i.test(key)),
);
const npm = process.env.npm_execpath;
const [command, args] = npm && /\.(c?js|mjs)$/.test(npm) ? [process.execPath, [npm]] : ["npm", []];
const result = spawnSync(command, [...args, "ci", "--no-audit", "--no-fund"], { cwd: dir, stdio: "inherit", env });
if (result.status !== 0) {
  console.error("integrations/zapier: `npm ci` failed (the Zapier app's tests need its dependencies).");
  process.exit(result.status ?? 1);
}
