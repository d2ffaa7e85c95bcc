import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signUp } from "../support/auth";
import { type ProductionServer, startProductionServer } from "../support/production";

/**
 * The REST API and API keys on the production build (build/server/main.js, decision 043): a key
 * made over GraphQL, the OpenAPI document, GET /me, a customer and a draft quote made over REST, a
 * REST hook subscribed and removed, and the key used on /graphql without the Account header.
 */
let server: ProductionServer;
beforeAll(async () => {
  server = await startProductionServer();
});
afterAll(async () => {
  await server?.stop();
});

describe("REST API on the production build", () => {
  it("serves OpenAPI, answers with the key's account, creates a customer and a quote, subscribes a hook", async () => {
    const owner = await signUp(server.client, { company: "Studio Rest" });
    const created = await server.client.gql<{ createApiKey: { key: string } }>(
      "mutation ($input: CreateApiKeyInput!) { createApiKey(input: $input) { key } }",
      { input: { name: "Zapier", role: "ADMIN" } },
      owner.headers(),
    );
    expect(created.errors).toBeUndefined();
    const key = created.data!.createApiKey.key;
    const auth = { authorization: `Bearer ${key}` };
    const json = { ...auth, "content-type": "application/json" };

    const doc = await fetch(`${server.url}/api/v1/openapi.json`);
    expect(doc.status).toBe(200);
    const openapi = (await doc.json()) as { openapi: string; paths: Record<string, unknown> };
    expect(openapi.openapi).toBe("3.1.0");
    expect(Object.keys(openapi.paths).sort()).toEqual([
      "/customers",
      "/events",
      "/me",
      "/openapi.json",
      "/quotes",
      "/template-blocks",
      "/webhooks",
      "/webhooks/{id}",
    ]);

    const anonymous = await fetch(`${server.url}/api/v1/me`, { headers: { "accept-language": "nl" } });
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get("content-type")).toBe("application/problem+json");
    expect(((await anonymous.json()) as { title: string }).title).toBe("Niet aangemeld");

    const me = await fetch(`${server.url}/api/v1/me`, { headers: auth });
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ account: { id: owner.accountId, name: "Studio Rest" }, apiKey: { name: "Zapier", role: "ADMIN" } });

    const customer = await fetch(`${server.url}/api/v1/customers`, { method: "POST", headers: json, body: JSON.stringify({ name: "Prod Customer" }) });
    expect(customer.status).toBe(201);
    const customerId = ((await customer.json()) as { id: string }).id;
    const quote = await fetch(`${server.url}/api/v1/quotes`, { method: "POST", headers: json, body: JSON.stringify({ name: "Prod quote", customerId }) });
    expect(quote.status).toBe(201);
    expect(await quote.json()).toMatchObject({ name: "Prod quote", status: "DRAFT", customer: { id: customerId } });
    const list = await fetch(`${server.url}/api/v1/quotes?limit=5`, { headers: auth });
    expect(((await list.json()) as { items: { name: string }[] }).items.map((q) => q.name)).toEqual(["Prod quote"]);

    const hook = await fetch(`${server.url}/api/v1/webhooks`, {
      method: "POST",
      headers: json,
      body: JSON.stringify({ url: "https://hooks.example.com/offerly", eventTypes: ["quote.signed"] }),
    });
    expect(hook.status).toBe(201);
    const { id, secret } = (await hook.json()) as { id: string; secret: string };
    expect(secret).toMatch(/^whsec_/);
    expect((await fetch(`${server.url}/api/v1/webhooks/${id}`, { method: "DELETE", headers: auth })).status).toBe(204);

    // The same key on /graphql (the node:http path), without the Account header or a cookie.
    const graphql = await server.client.gql<{ customers: { items: { name: string }[] } }>("{ customers { items { name } } }", {}, auth);
    expect(graphql.data?.customers.items.map((c) => c.name)).toEqual(["Prod Customer"]);
  });
});
