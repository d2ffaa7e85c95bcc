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
    ],
  });
  return {
    browser,
    // Playwright gives every launch a fresh, temporary profile folder of its own.
    close: () => browser.close(),
  };
}

/** A fresh browser profile (cookies, storage) with a language preference; outside hosts are blocked. */
export async function newContext(browser: Browser, options: { locale?: string; baseURL: string }): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL: options.baseURL,
    locale: options.locale ?? "en-US",
    extraHTTPHeaders: { "Accept-Language": options.locale ?? "en-US" },
  });
  // No test may depend on the outside network: anything not on loopback is refused.
  await context.route(/^https?:\/\/(?!127\.0\.0\.1|localhost)/, (route) => route.abort());
  return context;
}
