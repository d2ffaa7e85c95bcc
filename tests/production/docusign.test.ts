import { afterAll, describe, expect, it } from "vitest";
import { signUp } from "../support/auth";
import { type DocuSignStub, startDocuSignStub } from "../support/docusign-stub";
import { axeViolations, e2eSuite, open, scrollWidth } from "../support/e2e";
import { pdfText } from "../support/quote-pdf";
import { createCustomer, createQuote, transition } from "../support/quotes";
import { gqlOk, httpClient } from "../support/production";

let ds: DocuSignStub | undefined;
const e2e = e2eSuite({
  env: async () => {
    ds = await startDocuSignStub();
    return {
      DOCUSIGN_CLIENT_ID: ds.app.clientId,
      DOCUSIGN_CLIENT_SECRET: ds.app.clientSecret,
      DOCUSIGN_AUTH_URL: ds.url,
      DOCUSIGN_CONNECT_KEYS: ds.connectKey,
    };
  },
});
afterAll(async () => {
  await ds?.close();
});

/**
 * DocuSign on the production build (build/server/main.js, decision 059), against the local stub:
 * the owner connects DocuSign (OAuth through the stub's consent screen and our callback), sends a
 * published quote with DocuSign (the customer's page says it is out for signature there), a Connect
 * post with a wrong HMAC changes nothing, the genuine completion makes the quote signed and the
 * owner's quote page shows it with DocuSign's signed PDF.
 */
describe("DocuSign (production build)", () => {
  it("connects, sends, refuses a tampered callback, and shows the quote signed with DocuSign's document", async () => {
    const client = httpClient(e2e.server.url, e2e.server.dataDir);
    const owner = await signUp(client, { company: "Studio DocuSign" });
    const customer = await createCustomer(client, owner, { name: "Klant BV", contactPerson: "Inge de Klant", email: "inge@klant.example" });
    const quote = await createQuote(client, owner, customer.id, { name: "Nieuwe website" });
    await gqlOk(
      client.gql(
        "mutation ($q: ID!, $i: PricingBlockInput!) { createPricingQuoteBlock(quoteId: $q, input: $i) { id } }",
        {
          q: quote.id,
          i: {
            name: "Work",
            content: null,
            pricingUnit: "NONE",
            lineItems: [
              {
                name: "Design",
                description: null,
                price: "1000.00",
                amount: "1",
                vatRate: "21",
                discountType: null,
                discountValue: null,
                optional: false,
                selected: true,
                recurring: false,
              },
            ],
          },
        },
        owner.headers(),
      ),
    );
    expect((await transition(client, owner, "publishQuote", quote.id)).errors).toBeUndefined();

    // The owner's browser, in Dutch at 375 px: "DocuSign koppelen" by keyboard goes through DocuSign's
    // consent screen (the stub approves at once) and our callback back to Settings → Integrations.
    const cookies = owner.cookie.split(/;\s*/).map((pair) => {
      const [name, ...rest] = pair.split("=");
      return { name, value: rest.join("="), url: e2e.server.url };
    });
    const dutchContext = await e2e.browser.newContext({ baseURL: e2e.server.url, locale: "nl-NL", viewport: { width: 375, height: 800 } });
    await dutchContext.addCookies(cookies);
    const nl = await dutchContext.newPage();
    await open(nl, "/nl/app/settings/integrations");
    const connectLink = nl.getByTestId("docusign-connect");
    await connectLink.waitFor();
    expect(await connectLink.textContent()).toBe("DocuSign koppelen");
    await connectLink.focus();
    await nl.keyboard.press("Enter");
    await nl.waitForURL(/docusign=connected/);
    expect(new URL(nl.url()).pathname).toBe("/nl/app/settings/integrations");
    await nl.getByTestId("docusign-connection").waitFor();
    expect(await nl.getByTestId("docusign-connection").textContent()).toContain(`Gekoppeld met ${ds!.account.name}`);
    expect(await nl.getByTestId("docusign-callback-connected").textContent()).toContain("Je DocuSign-account is gekoppeld.");
    expect(await scrollWidth(nl)).toBeLessThanOrEqual(375);
    expect(await axeViolations(nl)).toEqual([]);
    await e2e.shot(nl, "docusign-integrations-nl-375");
    await dutchContext.close();

    const ownerContext = await e2e.browser.newContext({ baseURL: e2e.server.url, locale: "en-US", viewport: { width: 375, height: 800 } });
    await ownerContext.addCookies(cookies);
    const app = await ownerContext.newPage();

    // A quote the customer must pay to accept is not sent with DocuSign (it would be accepted there
    // without the payment): the button is disabled and says why.
    const payFirst = await createQuote(client, owner, customer.id, { name: "Betalen vooraf", paymentTerms: { mode: "FULL", payToAccept: true } });
    await gqlOk(
      client.gql(
        "mutation ($q: ID!, $i: PricingBlockInput!) { createPricingQuoteBlock(quoteId: $q, input: $i) { id } }",
        {
          q: payFirst.id,
          i: {
            name: "Work",
            content: null,
            pricingUnit: "NONE",
            lineItems: [
              {
                name: "Design",
                description: null,
                price: "100.00",
                amount: "1",
                vatRate: "21",
                discountType: null,
                discountValue: null,
                optional: false,
                selected: true,
                recurring: false,
              },
            ],
          },
        },
        owner.headers(),
      ),
    );
    expect((await transition(client, owner, "publishQuote", payFirst.id)).errors).toBeUndefined();
    await open(app, `/app/quotes/mutate/${payFirst.id}`);
    const refused = app.getByTestId("send-docusign");
    await refused.waitFor();
    expect(await refused.isDisabled()).toBe(true);
    expect(await app.getByTestId("docusign-pay-to-accept").textContent()).toBe(
      "Not available with “pay to accept”: DocuSign would accept the quote without the payment.",
    );
    expect(await scrollWidth(app)).toBeLessThanOrEqual(375);
    await e2e.shot(app, "docusign-pay-to-accept-375");

    // "Send with DocuSign" on the quote page, by keyboard.
    await open(app, `/app/quotes/mutate/${quote.id}`);
    const send = app.getByTestId("send-docusign");
    await send.waitFor();
    await send.focus();
    await app.keyboard.press("Enter");
    await app.getByRole("dialog").waitFor();
    expect(await app.getByRole("dialog").textContent()).toContain("inge@klant.example");
    await app.getByRole("dialog").getByRole("button", { name: "Send with DocuSign" }).click();
    // The request only queues the envelope (PREPARING); the server's own job worker sends it, and the panel looks again until it is out.
    const status = app.locator('[data-testid="docusign-status"][data-status="SENT"]');
    await status.waitFor({ timeout: 30_000 });
    expect(await status.textContent()).toContain("Out for signature with DocuSign");
    await e2e.shot(app, "docusign-quote-out-375");
    const envelopeId = [...ds!.envelopes.keys()].at(-1)!;
    expect(ds!.envelopeRequests.at(-1)!.documentText).toContain("Nieuwe website");

    // The customer's page says so instead of offering its own signing.
    const customerContext = await e2e.browser.newContext({ baseURL: e2e.server.url, locale: "en-US", viewport: { width: 375, height: 800 } });
    const page = await customerContext.newPage();
    await open(page, new URL(quote.url).pathname);
    await page.getByTestId("public-docusign").waitFor();
    expect(await page.getByTestId("public-docusign").textContent()).toContain("out for signature with DocuSign");
    expect(await page.locator("#sign").count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    await e2e.shot(page, "docusign-public-out-375");

    // A Connect post with a wrong HMAC: 401 and nothing changes; the genuine one completes it.
    ds!.complete(envelopeId);
    const post = ds!.connectPost(envelopeId);
    const tampered = await fetch(`${e2e.server.url}/api/webhooks/docusign`, {
      method: "POST",
      headers: post.headers,
      body: post.body.replace("envelope-completed", "envelope-sent"),
    });
    expect(tampered.status).toBe(401);
    const read = () => gqlOk(client.gql<{ quote: { status: string } }>("query ($id: ID!) { quote(id: $id) { status } }", { id: quote.id }, owner.headers()));
    expect((await read()).quote.status).toBe("PUBLISHED");
    const genuine = await fetch(`${e2e.server.url}/api/webhooks/docusign`, { method: "POST", headers: post.headers, body: post.body });
    expect(genuine.status, e2e.server.output()).toBe(200);
    expect((await read()).quote.status).toBe("SIGNED");

    await open(app, `/app/quotes/mutate/${quote.id}`);
    const done = app.getByTestId("docusign-status");
    await done.waitFor();
    expect(await done.getAttribute("data-status")).toBe("COMPLETED");
    expect(await done.textContent()).toContain("Signed with DocuSign.");
    const href = await app.getByTestId("docusign-signed-pdf").getAttribute("href");
    const pdf = await client.fetch(href!, { headers: { cookie: owner.cookie } });
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    expect(await pdfText(new Uint8Array(await pdf.arrayBuffer()))).toContain(`with DocuSign ${envelopeId}`);
    // The signatures panel says where the signatures are, not "No signatures yet" (owner and customer).
    expect(await app.getByTestId("quote-signing").getByTestId("no-signatures").textContent()).toBe("The signatures are in DocuSign's signed document.");
    await e2e.shot(app, "docusign-quote-signed-375");
    await open(page, new URL(quote.url).pathname);
    await page.getByTestId("public-docusign").waitFor();
    expect(await page.getByTestId("no-signatures").textContent()).toBe("The signatures are in DocuSign's signed document.");
    await e2e.shot(page, "docusign-public-signed-375");
    await customerContext.close();
    await ownerContext.close();
  });
});
