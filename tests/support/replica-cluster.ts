import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { freePort } from "./server";

/**
 * A throw-away PostgreSQL primary and a streaming replica of it (pg_basebackup -R), made from the
 * machine's PostgreSQL binaries in a temporary folder, on free loopback ports. The servers run as
 * the `postgres` OS user (PostgreSQL refuses to run as root). The machine's own cluster is not
 * touched. `PG_BIN` overrides where the binaries are (default /usr/lib/postgresql/15/bin).
 */
export type ReplicatedClusters = {
  primaryUrl: (database?: string) => string;
  replicaUrl: (database?: string) => string;
  /** SQL on the replica (as the superuser), e.g. `select pg_wal_replay_pause()`. */
  onReplica: <T extends pg.QueryResultRow>(text: string, database?: string) => Promise<T[]>;
  onPrimary: <T extends pg.QueryResultRow>(text: string, database?: string) => Promise<T[]>;
  /** Waits until the replica has replayed everything the primary has written so far. */
  caughtUp: (ms?: number) => Promise<void>;
  stopReplica: () => void;
  startReplica: () => void;
  close: () => void;
};

const bin = process.env.PG_BIN ?? "/usr/lib/postgresql/15/bin";

function asPostgres(command: string, args: string[]) {
  const user = process.getuid?.() === 0 ? ["runuser", "-u", "postgres", "--"] : [];
  const [file, ...rest] = [...user, path.join(bin, command), ...args];
  return execFileSync(file, rest, { stdio: ["ignore", "pipe", "pipe"], timeout: 120_000 }).toString();
}

async function query<T extends pg.QueryResultRow>(url: string, text: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(text)).rows;
  } finally {
    await client.end();
  }
}

export async function startReplicatedClusters(): Promise<ReplicatedClusters> {
  if (!fs.existsSync(path.join(bin, "pg_basebackup")))
    throw new Error(`No PostgreSQL binaries in ${bin} (set PG_BIN): the replica test needs initdb, pg_ctl and pg_basebackup.`);
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "offerly-replica-"));
  const owner = process.getuid?.() === 0 ? Number(execFileSync("id", ["-u", "postgres"]).toString().trim()) : undefined;
  const ownerGroup = process.getuid?.() === 0 ? Number(execFileSync("id", ["-g", "postgres"]).toString().trim()) : undefined;
  if (owner !== undefined && ownerGroup !== undefined) fs.chownSync(root, owner, ownerGroup);
  const primaryDir = path.join(root, "primary");
  const replicaDir = path.join(root, "replica");
  const [primaryPort, replicaPort] = [await freePort(), await freePort()];
  const settings = (port: number) =>
    [
      `port = ${port}`,
      "listen_addresses = '127.0.0.1'",
      `unix_socket_directories = '${root}'`,
      "wal_level = replica",
      "max_wal_senders = 5",
      "hot_standby = on",
      "max_connections = 200",
      // Throw-away clusters: no need to survive a power cut, and the machine is shared.
      "fsync = off",
      "synchronous_commit = off",
      "full_page_writes = off",
      "shared_buffers = 64MB",
      "",
    ].join("\n");
  const started: string[] = [];
  const pgCtl = (dir: string, action: "start" | "stop") =>
    asPostgres("pg_ctl", [
      "-D",
      dir,
      "-l",
      path.join(root, `${path.basename(dir)}.log`),
      "-w",
      "-t",
      "60",
      ...(action === "stop" ? ["-m", "fast"] : []),
      action,
    ]);
  const close = () => {
    for (const dir of [...started].reverse()) {
      try {
        pgCtl(dir, "stop");
      } catch {
        /* already stopped */
      }
    }
    fs.rmSync(root, { recursive: true, force: true });
  };
  try {
    asPostgres("initdb", ["-D", primaryDir, "-U", "postgres", "--auth=trust", "-E", "UTF8", "--locale=C.UTF-8", "--no-sync"]);
    fs.appendFileSync(path.join(primaryDir, "postgresql.conf"), settings(primaryPort));
    fs.appendFileSync(path.join(primaryDir, "pg_hba.conf"), "\nhost replication all 127.0.0.1/32 trust\n");
    pgCtl(primaryDir, "start");
    started.push(primaryDir);
    // -R writes standby.signal and primary_conninfo: the copy starts as a streaming replica.
    asPostgres("pg_basebackup", ["-h", "127.0.0.1", "-p", String(primaryPort), "-U", "postgres", "-D", replicaDir, "-R", "-X", "stream", "-c", "fast"]);
    fs.appendFileSync(path.join(replicaDir, "postgresql.conf"), settings(replicaPort));
    pgCtl(replicaDir, "start");
    started.push(replicaDir);
  } catch (error) {
    const logs = ["primary.log", "replica.log"]
      .map((f) => path.join(root, f))
      .filter((f) => fs.existsSync(f))
      .map((f) => fs.readFileSync(f, "utf8").slice(-2000));
    close();
    throw new Error(`Could not start the replicated clusters: ${(error as Error).message}\n${logs.join("\n")}`);
  }
  const url =
    (port: number) =>
    (database = "postgres") =>
      `postgres://postgres@127.0.0.1:${port}/${database}`;
  const primaryUrl = url(primaryPort);
  const replicaUrl = url(replicaPort);
  return {
    primaryUrl,
    replicaUrl,
    onPrimary: (text, database) => query(primaryUrl(database), text),
    onReplica: (text, database) => query(replicaUrl(database), text),
    caughtUp: async (ms = 30_000) => {
      // The insert position, not pg_current_wal_lsn() (the write position): this throw-away primary
      // runs with synchronous_commit = off, so a transaction that has returned may not be written
      // yet, and waiting for the write position then missed it (the replica test failed 1 in 3:
      // the replica still had views 0 where the primary had 1).
      const [{ lsn }] = await query<{ lsn: string }>(primaryUrl(), "select pg_current_wal_insert_lsn()::text as lsn");
      const deadline = Date.now() + ms;
      for (;;) {
        const [row] = await query<{ done: boolean }>(replicaUrl(), `select pg_last_wal_replay_lsn() >= '${lsn}'::pg_lsn as done`);
        if (row.done) return;
        if (Date.now() > deadline) throw new Error("The replica did not catch up");
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    stopReplica: () => pgCtl(replicaDir, "stop"),
    startReplica: () => pgCtl(replicaDir, "start"),
    close,
  };
}
