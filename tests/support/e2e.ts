import fs from "node:fs";
import { createRequire } from "node:module";
import type { Browser, BrowserContext, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, expect } from "vitest";
import { type ChromiumBuild, launchBrowser } from "./browser";
import { lastMailTo, signInToken } from "./mail";
import { signUpOverHttp } from "./marketing";
import { createTestDatabase, testDbKind } from "./db";
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

/**
 * Waits until React has hydrated the page (its forms and links are the app's, not plain HTML): the
 * root layout's effect marks <html data-hydrated> after the first commit.
 */
export function hydrated(page: Page): Promise<unknown> {
  return page.waitForFunction(() => document.documentElement.hasAttribute("data-hydrated"));
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

/**
 * Waits until the page has no request in flight for `quietMs` (default 100 ms). Playwright's
 * `networkidle` waits a fixed 500 ms of silence after every navigation: over the browser suite's
 * few hundred navigations, minutes of idle CI time (docs/decisions/044-ci-budget.md). Requests are
 * counted from the page's first use of this helper (install it before navigating: `open` does).
 */
export async function networkQuiet(page: Page, quietMs = 100, timeoutMs = 30_000): Promise<void> {
  const inflight = trackRequests(page);
  const deadline = Date.now() + timeoutMs;
  let quietSince = inflight.size === 0 ? Date.now() : 0;
  while (Date.now() < deadline) {
    if (inflight.size > 0) quietSince = 0;
    else if (!quietSince) quietSince = Date.now();
    else if (Date.now() - quietSince >= quietMs) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`The page kept requests in flight for ${timeoutMs} ms: ${[...inflight].map((r) => r.url()).join(", ")}`);
}

const tracked = new WeakMap<Page, Set<import("playwright-core").Request>>();
export function trackRequests(page: Page): Set<import("playwright-core").Request> {
  let inflight = tracked.get(page);
  if (inflight) return inflight;
  const requests = new Set<import("playwright-core").Request>();
  inflight = requests;
  tracked.set(page, requests);
  page.on("request", (request) => requests.add(request));
  page.on("requestfinished", (request) => requests.delete(request));
  page.on("requestfailed", (request) => requests.delete(request));
  return requests;
}

/**
 * The page as a person sees it once it has settled: loaded, hydrated when it hydrates (marketing
 * pages render without React Router's client: `__reactRouterContext` is absent), and no request in
 * flight (lazy chunks, client queries).
 */
export async function ready(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const w = window as unknown as { __reactRouterContext?: unknown; __reactRouterRouteModules?: unknown };
    // `data-hydrated` is set by the root layout's effect once React has hydrated: controls that wait
    // for JavaScript (the sign-in form's button) are enabled and their colours settled after it, not
    // in the middle of an accessibility check (a button caught in its enable transition failed axe's
    // contrast rule under load).
    return !w.__reactRouterContext || (w.__reactRouterRouteModules !== undefined && document.documentElement.hasAttribute("data-hydrated"));
  });
  await networkQuiet(page);
}

export async function open(page: Page, path: string): Promise<void> {
  // The page's load, hydration, then 100 ms without a request (`networkQuiet`), not Playwright's
  // `networkidle` (500 ms of silence after every navigation: about 0.6 s more a page, measured on
  // an idle machine, over the browser suite's few hundred navigations; decision 044, fourth pass).
  // A figure a screen fetches later (after a pause) is read with expect.poll, not after this.
  trackRequests(page);
  await page.goto(path, { waitUntil: "load" });
  await ready(page);
}

/**
 * Waits until a toast has come to rest where it stays: the app's (Sonner) marks its <li>
 * `data-mounted` a frame after adding it, which starts the CSS transition (400 ms) that slides it
 * into place; the marketing pages' plain-DOM toasts may animate too. A fixed wait ran out before
 * the transition ended on a loaded machine (decision 044, tenth pass): this waits for Sonner's mark,
 * then for every transition and animation on the toast to finish.
 */
export function toastAtRest(toast: Locator): Promise<void> {
  return toast.evaluate(async (inside) => {
    const item = inside.closest("[data-sonner-toast]") ?? inside;
    const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
    while (item.hasAttribute("data-sonner-toast") && item.getAttribute("data-mounted") !== "true") await frame();
    await frame();
    await frame();
    await Promise.all(item.getAnimations({ subtree: true }).map((a) => a.finished.catch(() => undefined)));
  });
}

/** The visible toast with this text (waited for up to `timeout` ms, 10 s unless given). */
export async function toastWithText(page: Page, text: string, timeout = 10_000) {
  const toast = page.locator("[data-toast-type]", { hasText: text }).first();
  await toast.waitFor({ state: "visible", timeout });
  return toast;
}

/**
 * A new owner's account, signed in, on the app's first page (`${prefix}/app`), or on `options.at` when
 * the test starts elsewhere (one dashboard load less; decision 044, tenth pass); `options.beforeOpen`
 * runs on the new page before it loads (e.g. `watchErrors`). The sign-up is made
 * over HTTP (the same endpoints the form posts to, the link from the outbox) and the session cookie
 * given to the browser: the sign-up form and the e-mail link themselves are tested in the browser by
 * identity.test.ts (EN and NL), not again by every spec that only needs an account (decision 044,
 * sixth pass: two navigations less per spec). A "/nl" prefix signs up in Dutch, as the form there does.
 */
export async function signedInApp(
  context: BrowserContext,
  server: { url: string; dataDir: string },
  company: string,
  prefix = "",
  options: { at?: string; beforeOpen?: (page: Page) => void } = {},
): Promise<Page> {
  const session = await signUpOverHttp(server.url, server.dataDir, { name: "Olga Owner", company, locale: prefix === "/nl" ? "nl" : "en" });
  await context.addCookies([{ name: session.cookie.name, value: session.cookie.value, url: server.url, httpOnly: true, sameSite: "Lax" }]);
  const page = await context.newPage();
  options.beforeOpen?.(page);
  await open(page, options.at ?? `${prefix}/app`);
  return page;
}

/** Draws a stroke on the signature canvas with the mouse (scrolled into view first: the mouse acts in the viewport). */
export async function drawSignature(page: Page): Promise<void> {
  const canvas = page.getByTestId("signature-canvas");
  await canvas.scrollIntoViewIfNeeded();
  const box = (await canvas.boundingBox())!;
  await page.mouse.move(box.x + 20, box.y + box.height / 2);
  await page.mouse.down();
  for (let i = 1; i <= 12; i += 1) await page.mouse.move(box.x + 20 + i * 20, box.y + box.height / 2 + (i % 2 ? -25 : 25), { steps: 3 });
  await page.mouse.up();
}

/** A GraphQL call made from the page (its session cookie), for the page's own first account. */
export async function pageGql<T>(page: Page, query: string, variables: Record<string, unknown> = {}): Promise<T> {
  return page.evaluate(
    async ({ query, variables }) => {
      const headers: Record<string, string> = { "content-type": "application/json", "x-graphql-csrf": "1" };
      const accounts = await fetch("/graphql", { method: "POST", headers, body: JSON.stringify({ query: "{ accounts { items { id } } }" }) }).then((r) =>
        r.json(),
      );
      headers.account = accounts.data.accounts.items[0].id;
      const body = await fetch("/graphql", { method: "POST", headers, body: JSON.stringify({ query, variables }) }).then((r) => r.json());
      if (!body.data) throw new Error(JSON.stringify(body.errors));
      return body.data;
    },
    { query, variables },
  ) as Promise<T>;
}

/** A phone-sized browser profile (375 × 812) in a language; outside hosts are blocked. */
export async function newPhoneContext(browser: Browser, baseURL: string, locale = "en-US"): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL, locale, viewport: { width: 375, height: 812 }, extraHTTPHeaders: { "Accept-Language": locale } });
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
  // With the resource's address: "Failed to load resource" alone does not say which one.
  page.on("console", (m) => m.type() === "error" && errors.push(m.location().url ? `${m.text()} (${m.location().url})` : m.text()));
  page.on("pageerror", (e) => errors.push(e.message));
  return errors;
}

/**
 * Waits for the page's finite CSS animations and transitions (a toast sliding in, a panel fading
 * in): colours measured half-way through one are neither the start's nor the end's. Endless ones
 * (a spinner) are not waited for.
 */
export function animationsDone(page: Page): Promise<unknown> {
  return page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => Number.isFinite(Number(a.effect?.getComputedTiming().endTime)))
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
}

const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

/**
 * axe-core's WCAG 2 A/AA violations of the current page, as "rule: target" lines; `minImpact`
 * keeps only those at least that serious.
 */
export async function axeViolations(page: Page, options: { minImpact?: "minor" | "moderate" | "serious" | "critical" } = {}): Promise<string[]> {
  // Evaluated through the DevTools protocol: the page's CSP (nonces only) does not apply to it.
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(axeSource);
  await animationsDone(page);
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
 * folder unless `env.DATA_DIR` is given; on PostgreSQL, a database of its own, when the suite runs
 * with TEST_DB=postgres) and launches Chromium (at once; the vitest hook timeout applies), and an
 * `afterAll` that closes both.
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
  /**
   * What points a server at this file's database: `{ DATABASE_URL }` when the browser suite runs on
   * PostgreSQL (TEST_DB=postgres: vitest.config.ts, with TEST_DATABASE_URL), else nothing (PGlite in
   * the server's data folder). A spec that starts the server again passes it on.
   */
  databaseEnv: Record<string, string>;
  shot: (page: Page, name: string) => Promise<void>;
};

export function e2eSuite(
  options: {
    /** The server's environment, or a function giving it (run first in the `beforeAll`, e.g. to start a stub it points to). */
    env?: Record<string, string> | (() => Record<string, string> | Promise<Record<string, string>>);
    /** The server must exit with 0 on SIGTERM (checked in the `afterAll`). */
    expectCleanStop?: boolean;
    /** The full Chromium instead of the headless shell (decision 080: the journeys a person takes first). */
    browser?: ChromiumBuild;
  } = {},
): E2eSuite {
  let closeBrowser: (() => Promise<void>) | undefined;
  const screenshots = process.env.E2E_SCREENSHOTS;
  const suite: E2eSuite = {
    server: undefined as unknown as RunningServer,
    browser: undefined as unknown as Browser,
    databaseEnv: {},
    shot: async (page, name) => {
      if (!screenshots) return;
      fs.mkdirSync(screenshots, { recursive: true });
      await page.screenshot({ path: `${screenshots}/${name}.png`, fullPage: true });
    },
  };
  let database: Awaited<ReturnType<typeof createTestDatabase>> | undefined;
  beforeAll(async () => {
    if (testDbKind === "postgres") {
      // A database of its own, copied from the run's migrated template; the server's pool is the
      // only one that stays open (the test's own is closed at once; close() at the end drops it).
      database = await createTestDatabase();
      if (!database.url) throw new Error("TEST_DB=postgres: the test database has no URL");
      // On PostgreSQL in production the webhook secrets' key must be given (no key file is made:
      // every app server needs the same one; README, decision 048).
      suite.databaseEnv = { DATABASE_URL: database.url, WEBHOOK_SECRET_KEY: Buffer.alloc(32, 0x2e).toString("base64") };
    }
    const env = typeof options.env === "function" ? await options.env() : options.env;
    [suite.server, { browser: suite.browser, close: closeBrowser }] = await Promise.all([
      startServer({ ...suite.databaseEnv, ...env }),
      launchBrowser({ build: options.browser }),
    ]);
  });
  afterAll(async () => {
    await closeBrowser?.();
    const code = await suite.server?.stop();
    await database?.close();
    if (options.expectCleanStop) expect(code).toBe(0);
  });
  return suite;
}
