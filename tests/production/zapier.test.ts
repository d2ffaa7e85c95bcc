import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eventPayloadSchemas, ZQuoteSummary } from "../../src/server/events/payloads";
import { ZCustomer } from "../../src/server/rest/schemas";
import type { EventType } from "../../src/shared/events";
import { signUp, type SignedIn } from "../support/auth";
import { createQuote, transition } from "../support/quotes";
import { type ProductionServer, startProductionServer } from "../support/production";
import { type Receiver, startReceiver } from "../support/webhooks";
import { loadZapier } from "../support/zapier";

/**
 * The Zapier app (integrations/zapier, decision 056) run with the platform's own test tooling
 * (zapier-platform-core's createAppTester) against the real production server (build/server/main.js):
 * the authentication test and connection label, a REST hook subscribed by the trigger, a quote
 * signed, the delivery the hook URL received turned into the trigger's item, the same item among the
 * trigger's samples, unsubscribe deleting the endpoint; the actions and the search; and the app's
 * schema validation (what `zapier validate` runs, offline). The app and zapier-platform-core are
 * loaded from integrations/zapier with Node's require (its own node_modules, installed by the root
 * `npm install`'s postinstall).
 */
type Bundle = Record<string, unknown>;
type AppTester = (method: unknown, bundle?: Bundle) => Promise<unknown>;
type ZapierCore = {
  createAppTester: (app: unknown) => AppTester;
  createAppHandler: (app: unknown) => (event: Record<string, unknown>) => Promise<{ results: { stack: string }[] }>;
  version: string;
};
type Operation = Record<string, unknown> & { sample?: Record<string, unknown> };
type ZapierApp = {
  platformVersion: string;
  authentication: { test: unknown; connectionLabel: unknown };
  triggers: Record<string, { operation: Operation }>;
  creates: Record<string, { operation: Operation }>;
  searches: Record<string, { operation: Operation }>;
};
const { zapier, App } = loadZapier<ZapierCore, ZapierApp>();
const appTester = zapier.createAppTester(App);

const TRIGGER_EVENTS: Record<string, EventType> = {
  quoteSigned: "quote.signed",
  quoteViewed: "quote.viewed",
  quoteDeclined: "quote.declined",
  questionAsked: "quote.question_asked",
  quotePublished: "quote.published",
  quoteSent: "quote.sent",
  newCustomer: "customer.created",
  quotePaid: "quote.payment.paid",
  subscriptionStarted: "quote.subscription.created",
};

type Item = { id: string; type: string; timestamp: string; data: Record<string, unknown> };

/** A request the hook URL received, as Zapier hands it to `perform` in `bundle.rawRequest` (headers prefixed with Http-). */
function asZapierRaw(delivery: Receiver["received"][number]) {
  const headerName = (name: string) => `Http-${name.replace(/(^|-)(\w)/g, (_m, dash: string, c: string) => dash + c.toUpperCase())}`;
  return {
    method: "POST",
    headers: Object.fromEntries(Object.entries(delivery.headers).map(([k, v]) => [headerName(k), v])),
    content: delivery.body,
  };
}

let server: ProductionServer;
let receiver: Receiver;
let owner: SignedIn;
let authData: { baseUrl: string; apiKey: string };

beforeAll(async () => {
  receiver = await startReceiver();
  // REST hooks to 127.0.0.1 over http:// need WEBHOOK_ALLOW_PRIVATE (Zapier's own hook URLs are public https).
  server = await startProductionServer({ WEBHOOK_ALLOW_PRIVATE: "true", WEBHOOK_SECRET_KEY: Buffer.alloc(32, 0x5a).toString("base64") });
  owner = await signUp(server.client, { company: "Zap Studio" });
  const created = await server.client.gql<{ createApiKey: { key: string } }>(
    "mutation ($input: CreateApiKeyInput!) { createApiKey(input: $input) { key } }",
    { input: { name: "Zapier", role: "ADMIN" } },
    owner.headers(),
  );
  expect(created.errors).toBeUndefined();
  authData = { baseUrl: `${server.url}/`, apiKey: created.data!.createApiKey.key };
});
afterAll(async () => {
  await server?.stop();
  await receiver?.close();
});

describe("the Zapier app, offline", () => {
  it("passes the platform's schema validation (what `zapier validate` checks without the network), on the pinned core", async () => {
    expect(App.platformVersion).toBe(zapier.version);
    const validated = await zapier.createAppHandler(App)({ command: "validate" });
    expect(validated.results.map((r) => r.stack)).toEqual([]);
    // The validation is real: a definition that breaks the schema is reported.
    const broken = { ...App, triggers: { ...App.triggers, quoteSigned: { ...App.triggers.quoteSigned, noun: undefined } } };
    const refused = await zapier.createAppHandler(broken)({ command: "validate" });
    expect(refused.results.length).toBeGreaterThan(0);
  });

  it("has one instant trigger per event, each with a static sample of exactly the delivered shape", () => {
    for (const [key, type] of Object.entries(TRIGGER_EVENTS)) {
      const operation = App.triggers[key].operation;
      expect(operation.type, key).toBe("hook");
      const sample = operation.sample as unknown as Item;
      expect(Object.keys(sample).sort()).toEqual(["data", "id", "timestamp", "type"]);
      expect(sample.type).toBe(type);
      expect(sample.id).toMatch(/^msg_[0-9a-f]{32}$/);
      eventPayloadSchemas[type].strict().parse(sample.data);
      if ("quote" in sample.data) ZQuoteSummary.strict().parse(sample.data.quote);
    }
    ZCustomer.strict().parse(App.creates.createCustomer.operation.sample);
    ZQuoteSummary.strict().parse(App.creates.createDraftQuote.operation.sample);
  });
});

describe("the Zapier app against the production server", () => {
  it("tests the connection with GET /api/v1/me and labels it with the account's name; a wrong key fails with Offerly's message", async () => {
    const me = (await appTester(App.authentication.test, { authData })) as { account: { name: string; id: string } };
    expect(me.account).toMatchObject({ name: "Zap Studio", id: owner.accountId });
    expect(await appTester(App.authentication.connectionLabel, { authData, inputData: me })).toBe("Zap Studio");
    await expect(appTester(App.authentication.test, { authData: { ...authData, apiKey: "ofr_live_wrong" } })).rejects.toThrow(/API key/);
    await expect(appTester(App.authentication.test, { authData: { ...authData, baseUrl: "not an address" } })).rejects.toThrow(/Offerly address/);
  });

  it("creates a customer, finds it by e-mail, and creates a draft quote for it from a template block", async () => {
    const customer = (await appTester(App.creates.createCustomer.operation.perform, {
      authData,
      inputData: { name: "Zap Customer", email: "Zap.Customer@Example.test", companyName: "", phone: "" },
    })) as Record<string, unknown>;
    expect(ZCustomer.strict().parse(customer)).toMatchObject({ name: "Zap Customer", email: "zap.customer@example.test", companyName: null, phone: null });

    const found = (await appTester(App.searches.findCustomer.operation.perform, { authData, inputData: { email: " zap.customer@example.TEST " } })) as {
      id: string;
    }[];
    expect(found.map((c) => c.id)).toEqual([customer.id]);
    expect(await appTester(App.searches.findCustomer.operation.perform, { authData, inputData: { email: "nobody@example.test" } })).toEqual([]);

    // Invalid input: the create fails with Offerly's field message, nothing is created.
    await expect(appTester(App.creates.createCustomer.operation.perform, { authData, inputData: { name: "X", email: "not-an-address" } })).rejects.toThrow(
      /email/,
    );

    const template = await server.client.gql<{ createTextTemplateBlock: { id: string } }>(
      "mutation ($i: TextBlockInput!) { createTextTemplateBlock(input: $i) { id } }",
      { i: { name: "Zap intro", content: { type: "doc", content: [{ type: "paragraph", content: [{ type: "text", text: "Hello" }] }] } } },
      owner.headers(),
    );
    const templateId = template.data!.createTextTemplateBlock.id;
    // The drop-downs' hidden triggers list the template and the customer.
    const templates = (await appTester(App.triggers.templateBlockList.operation.perform, { authData })) as { id: string; name: string }[];
    expect(templates).toEqual([expect.objectContaining({ id: templateId, name: "Zap intro" })]);
    const customers = (await appTester(App.triggers.customerList.operation.perform, { authData })) as { id: string }[];
    expect(customers.map((c) => c.id)).toContain(customer.id);

    const quote = (await appTester(App.creates.createDraftQuote.operation.perform, {
      authData,
      inputData: { customerId: customer.id, name: "Zap quote", templateBlockIds: [templateId], signable: "false", quoteDateAt: "" },
    })) as Record<string, unknown>;
    expect(ZQuoteSummary.strict().parse(quote)).toMatchObject({ name: "Zap quote", status: "DRAFT", customer: { id: customer.id, name: "Zap Customer" } });
    const inApp = await server.client.gql<{ quote: { signable: boolean; quoteBlocks: { name: string }[] } }>(
      "query ($id: ID!) { quote(id: $id) { signable quoteBlocks { name } } }",
      { id: quote.id },
      owner.headers(),
    );
    expect(inApp.data!.quote).toEqual({ signable: false, quoteBlocks: [{ name: "Zap intro" }] });

    // "New Customer" samples: the customer.created events, as delivered.
    const samples = (await appTester(App.triggers.newCustomer.operation.performList, { authData })) as Item[];
    expect(samples[0]).toMatchObject({ type: "customer.created", id: expect.stringMatching(/^msg_[0-9a-f]{32}$/), data: { customer: { id: customer.id } } });
    eventPayloadSchemas["customer.created"].strict().parse(samples[0].data);
  });

  it("subscribes a REST hook, receives the signed quote's delivery as the trigger's item (also among its samples), and unsubscribing deletes the endpoint", async () => {
    const endpoints = async () =>
      (
        await server.client.gql<{ webhookEndpoints: { id: string; url: string; eventTypes: string[] }[] }>(
          "{ webhookEndpoints { id url eventTypes } }",
          {},
          owner.headers(),
        )
      ).data!.webhookEndpoints;
    const subscribeData = (await appTester(App.triggers.quoteSigned.operation.performSubscribe, { authData, targetUrl: receiver.url })) as {
      id: string;
      secret: string;
    };
    expect(subscribeData).toEqual({ id: expect.any(String), secret: expect.stringMatching(/^whsec_/) });
    expect(await endpoints()).toEqual([{ id: subscribeData.id, url: receiver.url, eventTypes: ["quote.signed"] }]);
    receiver.trust(subscribeData.secret);

    // A quote published and signed in Offerly: the customer signs on the public link, the owner confirms.
    const customer = (await appTester(App.creates.createCustomer.operation.perform, { authData, inputData: { name: "Signing Customer" } })) as {
      id: string;
    };
    const quote = await createQuote(server.client, owner, customer.id, { name: "Signed through Zapier" });
    expect((await transition(server.client, owner, "publishQuote", quote.id)).errors).toBeUndefined();
    const signature = await server.client.gql<{ createQuoteSignature: { status: string } }>(
      "mutation ($nanoId: String, $input: CreateQuoteSignatureInput!) { createQuoteSignature(nanoId: $nanoId, input: $input) { status } }",
      { nanoId: quote.nanoId, input: { name: "Daan de Vries", signatureKind: "TYPED", signature: "Daan de Vries", selection: [], consent: true } },
    );
    expect(signature.errors).toBeUndefined();
    const marked = await server.client.gql("mutation ($id: ID!) { updateQuoteToSigned(id: $id) { status } }", { id: quote.id }, owner.headers());
    expect(marked.errors).toBeUndefined();

    // Only quote.signed was subscribed: one delivery, verified by the reference library with the subscription's secret.
    expect(await receiver.waitFor(1, 15_000), server.output()).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(receiver.received).toHaveLength(1);
    const [delivery] = receiver.received;
    expect(delivery.verifiedWith).toBe(subscribeData.secret);

    // What Zapier hands the trigger: the parsed body and the raw request (Zapier prefixes headers with Http-).
    const rawRequest = asZapierRaw(delivery);
    const items = (await appTester(App.triggers.quoteSigned.operation.perform, {
      authData,
      subscribeData,
      cleanedRequest: JSON.parse(delivery.body),
      rawRequest,
    })) as Item[];
    expect(items).toEqual([{ id: delivery.headers["webhook-id"], ...JSON.parse(delivery.body) }]);
    expect(items[0]).toMatchObject({ type: "quote.signed", data: { quote: { id: quote.id, name: "Signed through Zapier", status: "SIGNED" } } });
    eventPayloadSchemas["quote.signed"].strict().parse(items[0].data);

    // A forged or altered request is refused (the signature does not match this Zap's secret).
    const forged = delivery.body.replace("Signed through Zapier", "Forged");
    await expect(
      appTester(App.triggers.quoteSigned.operation.perform, {
        authData,
        subscribeData,
        cleanedRequest: JSON.parse(forged),
        rawRequest: { ...rawRequest, content: forged },
      }),
    ).rejects.toThrow(/not signed by Offerly/);

    // The samples Zapier shows while the Zap is set up: the same item, from GET /api/v1/events.
    const samples = (await appTester(App.triggers.quoteSigned.operation.performList, { authData })) as Item[];
    expect(samples[0]).toEqual(items[0]);
    const published = (await appTester(App.triggers.quotePublished.operation.performList, { authData })) as Item[];
    expect(published[0]).toMatchObject({ type: "quote.published", data: { quote: { id: quote.id } } });

    // "Send test event" from the Developers screen reaches the hook (properly signed) but starts no Zap.
    const test = await server.client.gql<{ sendTestWebhookEvent: { status: string } }>(
      "mutation ($id: ID!) { sendTestWebhookEvent(id: $id) { status } }",
      { id: subscribeData.id },
      owner.headers(),
    );
    expect(test.errors).toBeUndefined();
    expect(await receiver.waitFor(2, 15_000), server.output()).toBe(true);
    const testDelivery = receiver.received[1];
    expect(testDelivery.verifiedWith).toBe(subscribeData.secret);
    expect(
      await appTester(App.triggers.quoteSigned.operation.perform, {
        authData,
        subscribeData,
        cleanedRequest: JSON.parse(testDelivery.body),
        rawRequest: asZapierRaw(testDelivery),
      }),
    ).toEqual([]);

    // Turning the Zap off deletes the endpoint (gone over GraphQL and REST); a second unsubscribe is harmless.
    await appTester(App.triggers.quoteSigned.operation.performUnsubscribe, { authData, subscribeData });
    expect(await endpoints()).toEqual([]);
    const again = await fetch(`${server.url}/api/v1/webhooks/${subscribeData.id}`, {
      method: "DELETE",
      headers: { authorization: `Bearer ${authData.apiKey}` },
    });
    expect(again.status).toBe(404);
    expect(await appTester(App.triggers.quoteSigned.operation.performUnsubscribe, { authData, subscribeData })).toEqual({ deleted: true });
  });
});
