import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

export type RunningServer = {
  url: string;
  /** The server process's id (benchmarks read its memory from /proc). */
  pid: number;
  dataDir: string;
  output: () => string;
  stop: () => Promise<number | null>;
  /** Sends a signal (SIGKILL: a crash) and waits for the exit; the data folder stays. */
  kill: (signal: NodeJS.Signals) => Promise<number | null>;
};

/**
 * Starts the real production server (build/server/main.js) as a child process on a free port
 * with its own data folder, and waits until /healthz answers.
 */
/** A TCP port that is free right now (for servers whose URL must be known before they start). */
export async function freePort(): Promise<number> {
  const net = await import("node:net");
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as import("node:net").AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Starts the server on a free port. Another process may take the port between our probe and the
 * server's listen(): then the server exits with EADDRINUSE and we try another port.
 */
export async function startServer(env: Record<string, string> = {}, options: { port?: number } = {}): Promise<RunningServer> {
  if (options.port) return startServerOnce(env, options.port);
  for (let attempt = 1; ; attempt++) {
    try {
      return await startServerOnce(env, await freePort());
    } catch (error) {
      if (attempt >= 4 || !/EADDRINUSE/.test(String(error))) throw error;
    }
  }
}

async function startServerOnce(env: Record<string, string>, port: number): Promise<RunningServer> {
  if (!fs.existsSync("build/server/main.js")) throw new Error("No production build: run `npm run build` (npm test does it).");
  const dataDir = env.DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), "offerly-e2e-"));
  const url = `http://127.0.0.1:${port}`;
  let output = "";
  const child: ChildProcess = spawn(process.execPath, ["build/server/main.js"], {
    env: {
      PATH: process.env.PATH ?? "",
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      LOG_LEVEL: "info",
      // The PDF worker's warm-up (decision 070) costs seconds of CPU in every server started here, and
      // would load the PDF packages that tests/production/adapters.test.ts expects a walk to load;
      // tests/production/pdf-warm-up.test.ts switches it on.
      PDF_WARM_UP: "false",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.on("data", (d) => (output += d));
  child.stderr?.on("data", (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));

  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`Server exited with ${child.exitCode}:\n${output}`);
    try {
      const response = await fetch(`${url}/healthz`);
      if (response.ok) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`Server did not become healthy within 60 s:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 150));
  }

  return {
    url,
    pid: child.pid!,
    dataDir,
    output: () => output,
    kill: async (signal) => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
      const code = await exited;
      if (!env.DATA_DIR) fs.rmSync(dataDir, { recursive: true, force: true });
      return code;
    },
  };
}
