import fs from "node:fs";
import { type Browser, type BrowserContext, chromium } from "playwright-core";

/** Debian's Chromium; `npx playwright install` cannot download browsers here. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export async function launchBrowser(): Promise<{ browser: Browser; close: () => Promise<void> }> {
  if (!fs.existsSync(CHROMIUM_PATH)) {
    throw new Error(`Chromium not found at ${CHROMIUM_PATH}. Install it: apt-get install -y chromium (npm test does this when it can).`);
  }
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
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
  return {
    browser,
    // Playwright gives every launch a fresh, temporary profile folder of its own.
    close: () => browser.close(),
  };
}

/** A fresh browser profile (cookies, storage) with a language preference (outside hosts resolve to nothing: the launch flags). */
export async function newContext(browser: Browser, options: { locale?: string; baseURL: string }): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL: options.baseURL,
    locale: options.locale ?? "en-US",
    extraHTTPHeaders: { "Accept-Language": options.locale ?? "en-US" },
  });
  return context;
}
