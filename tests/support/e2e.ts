import fs from "node:fs";
import { createRequire } from "node:module";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { lastMailTo } from "./mail";

/**
 * Helpers shared by the browser specs (tests/e2e): sign-up through the real form and the outbox,
 * hydration waits, toasts, the 375 px overflow check and axe. One copy, here.
 */

/** The sign-in link from the development outbox, as the person would click it. */
export function linkFromOutbox(dataDir: string, email: string): string {
  const match = /(http:\/\/127\.0\.0\.1:\d+(?:\/nl)?\/auth\/email-link\?token=[A-Za-z0-9_-]+)/.exec(lastMailTo(dataDir, email).decoded);
  if (!match) throw new Error("no link in the e-mail");
  return match[1];
}

/** Waits until React Router has hydrated the page (its forms and links are the app's, not plain HTML). */
export function hydrated(page: Page): Promise<unknown> {
  return page.waitForFunction(() => (window as unknown as { __reactRouterRouteModules?: unknown }).__reactRouterRouteModules !== undefined);
}

/** Opens a page and waits until the app has loaded (and hydrated). */
export async function open(page: Page, path: string): Promise<void> {
  await page.goto(path, { waitUntil: "networkidle" });
  await hydrated(page);
}

/** The visible toast with this text. */
export async function toastWithText(page: Page, text: string) {
  const toast = page.locator("[data-toast-type]", { hasText: text }).first();
  await toast.waitFor({ state: "visible", timeout: 10_000 });
  return toast;
}

/** Signs up through the real form and the e-mail in the development outbox; returns the app's page. */
export async function signUpInBrowser(context: BrowserContext, dataDir: string, company: string, prefix = ""): Promise<Page> {
  const page = await context.newPage();
  const email = `owner-${Date.now()}-${Math.random().toString(36).slice(2, 6)}@example.test`;
  await open(page, `${prefix}/auth/sign-in?mode=sign-up`);
  await page.locator('input[name="name"]').fill("Olga Owner");
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="companyName"]').fill(company);
  await page.locator('form button[type="submit"]').click();
  await page.waitForURL((url) => url.pathname.endsWith("/auth/email-link-sent"));
  await page.goto(linkFromOutbox(dataDir, email));
  await page.waitForURL((url) => url.pathname === `${prefix}/app`);
  return page;
}

/** A phone-sized browser profile (375 × 812) in a language; outside hosts are blocked. */
export async function newPhoneContext(browser: Browser, baseURL: string, locale = "en-US"): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL, locale, viewport: { width: 375, height: 812 }, extraHTTPHeaders: { "Accept-Language": locale } });
  await context.route(/^https?:\/\/(?!127\.0\.0\.1|localhost)/, (route) => route.abort());
  return context;
}

/** How wide the page's content is: more than the viewport means it scrolls sideways. */
export function scrollWidth(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth);
}

/** Whether an element's content is wider than the element (clipped or scrolled rather than wrapped). */
export function overflowsSideways(page: Page, testId: string): Promise<boolean> {
  return page.getByTestId(testId).first().evaluate((el) => el.scrollWidth > el.clientWidth);
}

/** Collects console errors (hydration mismatches, CSP violations) of a page. */
export function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
  page.on("pageerror", (e) => errors.push(e.message));
  return errors;
}

const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

/**
 * axe-core's WCAG 2 A/AA violations of the current page, as "rule: target" lines; `minImpact`
 * keeps only those at least that serious.
 */
export async function axeViolations(page: Page, options: { minImpact?: "minor" | "moderate" | "serious" | "critical" } = {}): Promise<string[]> {
  // Evaluated through the DevTools protocol: the page's CSP (nonces only) does not apply to it.
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(axeSource);
  const levels = ["minor", "moderate", "serious", "critical"];
  const min = levels.indexOf(options.minImpact ?? "minor");
  return page.evaluate(async (min) => {
    type Result = { violations: { id: string; impact: string | null; nodes: { target: string[] }[] }[] };
    const axe = (window as unknown as { axe: { run: (ctx: Document, opts: unknown) => Promise<Result> } }).axe;
    const result = await axe.run(document, { runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"] } });
    const levels = ["minor", "moderate", "serious", "critical"];
    return result.violations.filter((v) => levels.indexOf(v.impact ?? "minor") >= min).flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(" ")}`));
  }, min);
}
