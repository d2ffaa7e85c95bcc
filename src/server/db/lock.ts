import fs from "node:fs";
import path from "node:path";
import fsExt from "fs-ext";

/**
 * PGlite takes no lock on its folder, and two processes on one folder corrupt it. We hold an
 * OS-level lock (flock(2), exclusive, non-blocking) on `DATA_DIR/db.lock` for as long as the
 * database is open. The kernel drops it when the file is closed or the process ends in any way
 * (kill -9 included), so a crash never blocks the next start, whatever PID that start gets (PID 1
 * again in a container). The PID written into the file is information for the error message only:
 * it is never used to decide anything. The file itself is never deleted (deleting a locked file
 * would let a second process lock a new file of the same name).
 */
export class DataDirLockedError extends Error {
  constructor(
    public readonly lockPath: string,
    public readonly pid: number | undefined,
  ) {
    super(
      `The data folder ${path.dirname(lockPath)} is in use by another Offerly process${pid ? ` (pid ${pid})` : ""}. ` +
        `Stop that process first, or start this one with another DATA_DIR.`,
    );
    this.name = "DataDirLockedError";
  }
}

export type Lock = { path: string; release: () => void };

function ownerPid(fd: number): number | undefined {
  try {
    const pid = Number(fs.readFileSync(fd, "utf8").trim());
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

export function acquireLock(lockPath: string): Lock {
  fs.mkdirSync(path.dirname(lockPath), { recursive: true });
  // O_CREAT without O_TRUNC: the holder's PID stays readable for the message. Node opens with
  // O_CLOEXEC, so child processes never inherit (and keep alive) the lock.
  const fd = fs.openSync(lockPath, fs.constants.O_RDWR | fs.constants.O_CREAT, 0o644);
  try {
    fsExt.flockSync(fd, "exnb");
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const pid = ownerPid(fd);
    fs.closeSync(fd);
    if (code === "EAGAIN" || code === "EWOULDBLOCK") throw new DataDirLockedError(lockPath, pid);
    throw error;
  }
  fs.ftruncateSync(fd, 0);
  fs.writeSync(fd, `${process.pid}\n`, 0);
  let released = false;
  return {
    path: lockPath,
    release: () => {
      if (released) return;
      released = true;
      fs.closeSync(fd); // closing the last descriptor drops the flock
    },
  };
}
