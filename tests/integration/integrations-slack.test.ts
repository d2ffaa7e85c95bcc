import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { accounts, jobs, webhookEndpoints } from "../../src/server/db/schema";
import { type TestApp, createTestApp } from "../support/app";
import { type SignedInAs, signIn } from "../support/auth";
import { outboxFiles, readMail } from "../support/mail";
import { addBlocks, createCustomer, createQuote, transition } from "../support/quotes";
import { type SlackStub, startSlackStub } from "../support/slack-stub";
import { runJobs } from "../support/team";

/**
 * Slack (issue 24, decision 054) through GraphQL and the OAuth callback against a real database,
 * with Slack played by tests/support/slack-stub.ts (oauth.v2.access and incoming webhooks as Slack
 * publishes them, Block Kit checked).
 */
let t: TestApp;
let slack: SlackStub;

beforeAll(async () => {
  slack = await startSlackStub();
  t = await createTestApp({
    env: { WEBHOOK_ALLOW_PRIVATE: "true", SLACK_CLIENT_ID: slack.clientId, SLACK_CLIENT_SECRET: slack.clientSecret, SLACK_API_URL: slack.url },
  });
});
afterEach(async () => {
  await t.db.delete(jobs).where(eq(jobs.name, "deliver-webhook"));
});
afterAll(async () => {
  await t?.close();
  await slack?.close();
});

type Errors = { errors?: { message: string; extensions?: Record<string, unknown> }[] };
const code = (result: Errors) => result.errors?.[0]?.extensions?.code;
type Connection = {
  id: string;
  kind: string;
  label: string;
  detail: string | null;
  url: string;
  eventTypes: string[];
  enabled: boolean;
  disabledReason: string | null;
  deliveriesPaused: boolean;
  recentDeliveries: { eventType: string; status: string; statusCode: number | null }[];
};
const FIELDS = "id kind label detail url eventTypes enabled disabledReason deliveriesPaused recentDeliveries { eventType status statusCode }";
const LIST = `query ($kind: IntegrationKind) { integrations(kind: $kind) { ${FIELDS} } }`;
const START = "mutation { startSlackOAuth }";
const PASTE = `mutation ($input: SlackWebhookInput!) { connectSlackWebhook(input: $input) { ${FIELDS} } }`;
const DISCONNECT = "mutation ($id: ID!) { disconnectIntegration(id: $id) }";
const ENABLE = `mutation ($id: ID!, $enabled: Boolean!) { setIntegrationEnabled(id: $id, enabled: $enabled) { ${FIELDS} } }`;
const EVENTS = `mutation ($id: ID!, $eventTypes: [String!]!) { updateIntegrationEvents(id: $id, eventTypes: $eventTypes) { ${FIELDS} } }`;
const SIGN = "mutation ($nanoId: String, $input: CreateQuoteSignatureInput!) { createQuoteSignature(nanoId: $nanoId, input: $input) { status } }";
const MARK_SIGNED = "mutation ($id: ID!) { updateQuoteToSigned(id: $id) { status } }";

async function list(user: SignedInAs, kind: string | null = "slack") {
  const result = await t.gql<{ integrations: Connection[] }>(LIST, { kind }, user.headers());
  if (result.errors) throw new Error(JSON.stringify(result.errors));
  return result.data!.integrations;
}

async function paste(user: SignedInAs, channel: string, eventTypes?: string[]) {
  const hook = slack.createHook(channel);
  const result = await t.gql<{ connectSlackWebhook: Connection }>(PASTE, { input: { url: hook, channel, eventTypes } }, user.headers());
  if (result.errors) throw new Error(JSON.stringify(result.errors));
  return { hook, connection: result.data!.connectSlackWebhook };
}

/** "Add to Slack" as the browser does it: our mutation, Slack's consent screen, our callback with the session cookie. */
async function addToSlack(user: SignedInAs, channel: string) {
  const started = await t.gql<{ startSlackOAuth: string }>(START, {}, user.headers());
  if (started.errors) throw new Error(JSON.stringify(started.errors));
  const authorize = new URL(started.data!.startSlackOAuth);
  expect(authorize.origin).toBe(slack.url);
  expect(authorize.searchParams.get("scope")).toBe("incoming-webhook");
  slack.nextChannel(channel);
  const consent = await fetch(authorize, { redirect: "manual" });
  const callback = new URL(consent.headers.get("location")!);
  expect(callback.pathname).toBe("/api/integrations/slack/callback");
  const back = await t.fetch(`${callback.pathname}${callback.search}`, { headers: { cookie: user.cookie } });
  return { back, callback, location: back.headers.get("location") ?? "" };
}

async function signQuote(owner: SignedInAs, options: { name: string; signer: string }) {
  const customer = await createCustomer(t, owner, { name: "Bakkerij Jansen", email: "jansen@example.test" });
  const quote = await createQuote(t, owner, customer.id, { name: options.name });
  await addBlocks(t, quote.id);
  expect((await transition(t, owner, "publishQuote", quote.id)).errors).toBeUndefined();
  const signed = await t.gql(SIGN, {
    nanoId: quote.nanoId,
    input: { name: options.signer, signatureKind: "TYPED", signature: options.signer, selection: [], consent: true },
  });
  expect(signed.errors).toBeUndefined();
  const marked = await t.gql<{ updateQuoteToSigned: { status: string } }>(MARK_SIGNED, { id: quote.id }, owner.headers());
  expect(marked.data?.updateQuoteToSigned.status).toBe("SIGNED");
  return quote;
}

const setAccount = (accountId: string, values: Partial<typeof accounts.$inferInsert>) => t.db.update(accounts).set(values).where(eq(accounts.id, accountId));

describe("connecting Slack", () => {
  it("Add to Slack: OAuth v2 with the incoming-webhook scope; the channel Slack returns is stored, its URL encrypted", async () => {
    const owner = await signIn(t, "owner");
    const { back, location } = await addToSlack(owner, "#sales");
    expect(back.status).toBe(302);
    expect(location).toBe("/app/settings/integrations?slack=connected&channel=%23sales");
    const [channel] = await list(owner);
    expect(channel).toMatchObject({ kind: "slack", label: "#sales", detail: "Stub Workspace", enabled: true, disabledReason: null });
    expect(channel.eventTypes.sort()).toEqual(["quote.declined", "quote.question_asked", "quote.signature_added", "quote.signed", "quote.viewed"]);
    // The URL is a credential: shown without its secret part, stored encrypted.
    const [row] = await t.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, channel.id));
    expect(row.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/services\/T0STUB\/B[0-9A-F]+\/•••$/);
    expect(row.secretEncrypted).not.toContain("/services/");
    expect(row.config).toMatchObject({ channel: "#sales", team: "Stub Workspace", source: "oauth" });
  });

  it("the callback refuses a replayed code, another user's state, a forged state and a refusal at Slack", async () => {
    const owner = await signIn(t, "owner", { company: "Replay Co" });
    const { callback } = await addToSlack(owner, "#once");
    // The same code again: Slack answers invalid_code (single use); nothing more is stored.
    const again = await t.fetch(`${callback.pathname}${callback.search}`, { headers: { cookie: owner.cookie } });
    expect(again.headers.get("location")).toBe("/app/settings/integrations?slack=error&reason=failed&error=invalid_code");
    expect(slack.exchanges.at(-1)).toMatchObject({ ok: false, error: "invalid_code" });
    // Another signed-in person cannot complete someone else's state.
    const other = await signIn(t, "owner");
    const started = await t.gql<{ startSlackOAuth: string }>(START, {}, owner.headers());
    const consent = await fetch(new URL(started.data!.startSlackOAuth), { redirect: "manual" });
    const stolen = new URL(consent.headers.get("location")!);
    const refused = await t.fetch(`${stolen.pathname}${stolen.search}`, { headers: { cookie: other.cookie } });
    expect(refused.headers.get("location")).toBe("/app/settings/integrations?slack=error&reason=state");
    // A forged state.
    const forged = new URL(stolen);
    forged.searchParams.set(
      "state",
      `${Buffer.from(JSON.stringify({ accountId: other.accountId, userId: other.userId, locale: "en", expiresAt: Date.now() + 60_000, nonce: "x" })).toString("base64url")}.AAAA`,
    );
    const forgedBack = await t.fetch(`${forged.pathname}${forged.search}`, { headers: { cookie: other.cookie } });
    expect(forgedBack.headers.get("location")).toBe("/app/settings/integrations?slack=error&reason=state");
    // The person said no at Slack.
    slack.denyNext();
    const denied = await t.gql<{ startSlackOAuth: string }>(START, {}, owner.headers());
    const deniedConsent = await fetch(new URL(denied.data!.startSlackOAuth), { redirect: "manual" });
    const deniedBack = new URL(deniedConsent.headers.get("location")!);
    expect(deniedBack.searchParams.get("error")).toBe("access_denied");
    const deniedAnswer = await t.fetch(`${deniedBack.pathname}${deniedBack.search}`, { headers: { cookie: owner.cookie } });
    expect(deniedAnswer.headers.get("location")).toBe("/app/settings/integrations?slack=error&reason=denied");
    expect((await list(owner)).map((c) => c.label)).toEqual(["#once"]);
    expect(await list(other)).toEqual([]);
  });

  it("a pasted incoming-webhook URL: several channels per account; only Slack's hooks address (or the configured stub) is accepted", async () => {
    const owner = await signIn(t, "owner");
    await paste(owner, "#ops", ["quote.signed"]);
    await paste(owner, "#sales");
    expect((await list(owner)).map((c) => c.label)).toEqual(["#ops", "#sales"]);
    for (const url of ["https://example.com/services/T1/B1/x", "not a url", "https://hooks.slack.com.evil.test/services/T1/B1/x"]) {
      const refused = await t.gql(PASTE, { input: { url } }, owner.headers());
      expect(code(refused), url).toBe("BAD_USER_INPUT");
    }
    const unknownEvent = await t.gql(PASTE, { input: { url: slack.createHook("#x"), eventTypes: ["customer.updated"] } }, owner.headers());
    expect(code(unknownEvent)).toBe("BAD_USER_INPUT");
    expect(unknownEvent.errors?.[0].message).toBe("That event cannot be sent to Slack.");
    // Without WEBHOOK_ALLOW_PRIVATE (production), the stub's address is refused; Slack's own is accepted.
    const strict = await createTestApp({ database: t.database, env: { SLACK_API_URL: slack.url } });
    try {
      const refused = await strict.gql(PASTE, { input: { url: slack.createHook("#strict") } }, owner.headers());
      expect(code(refused)).toBe("BAD_USER_INPUT");
      expect(refused.errors?.[0].message).toMatch(/hooks\.slack\.com/);
      const accepted = await strict.gql<{ connectSlackWebhook: Connection }>(
        PASTE,
        { input: { url: "https://hooks.slack.com/services/T000/B000/XXXXXXXXXXXXXXXX", channel: "#real" } },
        owner.headers(),
      );
      expect(accepted.errors).toBeUndefined();
      expect(accepted.data?.connectSlackWebhook.url).toBe("https://hooks.slack.com/services/T000/B000/•••");
      // No Slack app on that server: "Add to Slack" is refused with the reason.
      expect(code(await strict.gql(START, {}, owner.headers()))).toBe("FORBIDDEN");
      const info = await strict.gql<{ slackIntegration: { addToSlack: boolean } }>("{ slackIntegration { addToSlack } }", {}, owner.headers());
      expect(info.data?.slackIntegration.addToSlack).toBe(false);
    } finally {
      await strict.close();
    }
  });
});

describe("who may", () => {
  it("a Starter account sees its connections but cannot connect or switch one on (PLAN_REQUIRED, integrations)", async () => {
    const owner = await signIn(t, "owner");
    const { connection } = await paste(owner, "#kept");
    await setAccount(owner.accountId, { subscriptionPlan: "STARTER", subscriptionInterval: "MONTHLY", expiredAt: new Date(Date.now() + 30 * 86_400_000) });
    const refused = await t.gql(PASTE, { input: { url: slack.createHook("#new") } }, owner.headers());
    expect(code(refused)).toBe("FORBIDDEN");
    expect(refused.errors?.[0].extensions).toMatchObject({ reason: "PLAN_REQUIRED", feature: "integrations", plan: "BASIC" });
    expect(code(await t.gql(START, {}, owner.headers()))).toBe("FORBIDDEN");
    expect(code(await t.gql(ENABLE, { id: connection.id, enabled: true }, owner.headers()))).toBe("FORBIDDEN");
    expect(code(await t.gql(EVENTS, { id: connection.id, eventTypes: ["quote.signed"] }, owner.headers()))).toBe("FORBIDDEN");
    expect(await list(owner)).toEqual([expect.objectContaining({ id: connection.id, deliveriesPaused: true })]);
    // Disconnecting still works.
    expect((await t.gql(DISCONNECT, { id: connection.id }, owner.headers())).errors).toBeUndefined();
    expect(await list(owner)).toEqual([]);
  });

  it("a member is refused every operation; an admin may", async () => {
    const owner = await signIn(t, "owner");
    const { connection } = await paste(owner, "#team");
    const member = await signIn(t, "member", { account: owner });
    for (const [query, variables] of [
      [LIST, { kind: "slack" }],
      [START, {}],
      [PASTE, { input: { url: slack.createHook("#m") } }],
      [DISCONNECT, { id: connection.id }],
      [ENABLE, { id: connection.id, enabled: false }],
      [EVENTS, { id: connection.id, eventTypes: ["quote.signed"] }],
    ] as const) {
      expect(code(await t.gql(query, variables, member.headers())), query).toBe("FORBIDDEN");
    }
    const admin = await signIn(t, "admin", { account: owner });
    expect((await list(admin)).map((c) => c.id)).toEqual([connection.id]);
  });

  it("another account cannot see, change or disconnect a connection (NOT_FOUND, nothing changes)", async () => {
    const victim = await signIn(t, "owner");
    const attacker = await signIn(t, "owner");
    const { connection } = await paste(victim, "#private");
    expect(await list(attacker, null)).toEqual([]);
    for (const [query, variables] of [
      [DISCONNECT, { id: connection.id }],
      [ENABLE, { id: connection.id, enabled: false }],
      [EVENTS, { id: connection.id, eventTypes: ["quote.expired"] }],
    ] as const) {
      expect(code(await t.gql(query, variables, attacker.headers())), query).toBe("NOT_FOUND");
    }
    expect(await list(victim)).toEqual([expect.objectContaining({ id: connection.id, enabled: true, eventTypes: connection.eventTypes })]);
  });

  it("the Developers screen's GraphQL never lists Slack channels, nor can it delete one", async () => {
    const owner = await signIn(t, "owner");
    const { connection } = await paste(owner, "#hidden");
    const developers = await t.gql<{ webhookEndpoints: unknown[] }>("{ webhookEndpoints { id } }", {}, owner.headers());
    expect(developers.data?.webhookEndpoints).toEqual([]);
    expect(code(await t.gql("mutation ($id: ID!) { deleteWebhookEndpoint(id: $id) }", { id: connection.id }, owner.headers()))).toBe("NOT_FOUND");
    expect(await list(owner)).toHaveLength(1);
  });
});

describe("messages", () => {
  it("a Block Kit message when the customer signs and one when the quote is signed, in Dutch for a Dutch account, with the totals, signer and a button into the app", async () => {
    const owner = await signIn(t, "owner", { company: "Studio Noord" });
    await setAccount(owner.accountId, { language: "NL" });
    const { hook, connection } = await paste(owner, "#verkoop");
    const before = slack.posts.length;
    const quote = await signQuote(owner, { name: "Nieuwe website", signer: "Daan de Vries" });
    await runJobs(t);
    const posts = slack.posts.slice(before).filter((p) => p.hook === new URL(hook).pathname);
    // The customer's signature (when it comes) and the owner's "Mark as signed"; publishing is not
    // one of this channel's events.
    expect(posts.map((p) => p.body.text).sort()).toEqual([
      `Daan de Vries heeft offerte ${quote.quoteNumber} ondertekend: ${quote.quoteNumber} — Nieuwe website`,
      `Offerte ${quote.quoteNumber} is ondertekend: ${quote.quoteNumber} — Nieuwe website`,
    ]);
    const customerSigned = JSON.stringify(posts.find((p) => (p.body.text ?? "").startsWith("Daan de Vries"))!.body);
    expect(customerSigned).toContain("Ondertekend door Daan de Vries");
    expect(customerSigned).toContain("Bakkerij Jansen");
    const message = posts.find((p) => (p.body.text ?? "").startsWith("Offerte"))!.body;
    const all = JSON.stringify(message);
    expect(message.text).toContain("is ondertekend");
    expect(all).toContain("Nieuwe website");
    expect(all).toContain("Bakkerij Jansen");
    expect(all).toContain("Ondertekend door Daan de Vries");
    expect(all).toContain("Eenmalig");
    expect(all).toContain("excl. btw");
    const actions = message.blocks?.find((b) => b.type === "actions");
    expect(actions?.elements?.[0]).toMatchObject({
      type: "button",
      text: { type: "plain_text", text: "Openen in Offerly" },
      url: `http://offerly.test/nl/app/quotes/mutate/${quote.id}`,
    });
    expect(all).not.toContain("/quote/"); // never the customer's link
    const [listed] = await list(owner);
    expect(listed.recentDeliveries.map((d) => [d.eventType, d.status, d.statusCode]).sort()).toEqual([
      ["quote.signature_added", "SUCCEEDED", 200],
      ["quote.signed", "SUCCEEDED", 200],
    ]);
    expect(listed.id).toBe(connection.id);
  }, 60_000);

  it('the account\'s own signature is not posted as "Customer signed" (the delivery says why)', async () => {
    const owner = await signIn(t, "owner", { company: "Own Hand" });
    const { hook } = await paste(owner, "#own", ["quote.signature_added"]);
    const customer = await createCustomer(t, owner, { name: "Somebody" });
    const quote = await createQuote(t, owner, customer.id, { name: "Countersigned" });
    await addBlocks(t, quote.id);
    expect((await transition(t, owner, "publishQuote", quote.id)).errors).toBeUndefined();
    const own = await t.gql(
      "mutation ($q: ID, $input: CreateQuoteSignatureInput!) { createQuoteSignature(quoteId: $q, input: $input) { status } }",
      { q: quote.id, input: { name: "Olga Owner", signatureKind: "TYPED", signature: "Olga Owner", signedAt: new Date().toISOString().slice(0, 10) } },
      owner.headers(),
    );
    expect(own.errors).toBeUndefined();
    await runJobs(t);
    expect(slack.posts.filter((p) => p.hook === new URL(hook).pathname)).toHaveLength(0);
    const [listed] = await list(owner);
    expect(listed.recentDeliveries).toEqual([expect.objectContaining({ eventType: "quote.signature_added", statusCode: 204 })]);
  });

  it("about one message per second per channel", async () => {
    const owner = await signIn(t, "owner");
    const { hook } = await paste(owner, "#busy", ["quote.published"]);
    const customer = await createCustomer(t, owner, { name: "Burst" });
    for (const name of ["One", "Two", "Three"]) {
      const quote = await createQuote(t, owner, customer.id, { name });
      await addBlocks(t, quote.id);
      expect((await transition(t, owner, "publishQuote", quote.id)).errors).toBeUndefined();
    }
    await runJobs(t);
    const times = slack.posts.filter((p) => p.hook === new URL(hook).pathname).map((p) => p.at);
    expect(times).toHaveLength(3);
    times.sort((a, b) => a - b);
    // The slots are a second apart when claimed; arrival adds each post's own delay, which a loaded
    // machine makes uneven (a gap of under 900 ms was seen at a load of 11). Without the limit the
    // three arrive within a few milliseconds of each other.
    expect(times[1] - times[0]).toBeGreaterThanOrEqual(500);
    expect(times[2] - times[1]).toBeGreaterThanOrEqual(500);
    expect(times[2] - times[0]).toBeGreaterThanOrEqual(1_500);
  }, 60_000);

  it("429 from Slack: the attempt waits for Retry-After, then the message goes", async () => {
    const owner = await signIn(t, "owner");
    const { hook, connection } = await paste(owner, "#slow", ["quote.published"]);
    slack.rateLimit(hook, 1, 7);
    const customer = await createCustomer(t, owner, { name: "Slow" });
    const quote = await createQuote(t, owner, customer.id, { name: "Limited" });
    await addBlocks(t, quote.id);
    expect((await transition(t, owner, "publishQuote", quote.id)).errors).toBeUndefined();
    const asked = Date.now();
    await runJobs(t);
    expect((await list(owner))[0].recentDeliveries).toEqual([expect.objectContaining({ status: "FAILED", statusCode: 429 })]);
    const [queued] = await t.db.select().from(jobs).where(eq(jobs.name, "deliver-webhook"));
    expect(queued.status).toBe("queued");
    expect(queued.runAt.getTime() - asked).toBeGreaterThanOrEqual(6000);
    await t.db.update(jobs).set({ runAt: new Date() }).where(eq(jobs.id, queued.id));
    await runJobs(t);
    const [listed] = await list(owner);
    expect(listed.id).toBe(connection.id);
    expect(listed.recentDeliveries.map((d) => [d.status, d.statusCode])).toEqual([
      ["SUCCEEDED", 200],
      ["FAILED", 429],
    ]);
    expect(slack.posts.filter((p) => p.hook === new URL(hook).pathname)).toHaveLength(1);
  }, 60_000);

  it("a revoked app (404 no_service) or an archived channel (410) disables the channel (REVOKED) and mails the owners once", async () => {
    const owner = await signIn(t, "owner", { email: `slack-owner-${Date.now()}@example.test`, name: "Olga" });
    const revoked = await paste(owner, "#gone", ["quote.published"]);
    const archived = await paste(owner, "#archived", ["quote.published"]);
    slack.revoke(revoked.hook);
    slack.archive(archived.hook);
    const mailsBefore = outboxFiles(t.dataDir).length;
    const customer = await createCustomer(t, owner, { name: "Gone" });
    const quote = await createQuote(t, owner, customer.id, { name: "Revoked" });
    await addBlocks(t, quote.id);
    expect((await transition(t, owner, "publishQuote", quote.id)).errors).toBeUndefined();
    await runJobs(t);
    const byLabel = Object.fromEntries((await list(owner)).map((c) => [c.label, c]));
    expect(byLabel["#gone"]).toMatchObject({ enabled: false, disabledReason: "REVOKED" });
    expect(byLabel["#gone"].recentDeliveries[0]).toMatchObject({ status: "FAILED", statusCode: 404 });
    expect(byLabel["#archived"]).toMatchObject({ enabled: false, disabledReason: "REVOKED" });
    expect(byLabel["#archived"].recentDeliveries[0]).toMatchObject({ status: "FAILED", statusCode: 410 });
    const mails = outboxFiles(t.dataDir).slice(mailsBefore).map(readMail);
    expect(mails).toHaveLength(2);
    expect(mails.every((m) => m.subject.startsWith("Slack disconnected"))).toBe(true);
    expect(mails[0].decoded).toContain("/app/settings/integrations");
    // Nothing more is sent to a disabled channel; switching it on again clears the reason.
    const again = await t.gql<{ setIntegrationEnabled: Connection }>(ENABLE, { id: byLabel["#gone"].id, enabled: true }, owner.headers());
    expect(again.data?.setIntegrationEnabled).toMatchObject({ enabled: true, disabledReason: null });
  }, 60_000);
});
