import fs from "node:fs";
import path from "node:path";

/**
 * PGlite takes no lock on its folder, and two processes on one folder corrupt it. We hold a lock
 * file (created atomically with O_EXCL) containing our PID. A lock left by a process that is no
 * longer alive is stale and is taken over.
 */
export class DataDirLockedError extends Error {
  constructor(public readonly lockPath: string, public readonly pid: number) {
    super(
      `The data folder ${path.dirname(lockPath)} is in use by another Offerly process (pid ${pid}). ` +
        `Stop that process first, or start this one with another DATA_DIR.`,
    );
    this.name = "DataDirLockedError";
  }
}

function isAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

export type Lock = { path: string; release: () => void };

export function acquireLock(lockPath: string): Lock {
  fs.mkdirSync(path.dirname(lockPath), { recursive: true });
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = fs.openSync(lockPath, "wx");
      fs.writeSync(fd, String(process.pid));
      fs.closeSync(fd);
      let released = false;
      return {
        path: lockPath,
        release: () => {
          if (released) return;
          released = true;
          try {
            if (fs.readFileSync(lockPath, "utf8").trim() === String(process.pid)) fs.unlinkSync(lockPath);
          } catch {
            /* already gone */
          }
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const owner = Number(fs.readFileSync(lockPath, "utf8").trim());
      if (owner === process.pid || isAlive(owner)) throw new DataDirLockedError(lockPath, owner);
      // Stale: the owner died without releasing. Remove and try again (another starter may win).
      try {
        fs.unlinkSync(lockPath);
      } catch {
        /* someone else removed it first */
      }
    }
  }
  throw new Error(`Could not take the lock ${lockPath}`);
}
