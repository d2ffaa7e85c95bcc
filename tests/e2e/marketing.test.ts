import fs from "node:fs";
import { createRequire } from "node:module";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, newContext } from "../support/browser";
import { readOutbox } from "../support/marketing";
import { type RunningServer, startServer } from "../support/server";

let server: RunningServer;
let browser: Browser;
let closeBrowser: () => Promise<void>;

beforeAll(async () => {
  server = await startServer();
  ({ browser, close: closeBrowser } = await launchBrowser());
});
afterAll(async () => {
  await closeBrowser?.();
  await server?.stop();
});

const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

/** axe-core's WCAG 2 A/AA violations of the current page, as "rule: target" lines. */
async function axeViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ content: axeSource });
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, opts: unknown) => Promise<{ violations: { id: string; nodes: { target: string[] }[] }[] }> } }).axe;
    const result = await axe.run(document, { runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"] } });
    return result.violations.flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(" ")}`));
  });
}

/** Collects console errors (hydration mismatches, CSP violations) of a page. */
function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
  page.on("pageerror", (e) => errors.push(e.message));
  return errors;
}

const hydrated = (page: Page) => page.waitForFunction(() => (window as unknown as { __reactRouterRouteModules?: unknown }).__reactRouterRouteModules !== undefined);

describe("the marketing site in a browser", () => {
  it("goes home → pricing → yearly → start free trial", async () => {
    const context = await newContext(browser, { baseURL: server.url });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto("/");
    await hydrated(page);
    await page.getByRole("navigation", { name: "Main navigation" }).getByRole("link", { name: "Pricing" }).click();
    await page.waitForURL((url) => url.pathname === "/pricing");
    expect(await page.getByTestId("price-BASIC").textContent()).toBe("€49");
    expect(await page.getByTestId("price-PRO").textContent()).toBe("€99");

    await page.getByTestId("interval-yearly").click();
    await page.waitForFunction(() => document.querySelector('[data-testid="price-BASIC"]')?.textContent === "€490");
    expect(await page.getByTestId("price-PRO").textContent()).toBe("€990");
    expect(await page.getByTestId("interval-yearly").getAttribute("aria-pressed")).toBe("true");
    expect(new URL(page.url()).searchParams.get("interval")).toBe("yearly");
    await expect(page.getByText("€40.83 per month, billed yearly").isVisible()).resolves.toBe(true);

    await page.getByTestId("header-start-trial").click();
    await page.waitForURL((url) => url.pathname === "/auth/sign-in");
    const url = new URL(page.url());
    expect(url.pathname + url.search).toBe("/auth/sign-in?mode=sign-up");
    expect(errors).toEqual([]);
    await context.close();
  });

  it("switches the pricing page to Dutch and back", async () => {
    const context = await newContext(browser, { baseURL: server.url });
    const page = await context.newPage();
    await page.goto("/pricing");
    await page.getByTestId("switch-locale-nl").first().click();
    await page.waitForURL((url) => url.pathname === "/nl/pricing");
    expect(await page.getAttribute("html", "lang")).toBe("nl");
    await expect(page.getByRole("heading", { level: 1 }).textContent()).resolves.toBe("Eenvoudige prijzen, alle functies 14 dagen gratis");
    expect(await page.getByTestId("price-BASIC").textContent()).toMatch(/^€\s?49$/);

    await page.getByTestId("switch-locale-en").first().click();
    await page.waitForURL((url) => url.pathname === "/pricing");
    expect(await page.getAttribute("html", "lang")).toBe("en");
    await expect(page.getByRole("heading", { level: 1 }).textContent()).resolves.toBe("Simple prices, every feature free for 14 days");
    await context.close();
  });

  it("subscribes to the newsletter with a success toast that goes after about 5 s, or on click", async () => {
    const context = await newContext(browser, { baseURL: server.url });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto("/contact");
    await hydrated(page);
    const toastLocator = page.locator('[data-toast-type="success"]');

    await page.getByLabel("E-mail address", { exact: true }).fill("e2e-reader@example.com");
    await page.getByRole("button", { name: "Subscribe" }).click();
    await toastLocator.waitFor({ state: "visible", timeout: 10_000 });
    const shownAt = Date.now();
    expect(await toastLocator.textContent()).toContain("Almost done: check your inbox");
    expect(await page.getByLabel("E-mail address", { exact: true }).inputValue()).toBe(""); // the form was reset
    await toastLocator.waitFor({ state: "detached", timeout: 10_000 });
    const lifetime = Date.now() - shownAt;
    expect(lifetime).toBeGreaterThan(4_000);
    expect(lifetime).toBeLessThan(8_000);

    // The confirmation e-mail went to the development outbox.
    expect(readOutbox(server.dataDir).filter((m) => m.to === "e2e-reader@example.com")).toHaveLength(1);

    // A second subscribe of the same address: still one subscription, the same friendly answer; a click dismisses the toast.
    await page.getByLabel("E-mail address", { exact: true }).fill("e2e-reader@example.com");
    await page.getByRole("button", { name: "Subscribe" }).click();
    await toastLocator.waitFor({ state: "visible", timeout: 10_000 });
    const clickedAt = Date.now();
    await toastLocator.click();
    await toastLocator.waitFor({ state: "detached", timeout: 3_000 });
    expect(Date.now() - clickedAt).toBeLessThan(3_000);
    expect(readOutbox(server.dataDir).filter((m) => m.to === "e2e-reader@example.com")).toHaveLength(1);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("shows field errors of the contact form without JavaScript", async () => {
    const context = await browser.newContext({ baseURL: server.url, javaScriptEnabled: false, locale: "nl-NL", extraHTTPHeaders: { "Accept-Language": "nl-NL" } });
    await context.route(/^https?:\/\/(?!127\.0\.0\.1|localhost)/, (route) => route.abort());
    const page = await context.newPage();
    await page.goto("/nl/contact");
    await page.getByLabel("Je naam").fill("Jan");
    await page.getByLabel("Je bericht").fill("Hallo");
    await page.getByRole("button", { name: "Bericht versturen" }).click();
    await page.waitForLoadState("load");
    expect(await page.getByTestId("contact-email-error").textContent()).toBe("Vul je e-mailadres in.");
    expect(await page.getByLabel("Je naam").inputValue()).toBe("Jan");
    await page.getByLabel("Je e-mailadres").fill("jan@example.com");
    await page.getByRole("button", { name: "Bericht versturen" }).click();
    await page.waitForLoadState("load");
    expect(await page.getByTestId("contact-success").textContent()).toContain("Bedankt!");
    await context.close();
  });

  it("opens FAQ answers with the keyboard", async () => {
    const context = await newContext(browser, { baseURL: server.url });
    const page = await context.newPage();
    await page.goto("/faq");
    const item = page.getByTestId("faq-trial");
    expect(await item.evaluate((el) => (el as HTMLDetailsElement).open)).toBe(false);
    await item.locator("summary").focus();
    await page.keyboard.press("Enter");
    expect(await item.evaluate((el) => (el as HTMLDetailsElement).open)).toBe(true);
    await expect(page.getByText("you get 14 days with every feature").isVisible()).resolves.toBe(true);
    await page.keyboard.press("Space");
    expect(await item.evaluate((el) => (el as HTMLDetailsElement).open)).toBe(false);
    await context.close();
  });

  it("has no WCAG 2.1 A/AA violations that axe-core can find, in both languages", async () => {
    // axe is injected as an inline script: CSP is bypassed for this check only.
    const relaxed = await browser.newContext({ baseURL: server.url, bypassCSP: true, locale: "en-US" });
    const p = await relaxed.newPage();
    const found: string[] = [];
    for (const path of ["/", "/features", "/pricing", "/faq", "/contact", "/blog", "/blog/anatomy-of-a-winning-quote", "/privacy-policy", "/nl", "/nl/pricing", "/nl/contact", "/newsletter/confirm"]) {
      await p.goto(path);
      for (const violation of await axeViolations(p)) found.push(`${path} ${violation}`);
    }
    expect(found).toEqual([]);
    await relaxed.close();
  });

  it("works at a 375 px wide screen: no sideways scrolling, and the menu opens", async () => {
    const context = await browser.newContext({ baseURL: server.url, viewport: { width: 375, height: 740 }, locale: "en-US" });
    const page = await context.newPage();
    for (const path of ["/", "/pricing", "/features", "/faq", "/contact", "/blog", "/blog/anatomy-of-a-winning-quote", "/privacy-policy", "/nl/pricing"]) {
      await page.goto(path);
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width, path).toBeLessThanOrEqual(375);
    }
    await page.goto("/");
    await hydrated(page);
    await page.locator("header summary", { hasText: "Open menu" }).click();
    await page.getByRole("navigation", { name: "Main navigation" }).getByRole("link", { name: "Pricing" }).click();
    await page.waitForURL((url) => url.pathname === "/pricing");
    await context.close();
  });
});
