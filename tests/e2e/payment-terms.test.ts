import { afterAll, describe, expect, it } from "vitest";
import { e2eSuite, newPhoneContext, scrollWidth, signedInApp, toastWithText } from "../support/e2e";
import { type MollieStub, startMollieStub } from "../support/mollie-stub";

let mollie: MollieStub | undefined;
const e2e = e2eSuite({
  // The owner's Mollie account is checked at the stub (self-signed HTTPS: the server trusts it).
  env: async () => {
    mollie = await startMollieStub({ deliver: () => Promise.resolve(new Response(null, { status: 200 })) });
    return { MOLLIE_API_URL: mollie.url, NODE_TLS_REJECT_UNAUTHORIZED: "0" };
  },
});
afterAll(async () => {
  await mollie?.close();
});

/**
 * The quote form's Payment section (issue 26, first slice) at 375 px: chosen with the keyboard,
 * the shared rule's message before any request, a fixed deposit typed the Dutch way for a Dutch
 * quote, saved and read back; the amount due from the server.
 */
describe("payment terms in the quote form", () => {
  it("sets a deposit on a draft at 375 px, by keyboard, with the field's message and the amount typed in the quote's language", async () => {
    const context = await newPhoneContext(e2e.browser, e2e.server.url);
    const page = await signedInApp(context, e2e.server, "Betaal Studio", "", { at: "/app/customers/mutate" });
    await page.getByLabel("Name", { exact: true }).fill("Bakkerij de Vries");
    await page.getByRole("button", { name: "Save customer" }).click();
    await toastWithText(page, "customer saved");

    await page.goto("/app/quotes/mutate");
    await page.getByLabel("Title").fill("Nieuwe website");
    await page.getByLabel("Customer", { exact: true }).selectOption({ label: "Bakkerij de Vries" });
    await page.getByLabel("Quote language").selectOption("NL");
    const section = page.getByTestId("payment-terms");
    await section.locator("legend", { hasText: "Payment" }).waitFor();

    // Keyboard: from "Allow signatures", Tab reaches the payment choice (a native select).
    await page.getByLabel("Allow signatures").focus();
    await page.keyboard.press("Tab");
    const mode = section.getByLabel("Ask for", { exact: true });
    expect(await mode.evaluate((el) => el === document.activeElement)).toBe(true);
    await mode.selectOption("DEPOSIT_PERCENT");
    const percent = section.getByLabel("Deposit (%)");
    await percent.fill("0");
    await page.getByRole("button", { name: "Create quote" }).click();
    await section.getByText("Enter a whole percentage from 1 to 100.").waitFor(); // the shared rule, before any request
    expect(await percent.getAttribute("aria-invalid")).toBe("true");

    // A fixed deposit instead, typed as a Dutch quote writes money.
    await mode.selectOption("DEPOSIT_FIXED");
    await section.getByLabel("Deposit incl. VAT (EUR)").fill("1.234,50");
    await section.getByLabel("Payment is required to accept").check();
    await page.getByRole("button", { name: "Create quote" }).click();
    await toastWithText(page, "Quote created");
    await page.waitForURL((url) => /^\/app\/quotes\/mutate\/[0-9a-f-]{36}$/.test(url.pathname));

    // Read back from the server after a reload.
    await page.reload();
    const saved = page.getByTestId("payment-terms");
    await saved.getByLabel("Deposit incl. VAT (EUR)").waitFor();
    expect(await saved.getByLabel("Ask for", { exact: true }).inputValue()).toBe("DEPOSIT_FIXED");
    expect(await saved.getByLabel("Deposit incl. VAT (EUR)").inputValue()).toBe("1.234,50");
    expect(await saved.getByLabel("Payment is required to accept").isChecked()).toBe(true);
    // No lines yet: the one-off total is 0, so the deposit is capped at it.
    await saved.getByTestId("payment-due").getByText("The deposit is more than the one-off total").waitFor();
    expect(await scrollWidth(page)).toBeLessThanOrEqual(375);
    await context.close();
  });

  it("connects the owner's own Mollie account with an API key on Settings → Integrations at 375 px, in Dutch", async () => {
    const context = await newPhoneContext(e2e.browser, e2e.server.url, "nl-NL");
    const page = await signedInApp(context, e2e.server, "Betaal Studio NL", "/nl", { at: "/nl/app/settings/integrations" });
    const card = page.getByTestId("integration-card-mollie");
    await card.getByTestId("integration-mollie-state").getByText("Niet gekoppeld").waitFor();
    const key = card.getByLabel("API-sleutel van je Mollie-account");
    await key.fill("sk_test_123");
    await card.getByRole("button", { name: "Koppelen" }).click();
    await card.getByText("Plak een API-sleutel van je eigen Mollie-account").waitFor(); // the shared rule, before any request
    await key.fill(mollie!.addOwnerApiKey("Bakkerij de Vries"));
    await card.getByRole("button", { name: "Koppelen" }).click();
    await card.getByTestId("integration-mollie-state").getByText("Bakkerij de Vries (testmodus)").waitFor();
    await card.getByTestId("mollie-connection").getByText("Gekoppeld met een API-sleutel").waitFor();
    expect(await scrollWidth(page)).toBeLessThanOrEqual(375);
    // Disconnecting asks first: "Behouden" keeps the account, the dialog's "Ontkoppelen" disconnects.
    const dialog = page.getByRole("dialog", { name: "Mollie ontkoppelen?" });
    await card.getByRole("button", { name: "Ontkoppelen" }).click();
    await dialog.getByRole("button", { name: "Behouden" }).click();
    await dialog.waitFor({ state: "hidden" });
    expect(await card.getByTestId("mollie-connection").isVisible()).toBe(true);
    await card.getByRole("button", { name: "Ontkoppelen" }).click();
    await dialog.getByRole("button", { name: "Ontkoppelen" }).click();
    await toastWithText(page, "Mollie ontkoppeld.");
    await card.getByTestId("integration-mollie-state").getByText("Niet gekoppeld").waitFor();
    await context.close();
  });
});
