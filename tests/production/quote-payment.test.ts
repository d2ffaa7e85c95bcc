import fs from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { signUp } from "../support/auth";
import { axeViolations, e2eSuite, open, scrollWidth, toastWithText } from "../support/e2e";
import { type MollieStub, startMollieStub } from "../support/mollie-stub";
import { createCustomer, createQuote, transition } from "../support/quotes";
import { gqlOk, httpClient } from "../support/production";

let mollie: MollieStub | undefined;
const e2e = e2eSuite({
  // The owner's own Mollie account is the stub (self-signed HTTPS: the server trusts it); Mollie's
  // webhook call goes to the server, as the payment's webhookUrl says.
  env: async () => {
    mollie = await startMollieStub({ deliver: (url, init) => fetch(url, { ...init, redirect: "manual" }) });
    return {
      MOLLIE_API_URL: mollie.url,
      NODE_TLS_REJECT_UNAUTHORIZED: "0",
      // "Connect with Mollie" (OAuth) on the production build; the pasted key runs in tests/e2e/payment-terms.test.ts.
      MOLLIE_CONNECT_CLIENT_ID: mollie.connect.clientId,
      MOLLIE_CONNECT_CLIENT_SECRET: mollie.connect.clientSecret,
      MOLLIE_CONNECT_AUTHORIZE_URL: mollie.connect.authorizeUrl,
      MOLLIE_CONNECT_TOKEN_URL: mollie.connect.tokenUrl,
    };
  },
});
afterAll(async () => {
  await mollie?.close();
});

/**
 * The customer pays the deposit on the production build (build/server/main.js, decision 058), to
 * an owner connected with Mollie Connect (OAuth: the payment is made with the access token, with
 * profileId and testmode as Mollie asks of OAuth calls): a Dutch customer at 375 px ticks an optional line, signs, sees the 30 % deposit of their choice
 * incl. VAT, pays it at Mollie's hosted checkout (the stub's, on the owner's own account), and is
 * brought back to "Betaald"; the owner sees the payment on the quote. The quote's monthly line
 * (startRecurring, decision 061) makes the deposit Mollie's first payment: once paid, a monthly
 * subscription of its total incl. VAT runs on the owner's account; the customer's page, the owner's
 * quote page and the dashboard show it, and the owner cancels it from Offerly.
 */
describe("paying a quote's deposit (production build)", () => {
  it("a Dutch customer at 375 px picks an optional line, signs, pays the 30 % deposit at Mollie and comes back to Betaald", async () => {
    const client = httpClient(e2e.server.url, e2e.server.dataDir);
    const owner = await signUp(client, { company: "Studio Betaal" });
    // The owner connects their own Mollie account with Mollie Connect: the consent screen (the
    // stub's), the code exchanged at the token endpoint by the server, the tokens stored.
    const start = await client.fetch(`/api/integrations/mollie/connect?account=${owner.accountId}&locale=nl`, { headers: { cookie: owner.cookie } });
    expect(start.status).toBe(302);
    const callback = new URL(mollie!.consent(start.headers.get("location") ?? "", "Studio Betaal"));
    const back = await client.fetch(`${callback.pathname}${callback.search}`, { headers: { cookie: owner.cookie } });
    expect(back.headers.get("location")).toBe("/nl/app/settings/integrations?mollie=connected");
    expect(mollie!.tokenRequests.at(-1)).toEqual({ grantType: "authorization_code", status: 200 });
    const connected = await gqlOk(
      client.gql<{ mollie: { connection: { method: string } | null } }>("{ mollie { connection { method } } }", {}, owner.headers()),
    );
    expect(connected.mollie.connection?.method).toBe("OAUTH");
    const customer = await createCustomer(client, owner, { name: "Bakkerij de Vries" });
    const quote = await createQuote(client, owner, customer.id, {
      name: "Nieuwe website",
      language: "NL",
      // The monthly hosting line starts a subscription once the deposit is paid (decision 061).
      paymentTerms: { mode: "DEPOSIT_PERCENT", percent: "30", startRecurring: true },
    });
    const line = (name: string, price: string, extra: Record<string, unknown> = {}) => ({
      name,
      description: null,
      price,
      amount: "1",
      vatRate: "21",
      discountType: null,
      discountValue: null,
      optional: false,
      selected: true,
      recurring: false,
      ...extra,
    });
    await gqlOk(
      client.gql(
        "mutation ($q: ID!, $i: PricingBlockInput!) { createPricingQuoteBlock(quoteId: $q, input: $i) { id } }",
        {
          q: quote.id,
          i: {
            name: "Werk",
            content: null,
            pricingUnit: "NONE",
            lineItems: [
              line("Ontwerp", "1000.00"),
              line("Onderhoud", "200.00", { optional: true, selected: false, discountType: "PERCENTAGE", discountValue: "10" }),
            ],
          },
        },
        owner.headers(),
      ),
    );
    await gqlOk(
      client.gql(
        "mutation ($q: ID!, $i: PricingBlockInput!) { createPricingQuoteBlock(quoteId: $q, input: $i) { id } }",
        { q: quote.id, i: { name: "Hosting", content: null, pricingUnit: "MONTH", lineItems: [line("Hosting", "25.00", { recurring: true })] } },
        owner.headers(),
      ),
    );
    const published = await transition(client, owner, "publishQuote", quote.id);
    expect(published.errors).toBeUndefined();

    // The customer, on a phone, in Dutch.
    const context = await e2e.browser.newContext({
      baseURL: e2e.server.url,
      locale: "nl-NL",
      viewport: { width: 375, height: 812 },
      extraHTTPHeaders: { "Accept-Language": "nl-NL" },
      ignoreHTTPSErrors: true, // the stub's checkout page (self-signed, loopback only)
    });
    const page = await context.newPage();
    await open(page, `/nl/quote/${quote.slug}/${quote.nanoId}`);
    await page.getByRole("checkbox", { name: "Onderhoud meenemen" }).check();
    await page.getByText("Deze offerte ondertekenen", { exact: true }).first().click();
    await page.getByLabel("Je naam", { exact: true }).fill("Daan de Vries");
    await page.getByRole("radio", { name: "Typen" }).check();
    await page.getByLabel("Typ je naam als handtekening").fill("Daan de Vries");
    await page.getByLabel("Ik ga ermee akkoord dat deze elektronische handtekening juridisch bindend is").check();
    await page.getByRole("button", { name: "Offerte ondertekenen" }).click();
    await toastWithText(page, "Handtekening toegevoegd");

    // The amount before leaving: 30 % of (1000.00 + 21 %) + (200.00 − 10 % + 21 %) = 30 % of 1427.80 = 428.34.
    const panel = page.getByTestId("payment");
    await panel.waitFor();
    const text = async (locator: import("playwright-core").Locator) => ((await locator.textContent()) ?? "").replace(/\s+/g, " ");
    expect(await text(panel.getByTestId("payment-amount"))).toBe("Te betalen aanbetaling: € 428,34");
    // The recurring line is not in the deposit: it is charged monthly from one month after signing (25.00 + 21 % = 30.25).
    expect(await text(panel.getByTestId("subscription-planned"))).toMatch(/^€ 30,25 per maand, eerste afschrijving op \d{1,2} \w+ \d{4}$/);
    expect(await scrollWidth(page)).toBeLessThanOrEqual(375);
    expect(await axeViolations(page)).toEqual([]);
    await e2e.shot(page, "quote-payment-nl-375-due");
    await panel.getByRole("button", { name: /^€\s428,34 betalen$/ }).click();

    // Mollie's hosted checkout (the stub's page), with the amount the server froze at signing.
    await page.waitForURL((url) => url.origin === new URL(mollie!.url).origin && /^\/checkout\/tr_\w+$/.test(url.pathname));
    expect(await page.getByTestId("mollie-checkout-amount").textContent()).toBe("EUR 428.34");
    const paymentId = new URL(page.url()).pathname.split("/").pop()!;
    expect(mollie!.payments.get(paymentId)).toMatchObject({ owner: "Studio Betaal", method: null, status: "open" });
    await page.getByTestId("mollie-checkout-paid").click();

    // Back on the quote: paid.
    await page.waitForURL((url) => url.origin === e2e.server.url && url.pathname === `/nl/quote/${quote.slug}/${quote.nanoId}`);
    const status = page.getByTestId("payment-status");
    await status.waitFor();
    expect(await status.getAttribute("data-status")).toBe("PAID");
    expect(await status.textContent()).toContain("Betaald");
    expect(await page.getByTestId("pay").count()).toBe(0);
    // The deposit was Mollie's first payment: its mandate now carries the monthly subscription on the owner's account.
    expect(mollie!.payments.get(paymentId)).toMatchObject({ sequenceType: "first", status: "paid" });
    const subscriptions = [...mollie!.subscriptions.values()].filter((s) => s.customerId === mollie!.payments.get(paymentId)?.customerId);
    expect(subscriptions.map((s) => [s.interval, s.amount.value, s.status, s.owner])).toEqual([["1 month", "30.25", "active", "Studio Betaal"]]);
    const started = page.getByTestId("subscription");
    expect(await started.getAttribute("data-status")).toBe("ACTIVE");
    expect(await text(started)).toMatch(/^€ 30,25 per maand · Actief · Volgende afschrijving op \d{1,2} \w+ \d{4}$/);
    // The deposit invoice, issued when Mollie confirmed the payment, downloads from the paid panel.
    const invoiceLink = page.getByTestId("payment-invoice");
    expect(await text(invoiceLink)).toMatch(new RegExp(`^Factuur F${new Date().getUTCFullYear()}-0001 downloaden \\(pdf\\)$`));
    const invoicePdf = await page.request.get((await invoiceLink.getAttribute("href")) ?? "");
    expect(invoicePdf.status()).toBe(200);
    expect(invoicePdf.headers()["content-type"]).toBe("application/pdf");
    expect((await invoicePdf.body()).subarray(0, 5).toString()).toBe("%PDF-");
    if (process.env.E2E_SCREENSHOTS) fs.writeFileSync(`${process.env.E2E_SCREENSHOTS}/quote-payment-invoice.pdf`, await invoicePdf.body());
    expect(await scrollWidth(page)).toBeLessThanOrEqual(375);
    expect(await axeViolations(page)).toEqual([]);
    await e2e.shot(page, "quote-payment-nl-375-paid");
    expect(mollie!.deliveries.filter((d) => d.id === paymentId).map((d) => d.status)).toEqual([200]);
    await context.close();

    // The owner sees the payment on the quote.
    const ownerContext = await e2e.browser.newContext({ baseURL: e2e.server.url, locale: "en-US" });
    await ownerContext.addCookies(
      owner.cookie.split(/;\s*/).map((pair) => {
        const [name, ...rest] = pair.split("=");
        return { name, value: rest.join("="), url: e2e.server.url };
      }),
    );
    const app = await ownerContext.newPage();
    await open(app, `/app/quotes/mutate/${quote.id}`);
    const ownerPayment = app.getByTestId("owner-payment");
    await ownerPayment.waitFor();
    expect(await ownerPayment.getAttribute("data-status")).toBe("PAID");
    // Amounts follow the quote's language (Dutch), the sentence and its date the owner's (English:
    // "28 November 2026", not the Dutch "28 november 2026"), on the payment and the signature alike.
    expect(await text(ownerPayment)).toMatch(/Payment: Paid € 428,34 on \d{1,2} [A-Z][a-z]+ \d{4}/);
    expect(await text(app.getByTestId("quote-signing").getByTestId("signature"))).toMatch(/Signed by Daan de Vries on \d{1,2} [A-Z][a-z]+ \d{4}$/);
    expect(await text(ownerPayment.getByTestId("owner-payment-invoice"))).toMatch(/^Download invoice F\d{4}-0001 \(PDF\)$/);
    await e2e.shot(app, "quote-payment-owner-en");
    const subscription = app.getByTestId("owner-subscription");
    expect(await subscription.getAttribute("data-status")).toBe("ACTIVE");
    expect(await text(subscription)).toContain("€ 30,25 per month");
    expect(await text(subscription)).toMatch(/Next charge on \d{1,2} [A-Z][a-z]+ \d{4}/);
    // And on the dashboard: what customers paid in the period.
    await open(app, "/app");
    const paid = app.getByTestId("overview-paid");
    await paid.waitFor();
    expect(await text(paid)).toBe("Paid by customers: €428.34 (1 payment)");
    expect(await text(app.getByTestId("overview-subscriptions"))).toMatch(
      /^Active subscriptions: 1 active · €30\.25 per month · next charge on \d{1,2} [A-Z][a-z]{2} \d{4}: €30\.25 \(\d{4}-\d{4}\)$/,
    );
    expect(await app.getByTestId("overview-next-charge").getByRole("link").getAttribute("href")).toBe(`/app/quotes/mutate/${quote.id}`);
    await e2e.shot(app, "quote-payment-dashboard-en");

    // The owner cancels the subscription from Offerly (a confirmation first): Mollie stops it.
    await open(app, `/app/quotes/mutate/${quote.id}`);
    await app.getByTestId("owner-subscription").waitFor();
    await e2e.shot(app, "quote-subscription-owner-en-1280");
    // On a phone: the list and the dialog fit.
    await app.setViewportSize({ width: 375, height: 812 });
    expect(await scrollWidth(app)).toBeLessThanOrEqual(375);
    await app.getByTestId("cancel-subscription").click();
    const dialog = app.getByRole("dialog");
    expect(await text(dialog)).toContain("Mollie will no longer charge the customer € 30,25 per month.");
    await e2e.shot(app, "quote-subscription-cancel-dialog-en-375");
    await dialog.getByRole("button", { name: "Cancel subscription" }).click();
    await toastWithText(app, "The subscription was canceled.");
    await app.waitForFunction(() => document.querySelector('[data-testid="owner-subscription"]')?.getAttribute("data-status") === "CANCELED");
    expect(await text(app.getByTestId("owner-subscription-status"))).toBe("Canceled");
    expect(await app.getByTestId("cancel-subscription").count()).toBe(0);
    expect(subscriptions[0].status).toBe("canceled");
    expect(await axeViolations(app)).toEqual([]);
    await e2e.shot(app, "quote-subscription-canceled-en-375");
    await ownerContext.close();
  });
});
