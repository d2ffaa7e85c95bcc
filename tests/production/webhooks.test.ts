import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signUp } from "../support/auth";
import { createCustomer } from "../support/quotes";
import { type ProductionServer, startProductionServer } from "../support/production";
import { DELIVERY_FIELDS, type Receiver, startReceiver } from "../support/webhooks";

/**
 * Outbound webhooks on the production build (build/server/main.js, decision 043): the server's own
 * job worker delivers a test event to a local receiver that verifies it with the reference
 * `standardwebhooks` package; the secret's key is the generated key file (PGlite) or
 * WEBHOOK_SECRET_KEY, and a key that does not match the stored secrets stops the start.
 */
const CREATE = "mutation ($input: WebhookEndpointInput!) { createWebhookEndpoint(input: $input) { id secret } }";
const TEST = `mutation ($id: ID!) { sendTestWebhookEvent(id: $id) { ${DELIVERY_FIELDS} } }`;
const DELIVERIES = `query ($id: ID!) { webhookDeliveries(endpointId: $id) { ${DELIVERY_FIELDS} } }`;

let receiver: Receiver;
let dataDir: string;
const KEY_A = Buffer.alloc(32, 0xa1).toString("base64");
const KEY_B = Buffer.alloc(32, 0xb2).toString("base64");

beforeAll(async () => {
  receiver = await startReceiver();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "offerly-webhooks-prod-"));
});
afterAll(async () => {
  await receiver?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe("webhooks on the production build", () => {
  let server: ProductionServer | undefined;
  afterAll(async () => {
    await server?.stop();
  });

  it("the server's worker delivers a signed test event soon after the request; the receiver verifies it with standardwebhooks", async () => {
    server = await startProductionServer({ WEBHOOK_ALLOW_PRIVATE: "true", DATA_DIR: dataDir, WEBHOOK_SECRET_KEY: KEY_A });
    const owner = await signUp(server.client, { company: "Hooks in Production" });
    const created = await server.client.gql<{ createWebhookEndpoint: { id: string; secret: string } }>(
      CREATE,
      { input: { url: receiver.url, eventTypes: ["quote.signed", "customer.created"] } },
      owner.headers(),
    );
    expect(created.errors, server.output()).toBeUndefined();
    const { id, secret } = created.data!.createWebhookEndpoint;
    receiver.trust(secret);
    // Give the worker its start (one poll interval after listening), then time one delivery.
    await new Promise((resolve) => setTimeout(resolve, 1200));
    const asked = Date.now();
    const sent = await server.client.gql<{ sendTestWebhookEvent: { webhookId: string; status: string } }>(TEST, { id }, owner.headers());
    expect(sent.data?.sendTestWebhookEvent.status).toBe("PENDING");
    expect(await receiver.waitFor(1, 10_000), server.output()).toBe(true);
    const [got] = receiver.received;
    // Woken by the enqueue, not the next poll: well under the 1 s target on an idle machine.
    expect(got.at - asked).toBeLessThan(1000);
    expect(got.headers["webhook-id"]).toBe(sent.data!.sendTestWebhookEvent.webhookId);
    expect(got.verifiedWith).toBe(secret);
    expect(got.verified).toMatchObject({ type: "webhook.test", data: { endpointId: id } });
    // The log row is updated by the worker.
    for (let i = 0; i < 50; i++) {
      const log = await server.client.gql<{ webhookDeliveries: { status: string; statusCode: number }[] }>(DELIVERIES, { id }, owner.headers());
      if (log.data?.webhookDeliveries[0]?.status === "SUCCEEDED") break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const log = await server.client.gql<{ webhookDeliveries: { status: string; statusCode: number }[] }>(DELIVERIES, { id }, owner.headers());
    expect(log.data?.webhookDeliveries[0]).toMatchObject({ status: "SUCCEEDED", statusCode: 200 });

    // A domain event from a real change: the customer.created the event writer records.
    const customer = await createCustomer(server.client, owner, { name: "Production Customer" });
    expect(await receiver.waitFor(2, 10_000), server.output()).toBe(true);
    const event = receiver.received[1];
    expect(event.verifiedWith).toBe(secret);
    expect(event.verified).toMatchObject({ type: "customer.created", data: { customer: { id: customer.id, name: "Production Customer" } } });
    expect(event.headers["webhook-id"]).toMatch(/^msg_[0-9a-f]{32}$/);
    await server.stop();
    server = undefined;
  });

  it("refuses to start with a WEBHOOK_SECRET_KEY that is not the key of the stored secrets", async () => {
    await expect(startProductionServer({ WEBHOOK_ALLOW_PRIVATE: "true", DATA_DIR: dataDir, WEBHOOK_SECRET_KEY: KEY_B })).rejects.toThrow(
      /WEBHOOK_SECRET_KEY: is not the key the stored webhook secrets were encrypted with/,
    );
  });
});
