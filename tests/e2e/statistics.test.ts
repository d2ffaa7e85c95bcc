import type { BrowserContext, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { newContext } from "../support/browser";
import { axeViolations, e2eSuite, newPhoneContext, open, scrollWidth, signedInApp, watchErrors } from "../support/e2e";

const e2e = e2eSuite();

/** GraphQL as the signed-in app page sends it. */
function gql<T>(page: Page, query: string, variables: Record<string, unknown> = {}, account?: string): Promise<{ data?: T; errors?: unknown[] }> {
  return page.evaluate(
    async ({ query, variables, account }) => {
      const response = await fetch("/graphql", {
        method: "POST",
        headers: { "content-type": "application/json", "x-graphql-csrf": "1", ...(account ? { account } : {}) },
        body: JSON.stringify({ query, variables }),
      });
      return response.json();
    },
    { query, variables, account },
  );
}

const CUSTOMER_UA = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const paragraphs = (text: string, n: number) => ({
  type: "doc",
  content: Array.from({ length: n }, (_, i) => ({ type: "paragraph", content: [{ type: "text", text: `${text} ${i + 1}.` }] })),
});

/** A published quote with two long blocks, made through the API as the owner. */
async function publishedQuote(page: Page) {
  const accounts = await gql<{ accounts: { items: { id: string }[] } }>(page, "{ accounts { items { id } } }");
  const account = accounts.data!.accounts.items[0].id;
  const customer = await gql<{ createCustomer: { id: string } }>(
    page,
    "mutation ($i: CustomerInput!) { createCustomer(input: $i) { id } }",
    { i: { name: "Bakkerij de Vries" } },
    account,
  );
  const quote = await gql<{ createQuote: { id: string } }>(
    page,
    "mutation ($i: QuoteInput!) { createQuote(input: $i) { id } }",
    {
      i: {
        name: "New website",
        customerId: customer.data!.createCustomer.id,
        language: "ENG",
        currency: "EUR",
        quoteDateAt: new Date().toISOString().slice(0, 10),
        quoteExpirationAt: "2099-12-31",
        signable: true,
      },
    },
    account,
  );
  const quoteId = quote.data!.createQuote.id;
  for (const [name, text] of [
    ["Introduction", "We would love to build your new website"],
    ["Approach", "This is how we work, step by step"],
  ] as const) {
    await gql(
      page,
      "mutation ($q: ID!, $i: TextBlockInput!) { createTextQuoteBlock(quoteId: $q, input: $i) { id } }",
      { q: quoteId, i: { name, content: paragraphs(text, 40) } },
      account,
    );
  }
  const published = await gql<{ publishQuote: { url: string } }>(page, "mutation ($id: ID!) { publishQuote(id: $id) { url } }", { id: quoteId }, account);
  return { account, quoteId, url: published.data!.publishQuote.url };
}

/** The customer: opens the link in their own browser, reads the first block, scrolls to the second, leaves. */
async function customerVisit(url: string) {
  // Headless Chromium calls itself "HeadlessChrome", which isbot (rightly) treats as a bot: the
  // customer gets an ordinary browser's user agent.
  const context = await e2e.browser.newContext({ baseURL: e2e.server.url, locale: "en-US", userAgent: CUSTOMER_UA });
  const page = await context.newPage();
  const errors = watchErrors(page);
  // The public page does not hydrate the app (decision 023): its island script tracks the visit.
  await page.goto(new URL(url).pathname, { waitUntil: "networkidle" });
  await page.waitForFunction(() => document.querySelectorAll("[data-block-id]").length === 2);
  await page.waitForTimeout(3500);
  await page
    .locator("[data-block-id]")
    .nth(1)
    .evaluate((el) => el.scrollIntoView({ block: "start" }));
  await page.waitForTimeout(3500);
  // Leaving the page: the final beacon goes out with navigator.sendBeacon (Playwright does not
  // report it as a request; the figures checked below prove it arrived).
  await page.goto("about:blank");
  await new Promise((r) => setTimeout(r, 1000));
  await context.close();
  expect(errors).toEqual([]);
}

describe("statistics in a browser", () => {
  it("counts a customer's visit, its reading time and time per block, and shows them on the dashboard and the quote page (EN, NL, 375 px)", async () => {
    const ownerContext: BrowserContext = await newContext(e2e.browser, { baseURL: e2e.server.url });
    // Every request for the chart's code (recharts, ~410 KB), from any page of the owner's.
    const chartRequests: string[] = [];
    ownerContext.on("request", (r) => {
      if (/overview-chart[^/]*\.js/.test(r.url())) chartRequests.push(new URL(r.url()).pathname);
    });
    const owner = await signedInApp(ownerContext, e2e.server, "Studio Noord");
    // Before any view: the dashboard teaches, and never fetches the chart's code (decision 079).
    await owner.getByTestId("statistics-overview").getByTestId("empty-state").waitFor();
    expect(await owner.getByTestId("empty-state").textContent()).toContain("Publish a quote");
    await owner.waitForLoadState("networkidle");
    await owner.getByTestId("overview-range").selectOption("7");
    await owner.getByTestId("statistics-overview").getByTestId("empty-state").waitFor();
    await owner.waitForLoadState("networkidle");
    expect(chartRequests).toEqual([]);
    // A second tab stays on the dashboard as it was before the views (no chart's code fetched).
    const stale = await ownerContext.newPage();
    await open(stale, "/app");
    await stale.getByTestId("statistics-overview").getByTestId("empty-state").waitFor();
    expect(chartRequests).toEqual([]);

    const { quoteId, url } = await publishedQuote(owner);
    // The owner's own look at the public link is not counted.
    await owner.goto(new URL(url).pathname, { waitUntil: "networkidle" });
    await owner.waitForTimeout(500);

    await customerVisit(url);

    // The stale tab: another range reads the figures again, now with the view: the chart's code is
    // fetched then (the lazy import) and the chart shows.
    await stale.getByTestId("overview-range").selectOption("7");
    await stale.getByTestId("overview-views").filter({ hasText: "1" }).waitFor();
    await stale.getByTestId("overview-chart").waitFor();
    expect(chartRequests.length).toBeGreaterThan(0);
    await stale.close();

    // Dashboard: one view, some reading time, the latest quote with 1 view; the chart's code is
    // asked for by this load too (the account has views: fetched beside the figures).
    chartRequests.length = 0;
    await open(owner, "/app");
    await owner.getByTestId("overview-views").filter({ hasText: "1" }).waitFor();
    expect(await owner.getByTestId("overview-published").textContent()).toBe("1");
    expect(await owner.getByTestId("overview-average").textContent()).toMatch(/^\d+ s$/);
    await expect.poll(() => owner.getByTestId("latest-quote-views").first().textContent()).toBe("1 view");
    await owner.getByTestId("overview-chart").waitFor();
    expect(chartRequests.length).toBeGreaterThan(0);
    expect(await axeViolations(owner)).toEqual([]);
    await e2e.shot(owner, "statistics-dashboard-en");

    // Quote page: views, total and average time, the visit, both blocks with time.
    await open(owner, `/app/quotes/mutate/${quoteId}`);
    await owner.getByTestId("quote-stats-views").filter({ hasText: "1" }).waitFor();
    const total = Number((await owner.getByTestId("quote-stats-total").textContent())!.replace(/\D/g, ""));
    expect(total).toBeGreaterThanOrEqual(5);
    expect(total).toBeLessThanOrEqual(12);
    expect(await owner.getByTestId("quote-stats-visits").locator("li").count()).toBe(1);
    const blocks = owner.getByTestId("quote-stats-block");
    expect(await blocks.count()).toBe(2);
    expect(await blocks.nth(0).textContent()).toContain("Introduction");
    expect(await blocks.nth(1).textContent()).toContain("Approach");
    expect(await axeViolations(owner)).toEqual([]);
    await e2e.shot(owner, "statistics-quote-en");

    // The quotes list shows the views (fetched after the list, with a pause: polled).
    await open(owner, "/app/quotes");
    await expect.poll(() => owner.getByTestId("quote-row-views").first().textContent()).toBe("1");

    // Dutch, on a phone.
    const phone = await newPhoneContext(e2e.browser, e2e.server.url, "nl-NL");
    await phone.addCookies(await ownerContext.cookies());
    const nl = await phone.newPage();
    await open(nl, "/nl/app");
    await nl.getByTestId("overview-views").filter({ hasText: "1" }).waitFor();
    await nl.getByTestId("statistics-overview").getByText("Offerteweergaven").first().waitFor();
    await expect.poll(() => nl.getByTestId("latest-quote-views").first().textContent()).toBe("1 weergave");
    await nl.getByTestId("overview-chart").waitFor();
    expect(await scrollWidth(nl)).toBeLessThanOrEqual(375);
    await e2e.shot(nl, "statistics-dashboard-nl-375");
    await open(nl, `/nl/app/quotes/mutate/${quoteId}`);
    await nl.getByText("Tijd per blok").waitFor();
    expect(await nl.getByTestId("quote-stats-block").count()).toBe(2);
    expect(await scrollWidth(nl)).toBeLessThanOrEqual(375);
    await e2e.shot(nl, "statistics-quote-nl-375");
    await phone.close();

    // The time zone and the first-view e-mail are general settings. Changed last: a view counts on
    // the day it had in the time zone of the moment (decision 034), so after 23:00 UTC a change to
    // London would put the view on "tomorrow", outside the dashboard's range.
    await open(owner, "/app/settings");
    const form = owner.getByTestId("general-settings-form");
    expect(await form.getByLabel("Time zone").inputValue()).toBe("Europe/Amsterdam");
    expect(await form.getByLabel("E-mail me when a customer first opens a published quote").isChecked()).toBe(true);
    await form.getByLabel("Time zone").selectOption("Europe/London");
    await owner.getByTestId("settings-save").click();
    await owner.locator("[data-toast-type]", { hasText: "Saved" }).first().waitFor();
    await open(owner, "/app");
    await owner.getByText("Days in Europe/London").waitFor();
    await ownerContext.close();
  });

  it("loads the chart library on the dashboard only", async () => {
    const context = await newContext(e2e.browser, { baseURL: e2e.server.url });
    const dashboard = await signedInApp(context, e2e.server, "Chart Check");
    // Sign-up lands on the dashboard (which, with views, fetches the chart's code early: issue 28,
    // decision 079): count the scripts of a tab that never opens the dashboard.
    await dashboard.close();
    const page = await context.newPage();
    const scripts: string[] = [];
    page.on("request", (r) => r.resourceType() === "script" && scripts.push(r.url()));
    await open(page, "/app/quotes");
    await open(page, "/app/customers");
    expect(scripts.filter((s) => /overview-chart|recharts/i.test(s))).toEqual([]);
    await context.close();
  });
});
