import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, newContext } from "../support/browser";
import { drawSignature, newPhoneContext, open, seedPublishedQuote, toastWithText, watchErrors } from "../support/e2e";
import { type HarvestStub, startHarvestStub } from "../support/harvest-stub";
import { type ProductionServer, startProductionServer } from "../support/production";
import { type SlackStub, startSlackStub } from "../support/slack-stub";
import { loadZapier } from "../support/zapier";
import { type Receiver, startReceiver } from "../support/webhooks";

/**
 * Issue 24's "done when", in one journey on the production build (build/server/main.js) with the
 * three integrations of a Dutch account switched on at once: Slack (Add to Slack through the stub),
 * Harvest (token + account id against the stub of API v2) and the Zapier app's "quote signed"
 * trigger (its REST hook subscribed with the platform's own tooling). The customer ticks an option
 * and signs on a phone in Chromium; the owner marks the quote signed in the app. Then: one Slack
 * message, in Dutch, in the chosen channel; one Harvest client, project and accepted estimate whose
 * lines are the selected lines (a resent delivery changes nothing); the Zapier trigger's item from
 * the delivery its hook received; unsubscribing deletes the endpoint; and a Slack channel that was
 * removed at Slack is switched off with its reason shown on Settings → Integrations.
 */
type Bundle = Record<string, unknown>;
type Operation = Record<string, unknown>;
const { zapier, App } = loadZapier<
  { createAppTester: (app: unknown) => (method: unknown, bundle?: Bundle) => Promise<unknown> },
  { triggers: Record<string, { operation: Operation }> }
>();
const appTester = zapier.createAppTester(App);

let slack: SlackStub;
let harvest: HarvestStub;
let receiver: Receiver;
let server: ProductionServer;
let browser: Awaited<ReturnType<typeof launchBrowser>>;

beforeAll(async () => {
  [slack, harvest, receiver] = await Promise.all([startSlackStub(), startHarvestStub(), startReceiver()]);
  [server, browser] = await Promise.all([
    startProductionServer({
      WEBHOOK_ALLOW_PRIVATE: "true",
      WEBHOOK_SECRET_KEY: Buffer.alloc(32, 0x24).toString("base64"),
      SLACK_CLIENT_ID: slack.clientId,
      SLACK_CLIENT_SECRET: slack.clientSecret,
      SLACK_API_URL: slack.url,
      HARVEST_API_URL: harvest.url,
    }),
    launchBrowser(),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await Promise.all([slack?.close(), harvest?.close(), receiver?.close()]);
});

const text = async (locator: { textContent: () => Promise<string | null> }) => (await locator.textContent())?.replace(/\s+/g, " ").trim();

describe("a quote signed in the browser reaches Slack, Harvest and Zapier (production build, Dutch account)", () => {
  it("one Slack message in Dutch, one Harvest client + project + accepted estimate of the selected lines, the Zapier trigger's item; unsubscribe and a revoked channel", async () => {
    const seeded = await seedPublishedQuote(server, { language: "NL", company: "Studio Noord", publish: false });
    const gql = seeded.gql;
    await gql('mutation { updateAccount(input: { name: "Studio Noord", country: "NL", currency: "EUR", language: "NL" }) { id } }', {}, seeded.account);
    const cookie = `${seeded.cookie.name}=${seeded.cookie.value}`;

    // Slack: "Add to Slack" → the stub's consent screen (channel #verkoop) → our callback.
    const { startSlackOAuth } = await gql<{ startSlackOAuth: string }>("mutation { startSlackOAuth }", {}, seeded.account);
    slack.nextChannel("#verkoop");
    const consent = await fetch(startSlackOAuth, { redirect: "manual" });
    const callback = new URL(consent.headers.get("location")!);
    const back = await server.client.fetch(`${callback.pathname}${callback.search}`, { headers: { cookie } });
    expect(back.headers.get("location"), server.output()).toBe("/app/settings/integrations?slack=connected&channel=%23verkoop");

    // Harvest: a project and an estimate per signed quote.
    await gql(
      "mutation ($token: String!, $accountId: String!) { connectHarvest(token: $token, accountId: $accountId, create: BOTH) { id } }",
      { token: harvest.token, accountId: harvest.accountId },
      seeded.account,
    );

    // Zapier: an API key as the app's connection, and the "quote signed" trigger's REST hook.
    const { createApiKey } = await gql<{ createApiKey: { key: string } }>(
      'mutation { createApiKey(input: { name: "Zapier", role: ADMIN }) { key } }',
      {},
      seeded.account,
    );
    const authData = { baseUrl: `${server.url}/`, apiKey: createApiKey.key };
    const subscribeData = (await appTester(App.triggers.quoteSigned.operation.performSubscribe, { authData, targetUrl: receiver.url })) as {
      id: string;
      secret: string;
    };
    receiver.trust(subscribeData.secret);

    await gql("mutation ($id: ID!) { publishQuote(id: $id) { id } }", { id: seeded.quote.id }, seeded.account);
    const { quote } = await gql<{ quote: { quoteNumber: string; customer: { id: string } } }>(
      "query ($id: ID!) { quote(id: $id) { quoteNumber customer { id } } }",
      { id: seeded.quote.id },
      seeded.account,
    );

    // The customer, on a phone in Dutch, takes the optional line and signs.
    const phone = await newPhoneContext(browser.browser, server.url, "nl-NL");
    const page = await phone.newPage();
    const errors = watchErrors(page);
    expect((await page.goto(seeded.path, { waitUntil: "networkidle" }))?.status()).toBe(200);
    await page.getByRole("checkbox", { name: "Onderhoud 1 meenemen" }).check();
    await expect.poll(() => text(page.getByTestId("quote-total"))).toBe("€ 1.391,50");
    const scripts: string[] = [];
    page.on("request", (r) => r.resourceType() === "script" && scripts.push(r.url()));
    await page.getByText("Deze offerte ondertekenen", { exact: true }).first().click();
    await expect.poll(() => scripts.length).toBeGreaterThan(0); // signature_pad arrives when signing starts
    await page.getByTestId("signature-canvas").waitFor();
    await page.getByLabel("Je naam", { exact: true }).fill("Daan de Vries");
    await drawSignature(page);
    await page.getByLabel("Ik ga ermee akkoord dat deze elektronische handtekening juridisch bindend is").check();
    await page.getByRole("button", { name: "Offerte ondertekenen" }).click();
    // The signature queues the sealed PDF, which this server renders at once on its own thread: its
    // first render after start-up (several seconds on a loaded machine) holds back the page's
    // reload that shows the toast (seen at load 11; issue 27's note: the render's own thread).
    await toastWithText(page, "Handtekening toegevoegd", 30_000);
    expect(errors).toEqual([]);
    await phone.close();

    // The owner marks it signed in the app (in Dutch).
    const desk = await newContext(browser.browser, { baseURL: server.url, locale: "nl-NL" });
    await desk.addCookies([{ name: seeded.cookie.name, value: seeded.cookie.value, url: server.url, httpOnly: true, sameSite: "Lax" }]);
    const app = await desk.newPage();
    const appErrors = watchErrors(app);
    await open(app, `/nl/app/quotes/mutate/${seeded.quote.id}`);
    const panel = app.getByTestId("quote-signing");
    await panel.getByTestId("signature").filter({ hasText: "Daan de Vries" }).waitFor();
    await panel.getByTestId("mark-signed").click();
    const dialog = app.getByRole("dialog", { name: "Deze offerte markeren als ondertekend?" });
    await dialog.getByRole("button", { name: "Markeren als ondertekend" }).click();
    await expect.poll(() => panel.getByTestId("mark-signed").count()).toBe(0);

    // All three are delivered by the server's job worker (a delivery that meets a closed keep-alive
    // socket is retried a few seconds later, so the waits are generous); once all are in, nothing
    // more is due: a second of quiet shows no duplicate.
    const harvestState = () => ({
      clients: harvest.state.clients.map((c) => c.name),
      projects: harvest.state.projects.map((p) => p.name),
      estimates: harvest.state.estimates.map((e) => ({ state: e.state, lines: e.line_items.map((li) => [li.description, li.quantity, li.unit_price]) })),
    });
    const expected = {
      clients: ["De Vries BV"],
      projects: [`${quote.quoteNumber} — Nieuwe website`],
      estimates: [
        {
          state: "accepted",
          lines: [
            ["Ontwerp 1.1", 8, 125],
            ["Onderhoud 1", 1, 150],
          ],
        },
      ],
    };
    expect(await slack.waitForPosts(2, 60_000), server.output()).toBe(true);
    await expect.poll(harvestState, { timeout: 60_000 }).toEqual(expected);
    await expect.poll(() => receiver.received.length, { timeout: 60_000 }).toBe(1);
    await new Promise((r) => setTimeout(r, 1000));

    // Slack: a message in #verkoop when the customer signed and one when the quote was signed, in
    // Dutch, with the signer, the total and a button into the app.
    expect(slack.posts, server.output()).toHaveLength(2);
    expect(slack.posts.find((p) => (p.body.text ?? "").startsWith("Daan de Vries heeft offerte"))?.channel).toBe("#verkoop");
    const post = slack.posts.find((p) => (p.body.text ?? "").includes("is ondertekend"))!;
    expect(post.channel).toBe("#verkoop");
    expect(post.body.text).toContain("is ondertekend");
    const message = JSON.stringify(post.body).replace(/\u00a0/g, " "); // Intl writes "€ 1.150,00" with a no-break space
    expect(message).toContain(quote.quoteNumber);
    expect(message).toContain("Daan de Vries");
    expect(message).toContain("*Eenmalig*\\n€ 1.150,00 excl. btw"); // the selected lines
    expect(message).toContain("Openen in Offerly");
    expect(message).toContain(`"url":"${server.url}/nl/app/quotes/mutate/${seeded.quote.id}"`);

    // Harvest: the customer's company as the client, the project, the estimate of the selected lines, accepted (above).
    expect(harvestState()).toEqual(expected);

    // A resent Harvest delivery (what a retry does) creates nothing new.
    const listed = await gql<{ integrations: { id: string; recentDeliveries: { id: string; status: string }[] }[] }>(
      "{ integrations(kind: harvest) { id recentDeliveries { id status } } }",
      {},
      seeded.account,
    );
    const succeeded = (deliveries: { id: string; status: string }[]) => deliveries.filter((d) => d.status === "SUCCEEDED");
    const before = succeeded(listed.integrations[0].recentDeliveries);
    expect(before).toHaveLength(1);
    await gql("mutation ($id: ID!) { resendWebhookDelivery(id: $id) { id } }", { id: before[0].id }, seeded.account);
    await expect
      .poll(
        async () =>
          succeeded(
            (await gql<typeof listed>("{ integrations(kind: harvest) { id recentDeliveries { id status } } }", {}, seeded.account)).integrations[0]
              .recentDeliveries,
          ).length,
        { timeout: 60_000 },
      )
      .toBe(2);
    expect(harvestState()).toEqual(expected);

    // Zapier: the hook received one signed delivery; the trigger turns it into its item.
    expect(receiver.received).toHaveLength(1);
    const [delivery] = receiver.received;
    expect(delivery.verifiedWith).toBe(subscribeData.secret);
    const items = (await appTester(App.triggers.quoteSigned.operation.perform, {
      authData,
      subscribeData,
      cleanedRequest: JSON.parse(delivery.body),
      rawRequest: {
        method: "POST",
        headers: Object.fromEntries(
          Object.entries(delivery.headers).map(([k, v]) => [`Http-${k.replace(/(^|-)(\w)/g, (_m, dash: string, c: string) => dash + c.toUpperCase())}`, v]),
        ),
        content: delivery.body,
      },
    })) as { type: string; data: { quote: { id: string; status: string } } }[];
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ type: "quote.signed", data: { quote: { id: seeded.quote.id, status: "SIGNED" } } });

    // Turning the Zap off deletes the endpoint.
    await appTester(App.triggers.quoteSigned.operation.performUnsubscribe, { authData, subscribeData });
    const { webhookEndpoints } = await gql<{ webhookEndpoints: unknown[] }>("{ webhookEndpoints { id } }", {}, seeded.account);
    expect(webhookEndpoints).toEqual([]);

    // The channel is removed at Slack: the next message (a declined quote) switches it off, and the
    // owner sees why on Settings → Integrations.
    slack.revoke(post.hook);
    const { createQuote } = await gql<{ createQuote: { id: string; nanoId: string } }>(
      "mutation ($i: QuoteInput!) { createQuote(input: $i) { id nanoId } }",
      {
        i: {
          name: "Tweede voorstel",
          customerId: quote.customer.id,
          language: "NL",
          currency: "EUR",
          quoteDateAt: new Date().toISOString().slice(0, 10),
          quoteExpirationAt: "2099-12-31",
          signable: true,
        },
      },
      seeded.account,
    );
    await gql(
      "mutation ($q: ID!, $i: PricingBlockInput!) { createPricingQuoteBlock(quoteId: $q, input: $i) { id } }",
      {
        q: createQuote.id,
        i: {
          name: "Werk",
          pricingUnit: "DAY",
          lineItems: [{ name: "Advies", price: "100.00", amount: "1", vatRate: "21", optional: false, selected: true, recurring: false }],
        },
      },
      seeded.account,
    );
    await gql("mutation ($id: ID!) { publishQuote(id: $id) { id } }", { id: createQuote.id }, seeded.account);
    const declined = await fetch(`${server.url}/graphql`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-graphql-csrf": "1" },
      body: JSON.stringify({
        query: 'mutation ($n: String!) { declineQuote(nanoId: $n, reason: "Te duur") { declinedAt } }',
        variables: { n: createQuote.nanoId },
      }),
    });
    expect(((await declined.json()) as { errors?: unknown }).errors).toBeUndefined();
    await expect
      .poll(
        async () =>
          (
            await gql<{ integrations: { enabled: boolean; disabledReason: string | null }[] }>(
              "{ integrations(kind: slack) { enabled disabledReason } }",
              {},
              seeded.account,
            )
          ).integrations,
        { timeout: 60_000 },
      )
      .toEqual([{ enabled: false, disabledReason: "REVOKED" }]);
    await open(app, "/nl/app/settings/integrations");
    const card = app.getByTestId("integration-card-slack");
    expect(await text(card.getByTestId("integration-disabled-reason"))).toMatch(/^De dienst weigerde onze toegang: het kanaal is gearchiveerd of verwijderd/);
    expect(slack.posts).toHaveLength(2);
    expect(appErrors).toEqual([]);
    await desk.close();
  }, 180_000);
});
