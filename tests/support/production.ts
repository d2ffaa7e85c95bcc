import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestApp } from "./app";
import { type RunningServer, startServer } from "./server";

/** What build/server/externals.json says of one package the bundle leaves in node_modules (scripts/build-server.mjs). */
export type BuiltExternal = { when: "start" | "first use" | "development"; importers: string[] };

export function builtExternals(): Record<string, BuiltExternal> {
  const file = "build/server/externals.json";
  if (!fs.existsSync(file)) throw new Error(`${file} is missing: run \`npm run build\` (the build writes it).`);
  return JSON.parse(fs.readFileSync(file, "utf8"));
}

export type ProductionServer = RunningServer & {
  /** The packages the server has loaded from node_modules so far, and those it had loaded when healthy. */
  loaded: () => Set<string>;
  loadedAtStart: Set<string>;
  /** The TestApp surface the support helpers use (fetch, gql, dataDir), over HTTP to the child process. */
  client: TestApp;
};

const recorder = path.resolve("tests/production/record-loads.cjs");

/**
 * The production build (build/server/main.js, NOT the TypeScript source) as a child process, with
 * the packages it loads from node_modules recorded (tests/production/record-loads.cjs).
 */
/** The TestApp surface the support helpers use (fetch, gql, dataDir), over HTTP to a running server. */
export function httpClient(base: string, dataDir: string): TestApp {
  const fetchFrom = (input: string, init?: RequestInit) => fetch(new URL(input, base), { redirect: "manual", ...init });
  async function gql<T = Record<string, unknown>>(query: string, variables?: Record<string, unknown>, headers: Record<string, string> = {}) {
    const response = await fetchFrom("/graphql", {
      method: "POST",
      headers: { "content-type": "application/json", "x-graphql-csrf": "1", ...headers },
      body: JSON.stringify({ query, variables }),
    });
    const body = (await response.json()) as { data?: T; errors?: { message: string; extensions?: Record<string, unknown> }[] };
    return { status: response.status, ...body };
  }
  return { fetch: fetchFrom, gql, dataDir } as unknown as TestApp;
}

/** The data of a GraphQL answer, or a thrown error with its errors. */
export async function gqlOk<T>(promise: Promise<{ data?: T; errors?: unknown[] }>): Promise<T> {
  const result = await promise;
  if (result.errors?.length || !result.data) throw new Error(JSON.stringify(result.errors));
  return result.data;
}

export async function startProductionServer(env: Record<string, string> = {}, options: { port?: number } = {}): Promise<ProductionServer> {
  const loadsFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "offerly-loads-")), "loads.txt");
  fs.writeFileSync(loadsFile, "");
  const server = await startServer({ NODE_OPTIONS: `--require ${recorder}`, OFFERLY_RECORD_LOADS: loadsFile, LOG_LEVEL: "warn", ...env }, options);
  const loaded = () => new Set(fs.readFileSync(loadsFile, "utf8").split("\n").filter(Boolean));
  const client = httpClient(server.url, server.dataDir);
  return {
    ...server,
    loaded,
    loadedAtStart: loaded(),
    client,
    stop: async () => {
      const code = await server.stop();
      fs.rmSync(path.dirname(loadsFile), { recursive: true, force: true });
      return code;
    },
  };
}
