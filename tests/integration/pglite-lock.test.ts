import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { openDatabase } from "../../src/server/db/client";
import { DataDirLockedError, acquireLock } from "../../src/server/db/lock";
import { freePort } from "../support/server";

const tempDir = () => fs.mkdtempSync(path.join(os.tmpdir(), "offerly-lock-"));

/** The production server (build/server/main.js) on DATA_DIR, optionally wrapped (e.g. in unshare). */
function spawnServer(dataDir: string, port: number, wrapper: string[] = []): { child: ChildProcess; output: () => string } {
  if (!fs.existsSync("build/server/main.js")) throw new Error("No production build: run `npm run build` (npm test does it).");
  const command = [...wrapper, process.execPath, path.resolve("build/server/main.js")];
  const child = spawn(command[0], command.slice(1), {
    env: {
      PATH: process.env.PATH ?? "",
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (d) => (output += d));
  child.stderr?.on("data", (d) => (output += d));
  return { child, output: () => output };
}

async function waitHealthy(port: number, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`Server exited (${child.exitCode ?? child.signalCode}):\n${output()}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/healthz`)).ok) return;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) throw new Error(`Server did not become healthy:\n${output()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const exitOf = (child: ChildProcess) =>
  child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : new Promise<void>((resolve) => child.once("exit", () => resolve()));

// The lock concerns the embedded database only (the PostgreSQL project excludes pglite-* files).
describe("PGlite data folder lock", () => {
  it("refuses a second opener of the same folder, and frees the folder on close", async () => {
    const dataDir = tempDir();
    const first = await openDatabase({ kind: "pglite", dataDir });
    await expect(openDatabase({ kind: "pglite", dataDir })).rejects.toBeInstanceOf(DataDirLockedError);

    // Another process (the real server, as users run it: the production build) exits with a clear message instead of opening it.
    if (!fs.existsSync("build/server/main.js")) throw new Error("No production build: run `npm run build` (npm test does it).");
    const child = spawnSync(process.execPath, [path.resolve("build/server/main.js")], {
      env: {
        PATH: process.env.PATH ?? "",
        DATA_DIR: dataDir,
        PORT: "0",
        HOST: "127.0.0.1",
        PUBLIC_URL: "http://127.0.0.1:1",
        LOG_LEVEL: "silent",
        NODE_ENV: "production",
      },
      encoding: "utf8",
      timeout: 60_000,
    });
    expect(child.status).toBe(1);
    expect(child.stderr).toContain(`is in use by another Offerly process (pid ${process.pid})`);

    await first.close();
    const second = await openDatabase({ kind: "pglite", dataDir });
    await second.ping();
    await second.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }, 120_000); // initdb, then a server start: over 30 s on a loaded machine (seen on Node 22 and 24 in CI-like runs)

  // The lock itself for each stale content (no PGlite start each: four starts took three minutes on
  // a loaded CI machine), then the whole path once: a stale file does not stop the database opening.
  it("ignores what a lock file says when no process holds the lock (stale, or naming a live unrelated process)", { timeout: 180_000 }, async () => {
    const dataDir = tempDir();
    const lockFile = path.join(dataDir, "db.lock");
    // Our own PID, PID 1 and our parent's PID: all alive, none holds the lock.
    for (const stale of [process.pid, 1, process.ppid, 999_999_999]) {
      fs.writeFileSync(lockFile, String(stale));
      const lock = acquireLock(lockFile);
      expect(fs.readFileSync(lockFile, "utf8").trim()).toBe(String(process.pid));
      lock.release();
    }
    fs.writeFileSync(lockFile, "1");
    const handle = await openDatabase({ kind: "pglite", dataDir });
    expect(fs.readFileSync(lockFile, "utf8").trim()).toBe(String(process.pid));
    await handle.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("a server killed with SIGKILL as PID 1 of a fresh PID namespace restarts on the same folder every time; a live one still refuses a second process", async () => {
    const dataDir = tempDir();
    for (let cycle = 1; cycle <= 4; cycle++) {
      const port = await freePort();
      // As in a container: the server is PID 1 of its own PID namespace, on every start.
      const server = spawnServer(dataDir, port, ["unshare", "--pid", "--fork", "--mount-proc", "--kill-child=SIGKILL"]);
      await waitHealthy(port, server.child, server.output);
      expect(fs.readFileSync(path.join(dataDir, "db.lock"), "utf8").trim()).toBe("1");

      if (cycle === 1) {
        // A real second process on the same folder (outside the namespace) is refused, clearly.
        const second = spawnServer(dataDir, await freePort());
        await exitOf(second.child);
        expect(second.child.exitCode).toBe(1);
        expect(second.output()).toContain(`The data folder ${dataDir} is in use by another Offerly process (pid 1)`);
        expect((await fetch(`http://127.0.0.1:${port}/healthz`)).ok).toBe(true);
      }

      // kill -9 the server itself (unshare's child), then wait until unshare has reaped it.
      const unsharePid = server.child.pid!;
      const [serverPid] = fs.readFileSync(`/proc/${unsharePid}/task/${unsharePid}/children`, "utf8").trim().split(/\s+/).map(Number);
      expect(serverPid).toBeGreaterThan(1);
      process.kill(serverPid, "SIGKILL");
      await exitOf(server.child);
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  }, 180_000);
});
