// `npm start`: build when there is no build (or the sources changed since), then serve.
import { spawn } from "node:child_process";
import { buildIfStale } from "./lib/build.mjs";

buildIfStale();
const child = spawn(process.execPath, ["--enable-source-maps", "build/server/main.js"], {
  stdio: "inherit",
  env: { NODE_ENV: "production", ...process.env },
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => child.kill(signal));
child.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
