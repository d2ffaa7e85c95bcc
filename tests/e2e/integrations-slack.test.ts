import type { BrowserContext } from "playwright-core";
import { afterAll, describe, expect, it } from "vitest";
import { newContext } from "../support/browser";
import { axeViolations, e2eSuite, newPhoneContext, open, scrollWidth, seedPublishedQuote, toastWithText, watchErrors } from "../support/e2e";
import { type SlackStub, startSlackStub } from "../support/slack-stub";

/**
 * Settings → Integrations → Slack in a browser (issue 24, decision 054), against the Slack stub:
 * "Add to Slack" goes through the stub's consent screen and back to our callback; a quote signed
 * (by the customer on its link, marked signed by the owner) produces one message in the channel,
 * in the account's language, and the card lists the delivery. English on a desktop, Dutch on a
 * 375 px phone.
 */
let slack: SlackStub;
const e2e = e2eSuite({
  env: async () => {
    slack = await startSlackStub();
    return { WEBHOOK_ALLOW_PRIVATE: "true", SLACK_CLIENT_ID: slack.clientId, SLACK_CLIENT_SECRET: slack.clientSecret, SLACK_API_URL: slack.url };
  },
});
afterAll(async () => {
  await slack?.close();
});

type Seeded = Awaited<ReturnType<typeof seedPublishedQuote>>;

async function signAndMark(seeded: Seeded, signer: string) {
  const publicGql = async (query: string, variables: Record<string, unknown>) => {
    const response = await fetch(`${e2e.server.url}/graphql`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-graphql-csrf": "1" },
      body: JSON.stringify({ query, variables }),
    });
    const body = (await response.json()) as { errors?: unknown };
    if (body.errors) throw new Error(JSON.stringify(body.errors));
  };
  await publicGql("mutation ($n: String, $i: CreateQuoteSignatureInput!) { createQuoteSignature(nanoId: $n, input: $i) { status } }", {
    n: seeded.quote.nanoId,
    i: { name: signer, signatureKind: "TYPED", signature: signer, selection: [], consent: true },
  });
  await seeded.gql("mutation ($id: ID!) { updateQuoteToSigned(id: $id) { id } }", { id: seeded.quote.id }, seeded.account);
}

async function connectFromSettings(
  context: BrowserContext,
  seeded: Seeded,
  prefix: string,
  channel: string,
  texts: { add: string; connected: string; delivered: string },
) {
  await context.addCookies([{ name: seeded.cookie.name, value: seeded.cookie.value, url: e2e.server.url, httpOnly: true, sameSite: "Lax" }]);
  const page = await context.newPage();
  const errors = watchErrors(page);
  await open(page, `${prefix}/app/settings/integrations`);
  const card = page.getByTestId("integration-card-slack");
  await card.waitFor();
  await page.getByTestId("integration-card-zapier").waitFor();
  slack.nextChannel(channel);
  // Keyboard: the button is reachable and pressed with Enter.
  const add = card.getByRole("button", { name: texts.add });
  await add.focus();
  await page.keyboard.press("Enter");
  await page.waitForURL((url) => url.pathname === `${prefix}/app/settings/integrations` && url.searchParams.get("slack") === "connected");
  await card.getByTestId("slack-callback-connected").waitFor();
  await card
    .getByTestId("integration-connection-label")
    .filter({ hasText: `${texts.connected} ${channel}` })
    .waitFor();
  return { page, card, errors };
}

describe("Slack from Settings → Integrations", () => {
  it("English, desktop: Add to Slack, a signed quote's message arrives in the channel and is listed", async () => {
    const seeded = await seedPublishedQuote(e2e.server, { language: "ENG", company: "Studio East" });
    const context = await newContext(e2e.browser, { baseURL: e2e.server.url });
    const { page, card, errors } = await connectFromSettings(context, seeded, "", "#sales", {
      add: "Add to Slack",
      connected: "Connected as",
      delivered: "Delivered",
    });
    expect(await axeViolations(page)).toEqual([]);
    await e2e.shot(page, "integrations-slack-en");
    const before = slack.posts.length;
    await signAndMark(seeded, "Anna Customer");
    // "Customer signed" when the customer signs, then "was signed" when the owner marks it.
    await expect.poll(() => slack.posts.length, { timeout: 20_000 }).toBe(before + 2);
    expect(slack.posts.slice(before).some((p) => (p.body.text ?? "").startsWith("Anna Customer signed quote"))).toBe(true);
    const message = slack.posts.slice(before).find((p) => (p.body.text ?? "").includes("was signed"))!;
    expect(message.channel).toBe("#sales");
    expect(message.body.text).toContain("was signed");
    expect(JSON.stringify(message.body)).toContain("Signed by Anna Customer");
    await expect
      .poll(
        async () => {
          await card.getByTestId("integration-deliveries-refresh").click();
          return card.getByTestId("integration-delivery").filter({ hasText: "Delivered (200)" }).count();
        },
        { timeout: 20_000 },
      )
      .toBe(2);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("Dutch, 375 px phone: Toevoegen aan Slack, a Dutch message for a Dutch account, no sideways scroll; disconnect asks first", async () => {
    const seeded = await seedPublishedQuote(e2e.server, { language: "NL", company: "Studio Noord" });
    await seeded.gql('mutation { updateAccount(input: { name: "Studio Noord", country: "NL", currency: "EUR", language: "NL" }) { id } }', {}, seeded.account);
    const context = await newPhoneContext(e2e.browser, e2e.server.url, "nl-NL");
    const { page, card, errors } = await connectFromSettings(context, seeded, "/nl", "#verkoop", {
      add: "Toevoegen aan Slack",
      connected: "Gekoppeld als",
      delivered: "Afgeleverd",
    });
    expect(await scrollWidth(page)).toBeLessThanOrEqual(375);
    expect(await axeViolations(page)).toEqual([]);
    await e2e.shot(page, "integrations-slack-nl-375");
    const before = slack.posts.length;
    await signAndMark(seeded, "Daan de Vries");
    await expect.poll(() => slack.posts.length, { timeout: 20_000 }).toBe(before + 2);
    expect(slack.posts.slice(before).some((p) => (p.body.text ?? "").startsWith("Daan de Vries heeft offerte"))).toBe(true);
    const message = slack.posts.slice(before).find((p) => (p.body.text ?? "").includes("is ondertekend"))!;
    expect(message.channel).toBe("#verkoop");
    expect(message.body.text).toContain("is ondertekend");
    expect(JSON.stringify(message.body)).toContain("Openen in Offerly");
    await expect
      .poll(
        async () => {
          await card.getByTestId("integration-deliveries-refresh").click();
          return card.getByTestId("integration-delivery").filter({ hasText: "Afgeleverd (200)" }).count();
        },
        { timeout: 20_000 },
      )
      .toBe(2);
    expect(await scrollWidth(page)).toBeLessThanOrEqual(375);
    // Disconnecting asks first.
    await card.getByTestId("integration-disconnect").click();
    const dialog = page.getByRole("dialog", { name: "#verkoop ontkoppelen?" });
    await dialog.waitFor();
    await dialog.getByRole("button", { name: "Ontkoppelen" }).click();
    await toastWithText(page, "Ontkoppeld.");
    await expect.poll(() => card.getByTestId("integration-connection").count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});
