import fs from "node:fs";
import { createRequire } from "node:module";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, expect } from "vitest";
import { launchBrowser } from "./browser";
import { lastMailTo, signInToken } from "./mail";
import { type RunningServer, startServer } from "./server";

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
/**
 * Waits until the page has run the work an interaction queued — React's render and its effects
 * (e.g. a route blocker registered after a form became dirty): one frame, then one task. A person
 * never clicks within those milliseconds; a test on a loaded machine can.
 */
export function settled(page: Page): Promise<void> {
  return page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))));
}

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
  return page
    .getByTestId(testId)
    .first()
    .evaluate((el) => el.scrollWidth > el.clientWidth);
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

/**
 * An owner signed up through the API (the e-mail link from the outbox) with a published quote of
 * a text block and a pricing block with an optional line: what the signing specs start from.
 * `expired`: dates in the past are refused on publish, so that quote stays a draft to be made
 * expired by the caller; `language`: the quote's language (the public page follows it).
 */
export async function seedPublishedQuote(
  target: { url: string; dataDir: string },
  options: {
    language?: "ENG" | "NL";
    company?: string;
    blocks?: number;
    linesPerBlock?: number;
    publish?: boolean;
    /** A text block after the pricing blocks too. */
    closingText?: boolean;
    /** Runs before publishing (e.g. a logo upload), with the session and account. */
    beforePublish?: (seeded: { cookie: { name: string; value: string }; account: string }) => Promise<void>;
  } = {},
) {
  const email = `seed-${Date.now()}-${Math.random().toString(36).slice(2, 6)}@example.test`;
  const json = { "content-type": "application/json" };
  await fetch(`${target.url}/api/auth/email-link`, {
    method: "POST",
    headers: json,
    body: JSON.stringify({ email, signUp: { name: "Olga Owner", companyName: options.company ?? "Studio Noord" } }),
  });
  const verified = await fetch(`${target.url}/api/auth/email-link/verify`, {
    method: "POST",
    headers: json,
    body: JSON.stringify({ email, token: signInToken(lastMailTo(target.dataDir, email)) }),
  });
  const [name, value] = /((?:__Host-)?offerly_session)=([^;]+)/.exec(verified.headers.get("set-cookie") ?? "")!.slice(1);
  const gql = async <T = Record<string, never>>(query: string, variables: Record<string, unknown> = {}, account?: string): Promise<T> => {
    const response = await fetch(`${target.url}/graphql`, {
      method: "POST",
      headers: { ...json, "x-graphql-csrf": "1", cookie: `${name}=${value}`, ...(account ? { account } : {}) },
      body: JSON.stringify({ query, variables }),
    });
    const body = (await response.json()) as { data?: T; errors?: unknown };
    if (!body.data) throw new Error(`seed: ${JSON.stringify(body.errors)}`);
    return body.data;
  };
  const account = (await gql<{ accounts: { items: { id: string }[] } }>("{ accounts { items { id } } }")).accounts.items[0].id;
  const customer = (
    await gql<{ createCustomer: { id: string } }>(
      "mutation ($i: CustomerInput!) { createCustomer(input: $i) { id } }",
      { i: { name: "Bakkerij de Vries", companyName: "De Vries BV", content: "Dorpsstraat 1\n1234 AB Ergens" } },
      account,
    )
  ).createCustomer;
  const quote = (
    await gql<{ createQuote: { id: string; url: string; nanoId: string; slug: string } }>(
      "mutation ($i: QuoteInput!) { createQuote(input: $i) { id url nanoId slug } }",
      {
        i: {
          name: "Nieuwe website",
          customerId: customer.id,
          language: options.language ?? "NL",
          currency: "EUR",
          quoteDateAt: new Date().toISOString().slice(0, 10),
          quoteExpirationAt: "2099-12-31",
          signable: true,
        },
      },
      account,
    )
  ).createQuote;
  const paragraph = (text: string) => ({ type: "doc", content: [{ type: "paragraph", content: [{ type: "text", text }] }] });
  await gql(
    "mutation ($q: ID!, $i: TextBlockInput!) { createTextQuoteBlock(quoteId: $q, input: $i) { id } }",
    { q: quote.id, i: { name: "Introductie", content: paragraph("Dank voor je aanvraag. Hieronder ons voorstel.") } },
    account,
  );
  const blocks = options.blocks ?? 1;
  const perBlock = options.linesPerBlock ?? 2;
  for (let b = 0; b < blocks; b += 1) {
    const lineItems = Array.from({ length: perBlock }, (_, i) => ({
      name: i === perBlock - 1 ? `Onderhoud ${b + 1}` : `Ontwerp ${b + 1}.${i + 1}`,
      price: i === perBlock - 1 ? "150.00" : "125.00",
      amount: i === perBlock - 1 ? "1" : "8",
      vatRate: "21",
      optional: i === perBlock - 1,
      selected: false,
      recurring: false,
    }));
    await gql(
      "mutation ($q: ID!, $i: PricingBlockInput!) { createPricingQuoteBlock(quoteId: $q, input: $i) { id } }",
      { q: quote.id, i: { name: blocks > 1 ? `Werk ${b + 1}` : "Werk", content: paragraph("Wat we doen."), pricingUnit: "DAY", lineItems } },
      account,
    );
  }
  if (options.closingText) {
    await gql(
      "mutation ($q: ID!, $i: TextBlockInput!) { createTextQuoteBlock(quoteId: $q, input: $i) { id } }",
      { q: quote.id, i: { name: "Voorwaarden", content: paragraph("Prijzen zijn exclusief btw. Betaling binnen 14 dagen na factuurdatum.") } },
      account,
    );
  }
  await options.beforePublish?.({ cookie: { name, value }, account });
  if (options.publish !== false) await gql("mutation ($id: ID!) { publishQuote(id: $id) { id } }", { id: quote.id }, account);
  return { cookie: { name, value }, account, quote, gql, path: new URL(quote.url).pathname };
}

/**
 * The set-up every browser spec shares, in one call at the top of the file:
 *
 *   const e2e = e2eSuite();                       // or e2eSuite({ env: { CORS_ORIGINS: "…" } })
 *   it("…", async () => {
 *     const context = await newContext(e2e.browser, { baseURL: e2e.server.url });
 *     …
 *     await e2e.shot(page, "billing-trial-desktop-en");
 *   });
 *
 * It registers a `beforeAll` that starts the production server (build/server/main.js, its own data
 * folder unless `env.DATA_DIR` is given) and launches Chromium (the vitest hook timeout applies), and an `afterAll` that closes both.
 * `e2e.server` and `e2e.browser` are filled in by that `beforeAll` (use them inside hooks and tests,
 * not at the top level); a spec may assign `e2e.server` (e.g. after restarting it on the same data
 * folder) and the new one is stopped at the end. A spec's own `beforeAll`/`afterAll` written after the
 * call run after the start and before the stop (vitest runs hooks as a stack).
 * `e2e.shot(page, name)` saves a full-page screenshot to `$E2E_SCREENSHOTS/<name>.png` when that
 * variable names a folder, and does nothing otherwise.
 */
export type E2eSuite = {
  server: RunningServer;
  browser: Browser;
  shot: (page: Page, name: string) => Promise<void>;
};

export function e2eSuite(
  options: {
    /** The server's environment, or a function giving it (run first in the `beforeAll`, e.g. to start a stub it points to). */
    env?: Record<string, string> | (() => Record<string, string> | Promise<Record<string, string>>);
    /** The server must exit with 0 on SIGTERM (checked in the `afterAll`). */
    expectCleanStop?: boolean;
  } = {},
): E2eSuite {
  let closeBrowser: (() => Promise<void>) | undefined;
  const screenshots = process.env.E2E_SCREENSHOTS;
  const suite: E2eSuite = {
    server: undefined as unknown as RunningServer,
    browser: undefined as unknown as Browser,
    shot: async (page, name) => {
      if (!screenshots) return;
      fs.mkdirSync(screenshots, { recursive: true });
      await page.screenshot({ path: `${screenshots}/${name}.png`, fullPage: true });
    },
  };
  beforeAll(async () => {
    suite.server = await startServer(typeof options.env === "function" ? await options.env() : options.env);
    ({ browser: suite.browser, close: closeBrowser } = await launchBrowser());
  });
  afterAll(async () => {
    await closeBrowser?.();
    const code = await suite.server?.stop();
    if (options.expectCleanStop) expect(code).toBe(0);
  });
  return suite;
}
