import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../src/server/db/client";
import { accounts } from "../../src/server/db/schema";
import { newContext } from "../support/browser";
import { axeViolations, e2eSuite, newPhoneContext, open, overflowsSideways, scrollWidth, signedInApp, toastWithText } from "../support/e2e";
import { startServer } from "../support/server";

// Our own data folder (the expiry test restarts the server on it; stop() keeps a given DATA_DIR).
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "offerly-e2e-billing-"));

const e2e = e2eSuite({ env: { DATA_DIR: dataDir } });
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

describe("billing in a browser", () => {
  it("a trial user upgrades to Basic yearly through the development checkout, sees the plan and downloads the invoice", async () => {
    const context = await newContext(e2e.browser, { baseURL: e2e.server.url });
    const page = await signedInApp(context, e2e.server, "Studio Betaal", "", { at: "/app/settings/billing" });
    await page.getByTestId("billing-plan").getByText("Free trial").waitFor();
    expect(await page.getByTestId("billing-status").textContent()).toContain("14 days left in your free trial");
    await page.getByTestId("empty-state").getByText("No payments yet.").waitFor();
    await e2e.shot(page, "billing-trial-desktop-en");

    await page.getByTestId("choose-plan").click();
    await page.waitForURL((url) => url.pathname === "/app/settings/billing/update");
    await page.getByTestId("plan-picker").waitFor();
    await page.getByTestId("plan-BASIC").click();
    await page.getByRole("radio", { name: /^Yearly/ }).check();
    await page.getByText("2 months free").first().waitFor();
    // No billing country yet: Dutch VAT (the safe side), shown on top of the price excl. VAT.
    expect(await page.getByTestId("price-summary").textContent()).toContain("€490.00 excl. VAT");
    expect(await page.getByTestId("price-total").textContent()).toBe("Total €592.90");
    await e2e.shot(page, "billing-update-desktop-en");
    await page.getByTestId("pay").click();

    await page.waitForURL((url) => url.pathname.startsWith("/dev/checkout/"));
    expect(await page.getByTestId("dev-checkout-amount").textContent()).toContain("€592.90");
    await page.getByTestId("dev-checkout-paid").click();

    await page.waitForURL((url) => url.pathname === "/app/settings/billing");
    await page.getByTestId("billing-plan").getByText("Basic").waitFor();
    expect(await page.getByTestId("billing-interval").textContent()).toBe("Yearly");
    expect(await page.getByTestId("billing-status").textContent()).toMatch(/^Renews on /);
    const row = page.getByTestId("payment-row").first();
    expect(await row.textContent()).toContain("Paid");
    await e2e.shot(page, "billing-paid-desktop-en");

    // The invoice: HTML in a new tab, PDF as a download.
    const [invoiceTab] = await Promise.all([context.waitForEvent("page"), row.getByTestId("invoice-link").click()]);
    await invoiceTab.waitForLoadState();
    expect(await invoiceTab.getByTestId("invoice-total").textContent()).toBe("€592.90");
    expect(await invoiceTab.getByTestId("invoice-number").textContent()).toMatch(/^OFF-\d{4}-\d{6}$/);
    const [download] = await Promise.all([page.waitForEvent("download"), row.getByTestId("invoice-pdf").click()]);
    expect(download.suggestedFilename()).toMatch(/^OFF-\d{4}-\d{6}\.pdf$/);

    // Cancel, with a confirmation.
    await page.getByTestId("cancel-subscription").click();
    await page.getByRole("dialog").getByRole("button", { name: "Cancel subscription" }).click();
    await toastWithText(page, "Your subscription is cancelled");
    await page
      .getByTestId("billing-status")
      .getByText(/cancelled, no renewal/)
      .waitFor();
    await context.close();
  });

  it("shows the billing pages at 375 px in Dutch without sideways scrolling", async () => {
    const context = await newPhoneContext(e2e.browser, e2e.server.url, "nl-NL");
    const page = await signedInApp(context, e2e.server, "Studio Mobiel", "/nl", { at: "/nl/app/settings/billing" });
    await page.getByTestId("billing-plan").getByText("Gratis proefperiode").waitFor();
    expect(await scrollWidth(page)).toBeLessThanOrEqual(375);
    await e2e.shot(page, "billing-trial-375-nl");
    await open(page, "/nl/app/settings/billing/update");
    await page.getByTestId("plan-picker").waitFor();
    await page.getByText("2 maanden gratis").first().waitFor();
    // Each sentence once (issue 28): "prices exclude VAT" in the intro, how you pay beside the button.
    const words = (await page.locator("main").textContent()) ?? "";
    expect(words.match(/Prijzen zijn exclusief btw/g)).toHaveLength(1);
    expect(words.match(/Je betaalt met creditcard of iDEAL/g)).toHaveLength(1);
    expect(await overflowsSideways(page, "plan-picker")).toBe(false);
    expect(await scrollWidth(page)).toBeLessThanOrEqual(375);
    await e2e.shot(page, "billing-update-375-nl");
    await context.close();
  });

  it("a Basic subscriber upgrades to Pro through the development checkout and sees the new plan (Dutch, 375 px)", async () => {
    const context = await newPhoneContext(e2e.browser, e2e.server.url, "nl-NL");
    const page = await signedInApp(context, e2e.server, "Studio Upgrade", "/nl");
    // First Basic, monthly.
    await open(page, "/nl/app/settings/billing/update");
    await page.getByTestId("plan-picker").waitFor();
    await page.getByTestId("plan-BASIC").click();
    await page.locator("label", { has: page.getByTestId("interval-MONTHLY") }).click();
    await page.getByTestId("pay").click();
    await page.waitForURL((url) => url.pathname.startsWith("/dev/checkout/"));
    await page.getByTestId("dev-checkout-paid").click();
    await page.waitForURL((url) => url.pathname === "/nl/app/settings/billing");
    await page.getByTestId("billing-plan").getByText("Basic").waitFor();

    // Then Pro: the preview says what is paid now, the checkout takes it, the plan is Pro.
    await page.getByTestId("change-plan-link").click();
    await page.waitForURL((url) => url.pathname === "/nl/app/settings/billing/update");
    await page.getByRole("heading", { name: "Wijzig je abonnement", level: 1 }).waitFor();
    expect(await page.getByTestId("plan-change-current").textContent()).toBe("Nu: Basic, Maandelijks");
    expect(await page.getByTestId("plan-BASIC").getByTestId("current-plan-badge").textContent()).toBe("Huidig");
    await page.getByTestId("plan-PRO").click();
    await page
      .getByTestId("plan-change-summary")
      .getByText(/^Je betaalt nu €\s?[\d,]+ \(incl\. btw\) voor de rest van deze periode/)
      .waitFor();
    expect(await page.getByTestId("plan-change-summary").textContent()).toMatch(/€\s?119,79 per maand \(incl\. btw\)/);
    expect(await scrollWidth(page)).toBeLessThanOrEqual(375);
    expect(await axeViolations(page)).toEqual([]);
    await e2e.shot(page, "billing-change-upgrade-375-nl");
    await page.getByTestId("change-plan").click();
    await page.waitForURL((url) => url.pathname.startsWith("/dev/checkout/"));
    expect(await page.getByTestId("dev-checkout-amount").textContent()).toMatch(/€\s?[\d,.]+/);
    await page.getByTestId("dev-checkout-paid").click();
    await page.waitForURL((url) => url.pathname === "/nl/app/settings/billing");
    await page.getByTestId("billing-plan").getByText("Pro").waitFor();
    expect(await page.getByTestId("billing-interval").textContent()).toBe("Maandelijks");
    expect(await page.getByTestId("payment-row").count()).toBe(2);
    expect(await scrollWidth(page)).toBeLessThanOrEqual(375);
    await e2e.shot(page, "billing-change-done-375-nl");

    // A downgrade is scheduled for the end of the period and shown on the overview.
    await page.getByTestId("change-plan-link").click();
    await page.getByTestId("plan-BASIC").click();
    await page.locator("label", { has: page.getByTestId("interval-YEARLY") }).click();
    await page
      .getByTestId("plan-change-summary")
      .getByText(/^Je abonnement wijzigt op /)
      .waitFor();
    await page.getByTestId("change-plan").click();
    await toastWithText(page, "Je abonnement wijzigt op");
    await page
      .getByTestId("billing-scheduled-change")
      .getByText(/^Vanaf .+: Basic, Jaarlijks$/)
      .waitFor();
    expect(await page.getByTestId("billing-plan").textContent()).toBe("Pro");
    await e2e.shot(page, "billing-change-scheduled-375-nl");
    await context.close();
  });

  it("a Starter account's styling screen shows the upgrade prompt instead of a refusal", async () => {
    const context = await newContext(e2e.browser, { baseURL: e2e.server.url });
    const page = await signedInApp(context, e2e.server, "Studio Starter", "", { at: "/app/settings/billing/update" });
    await page.getByTestId("plan-STARTER").click();
    await page.locator("label", { has: page.getByTestId("interval-MONTHLY") }).click();
    await page.getByTestId("pay").click();
    await page.waitForURL((url) => url.pathname.startsWith("/dev/checkout/"));
    await page.getByTestId("dev-checkout-paid").click();
    await page.waitForURL((url) => url.pathname === "/app/settings/billing");
    await page.getByTestId("billing-plan").getByText("Starter").waitFor();

    await open(page, "/app/settings/styling");
    const prompt = page.getByTestId("upgrade-prompt-styling");
    await prompt.getByText("Upgrade to Basic").waitFor();
    expect(await prompt.textContent()).toContain("Logo, colours and font: included in Basic and every plan above it.");
    expect(await page.getByTestId("linkColor-input").isDisabled()).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    await e2e.shot(page, "styling-upgrade-prompt-desktop-en");
    await open(page, "/nl/app/settings/styling");
    await prompt.getByText("Upgrade naar Basic").waitFor();
    await e2e.shot(page, "styling-upgrade-prompt-desktop-nl");
    await prompt.getByTestId("upgrade-prompt-action").click();
    await page.waitForURL((url) => url.pathname === "/nl/app/settings/billing/update");
    await page.getByTestId("plan-change").waitFor();

    // Generically: whatever screen sends it, a refusal of the plan opens the upgrade prompt. Here the
    // page believes the plan is Pro (as if it changed in another tab); the server refuses the save.
    await page.route("**/graphql", async (route) => {
      if (!(route.request().postData() ?? "").includes("AccountPlan")) return route.continue();
      const response = await route.fetch();
      const json = await response.json();
      if (json.data?.account) json.data.account.subscriptionPlan = "PRO";
      await route.fulfill({ response, json });
    });
    await open(page, "/app/settings/styling");
    await page.getByTestId("linkColor-input").fill("#000000");
    await page.getByTestId("styling-save").click();
    const dialog = page.getByTestId("upgrade-dialog");
    await dialog.getByTestId("upgrade-prompt-styling").getByText("Upgrade to Basic").waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await e2e.shot(page, "upgrade-dialog-desktop-en");
    await dialog.getByRole("button", { name: "Not now" }).click();
    await dialog.waitFor({ state: "hidden" });
    await context.close();
  });

  it("an expired account sees the modal, can still read, and is sent to renew", async () => {
    const context = await newContext(e2e.browser, { baseURL: e2e.server.url });
    const page = await signedInApp(context, e2e.server, "Studio Verlopen");
    await page.close();
    // Time passes: stop the server, end the trial in its database, start it again on the same data.
    await e2e.server.stop();
    const db = await openDatabase(
      e2e.databaseEnv.DATABASE_URL ? { kind: "postgres", url: e2e.databaseEnv.DATABASE_URL, poolSize: 1 } : { kind: "pglite", dataDir },
    );
    await db.db.update(accounts).set({ expiredAt: new Date(Date.now() - 60_000) });
    await db.close();
    e2e.server = await startServer({ DATA_DIR: dataDir, ...e2e.databaseEnv });
    const again = await newContext(e2e.browser, { baseURL: e2e.server.url });
    await again.addCookies(await context.cookies());
    const expired = await again.newPage();
    await open(expired, "/app/customers");
    const modal = expired.getByTestId("expired-modal");
    await modal.getByText("Your free trial has ended").waitFor();
    await e2e.shot(expired, "expired-modal-desktop-en");
    await modal.getByRole("button", { name: "Not now" }).click();
    await modal.waitFor({ state: "hidden" });
    await expired.getByRole("heading", { name: "Customers", level: 1 }).waitFor(); // still readable
    await open(expired, "/app");
    await modal.getByTestId("expired-modal-action").click();
    await expired.waitForURL((url) => url.pathname === "/app/settings/billing/update");
    await expired.getByTestId("plan-picker").waitFor();
    await context.close();
    await again.close();
  });
});
