import fs from "node:fs";
import { type Browser, type BrowserContext, type Page, chromium } from "playwright-core";

/** Debian's Chromium (the full browser in its new headless mode); `npx playwright install` cannot download browsers here. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
/**
 * Debian's `chromium-headless-shell`: the same Chromium release built as the headless shell (Blink, V8
 * and the network stack without the browser's window layer) — what Playwright itself drives for
 * `headless: true`. The browser suite's default (decision 080): the same files cost about a third less
 * CPU on it. The files that say `browser: "chromium"` run on the full browser at CHROMIUM_PATH, and so do
 * the benchmarks (what a person's browser does).
 */
export const HEADLESS_SHELL_PATH = process.env.CHROMIUM_HEADLESS_SHELL_PATH ?? "/usr/bin/chromium-headless-shell";

/** Which Chromium a browser file drives: the headless shell (default) or the full browser. */
export type ChromiumBuild = "headless-shell" | "chromium";

/**
 * One Chromium per build per test worker, handed from file to file (decision 044, twelfth pass):
 * launching the browser and closing it again cost about a CPU-second of its processes for each of
 * the ≈ 45 browser files. A file gets it with every context of the file before closed for real
 * (`close` below): the next file starts from a browser with no context, page, cookie or storage —
 * what a new launch gave it, but for the browser process itself. A file that asks while another
 * holds it (none does today) gets a browser of its own. `OFFERLY_BROWSER_PER_FILE=1` launches one
 * per file as before. The shared browser closes when no file has taken it for a few seconds, and
 * Playwright kills it when the worker exits.
 */
type Shared = { browser: Promise<Browser>; leased: boolean; idle?: NodeJS.Timeout };
const shared = new Map<ChromiumBuild, Shared>();
const IDLE_CLOSE_MS = 5_000;

async function launch(executablePath: string): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath,
    headless: true,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      // No test may depend on the outside network: the browser resolves no host but loopback.
      // This is the only guard: no context installs a route to abort outside requests, because
      // Playwright turns a context's HTTP cache off while any route is installed — every page
      // then fetched and compiled the app's scripts again (measured per app page: Chromium 1.15
      // → 0.7 CPU-s, the server 0.3 → 0.07; docs/decisions/044-ci-budget.md, fourth pass).
      "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1, EXCLUDE localhost",
    ],
  });
  reuseContexts(browser);
  return browser;
}

export async function launchBrowser({ build = "headless-shell" }: { build?: ChromiumBuild } = {}): Promise<{ browser: Browser; close: () => Promise<void> }> {
  const executablePath = build === "chromium" ? CHROMIUM_PATH : HEADLESS_SHELL_PATH;
  if (!fs.existsSync(executablePath)) {
    const pkg = build === "chromium" ? "chromium" : "chromium-headless-shell";
    const variable = build === "chromium" ? "CHROMIUM_PATH" : "CHROMIUM_HEADLESS_SHELL_PATH";
    throw new Error(`${pkg} not found at ${executablePath}. Install it: apt-get install -y ${pkg} (npm test does this when it can), or set ${variable}.`);
  }
  const stats = () => {
    if (process.env.OFFERLY_CONTEXT_STATS)
      console.log(`browser contexts: ${counts.created} made, ${counts.reused} reused; browsers: ${counts.launched} launched, ${counts.handedOn} handed on`);
  };
  let entry = shared.get(build);
  if (process.env.OFFERLY_BROWSER_PER_FILE === "1" || entry?.leased) {
    // A browser of its own: closed with the file.
    counts.launched += 1;
    const browser = await launch(executablePath);
    return {
      browser,
      // Playwright gives every launch a fresh, temporary profile folder of its own.
      close: () => {
        stats();
        return browser.close();
      },
    };
  }
  // Taken before any await: a second call meanwhile gets a browser of its own.
  if (entry) {
    entry.leased = true;
    clearTimeout(entry.idle);
    const previous = await entry.browser.catch(() => undefined);
    if (previous?.isConnected()) counts.handedOn += 1;
    else {
      if (shared.get(build) === entry) shared.delete(build);
      entry = undefined;
    }
  }
  if (!entry) {
    counts.launched += 1;
    const made: Shared = { browser: launch(executablePath), leased: true };
    made.browser.then(
      (browser) => browser.once("disconnected", () => shared.get(build) === made && shared.delete(build)),
      () => undefined,
    );
    shared.set(build, made);
    entry = made;
  }
  const held = entry;
  const browser = await held.browser.catch((error) => {
    if (shared.get(build) === held) shared.delete(build);
    throw error;
  });
  let closed = false;
  return {
    browser,
    close: async () => {
      if (closed) return;
      closed = true;
      stats();
      try {
        await closeEveryContext(browser);
      } catch {
        // A browser that cannot be emptied is not handed on.
        if (shared.get(build) === held) shared.delete(build);
        await browser.close().catch(() => undefined);
        return;
      }
      held.leased = false;
      held.idle = setTimeout(() => {
        if (shared.get(build) === held && !held.leased) {
          shared.delete(build);
          void browser.close().catch(() => undefined);
        }
      }, IDLE_CLOSE_MS);
      held.idle.unref();
    },
  };
}

/** What a context keeps that emptying its cookies, permissions and storage does not undo: a context that used one is closed for real. */
const LASTING = [
  "route",
  "routeFromHAR",
  "routeWebSocket",
  "unroute",
  "addInitScript",
  "exposeBinding",
  "exposeFunction",
  "setGeolocation",
  "setOffline",
  "setExtraHTTPHeaders",
  "setHTTPCredentials",
  "setDefaultTimeout",
  "setDefaultNavigationTimeout",
  "on",
  "once",
  "addListener",
  "prependListener",
  "newCDPSession",
] as const;

/** Web storage a reused context is emptied of, per origin it opened (CDP Storage.clearDataForOrigin); its HTTP cache stays. */
const STORAGE_TYPES = "cookies,file_systems,indexeddb,local_storage,websql,service_workers,cache_storage,shared_storage,storage_buckets";

/**
 * `browser.newContext(options)` hands out a context that an earlier test of the file closed, with
 * the same options, emptied (pages closed, cookies, permissions and every origin's storage cleared)
 * — a person's fresh profile — but with its HTTP cache kept: a new context costs Chromium about a
 * CPU-second to make and another to fetch and compile the app's scripts cold, over the ≈ 150
 * contexts of the browser suite (decision 044, eighth pass). A context that was given something
 * clearing cannot undo (a route, an init script, a binding, listeners, …) is closed for real.
 * `{ fresh: true }` in the options: a new context always (a test of what a first visit loads).
 */
/** Contexts made and handed out again (OFFERLY_CONTEXT_STATS=1 prints them when the browser closes). */
const counts = { created: 0, reused: 0, launched: 0, handedOn: 0 };
/** Per browser: closes every context it has for real (idle, handed out or made fresh) — a file's end on a shared browser. */
const emptiers = new WeakMap<Browser, () => Promise<void>>();
function closeEveryContext(browser: Browser): Promise<void> {
  return emptiers.get(browser)?.() ?? Promise.all(browser.contexts().map((c) => c.close())).then(() => undefined);
}
function reuseContexts(browser: Browser): void {
  const handedOut = new Set<BrowserContext>();
  const create = browser.newContext.bind(browser);
  const idle = new Map<string, BrowserContext[]>();
  const realClose = new WeakMap<BrowserContext, BrowserContext["close"]>();
  emptiers.set(browser, async () => {
    idle.clear();
    handedOut.clear();
    await Promise.all(browser.contexts().map((context) => (realClose.get(context) ?? context.close.bind(context))()));
  });
  browser.newContext = (async (options: Parameters<Browser["newContext"]>[0] & { fresh?: boolean } = {}) => {
    const { fresh, ...contextOptions } = options;
    const key = JSON.stringify(contextOptions);
    if (fresh || process.env.OFFERLY_FRESH_CONTEXTS === "1") return create(contextOptions);
    const reused = idle.get(key)?.pop();
    if (reused) {
      handedOut.add(reused);
      counts.reused += 1;
      return reused;
    }
    const context = await create(contextOptions);
    handedOut.add(context);
    counts.created += 1;
    const origins = new Set<string>();
    if (contextOptions.baseURL) origins.add(new URL(contextOptions.baseURL).origin);
    const notePage = (page: Page) =>
      page.on("framenavigated", (frame) => {
        if (frame === page.mainFrame() && /^https?:/.test(frame.url())) origins.add(new URL(frame.url()).origin);
      });
    context.on("page", notePage);
    let lasting = false;
    const originals = new Map<string, (...args: unknown[]) => unknown>();
    for (const name of LASTING) {
      const original = (context as unknown as Record<string, (...args: unknown[]) => unknown>)[name].bind(context);
      originals.set(name, original);
      (context as unknown as Record<string, unknown>)[name] = (...args: unknown[]) => {
        lasting = true;
        return original(...args);
      };
    }
    const newCDPSession = originals.get("newCDPSession") as BrowserContext["newCDPSession"];
    const closeForReal = context.close.bind(context);
    realClose.set(context, closeForReal);
    context.close = async (closeOptions?: Parameters<BrowserContext["close"]>[0]) => {
      // Closed twice (a test's finally and its own close): once is enough.
      if (!handedOut.delete(context)) return;
      if (lasting || !browser.isConnected()) return closeForReal(closeOptions);
      try {
        const page = context.pages()[0] ?? (await context.newPage());
        const cdp = await newCDPSession(page);
        for (const origin of origins) await cdp.send("Storage.clearDataForOrigin", { origin, storageTypes: STORAGE_TYPES });
        await cdp.detach();
        await Promise.all(context.pages().map((p) => p.close()));
        await context.clearCookies();
        await context.clearPermissions();
      } catch {
        // A context that cannot be emptied is not handed out again.
        return closeForReal(closeOptions).catch(() => undefined);
      }
      origins.clear();
      if (contextOptions.baseURL) origins.add(new URL(contextOptions.baseURL).origin);
      const list = idle.get(key) ?? [];
      list.push(context);
      idle.set(key, list);
    };
    return context;
  }) as Browser["newContext"];
}

/** A fresh browser profile (cookies, storage) with a language preference (outside hosts resolve to nothing: the launch flags). */
export async function newContext(browser: Browser, options: { locale?: string; baseURL: string; fresh?: boolean }): Promise<BrowserContext> {
  const context = await browser.newContext({
    ...(options.fresh ? ({ fresh: true } as object) : {}),
    baseURL: options.baseURL,
    locale: options.locale ?? "en-US",
    extraHTTPHeaders: { "Accept-Language": options.locale ?? "en-US" },
  });
  return context;
}
