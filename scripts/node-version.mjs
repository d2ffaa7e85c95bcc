// `node scripts/node-version.mjs <major> [command…]`: runs a command (default: the unit tests) under
// another Node.js major, taken from the npm registry's `node` package (the only registry these
// machines reach), in a separate copy of the project so the working tree keeps its own native build.
//
// The copy (`.node-versions/<major>/`, git-ignored): the sources are copied, node_modules is
// hard-linked (no extra disk, seconds to make) except fs-ext, the one dependency whose addon is
// built by node-gyp for one Node ABI: its folder is copied and rebuilt against the headers the
// `node` package ships (include/node), offline. sharp, rollup, lightningcss and tailwind ship
// Node-API prebuilt binaries that load under every Node.
//
// Prints the Node binary it used; exits with the command's status.
import { execFileSync, spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { buildIfStale } from "./lib/build.mjs";

const [major = "22", ...command] = process.argv.slice(2);
if (!/^\d+$/.test(major)) {
  console.error("usage: node scripts/node-version.mjs <major> [command…]");
  process.exit(2);
}
const root = path.resolve(import.meta.dirname, "..");
process.chdir(root);
const dest = path.join(root, ".node-versions", major);
const started = performance.now();
const step = (label) => console.log(`[node ${major}] ${label} (${((performance.now() - started) / 1000).toFixed(1)} s)`);

/**
 * The environment without what `npm run` adds (npm_* variables, NODE, its node_modules/.bin and
 * node-gyp-bin folders on PATH): they name the Node that runs npm, not the one this copy is for.
 */
function shellEnv() {
  const env = {};
  for (const [key, value] of Object.entries(process.env)) if (!/^npm_/i.test(key) && key !== "NODE" && key !== "INIT_CWD") env[key] = value;
  env.PATH = (process.env.PATH ?? "")
    .split(":")
    .filter((dir) => !dir.endsWith(`${path.sep}node_modules${path.sep}.bin`) && !dir.endsWith("node-gyp-bin"))
    .join(":");
  return env;
}

// 1. The binary and its headers: the registry's `node-<platform>-<arch>` package (what the `node`
// package installs behind the scenes) holds bin/node and include/node. Installed once per major into
// .node-versions/runtime-<major>; `npm install` there is a no-op when it is already present.
const runtime = path.join(root, ".node-versions", `runtime-${major}`);
const pkg = `node-${process.platform}-${process.arch}`;
const headers = path.join(runtime, "node_modules", pkg);
const nodeBin = path.join(headers, "bin", "node");
if (!fs.existsSync(nodeBin)) {
  fs.mkdirSync(runtime, { recursive: true });
  fs.writeFileSync(path.join(runtime, "package.json"), '{ "private": true }\n');
  const installed = spawnSync("npm", ["install", "--no-audit", "--no-fund", "--no-package-lock", `${pkg}@${major}`], { cwd: runtime, stdio: "inherit" });
  if (installed.status !== 0 || !fs.existsSync(path.join(headers, "include", "node", "common.gypi"))) {
    console.error(`Could not install ${pkg}@${major} (Node.js ${major} and its headers) from the npm registry.`);
    process.exit(1);
  }
}
const version = execFileSync(nodeBin, ["-p", "process.version + ' abi ' + process.versions.modules"], { encoding: "utf8" }).trim();
step(`using ${nodeBin} (${version})`);

// 2. The copy. Sources and the production build (plain JavaScript, the same for every Node; copied
// with their times, so `npm test` there does not build again): a real copy. node_modules: hard
// links, rebuilt whenever the lockfile changed; tools that write into node_modules in place (vite's
// cache) get their own folder first so nothing writes through a link into the working tree.
const stampFile = path.join(dest, ".prepared");
const lock = fs.readFileSync(path.join(root, "package-lock.json"), "utf8");
const want = `${version}\n${createHash("sha256").update(lock).digest("hex")}\n`;
fs.mkdirSync(dest, { recursive: true });
// The production build is plain JavaScript, the same for every Node: made (when stale) here, once,
// and copied; its stamp is renewed in the copy, whose folders are newer than the build after copying.
buildIfStale();
const own = new Set(["node_modules", ".prepared"]);
const skip = new Set(["node_modules", ".node-versions", ".git", ".react-router", ".data", ".test-data"]);
for (const entry of fs.readdirSync(dest)) if (!own.has(entry)) fs.rmSync(path.join(dest, entry), { recursive: true, force: true });
for (const entry of fs.readdirSync(root)) {
  if (skip.has(entry)) continue;
  fs.cpSync(path.join(root, entry), path.join(dest, entry), { recursive: true, preserveTimestamps: true });
}
const copiedStamp = path.join(dest, "build", ".stamp");
if (fs.existsSync(copiedStamp)) fs.writeFileSync(copiedStamp, new Date().toISOString());
if (!fs.existsSync(stampFile) || fs.readFileSync(stampFile, "utf8") !== want) {
  fs.rmSync(path.join(dest, "node_modules"), { recursive: true, force: true });
  execFileSync("cp", ["-al", path.join(root, "node_modules"), path.join(dest, "node_modules")]);
  for (const own of [".vite", ".cache", "fs-ext"]) fs.rmSync(path.join(dest, "node_modules", own), { recursive: true, force: true });
  const fsExt = path.join(root, "node_modules", "fs-ext");
  fs.cpSync(fsExt, path.join(dest, "node_modules", "fs-ext"), {
    recursive: true,
    filter: (src) => path.relative(fsExt, src).split(path.sep)[0] !== "build",
  });
  step("copy made (node_modules hard-linked)");
  // npm's own node-gyp (present wherever npm is), run by the target Node, with the environment of a
  // shell: under `npm test` (OFFERLY_OTHER_NODES) npm's variables name this Node's headers
  // (npm_config_nodedir=/usr), which node-gyp took over --nodedir: an addon for the wrong ABI.
  const npmRoot = execFileSync("npm", ["root", "-g"], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim();
  const gypBin = path.join(npmRoot, "npm", "node_modules", "node-gyp", "bin", "node-gyp.js");
  const built = spawnSync(nodeBin, [gypBin, "rebuild", `--nodedir=${headers}`], {
    cwd: path.join(dest, "node_modules", "fs-ext"),
    encoding: "utf8",
    env: shellEnv(),
  });
  if (built.status !== 0) {
    console.error(`${built.stdout}\n${built.stderr}\nBuilding fs-ext for this Node failed.`);
    process.exit(built.status ?? 1);
  }
  fs.writeFileSync(stampFile, want);
  step("fs-ext built for this Node's ABI");
} else step("copy up to date");

// 3. The command, with this Node first on PATH (npm, npx and child processes pick it up).
const env = { ...shellEnv(), PATH: `${path.dirname(nodeBin)}:${shellEnv().PATH}` };
delete env.NODE_OPTIONS;
const argv = command.length > 0 ? command : ["npx", "vitest", "run", "--project", "unit"];
const run = spawnSync(argv[0], argv.slice(1), { cwd: dest, stdio: "inherit", env });
step(`${argv.join(" ")} exited with ${run.status}`);
process.exit(run.status ?? 1);
