import http from "node:http";
import https from "node:https";
import { createRequire } from "node:module";
import path from "node:path";
import { afterAll } from "vitest";

/**
 * The Zapier app (integrations/zapier) and zapier-platform-core, loaded with Node's require from the
 * app's own folder (its node_modules, installed by the root `npm install`'s postinstall).
 *
 * zapier-platform-core's handler patches node:http's and node:https's `request` in the process it
 * runs in, to log each call (its tools/create-http-patch.js): a two-argument `request(options,
 * callback)` that breaks `https.request(url, options, callback)`. The production project imports
 * modules once per worker (vitest.config.ts), so a file that loads the app puts both back when it is
 * done, for the files after it in that worker (a later file's TLS check failed with "self-signed
 * certificate" otherwise). The originals are taken when this module is first imported, before any
 * Zapier code ran in the worker.
 */
const nodeRequests = { http: http.request, https: https.request };

export function loadZapier<Core, App>(): { zapier: Core; App: App } {
  afterAll(() => {
    http.request = nodeRequests.http;
    https.request = nodeRequests.https;
    for (const module of [http, https] as unknown as Record<string, unknown>[]) {
      delete module.patchedByZapier;
      delete module.zapierLogger;
    }
  });
  const appRequire = createRequire(path.resolve("integrations/zapier/index.js"));
  return { zapier: appRequire("zapier-platform-core") as Core, App: appRequire("./index.js") as App };
}
