import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, newContext } from "../support/browser";
import { lastMailTo } from "../support/mail";
import { type RunningServer, startServer } from "../support/server";

let server: RunningServer;
let browser: Browser;
let closeBrowser: () => Promise<void>;
const SCREENSHOTS = process.env.E2E_SCREENSHOTS; // a folder: save 375 px screenshots there for review

beforeAll(async () => {
  server = await startServer();
  ({ browser, close: closeBrowser } = await launchBrowser());
});
afterAll(async () => {
  await closeBrowser?.();
  await server?.stop();
});

async function toastWithText(page: Page, text: string) {
  const toast = page.locator("[data-toast-type]", { hasText: text });
  await toast.first().waitFor({ state: "visible", timeout: 10_000 });
  return toast.first();
}

/** Signs up through the real form and the e-mail in the development outbox. */
async function signUpInBrowser(context: BrowserContext, company: string, prefix = ""): Promise<Page> {
  const page = await context.newPage();
  const email = `owner-${Date.now()}-${Math.random().toString(36).slice(2, 6)}@example.test`;
  await open(page, `${prefix}/auth/sign-in?mode=sign-up`);
  await page.locator('input[name="name"]').fill("Olga Owner");
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="companyName"]').fill(company);
  await page.locator('form button[type="submit"]').click();
  await page.waitForURL((url) => url.pathname.endsWith("/auth/email-link-sent"));
  const match = /(http:\/\/127\.0\.0\.1:\d+(?:\/nl)?\/auth\/email-link\?token=[A-Za-z0-9_-]+)/.exec(lastMailTo(server.dataDir, email).decoded);
  await page.goto(match![1]);
  await page.waitForURL((url) => url.pathname === `${prefix}/app`);
  return page;
}

/** Opens a page and waits until the app has loaded (and hydrated), so that forms are the app's, not plain HTML. */
async function open(page: Page, path: string) {
  await page.goto(path, { waitUntil: "networkidle" });
}

async function shot(page: Page, name: string) {
  if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/${name}.png`, fullPage: true });
}

describe("customers and quotes in a browser", () => {
  it("creates a customer, creates a quote for them, publishes it and copies its link", async () => {
    const context = await newContext(browser, { baseURL: server.url });
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: server.url });
    const page = await signUpInBrowser(context, "Studio Noord");

    // Customers: empty state, then the form.
    await page.getByRole("navigation", { name: "Main navigation" }).getByRole("link", { name: "Customers" }).click();
    await page.getByTestId("empty-state").getByText("No customers yet").waitFor();
    await page.getByTestId("new-customer").click();
    await page.getByRole("button", { name: "Save customer" }).click();
    await page.getByText("Please enter the customer's name.").waitFor(); // the shared rule, before any request
    await page.getByLabel("Name", { exact: true }).fill("Bakkerij de Vries");
    await page.getByLabel("Company name").fill("De Vries BV");
    await page.getByLabel("E-mail").fill("info@devries.test");
    await page.getByLabel("Address").fill("Dorpsstraat 1\n1234 AB Ergens");
    await page.getByRole("button", { name: "Save customer" }).click();
    await toastWithText(page, "customer saved");
    await page.waitForURL((url) => url.pathname === "/app/customers");
    const row = page.getByTestId("customer-row").filter({ hasText: "Bakkerij de Vries" });
    await row.waitFor();
    expect(await row.textContent()).toContain("De Vries BV");

    // A quote for them.
    await page.getByRole("navigation", { name: "Main navigation" }).getByRole("link", { name: "Quotes" }).click();
    await page.getByTestId("empty-state").getByText("No quotes yet").waitFor();
    await page.getByTestId("new-quote").click();
    await page.waitForURL((url) => url.pathname === "/app/quotes/mutate");
    await page.getByLabel("Title").fill("New website");
    await page.getByLabel("Customer").selectOption({ label: "Bakkerij de Vries (De Vries BV)" });
    await page.getByLabel("Quote language").selectOption("NL");
    await page.getByLabel("Expiration date").fill("2000-01-01");
    await page.getByRole("button", { name: "Create quote" }).click();
    await page.getByText("The expiration date cannot be before the quote date.").waitFor();
    await page.getByLabel("Expiration date").fill("2099-12-31");
    await page.getByRole("button", { name: "Create quote" }).click();
    await toastWithText(page, "Quote created");
    await page.waitForURL((url) => /^\/app\/quotes\/mutate\/[0-9a-f-]{36}$/.test(url.pathname));
    const number = (await page.getByTestId("quote-number").textContent())!;
    expect(number).toMatch(new RegExp(`^Quote ${new Date().getUTCFullYear()}-0001$`));
    expect(await page.getByTestId("quote-status").getAttribute("data-status")).toBe("DRAFT");
    await shot(page, "quote-draft-desktop");

    // Publish (with confirmation): read-only, the link is live.
    await page.getByTestId("publish-quote").click();
    const dialog = page.getByRole("dialog");
    await dialog.waitFor({ state: "visible" });
    // Focus starts on Cancel and stays inside the modal dialog; Escape closes it.
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Cancel");
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "hidden" });
    expect(await page.getByTestId("quote-status").getAttribute("data-status")).toBe("DRAFT");
    await page.getByTestId("publish-quote").click();
    await dialog.getByTestId("confirm-dialog-confirm").click();
    await toastWithText(page, "Quote published");
    await page.locator('[data-testid="quote-status"][data-status="PUBLISHED"]').waitFor();
    expect(await page.getByTestId("quote-form").count()).toBe(0);
    await page.getByTestId("quote-details").getByText("Dorpsstraat 1").waitFor();

    const url = await page.getByTestId("public-url").inputValue();
    expect(url).toMatch(new RegExp(`^${server.url}/nl/quote/new-website/[A-Za-z0-9_-]{24}$`));
    await page.getByTestId("copy-url").click();
    await toastWithText(page, "url copied");
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);

    // The customer opens the link (another browser profile, no sign-in): the quote, in Dutch.
    const customerContext = await newContext(browser, { baseURL: server.url });
    const customerPage = await customerContext.newPage();
    const opened = await customerPage.goto(url);
    expect(opened?.status()).toBe(200);
    expect(await customerPage.getByTestId("public-quote-title").textContent()).toBe("New website");
    expect(await customerPage.getAttribute("html", "lang")).toBe("nl");

    // Withdraw (nobody signed): editable again, and the link shows "not available".
    await page.getByTestId("withdraw-quote").click();
    await page.getByRole("dialog").getByTestId("confirm-dialog-confirm").click();
    await toastWithText(page, "Quote withdrawn");
    await page.getByTestId("quote-form").waitFor();
    const gone = await customerPage.goto(url);
    expect(gone?.status()).toBe(404);
    expect(await customerPage.getByTestId("public-quote-unavailable").textContent()).toBe("Deze offerte is niet beschikbaar");
    await customerContext.close();
    await page.getByTestId("publish-quote").click();
    await page.getByRole("dialog").getByTestId("confirm-dialog-confirm").click();
    await page.locator('[data-testid="quote-status"][data-status="PUBLISHED"]').waitFor();

    // The list shows it as published, with its customer; the customer counts it.
    await page.getByRole("link", { name: "Back to quotes" }).click();
    const quoteRow = page.getByTestId("quote-row").filter({ hasText: "New website" });
    await quoteRow.waitFor();
    expect(await quoteRow.getByTestId("quote-status").last().getAttribute("data-status")).toBe("PUBLISHED");
    await page.waitForTimeout(400); // let the view transition finish before the screenshot
    await shot(page, "quotes-desktop");
    await page.getByRole("navigation", { name: "Main navigation" }).getByRole("link", { name: "Customers" }).click();
    const counted = page.getByTestId("customer-row").filter({ hasText: "Bakkerij de Vries" }).getByTestId("customer-total-quotes");
    await counted.filter({ hasText: /^1$/ }).waitFor();
    await shot(page, "customers-desktop");
    await context.close();
  });

  it("deletes a customer after confirmation, at 375 px, in Dutch", async () => {
    const context = await browser.newContext({ baseURL: server.url, locale: "nl-NL", viewport: { width: 375, height: 812 }, extraHTTPHeaders: { "Accept-Language": "nl-NL" } });
    await context.route(/^https?:\/\/(?!127\.0\.0\.1|localhost)/, (route) => route.abort());
    const page = await signUpInBrowser(context, "Klein Bedrijf", "/nl");
    await open(page, "/nl/app/customers/mutate");
    await page.getByLabel("Naam", { exact: true }).fill("Weg Klant");
    await page.getByRole("button", { name: "Klant opslaan" }).click();
    await toastWithText(page, "klant opgeslagen");
    await page.waitForURL((url) => url.pathname === "/nl/app/customers");
    await page.getByTestId("customer-row").filter({ hasText: "Weg Klant" }).waitFor();
    await shot(page, "customers-375-nl");
    // Nothing is wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    await page.getByRole("button", { name: "Verwijderen: Weg Klant" }).click();
    await page.getByRole("dialog").waitFor({ state: "visible" });
    await shot(page, "customer-delete-dialog-375-nl");
    await page.getByRole("dialog").getByTestId("confirm-dialog-confirm").click();
    await toastWithText(page, "klant verwijderd");
    await page.getByTestId("empty-state").getByText("Nog geen klanten").waitFor();

    await open(page, "/nl/app/quotes/mutate");
    await page.getByText("Je hebt nog geen klanten.").waitFor();
    await shot(page, "quote-new-375-nl");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    // A published quote and the quotes list also fit a 375 px screen.
    await open(page, "/nl/app/customers/mutate");
    await page.getByLabel("Naam", { exact: true }).fill("Smalle Klant met een heel erg lange naam die moet afbreken");
    await page.getByRole("button", { name: "Klant opslaan" }).click();
    await page.waitForURL((url) => url.pathname === "/nl/app/customers");
    await open(page, "/nl/app/quotes/mutate");
    await page.getByLabel("Titel").fill("Een offerte met een lange titel voor een klein scherm");
    await page.getByLabel("Klant").selectOption({ index: 1 });
    await page.getByRole("button", { name: "Offerte aanmaken" }).click();
    await page.getByTestId("publish-quote").click();
    await page.getByRole("dialog").getByTestId("confirm-dialog-confirm").click();
    await page.locator('[data-testid="quote-status"][data-status="PUBLISHED"]').waitFor();
    await page.waitForTimeout(400); // let the view transition finish before the screenshot
    await shot(page, "quote-published-375-nl");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await page.getByRole("link", { name: "Terug naar offertes" }).click();
    await page.getByTestId("quote-row").first().waitFor();
    await page.waitForTimeout(400);
    await shot(page, "quotes-375-nl");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await context.close();
  });
});
