import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import https from "node:https";
import path from "node:path";
import { freePort } from "./server";

/**
 * Debian's `pebble` (a test ACME server) and `caddy` as child processes for the custom-domain TLS
 * test (decision 060). Both need their Debian packages: scripts/test.mjs and .ci/run install them
 * (`apt-get install -y caddy pebble`) and stop with that command when they cannot.
 */
export const TLS_PACKAGES = ["caddy", "pebble", "openssl"] as const;

export function missingTlsTools(): string[] {
  return ["/usr/bin/caddy", "/usr/bin/pebble", "/usr/bin/openssl"].filter((file) => !fs.existsSync(file));
}

type Child = { process: ChildProcess; output: () => string; stop: () => Promise<void> };

function run(command: string, args: string[], env: Record<string, string>, cwd: string): Child {
  let output = "";
  const child = spawn(command, args, { cwd, env: { PATH: process.env.PATH ?? "", ...env }, stdio: ["ignore", "pipe", "pipe"] });
  child.stdout?.on("data", (d) => (output += d));
  child.stderr?.on("data", (d) => (output += d));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  return {
    process: child,
    output: () => output,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 5_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

async function waitFor(what: string, child: Child, ready: () => Promise<boolean>): Promise<void> {
  let last: unknown;
  for (let i = 0; i < 300; i++) {
    if (child.process.exitCode !== null) throw new Error(`${what} exited (${child.process.exitCode}):\n${child.output()}`);
    if (
      await ready().catch((error) => {
        last = error;
        return false;
      })
    )
      return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${what} did not start (the last check: ${last instanceof Error ? last.message : String(last)}):\n${child.output()}`);
}

/** GET over HTTPS trusting `ca` (or nothing: no verification), with SNI `servername`. */
export function httpsGet(
  url: string,
  options: { ca?: string; servername?: string; host?: string; method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<{ status: number; body: string; headers: Record<string, string | string[] | undefined>; peerSubjectAltName?: string; peerIssuer?: string }> {
  return new Promise((resolve, reject) => {
    const request = https.request(
      url,
      {
        method: options.method ?? "GET",
        ca: options.ca,
        rejectUnauthorized: options.ca !== undefined,
        servername: options.servername,
        headers: { ...(options.host ? { host: options.host } : {}), ...options.headers },
      },
      (response) => {
        const peer = (response.socket as import("node:tls").TLSSocket).getPeerCertificate();
        let body = "";
        response.setEncoding("utf8");
        response.on("data", (chunk) => (body += chunk));
        response.on("end", () => {
          resolve({
            status: response.statusCode ?? 0,
            body,
            headers: response.headers,
            peerSubjectAltName: peer?.subjectaltname,
            peerIssuer: String(peer?.issuer?.CN ?? ""),
          });
        });
      },
    );
    request.on("error", reject);
    request.end(options.body);
  });
}

export type Pebble = { directory: string; listenerCert: string; roots: () => Promise<string>; output: () => string; stop: () => Promise<void> };

/** Pebble with its own listener certificate (openssl, SAN 127.0.0.1), checking HTTP-01 on `httpPort`, resolving through `dnsServer`. */
export async function startPebble(dir: string, options: { httpPort: number; tlsPort: number; dnsServer: string }): Promise<Pebble> {
  const [port, managementPort] = [await freePort(), await freePort()];
  const cert = path.join(dir, "pebble-cert.pem");
  const key = path.join(dir, "pebble-key.pem");
  execFileSync(
    "openssl",
    [
      "req",
      "-x509",
      "-newkey",
      "ec",
      "-pkeyopt",
      "ec_paramgen_curve:prime256v1",
      "-nodes",
      "-days",
      "2",
      "-subj",
      "/CN=pebble listener",
      "-addext",
      "subjectAltName=IP:127.0.0.1,DNS:localhost",
      "-keyout",
      key,
      "-out",
      cert,
    ],
    { stdio: "ignore" },
  );
  const config = path.join(dir, "pebble.json");
  fs.writeFileSync(
    config,
    JSON.stringify({
      pebble: {
        listenAddress: `127.0.0.1:${port}`,
        managementListenAddress: `127.0.0.1:${managementPort}`,
        certificate: cert,
        privateKey: key,
        httpPort: options.httpPort,
        tlsPort: options.tlsPort,
        ocspResponderURL: "",
        externalAccountBindingRequired: false,
      },
    }),
  );
  const child = run("pebble", ["-config", config, "-dnsserver", options.dnsServer], { PEBBLE_VA_NOSLEEP: "1", PEBBLE_WFE_NONCEREJECT: "0" }, dir);
  const listenerCert = fs.readFileSync(cert, "utf8");
  const directory = `https://127.0.0.1:${port}/dir`;
  await waitFor("pebble", child, async () => (await httpsGet(directory, { ca: listenerCert })).status === 200);
  return {
    directory,
    listenerCert: cert,
    roots: async () => (await httpsGet(`https://127.0.0.1:${managementPort}/roots/0`, { ca: listenerCert })).body,
    output: child.output,
    stop: child.stop,
  };
}

export type Caddy = { httpPort: number; httpsPort: number; output: () => string; stop: () => Promise<void> };

/**
 * Caddy with the deployment recipe's shape (deploy/Caddyfile): on-demand TLS that asks the app's
 * loopback endpoint, a reverse proxy to the app; here with pebble as the CA, private ports,
 * storage and admin address.
 */
export async function startCaddy(dir: string, options: { appUrl: string; pebble: Pebble; httpPort: number; httpsPort: number }): Promise<Caddy> {
  const adminPort = await freePort();
  const app = new URL(options.appUrl).host;
  const caddyfile = path.join(dir, "Caddyfile");
  fs.writeFileSync(
    caddyfile,
    `{
\tadmin 127.0.0.1:${adminPort}
\tstorage file_system {
\t\troot ${path.join(dir, "caddy-data")}
\t}
\thttp_port ${options.httpPort}
\thttps_port ${options.httpsPort}
\tacme_ca ${options.pebble.directory}
\tacme_ca_root ${options.pebble.listenerCert}
\tskip_install_trust
\ton_demand_tls {
\t\task http://${app}/internal/domains/allow
\t}
}

https:// {
\ttls {
\t\ton_demand
\t}
\t@internal path /internal/*
\trespond @internal 404
\treverse_proxy ${app}
}
`,
  );
  const home = path.join(dir, "caddy-home");
  fs.mkdirSync(home, { recursive: true });
  const child = run("caddy", ["run", "--config", caddyfile, "--adapter", "caddyfile"], { HOME: home, XDG_DATA_HOME: home, XDG_CONFIG_HOME: home }, dir);
  await waitFor("caddy", child, async () => (await fetch(`http://127.0.0.1:${adminPort}/config/`)).ok);
  return { httpPort: options.httpPort, httpsPort: options.httpsPort, output: child.output, stop: child.stop };
}
