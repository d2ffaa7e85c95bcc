import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedPublishedQuote } from "../support/e2e";
import { type ProductionServer, startProductionServer } from "../support/production";
import { type SlackStub, startSlackStub } from "../support/slack-stub";

/**
 * Slack on the production build (build/server/main.js): "Add to Slack" through the stub's consent
 * screen and our callback, then a quote signed on its public link and marked signed produces one
 * Block Kit message in the channel, sent by the server's own job worker, in the account's language.
 */
let slack: SlackStub;
let server: ProductionServer | undefined;

beforeAll(async () => {
  slack = await startSlackStub();
});
afterAll(async () => {
  await server?.stop();
  await slack?.close();
});

describe("Slack on the production build", () => {
  it("connects with Add to Slack and posts a message when the customer signs and one when the quote is signed", async () => {
    server = await startProductionServer({
      WEBHOOK_ALLOW_PRIVATE: "true",
      SLACK_CLIENT_ID: slack.clientId,
      SLACK_CLIENT_SECRET: slack.clientSecret,
      SLACK_API_URL: slack.url,
    });
    const seeded = await seedPublishedQuote(server, { language: "ENG", company: "Production Studio" });
    const cookie = `${seeded.cookie.name}=${seeded.cookie.value}`;
    const { startSlackOAuth } = await seeded.gql<{ startSlackOAuth: string }>("mutation { startSlackOAuth }", {}, seeded.account);
    slack.nextChannel("#deals");
    const consent = await fetch(startSlackOAuth, { redirect: "manual" });
    expect(consent.status).toBe(302);
    const callback = new URL(consent.headers.get("location")!);
    expect(callback.origin).toBe(server.url);
    const back = await server.client.fetch(`${callback.pathname}${callback.search}`, { headers: { cookie } });
    expect(back.status, server.output()).toBe(302);
    expect(back.headers.get("location")).toBe("/app/settings/integrations?slack=connected&channel=%23deals");
    const { integrations } = await seeded.gql<{ integrations: { label: string; enabled: boolean }[] }>(
      "{ integrations(kind: slack) { label enabled } }",
      {},
      seeded.account,
    );
    expect(integrations).toEqual([{ label: "#deals", enabled: true }]);

    const signed = await fetch(`${server.url}/graphql`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-graphql-csrf": "1" },
      body: JSON.stringify({
        query: "mutation ($n: String, $i: CreateQuoteSignatureInput!) { createQuoteSignature(nanoId: $n, input: $i) { status } }",
        variables: { n: seeded.quote.nanoId, i: { name: "Pat Customer", signatureKind: "TYPED", signature: "Pat Customer", selection: [], consent: true } },
      }),
    });
    expect(((await signed.json()) as { errors?: unknown }).errors).toBeUndefined();
    await seeded.gql("mutation ($id: ID!) { updateQuoteToSigned(id: $id) { id } }", { id: seeded.quote.id }, seeded.account);
    expect(await slack.waitForPosts(2, 20_000), server.output()).toBe(true);
    // The customer's signature and the owner's mark are among the channel's default events of what
    // happened here (publishing is not).
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(slack.posts).toHaveLength(2);
    const customerSigned = slack.posts.find((p) => (p.body.text ?? "").startsWith("Pat Customer signed quote"));
    expect(customerSigned?.channel).toBe("#deals");
    const post = slack.posts.find((p) => (p.body.text ?? "").includes("was signed"))!;
    expect(post.channel).toBe("#deals");
    expect(post.body.text).toContain("was signed");
    const all = JSON.stringify(post.body);
    expect(all).toContain("Signed by Pat Customer");
    expect(all).toContain(`${server.url}/app/quotes/mutate/${seeded.quote.id}`);
  });
});
