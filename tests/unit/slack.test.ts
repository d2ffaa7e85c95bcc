import { describe, expect, it } from "vitest";
import { isSlackHooksUrl } from "../../src/shared/integrations";
import { blockKitProblem } from "../support/slack-stub";
import { buildSlackMessage, escapeMrkdwn } from "../../src/server/modules/integrations/slack/slack.message";
import { SLACK_STATE_TTL_MS, signSlackState, verifySlackState } from "../../src/server/modules/integrations/slack/slack.oauth";
import { displaySlackUrl, isAllowedSlackWebhookUrl } from "../../src/server/modules/integrations/slack/slack.urls";

const key = Buffer.alloc(32, 7);
const totals = (oneOff: string, recurring: { interval: string; totalExclVat: string }[] = []) => ({
  currency: "EUR",
  oneOff: { totalExclVat: oneOff, vatTotal: "0.00", totalInclVat: oneOff },
  recurring: recurring.map((r) => ({ ...r, vatTotal: "0.00", totalInclVat: r.totalExclVat })),
});
const quote = {
  id: "0b6f1f0e-0000-4000-8000-000000000001",
  number: "2026-0007",
  name: "<!channel> & friends",
  signedAt: "2026-03-02T09:30:00.000Z",
  totals: totals("1000.00"),
  customer: { name: "Bakkerij Jansen", companyName: "Jansen BV" },
};

describe("the Slack message", () => {
  it("is valid Block Kit: headline, totals one-off and recurring apart, signer, a button into the app; user text escaped", () => {
    const message = buildSlackMessage(
      {
        type: "quote.signed",
        timestamp: "2026-03-02T09:30:01.000Z",
        data: { quote, selection: { totals: totals("1200.50", [{ interval: "MONTH", totalExclVat: "49.00" }]) } },
      },
      { locale: "en", timeZone: "Europe/Amsterdam", publicUrl: "https://app.example", signerName: "Daan de Vries" },
    );
    expect(blockKitProblem(message)).toBeNull();
    const all = JSON.stringify(message);
    expect(message.text).toContain("Quote 2026-0007 was signed");
    expect(all).toContain("&lt;!channel&gt; &amp; friends");
    expect(all).not.toContain("<!channel>");
    expect(all).toContain("€1,200.50 excl. VAT"); // the customer's selection, not the quote's own total
    expect(all).toContain("Per month");
    expect(all).toContain("€49.00 excl. VAT");
    expect(all).toContain("Signed by Daan de Vries on 2 Mar 2026, 10:30"); // the account's time zone
    const actions = message.blocks.find((b) => b.type === "actions");
    expect(actions).toMatchObject({ elements: [{ type: "button", url: `https://app.example/app/quotes/mutate/${quote.id}` }] });
  });

  it("a customer's signature: who signed and when in the headline and context, with their selection's totals (EN, NL)", () => {
    const body = {
      type: "quote.signature_added",
      timestamp: "2026-03-02T09:30:01.000Z",
      data: {
        quote: { ...quote, signedAt: null },
        signature: { kind: "CUSTOMER", name: "Daan de Vries", signedAt: "2026-03-02T09:30:00.000Z" },
        selection: { totals: totals("1200.50") },
      },
    };
    const english = buildSlackMessage(body, { locale: "en", timeZone: "Europe/Amsterdam", publicUrl: "https://app.example" });
    expect(blockKitProblem(english)).toBeNull();
    expect(english.text).toContain("Daan de Vries signed quote 2026-0007");
    expect(JSON.stringify(english)).toContain("Signed by Daan de Vries on 2 Mar 2026, 10:30");
    expect(JSON.stringify(english)).toContain("€1,200.50 excl. VAT");
    const dutch = buildSlackMessage(body, { locale: "nl", timeZone: "Europe/Amsterdam", publicUrl: "https://app.example" });
    expect(dutch.text).toContain("Daan de Vries heeft offerte 2026-0007 ondertekend");
    expect(JSON.stringify(dutch)).toContain("Ondertekend door Daan de Vries op 2 mrt 2026");
  });

  it("in Dutch: Dutch words, Dutch money, /nl/ link; a question and a decline reason get their own section", () => {
    const asked = buildSlackMessage(
      { type: "quote.question_asked", timestamp: "2026-03-02T09:30:01.000Z", data: { quote, question: { text: "Kan het in mei?" } } },
      { locale: "nl", timeZone: "Europe/Amsterdam", publicUrl: "https://app.example" },
    );
    expect(blockKitProblem(asked)).toBeNull();
    const all = JSON.stringify(asked);
    expect(asked.text).toContain("Een vraag over offerte 2026-0007");
    expect(all).toContain("Kan het in mei?");
    expect(all).toMatch(/€\s1\.000,00 excl\. btw/);
    expect(all).toContain("https://app.example/nl/app/quotes/mutate/");
    const declined = buildSlackMessage(
      { type: "quote.declined", timestamp: "2026-03-02T09:30:01.000Z", data: { quote: { ...quote, customer: null }, reason: "Te duur" } },
      { locale: "nl", timeZone: "Europe/Amsterdam", publicUrl: "https://app.example" },
    );
    expect(JSON.stringify(declined)).toContain("Te duur");
    expect(JSON.stringify(declined)).toContain("Geen klant");
  });

  it("a payment and a subscription say their own amount incl. VAT (and a new subscription its first charge), in the account's language", () => {
    const subscription = {
      id: "0b6f1f0e-0000-4000-8000-000000000002",
      status: "ACTIVE",
      interval: "MONTH" as const,
      amount: "30.25",
      currency: "EUR",
      startDate: "2026-04-02",
      nextPaymentDate: "2026-04-02",
      provider: "mollie",
      providerSubscriptionId: "sub_1",
      providerCustomerId: "cst_1",
    };
    const started = buildSlackMessage(
      { type: "quote.subscription.created", timestamp: "2026-03-02T09:30:01.000Z", data: { quote, subscription } },
      { locale: "nl", timeZone: "Europe/Amsterdam", publicUrl: "https://app.example" },
    );
    expect(blockKitProblem(started)).toBeNull();
    const startedText = JSON.stringify(started).replace(/\u00a0/g, " ");
    expect(started.text).toContain("Er is een abonnement gestart voor offerte 2026-0007");
    expect(startedText).toContain("*Abonnement*\\n€ 30,25 incl. btw per maand\\nEerste afschrijving op 2 apr 2026");
    const canceled = buildSlackMessage(
      {
        type: "quote.subscription.canceled",
        timestamp: "2026-05-02T09:30:01.000Z",
        data: { quote, subscription: { ...subscription, interval: "YEAR", amount: "363.00" } },
      },
      { locale: "en", timeZone: "Europe/Amsterdam", publicUrl: "https://app.example" },
    );
    expect(canceled.text).toContain("The subscription for quote 2026-0007 was canceled");
    expect(JSON.stringify(canceled)).toContain("*Subscription*\\n€363.00 incl. VAT per year");
    expect(JSON.stringify(canceled)).not.toContain("First charge");
    const failed = buildSlackMessage(
      { type: "quote.payment.failed", timestamp: "2026-03-02T09:30:01.000Z", data: { quote, payment: { amount: "428.34", currency: "EUR" } } },
      { locale: "en", timeZone: "Europe/Amsterdam", publicUrl: "https://app.example" },
    );
    expect(blockKitProblem(failed)).toBeNull();
    expect(failed.text).toContain("The payment for quote 2026-0007 failed");
    expect(JSON.stringify(failed)).toContain("*Payment*\\n€428.34 incl. VAT");
  });

  it("escapes Slack's control characters", () => {
    expect(escapeMrkdwn("<a> & <b>")).toBe("&lt;a&gt; &amp; &lt;b&gt;");
  });
});

describe("the OAuth state", () => {
  it("round-trips; a changed, foreign-key or expired state is refused", () => {
    const now = new Date("2026-03-02T10:00:00Z");
    const state = signSlackState(key, { accountId: "a", userId: "u", locale: "nl" }, now);
    expect(verifySlackState(key, state, now)).toMatchObject({ accountId: "a", userId: "u", locale: "nl" });
    const [body, mac] = state.split(".");
    const forged = `${Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(body, "base64url").toString()), accountId: "b" })).toString("base64url")}.${mac}`;
    expect(verifySlackState(key, forged, now)).toBeNull();
    expect(verifySlackState(Buffer.alloc(32, 8), state, now)).toBeNull();
    expect(verifySlackState(key, state, new Date(now.getTime() + SLACK_STATE_TTL_MS + 1))).toBeNull();
    expect(verifySlackState(key, "garbage", now)).toBeNull();
  });
});

describe("which webhook addresses", () => {
  const slack = { app: null, apiUrl: "http://127.0.0.1:4555" };
  it("accepts Slack's hooks address; the stub's only with WEBHOOK_ALLOW_PRIVATE", () => {
    expect(isSlackHooksUrl("https://hooks.slack.com/services/T0/B0/abc123")).toBe(true);
    for (const url of [
      "http://hooks.slack.com/services/T0/B0/abc",
      "https://hooks.slack.com:8443/services/T0/B0/abc",
      "https://hooks.slack.com.evil.test/services/T0/B0/abc",
      "https://hooks.slack.com/other/T0/B0/abc",
    ])
      expect(isSlackHooksUrl(url), url).toBe(false);
    const stub = "http://127.0.0.1:4555/services/T0/B0/abc";
    expect(isAllowedSlackWebhookUrl(stub, slack, { secretKey: null, keyFile: null, allowPrivate: true })).toBe(true);
    expect(isAllowedSlackWebhookUrl(stub, slack, { secretKey: null, keyFile: null, allowPrivate: false })).toBe(false);
    expect(isAllowedSlackWebhookUrl("http://127.0.0.1:9999/services/T0/B0/abc", slack, { secretKey: null, keyFile: null, allowPrivate: true })).toBe(false);
    expect(displaySlackUrl("https://hooks.slack.com/services/T0/B0/abc123")).toBe("https://hooks.slack.com/services/T0/B0/•••");
  });
});
