import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser } from "../support/browser";
import { open, signedInApp } from "../support/e2e";
import { type MollieStub, startMollieStub } from "../support/mollie-stub";
import { type ProductionServer, startProductionServer } from "../support/production";

/**
 * A person subscribes to Basic in Chromium on the production build (build/server/main.js) with
 * the Mollie adapter on, through the Mollie stub's hosted checkout (decision 043): the app sends
 * the browser to the payment's `_links.checkout`, the buyer pays there, Mollie calls the webhook
 * and sends the browser back to the redirectUrl.
 */
let stub: MollieStub;
let server: ProductionServer;
let browser: Awaited<ReturnType<typeof launchBrowser>>;
beforeAll(async () => {
  stub = await startMollieStub({ deliver: (url, init) => fetch(url, { ...init, redirect: "manual" }) });
  [server, browser] = await Promise.all([
    startProductionServer({ MOLLIE_API_KEY: stub.apiKey, MOLLIE_API_URL: stub.url, NODE_TLS_REJECT_UNAUTHORIZED: "0" }),
    launchBrowser(),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await stub?.close();
});

describe("subscribing through Mollie's checkout in a browser (production build)", () => {
  it("a trial user picks Basic yearly, pays at the Mollie checkout and comes back on Basic", async () => {
    // The stub's certificate is self-signed; anything but loopback stays blocked.
    const context = await browser.browser.newContext({ baseURL: server.url, locale: "en-US", ignoreHTTPSErrors: true });
    const page = await signedInApp(context, server, "Studio Mollie");
    await open(page, "/app/settings/billing");
    await page.getByTestId("billing-plan").getByText("Free trial").waitFor();

    await page.getByTestId("choose-plan").click();
    await page.waitForURL((url) => url.pathname === "/app/settings/billing/update");
    await page.getByTestId("plan-BASIC").click();
    await page.getByRole("radio", { name: /^Yearly/ }).check();
    expect(await page.getByTestId("price-total").textContent()).toBe("Total €592.90");
    await page.getByTestId("pay").click();

    // Mollie's hosted checkout (the stub's page), with the amount the app asked for.
    await page.waitForURL((url) => url.origin === new URL(stub.url).origin && /^\/checkout\/tr_\w+$/.test(url.pathname));
    expect(await page.getByTestId("mollie-checkout-amount").textContent()).toBe("EUR 592.90");
    const paymentId = new URL(page.url()).pathname.split("/").pop()!;
    expect(stub.payments.get(paymentId)).toMatchObject({
      sequenceType: "first",
      status: "open",
      redirectUrl: expect.stringMatching(/\/app\/settings\/billing\?payment=/),
    });
    await page.getByTestId("mollie-checkout-paid").click();

    await page.waitForURL((url) => url.origin === server.url && url.pathname === "/app/settings/billing");
    await page.getByTestId("billing-plan").getByText("Basic").waitFor();
    expect(await page.getByTestId("billing-interval").textContent()).toBe("Yearly");
    expect(await page.getByTestId("billing-status").textContent()).toMatch(/^Renews on /);
    expect(await page.getByTestId("payment-row").first().textContent()).toContain("Paid");
    expect(stub.deliveries.filter((d) => d.id === paymentId).map((d) => d.status)).toEqual([200]);
    expect([...stub.subscriptions.values()].map((s) => [s.status, s.amount.value, s.interval])).toEqual([["active", "592.90", "12 months"]]);
    await context.close();
  });
});
