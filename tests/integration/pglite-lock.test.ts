import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { openDatabase } from "../../src/server/db/client";
import { DataDirLockedError } from "../../src/server/db/lock";

// The lock concerns the embedded database only (the PostgreSQL project excludes pglite-* files).
describe("PGlite data folder lock", () => {
  it("refuses a second opener of the same folder, and frees the folder on close", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "offerly-lock-"));
    const first = await openDatabase({ kind: "pglite", dataDir });
    await first.migrate();
    await expect(openDatabase({ kind: "pglite", dataDir })).rejects.toBeInstanceOf(DataDirLockedError);

    // Another process (the real server) exits with a clear message instead of opening it.
    const child = spawnSync(process.execPath, ["--import", "tsx", "src/server/main.ts"], {
      env: { ...process.env, DATA_DIR: dataDir, PORT: "0", LOG_LEVEL: "silent", NODE_ENV: "development", OFFERLY_VITE_DEV: "" },
      encoding: "utf8",
      timeout: 60_000,
    });
    expect(child.status).toBe(1);
    expect(child.stderr).toMatch(/in use by another Offerly process \(pid \d+\)/);

    await first.close();
    expect(fs.existsSync(path.join(dataDir, "db.lock"))).toBe(false);
    const second = await openDatabase({ kind: "pglite", dataDir });
    await second.ping();
    await second.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("takes over a lock left by a process that died", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "offerly-lock-"));
    fs.writeFileSync(path.join(dataDir, "db.lock"), "999999999");
    const handle = await openDatabase({ kind: "pglite", dataDir });
    expect(fs.readFileSync(path.join(dataDir, "db.lock"), "utf8")).toBe(String(process.pid));
    await handle.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
});
