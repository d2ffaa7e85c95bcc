import type { BrowserContext, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { newContext } from "../support/browser";
import {
  axeViolations,
  e2eSuite,
  newPhoneContext,
  open,
  overflowsSideways,
  pageGql,
  scrollWidth,
  settled,
  signedInApp as signUp,
  toastWithText,
} from "../support/e2e";

const e2e = e2eSuite();

const signUpInBrowser = (context: BrowserContext, company: string, prefix = "") => signUp(context, e2e.server, company, prefix);

describe("customers and quotes in a browser", () => {
  it("creates a customer, creates a quote for them, publishes it and copies its link", async () => {
    const context = await newContext(e2e.browser, { baseURL: e2e.server.url });
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: e2e.server.url });
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
    await e2e.shot(page, "quote-draft-desktop");

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
    await page.getByTestId("quote-customer").getByText("Dorpsstraat 1").waitFor();

    const url = await page.getByTestId("public-url").inputValue();
    expect(url).toMatch(new RegExp(`^${e2e.server.url}/nl/quote/new-website/[A-Za-z0-9_-]{24}$`));
    await page.getByTestId("copy-url").click();
    await toastWithText(page, "url copied");
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);

    // The customer opens the link (another browser profile, no sign-in): the quote, in Dutch.
    const customerContext = await newContext(e2e.browser, { baseURL: e2e.server.url });
    const customerPage = await customerContext.newPage();
    const opened = await customerPage.goto(url);
    expect(opened?.status()).toBe(200);
    expect(await customerPage.getByTestId("quote-document-title").textContent()).toBe("New website");
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
    // A list follows the interface language, not the quote's (Dutch) language: €0.00, not € 0,00.
    expect(await quoteRow.getByTestId("quote-row-total").textContent()).toBe("€0.00");
    await page.waitForTimeout(400); // let the view transition finish before the screenshot
    await e2e.shot(page, "quotes-desktop");
    await page.getByRole("navigation", { name: "Main navigation" }).getByRole("link", { name: "Customers" }).click();
    const counted = page.getByTestId("customer-row").filter({ hasText: "Bakkerij de Vries" }).getByTestId("customer-total-quotes");
    await counted.filter({ hasText: /^1$/ }).waitFor();
    await e2e.shot(page, "customers-desktop");
    await context.close();
  });

  it("deletes a customer after confirmation, at 375 px, in Dutch", async () => {
    const context = await newPhoneContext(e2e.browser, e2e.server.url, "nl-NL");
    const page = await signUpInBrowser(context, "Klein Bedrijf", "/nl");
    await open(page, "/nl/app/customers/mutate");
    await page.getByLabel("Naam", { exact: true }).fill("Weg Klant");
    await page.getByRole("button", { name: "Klant opslaan" }).click();
    await toastWithText(page, "klant opgeslagen");
    await page.waitForURL((url) => url.pathname === "/nl/app/customers");
    await page.getByTestId("customer-row").filter({ hasText: "Weg Klant" }).waitFor();
    await e2e.shot(page, "customers-375-nl");
    // Nothing is wider than the screen.
    expect(await scrollWidth(page)).toBeLessThanOrEqual(375);

    await page.getByRole("button", { name: "Verwijderen: Weg Klant" }).click();
    await page.getByRole("dialog").waitFor({ state: "visible" });
    await e2e.shot(page, "customer-delete-dialog-375-nl");
    await page.getByRole("dialog").getByTestId("confirm-dialog-confirm").click();
    await toastWithText(page, "klant verwijderd");
    await page.getByTestId("empty-state").getByText("Nog geen klanten").waitFor();

    await open(page, "/nl/app/quotes/mutate");
    await page.getByText("Je hebt nog geen klanten.").waitFor();
    await e2e.shot(page, "quote-new-375-nl");
    expect(await scrollWidth(page)).toBeLessThanOrEqual(375);

    // A published quote and the quotes list also fit a 375 px screen.
    await open(page, "/nl/app/customers/mutate");
    await page.getByLabel("Naam", { exact: true }).fill("Smalle Klant met een heel erg lange naam die moet afbreken");
    // Unbroken long words (a company name, an e-mail address) must wrap, not widen the page.
    await page.getByLabel("Bedrijfsnaam").fill("Bakkerijgroothandelsonderneming-VanDerVeldeEnZonenHoldingBV");
    await page.getByLabel("E-mail").fill("administratie.afdeling.facturen@bakkerijgroothandelvandervelde.example");
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
    await e2e.shot(page, "quote-published-375-nl");
    await page.getByTestId("quote-customer").getByText("administratie.afdeling.facturen@", { exact: false }).waitFor();
    expect(await scrollWidth(page)).toBeLessThanOrEqual(375);
    expect(await overflowsSideways(page, "quote-customer")).toBe(false); // wrapped, not clipped
    expect(await axeViolations(page, { minImpact: "serious" })).toEqual([]);
    // The customer's page at 375 px: the same document, no sideways scrolling.
    const publicUrl = await page.getByTestId("public-url").inputValue();
    const customerPage = await context.newPage();
    await customerPage.goto(publicUrl);
    await customerPage.getByTestId("quote-document").waitFor();
    expect(await scrollWidth(customerPage)).toBeLessThanOrEqual(375);
    expect(await overflowsSideways(customerPage, "quote-customer")).toBe(false);
    expect(await axeViolations(customerPage, { minImpact: "serious" })).toEqual([]);
    await customerPage.close();
    await page.getByRole("link", { name: "Terug naar offertes" }).click();
    await page.getByTestId("quote-row").first().waitFor();
    await page.waitForTimeout(400);
    await e2e.shot(page, "quotes-375-nl");
    expect(await scrollWidth(page)).toBeLessThanOrEqual(375);
    await context.close();
  });

  it("asks before leaving an edited form (links, back, cancel, closing the tab), not after saving", async () => {
    const context = await newContext(e2e.browser, { baseURL: e2e.server.url });
    const page = await signUpInBrowser(context, "Vergeetachtig BV");
    const nav = page.getByRole("navigation", { name: "Main navigation" });
    await nav.getByRole("link", { name: "Customers" }).click();
    await page.getByTestId("new-customer").click();
    const name = page.getByLabel("Name", { exact: true });
    await name.fill("Half getypt");
    await settled(page);
    const leave = page.getByRole("dialog", { name: "Leave without saving?" });

    // A menu link: asked; "Stay" keeps the page and what was typed.
    await nav.getByRole("link", { name: "Quotes" }).click();
    await leave.waitFor({ state: "visible" });
    await leave.getByRole("button", { name: "Stay on this page" }).click();
    await leave.waitFor({ state: "hidden" });
    expect(new URL(page.url()).pathname).toBe("/app/customers/mutate");
    expect(await name.inputValue()).toBe("Half getypt");

    // The browser's back button: asked as well.
    await page.goBack({ waitUntil: "commit" });
    await leave.waitFor({ state: "visible" });
    await leave.getByRole("button", { name: "Stay on this page" }).click();
    await leave.waitFor({ state: "hidden" });
    expect(new URL(page.url()).pathname).toBe("/app/customers/mutate");

    // Cancel: asked; "Leave without saving" goes, and nothing was saved.
    await page.getByRole("link", { name: "Cancel" }).click();
    await leave.getByRole("button", { name: "Leave without saving" }).click();
    await page.waitForURL((url) => url.pathname === "/app/customers");
    await page.getByTestId("empty-state").waitFor();

    // Closing or reloading the tab: the browser's own question (beforeunload).
    await page.getByTestId("new-customer").click();
    await name.fill("Bijna weg");
    await settled(page);
    const asked = new Promise<string>((resolve) =>
      page.once("dialog", (dialog) => {
        resolve(dialog.type());
        void dialog.dismiss();
      }),
    );
    await page.close({ runBeforeUnload: true });
    expect(await asked).toBe("beforeunload");

    // After saving, leaving asks nothing.
    const second = await context.newPage();
    await open(second, "/app/customers/mutate");
    await second.getByLabel("Name", { exact: true }).fill("Opgeslagen Klant");
    await second.getByRole("button", { name: "Save customer" }).click();
    await second.waitForURL((url) => url.pathname === "/app/customers");
    expect(await second.getByRole("dialog", { name: "Leave without saving?" }).isVisible()).toBe(false);
    await second.getByTestId("customer-row").filter({ hasText: "Opgeslagen Klant" }).waitFor();
    await context.close();
  });

  it("shows the server's reason when publishing is refused, warns before publishing, and passes axe on app and auth pages", async () => {
    const context = await newContext(e2e.browser, { baseURL: e2e.server.url });
    const page = await signUpInBrowser(context, "Weg Studio");
    expect(await axeViolations(page, { minImpact: "serious" })).toEqual([]); // the dashboard: logo link named "Offerly"

    await open(page, "/app/customers/mutate");
    await page.getByLabel("Name", { exact: true }).fill("Vertrokken Klant");
    await page.getByRole("button", { name: "Save customer" }).click();
    await page.waitForURL((url) => url.pathname === "/app/customers");
    await open(page, "/app/quotes/mutate");
    await page.getByLabel("Title").fill("Offerte zonder klant");
    await page.getByLabel("Customer").selectOption({ label: "Vertrokken Klant" });
    await page.getByRole("button", { name: "Create quote" }).click();
    await page.waitForURL((url) => /^\/app\/quotes\/mutate\/[0-9a-f-]{36}$/.test(url.pathname));
    await page.getByTestId("public-url").waitFor();
    expect(await axeViolations(page, { minImpact: "serious" })).toEqual([]); // the draft's link keeps its contrast

    // Before publishing, the confirmation names what would go wrong (no content yet).
    await page.getByTestId("publish-quote").click();
    const dialog = page.getByRole("dialog");
    await dialog.getByTestId("publish-problems").getByText("This quote has no content yet").waitFor();
    await dialog.getByRole("button", { name: "Cancel" }).click();

    // Meanwhile, in another tab, the customer is deleted.
    const other = await context.newPage();
    await open(other, "/app/customers");
    await other.getByRole("button", { name: "Delete: Vertrokken Klant" }).click();
    await other.getByRole("dialog").getByTestId("confirm-dialog-confirm").click();
    await toastWithText(other, "customer deleted");
    await other.close();

    // Publishing now is refused, and the server's reason reaches the person, not "Something went wrong".
    await page.getByTestId("publish-quote").click();
    await dialog.getByTestId("confirm-dialog-confirm").click();
    const refusal = await toastWithText(page, "Choose a customer before publishing.");
    expect(await refusal.getAttribute("data-toast-type")).toBe("error");
    expect(await page.getByTestId("quote-status").getAttribute("data-status")).toBe("DRAFT");

    // Opened again, the page knows: the confirmation names the missing customer.
    await page.reload();
    await page.getByTestId("publish-quote").click();
    await dialog.getByTestId("publish-problems").getByText("This quote has no customer").waitFor();
    await dialog.getByRole("button", { name: "Cancel" }).click();

    // A customer that does not exist: a real page title, and no serious axe violations.
    await open(page, "/app/customers/mutate/00000000-0000-4000-8000-000000000000");
    await page.getByText("This customer does not exist", { exact: false }).waitFor();
    await page.getByRole("heading", { level: 1, name: "Customer not found" }).waitFor(); // a heading on a wrong id too
    expect(await page.title()).toMatch(/\S.* · Offerly$/);
    expect(await axeViolations(page, { minImpact: "serious" })).toEqual([]);

    // An auth page: the logo link's name contains its visible text.
    const visitor = await (await newContext(e2e.browser, { baseURL: e2e.server.url })).newPage();
    await open(visitor, "/auth/sign-in");
    expect(await axeViolations(visitor, { minImpact: "serious" })).toEqual([]);
    await visitor.context().close();
    await context.close();
  });

  it("pages the quotes list with next and previous by cursor: a quote made meanwhile does not shift page 2 (decision 062)", async () => {
    const context = await newContext(e2e.browser, { baseURL: e2e.server.url });
    const page = await signUpInBrowser(context, "Many Quotes BV");
    // Set up quickly from the signed-in page: a customer and 23 quotes (20 a page).
    const gql = <T>(query: string, variables: Record<string, unknown> = {}) => pageGql<T>(page, query, variables);
    const { createCustomer } = await gql<{ createCustomer: { id: string } }>("mutation ($input: CustomerInput!) { createCustomer(input: $input) { id } }", {
      input: { name: "Bakkerij Jansen" },
    });
    const make = (name: string) =>
      gql("mutation ($input: QuoteInput!) { createQuote(input: $input) { id } }", {
        input: {
          name,
          customerId: createCustomer.id,
          language: "ENG",
          currency: "EUR",
          quoteDateAt: "2026-03-01",
          quoteExpirationAt: "2099-03-31",
          signable: true,
        },
      });
    for (let i = 1; i <= 23; i++) await make(`Quote ${String(i).padStart(2, "0")}`);

    await open(page, "/app/quotes");
    const nav = page.getByRole("navigation", { name: "Pages" });
    await nav.getByText("Page 1 of 2").waitFor();
    const titles = (p: Page) => p.getByTestId("quote-row").allTextContents();
    expect((await titles(page)).some((t) => t.includes("Quote 23"))).toBe(true);
    expect(await nav.getByRole("button", { name: "Previous" }).isDisabled()).toBe(true);

    // A quote is made while page 1 is shown; "Next" still continues after the rows shown.
    await make("Made meanwhile");
    await nav.getByRole("button", { name: "Next" }).click();
    await page.waitForURL((url) => url.searchParams.get("page") === "2" && url.searchParams.has("after"));
    await nav.getByText("Page 2 of 2").waitFor();
    const second = await titles(page);
    expect(second.length).toBe(3);
    expect(second.map((t) => t.match(/Quote \d\d/)?.[0])).toEqual(["Quote 03", "Quote 02", "Quote 01"]);
    expect(await nav.getByRole("button", { name: "Next" }).isDisabled()).toBe(true);
    // Reloading keeps the page (the cursor is in the URL).
    await page.reload();
    await nav.getByText("Page 2 of 2").waitFor();
    expect((await titles(page)).length).toBe(3);

    await e2e.shot(page, "quotes-list-page-2-1280");
    const size = page.viewportSize();
    await page.setViewportSize({ width: 375, height: 812 });
    await nav.getByText("Page 2 of 2").waitFor();
    await e2e.shot(page, "quotes-list-page-2-375");
    if (size) await page.setViewportSize(size);

    // "Previous" to page 1 is the start of the list: the new quote first.
    await nav.getByRole("button", { name: "Previous" }).click();
    await page.waitForURL((url) => url.searchParams.get("page") === null && !url.searchParams.has("after"));
    await page.getByTestId("quote-row").filter({ hasText: "Made meanwhile" }).waitFor();
    await context.close();
  });
});
