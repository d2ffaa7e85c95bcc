import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signUp } from "../support/auth";
import { type HarvestStub, startHarvestStub } from "../support/harvest-stub";
import { type ProductionServer, startProductionServer } from "../support/production";
import { createCustomer, createQuote } from "../support/quotes";

/**
 * Harvest on the production build (build/server/main.js, issue 24, decision 055): HARVEST_API_URL
 * points the server at a local stub of Harvest's API v2; connecting checks the token there, and a
 * quote signed through the API becomes — by the server's own job worker — one client, one project
 * "<number> — <title>" and one accepted estimate with the quote's lines.
 */
let stub: HarvestStub;
let dataDir: string;

beforeAll(async () => {
  stub = await startHarvestStub();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "offerly-harvest-prod-"));
});
afterAll(async () => {
  await stub?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe("Harvest on the production build", () => {
  let server: ProductionServer | undefined;
  afterAll(async () => {
    await server?.stop();
  });

  it("connects through the stub and a signed quote becomes a project and an accepted estimate", async () => {
    server = await startProductionServer({ HARVEST_API_URL: stub.url, DATA_DIR: dataDir, WEBHOOK_SECRET_KEY: Buffer.alloc(32, 0xc3).toString("base64") });
    const owner = await signUp(server.client, { company: "Harvest in Production" });
    const connected = await server.client.gql<{ connectHarvest: { id: string; accountName: string; enabled: boolean } }>(
      "mutation ($token: String!, $accountId: String!) { connectHarvest(token: $token, accountId: $accountId, create: BOTH) { id accountName enabled } }",
      { token: stub.token, accountId: stub.accountId },
      owner.headers(),
    );
    expect(connected.errors, server.output()).toBeUndefined();
    expect(connected.data?.connectHarvest).toMatchObject({ accountName: "Studio Stub", enabled: true });

    const customer = await createCustomer(server.client, owner, { name: "Pieter Post", companyName: "Post & Zonen" });
    const quote = await createQuote(server.client, owner, customer.id, { name: "Nieuwe winkel" });
    const block = await server.client.gql(
      "mutation ($q: ID!, $i: PricingBlockInput!) { createPricingQuoteBlock(quoteId: $q, input: $i) { id } }",
      {
        q: quote.id,
        i: {
          name: "Werk",
          pricingUnit: "DAY",
          lineItems: [
            { name: "Ontwerp", price: "125.00", amount: "8", vatRate: "21", optional: false, selected: true, recurring: false },
            { name: "Fotografie", price: "350.00", amount: "1", vatRate: "21", optional: true, selected: false, recurring: false },
          ],
        },
      },
      owner.headers(),
    );
    expect(block.errors, server.output()).toBeUndefined();
    const published = await server.client.gql<{ publishQuote: { nanoId: string } }>(
      "mutation ($id: ID!) { publishQuote(id: $id) { nanoId } }",
      { id: quote.id },
      owner.headers(),
    );
    expect(published.errors, server.output()).toBeUndefined();
    const signed = await server.client.gql(
      "mutation ($nanoId: String, $input: CreateQuoteSignatureInput!) { createQuoteSignature(nanoId: $nanoId, input: $input) { status } }",
      {
        nanoId: published.data!.publishQuote.nanoId,
        input: { name: "Pieter Post", signatureKind: "TYPED", signature: "Pieter Post", selection: [], consent: true },
      },
    );
    expect(signed.errors, server.output()).toBeUndefined();
    const marked = await server.client.gql("mutation ($id: ID!) { updateQuoteToSigned(id: $id) { status } }", { id: quote.id }, owner.headers());
    expect(marked.errors, server.output()).toBeUndefined();

    for (let i = 0; i < 150 && stub.state.messages.length === 0; i++) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(
      stub.state.clients.map((c) => c.name),
      server.output(),
    ).toEqual(["Post & Zonen"]);
    expect(stub.state.projects.map((p) => p.name)).toEqual([`${quote.quoteNumber} — Nieuwe winkel`]);
    expect(stub.state.estimates).toHaveLength(1);
    expect(stub.state.estimates[0]).toMatchObject({ state: "accepted", amount: 1000 });
    expect(stub.state.estimates[0].line_items.map((li) => [li.description, li.quantity, li.unit_price])).toEqual([["Ontwerp", 8, 125]]);
    await server.stop();
    server = undefined;
  }, 120_000);
});
