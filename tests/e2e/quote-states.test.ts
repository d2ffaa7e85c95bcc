import type { BrowserContext, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { newContext } from "../support/browser";
import { axeViolations, e2eSuite, newPhoneContext, open, seedPublishedQuote, watchErrors } from "../support/e2e";

/**
 * What the owner and the customer see of a quote's state (docs/quote-states.md): the same state on
 * the quote page, in the list and on the dashboard, buttons only for what the state allows, and a
 * public page that says what is still possible after a signature.
 */
const e2e = e2eSuite();

type Seeded = Awaited<ReturnType<typeof seedPublishedQuote>>;

async function ownerContext(seeded: Seeded, phone = false, locale = "en-US"): Promise<BrowserContext> {
  const context = phone ? await newPhoneContext(e2e.browser, e2e.server.url, locale) : await newContext(e2e.browser, { baseURL: e2e.server.url, locale });
  await context.addCookies([{ name: seeded.cookie.name, value: seeded.cookie.value, url: e2e.server.url, httpOnly: true, sameSite: "Lax" }]);
  return context;
}

/** The customer signs with a typed signature on the public page (the island sends it). */
async function signTyped(page: Page, name: string, labels: { start: RegExp; name: string; type: string; typed: string; consent: string; submit: string }) {
  await page.locator("#sign > summary").click();
  await page.getByLabel(labels.name, { exact: true }).fill(name);
  await page.getByLabel(labels.type, { exact: true }).check();
  await page.getByLabel(labels.typed, { exact: true }).fill(name);
  await page.getByLabel(labels.consent).check();
  await page.getByRole("button", { name: labels.submit }).click();
}

const EN = {
  start: /Sign/,
  name: "Your name",
  type: "Type",
  typed: "Type your name as your signature",
  consent: "I agree that this electronic signature is legally binding",
  submit: "Sign quote",
};

describe("the quote's state, as the customer and the owner see it", () => {
  it("after the customer signs: the public page offers another signer but no decline, refuses the same signer, and the owner sees 'Signed by the customer' everywhere", async () => {
    const seeded = await seedPublishedQuote(e2e.server, { language: "ENG" });
    const context = await newContext(e2e.browser, { baseURL: e2e.server.url });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(seeded.path, { waitUntil: "networkidle" });
    await signTyped(page, "Jane Buyer", EN);
    await page.getByTestId("signature").filter({ hasText: "Jane Buyer" }).waitFor();

    // Reloaded: it says who signed, offers a signature to someone else, and no decline.
    await page.goto(seeded.path, { waitUntil: "networkidle" });
    expect(await page.getByTestId("customer-signed-banner").textContent()).toBe("Signed by Jane Buyer. The sender will confirm the signed quote.");
    expect(await page.locator("#sign > summary").textContent()).toBe("Sign as another person");
    expect(await page.getByTestId("public-decline").count()).toBe(0);
    expect(await page.getByTestId("signing-intro").textContent()).toContain("Signed by Jane Buyer. Does someone else need to sign too?");
    await e2e.shot(page, "states-public-customer-signed-en-1280");

    // The same person again: refused, with the reason in the form; still one signature.
    await signTyped(page, "jane buyer", EN);
    await page.getByText("jane buyer has already signed this version of the quote.", { exact: false }).waitFor();
    expect(
      await page
        .getByTestId("signature")
        .filter({ hasText: /Jane Buyer/i })
        .count(),
    ).toBe(1);
    expect(await axeViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();

    // The owner: quote page, list and dashboard say "Signed by the customer".
    const owner = await ownerContext(seeded);
    const app = await owner.newPage();
    await open(app, `/app/quotes/mutate/${seeded.quote.id}`);
    const badge = app.getByTestId("quote-status").first();
    await app.locator('[data-testid="quote-status"][data-status="CUSTOMER_SIGNED"]').first().waitFor();
    expect(await badge.textContent()).toBe("Signed by the customer");
    expect(await app.getByTestId("quote-state-hint").textContent()).toContain("The customer signed this quote.");
    await app.getByTestId("mark-signed").waitFor();
    expect(await axeViolations(app)).toEqual([]);
    await e2e.shot(app, "states-owner-customer-signed-en-1280");
    await open(app, "/app/quotes");
    // The list has a badge for phones and one for wider screens: one of them is shown.
    await app.locator('[data-testid="quote-status"][data-status="CUSTOMER_SIGNED"]').first().waitFor({ state: "attached" });
    expect(await app.locator('[data-testid="quote-status"][data-status="CUSTOMER_SIGNED"]:visible').count()).toBe(1);
    await open(app, "/app");
    await app.getByTestId("latest-quote").locator('[data-testid="quote-status"][data-status="CUSTOMER_SIGNED"]').first().waitFor();

    // Marked signed: final, and the page does not tell the owner to withdraw it.
    await open(app, `/app/quotes/mutate/${seeded.quote.id}`);
    await app.getByTestId("mark-signed").click();
    await app.getByRole("dialog").getByRole("button", { name: "Mark as signed" }).click();
    await app.locator('[data-testid="quote-status"][data-status="SIGNED"]').first().waitFor();
    await expect.poll(() => app.getByTestId("quote-state-hint").textContent()).toContain("signed and final");
    expect(await app.getByText("Withdraw it to edit").count()).toBe(0);
    expect(await app.getByTestId("withdraw-quote").count()).toBe(0);
    await owner.close();
  }, 180_000);

  it("a declined quote is 'Declined' everywhere (Dutch, phone) and offers only Withdraw", async () => {
    const seeded = await seedPublishedQuote(e2e.server, { language: "NL" });
    const customer = await newPhoneContext(e2e.browser, e2e.server.url, "nl-NL");
    const page = await customer.newPage();
    await page.goto(seeded.path, { waitUntil: "networkidle" });
    await page.getByTestId("public-decline").locator("summary").click();
    await page.getByTestId("public-decline-submit").click();
    await page.getByTestId("public-declined").waitFor();
    await customer.close();

    const owner = await ownerContext(seeded, true, "nl-NL");
    const app = await owner.newPage();
    await open(app, `/nl/app/quotes/mutate/${seeded.quote.id}`);
    await app.locator('[data-testid="quote-status"][data-status="DECLINED"]').first().waitFor();
    expect(await app.getByTestId("quote-status").first().textContent()).toBe("Afgewezen");
    await app.getByTestId("quote-signing").waitFor();
    await app.getByTestId("quote-conversation").waitFor();
    expect(await app.getByTestId("add-signature").count()).toBe(0);
    expect(await app.getByTestId("mark-signed").count()).toBe(0);
    expect(await app.getByTestId("reminder-settings").count()).toBe(0);
    await app.getByTestId("withdraw-quote").waitFor();
    expect(await axeViolations(app)).toEqual([]);
    await e2e.shot(app, "states-owner-declined-nl-375");
    // The list's "Afgewezen" filter and the dashboard agree with the badge.
    await open(app, "/nl/app/quotes?status=DECLINED");
    await app.locator('[data-testid="quote-status"][data-status="DECLINED"]').first().waitFor({ state: "attached" });
    expect(await app.locator('[data-testid="quote-status"][data-status="DECLINED"]:visible').count()).toBe(1);
    await open(app, "/nl/app");
    await app.getByTestId("latest-quote").locator('[data-testid="quote-status"][data-status="DECLINED"]').first().waitFor();
    await owner.close();
  }, 120_000);

  it("the publish dialog says a passed expiration date first: Publish disabled, the way out to the date field", async () => {
    const seeded = await seedPublishedQuote(e2e.server, { language: "ENG", publish: false });
    const input = {
      name: "Nieuwe website",
      customerId: undefined as string | undefined,
      language: "ENG",
      currency: "EUR",
      quoteDateAt: "2020-01-01",
      quoteExpirationAt: "2020-01-31",
      signable: true,
    };
    const current = await seeded.gql<{ quote: { customer: { id: string } } }>(
      "query ($id: ID!) { quote(id: $id) { customer { id } } }",
      { id: seeded.quote.id },
      seeded.account,
    );
    input.customerId = current.quote.customer.id;
    await seeded.gql("mutation ($id: ID!, $i: QuoteInput!) { updateQuote(id: $id, input: $i) { id } }", { id: seeded.quote.id, i: input }, seeded.account);
    const owner = await ownerContext(seeded);
    const app = await owner.newPage();
    await open(app, `/app/quotes/mutate/${seeded.quote.id}`);
    await app.getByTestId("publish-quote").click();
    const dialog = app.getByRole("dialog");
    await dialog.getByTestId("publish-problems").waitFor();
    expect(await dialog.getByTestId("publish-problems").textContent()).toContain("The expiration date has passed");
    expect(await dialog.getByTestId("confirm-dialog-confirm").isDisabled()).toBe(true);
    expect(await axeViolations(app)).toEqual([]);
    await e2e.shot(app, "states-publish-expired-en-1280");
    await dialog.getByTestId("publish-change-date").click();
    await expect.poll(() => app.evaluate(() => document.activeElement?.id)).toBe("quote-expiration-at");
    await owner.close();
  });
  it("a quote marked signed without a signature says so in the signatures panel (Dutch, phone; owner and customer)", async () => {
    const seeded = await seedPublishedQuote(e2e.server, { language: "NL" });
    const owner = await ownerContext(seeded, true, "nl-NL");
    const app = await owner.newPage();
    await open(app, `/nl/app/quotes/mutate/${seeded.quote.id}`);
    const panel = app.getByTestId("quote-signing");
    expect(await panel.getByTestId("no-signatures").textContent()).toBe("Nog geen handtekeningen.");
    await panel.getByTestId("mark-signed").click();
    await app.getByRole("dialog").getByRole("button", { name: "Markeren als ondertekend" }).click();
    await app.locator('[data-testid="quote-status"][data-status="SIGNED"]').first().waitFor();
    const marked = "Geen handtekeningen hier: de afzender heeft deze offerte als ondertekend gemarkeerd.";
    await expect.poll(() => panel.getByTestId("no-signatures").textContent()).toBe(marked);
    await owner.close();

    const customer = await newPhoneContext(e2e.browser, e2e.server.url, "nl-NL");
    const page = await customer.newPage();
    await page.goto(seeded.path, { waitUntil: "networkidle" });
    expect(await page.getByTestId("no-signatures").textContent()).toBe(marked);
    expect(await axeViolations(page)).toEqual([]);
    await customer.close();
  });
});
