import path from "node:path";
import { and, eq, sql } from "drizzle-orm";
import { Webhook } from "standardwebhooks";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { accounts, jobs, webhookDeliveries, webhookEndpoints } from "../../src/server/db/schema";
import { createFileStorage } from "../../src/server/files";
import { appJobs, createJobWorker } from "../../src/server/jobs";
import { deliverWebhookHandler } from "../../src/server/modules/webhooks/webhooks.job-handlers";
import { createLogger } from "../../src/server/logger";
import { createMailer } from "../../src/server/mail/mailer";
import { deleteAccount, exportAccountData } from "../../src/server/modules/account-data/account-data.service";
import { RETRY_SCHEDULE_MS, webhookLogRetentionJob } from "../../src/server/modules/webhooks/webhooks.jobs";
import { enqueue } from "../../src/server/jobs";
import { strFromU8, unzipSync } from "fflate";
import { recordEvent, webhookId } from "../../src/server/events";
import { type TestApp, createTestApp } from "../support/app";
import { type SignedInAs, signIn } from "../support/auth";
import { outboxFiles, readMail } from "../support/mail";
import { EVENT_TYPES } from "../../src/shared/events";
import { addBlocks, createCustomer, createQuote, transition } from "../support/quotes";
import { runJobs } from "../support/team";
import { DELIVERY_FIELDS, ENDPOINT_FIELDS, type Receiver, makeDeliveriesDue, startReceiver } from "../support/webhooks";

let t: TestApp;
let receiver: Receiver;

beforeAll(async () => {
  t = await createTestApp({ env: { WEBHOOK_ALLOW_PRIVATE: "true" } });
  receiver = await startReceiver();
});
// Each test starts without another test's queued deliveries.
afterEach(async () => {
  await t.db.delete(jobs).where(eq(jobs.name, "deliver-webhook"));
});
afterAll(async () => {
  await receiver?.close();
  await t?.close();
});

type Endpoint = {
  id: string;
  url: string;
  description: string | null;
  eventTypes: string[];
  enabled: boolean;
  disabledReason: string | null;
  previousSecretExpiresAt: string | null;
  deliveriesPaused: boolean;
  secret?: string;
};
type Delivery = {
  id: string;
  webhookId: string;
  eventType: string;
  attempt: number;
  status: string;
  statusCode: number | null;
  latencyMs: number | null;
  responseBody: string | null;
  error: string | null;
  cursor: string;
};
type Errors = { errors?: { message: string; extensions?: Record<string, unknown> }[] };
const code = (result: Errors) => result.errors?.[0]?.extensions?.code;

const CREATE = `mutation ($input: WebhookEndpointInput!) { createWebhookEndpoint(input: $input) { ${ENDPOINT_FIELDS} secret } }`;
const UPDATE = `mutation ($id: ID!, $input: WebhookEndpointInput!) { updateWebhookEndpoint(id: $id, input: $input) { ${ENDPOINT_FIELDS} } }`;
const LIST = `{ webhookEndpoints { ${ENDPOINT_FIELDS} } }`;
const SECRET = "{ webhookEndpoints { id secret } }";
const ROTATE = `mutation ($id: ID!) { rotateWebhookEndpointSecret(id: $id) { ${ENDPOINT_FIELDS} secret } }`;
const TEST = `mutation ($id: ID!) { sendTestWebhookEvent(id: $id) { ${DELIVERY_FIELDS} } }`;
const RESEND = `mutation ($id: ID!) { resendWebhookDelivery(id: $id) { ${DELIVERY_FIELDS} } }`;
const DELIVERIES = `query ($id: ID!, $first: Int, $after: String) { webhookDeliveries(endpointId: $id, first: $first, after: $after) { ${DELIVERY_FIELDS} } }`;
const DELETE = "mutation ($id: ID!) { deleteWebhookEndpoint(id: $id) }";

async function createEndpoint(user: SignedInAs, input: Record<string, unknown> = {}) {
  const result = await t.gql<{ createWebhookEndpoint: Endpoint & { secret: string } }>(
    CREATE,
    { input: { url: receiver.url, eventTypes: ["quote.signed", "quote.published"], description: "CRM", ...input } },
    user.headers(),
  );
  if (result.errors) throw new Error(JSON.stringify(result.errors));
  return result.data!.createWebhookEndpoint;
}

async function deliveriesOf(user: SignedInAs, endpointId: string) {
  const result = await t.gql<{ webhookDeliveries: Delivery[] }>(DELIVERIES, { id: endpointId }, user.headers());
  if (result.errors) throw new Error(JSON.stringify(result.errors));
  return result.data!.webhookDeliveries;
}

async function sendTest(user: SignedInAs, endpointId: string) {
  const result = await t.gql<{ sendTestWebhookEvent: Delivery }>(TEST, { id: endpointId }, user.headers());
  if (result.errors) throw new Error(JSON.stringify(result.errors));
  return result.data!.sendTestWebhookEvent;
}

const setPlan = (accountId: string, values: Partial<typeof accounts.$inferInsert>) => t.db.update(accounts).set(values).where(eq(accounts.id, accountId));

describe("webhook endpoints (GraphQL)", () => {
  it("creates, lists, reveals, updates and deletes an endpoint; the secret is whsec_ and stored encrypted", async () => {
    const owner = await signIn(t, "owner");
    const created = await createEndpoint(owner, { eventTypes: ["quote.signed", "quote.published", "quote.signed"] });
    expect(created).toMatchObject({ url: receiver.url, description: "CRM", enabled: true, disabledReason: null, deliveriesPaused: false });
    // Each type once, in the published order.
    expect(created.eventTypes).toEqual(["quote.published", "quote.signed"]);
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(created.secret.slice(6), "base64")).toHaveLength(32);

    const [stored] = await t.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, created.id));
    expect(stored.secretEncrypted).toMatch(/^v1\.[0-9a-f]{8}\./);
    expect(stored.secretEncrypted).not.toContain(created.secret.slice(6));

    const listed = await t.gql<{ webhookEndpoints: Endpoint[] }>(LIST, {}, owner.headers());
    expect(listed.data?.webhookEndpoints.map((e) => e.id)).toEqual([created.id]);
    const revealed = await t.gql<{ webhookEndpoints: { secret: string }[] }>(SECRET, {}, owner.headers());
    expect(revealed.data?.webhookEndpoints[0].secret).toBe(created.secret);

    const disabled = await t.gql<{ updateWebhookEndpoint: Endpoint }>(
      UPDATE,
      { id: created.id, input: { url: `${receiver.url}?v=2`, eventTypes: ["customer.created"], description: null, enabled: false } },
      owner.headers(),
    );
    expect(disabled.data?.updateWebhookEndpoint).toMatchObject({
      url: `${receiver.url}?v=2`,
      eventTypes: ["customer.created"],
      description: null,
      enabled: false,
      disabledReason: "MANUAL",
    });
    const enabled = await t.gql<{ updateWebhookEndpoint: Endpoint }>(
      UPDATE,
      { id: created.id, input: { url: receiver.url, eventTypes: ["customer.created"] } },
      owner.headers(),
    );
    expect(enabled.data?.updateWebhookEndpoint).toMatchObject({ enabled: true, disabledReason: null });

    const deleted = await t.gql<{ deleteWebhookEndpoint: string }>(DELETE, { id: created.id }, owner.headers());
    expect(deleted.data?.deleteWebhookEndpoint).toBe(created.id);
    expect((await t.gql<{ webhookEndpoints: Endpoint[] }>(LIST, {}, owner.headers())).data?.webhookEndpoints).toEqual([]);
    expect(code(await t.gql(DELETE, { id: created.id }, owner.headers()))).toBe("NOT_FOUND");
  });

  it("refuses bad input with a message: no URL, not a URL, credentials in it, no event, an unknown event", async () => {
    const owner = await signIn(t, "owner");
    const cases: [Record<string, unknown>, string][] = [
      [{ url: "" }, "Enter the URL"],
      [{ url: "not a url" }, "Enter a full URL"],
      [{ url: "ftp://example.com/x" }, "Enter a full URL"],
      [{ url: "https://user:pw@example.com/x" }, "Enter a full URL"],
      [{ eventTypes: [] }, "Choose at least one event"],
      [{ eventTypes: ["quote.exploded"] }, "does not exist"],
      [{ description: "x".repeat(501) }, "at most 500"],
    ];
    for (const [input, message] of cases) {
      const result = await t.gql(CREATE, { input: { url: receiver.url, eventTypes: ["quote.signed"], ...input } }, owner.headers());
      expect(code(result), JSON.stringify(input)).toBe("BAD_USER_INPUT");
      expect(result.errors?.[0].message).toContain(message);
    }
  });

  it("members are refused every operation (owners and admins only)", async () => {
    const owner = await signIn(t, "owner");
    const admin = await signIn(t, "admin", { account: owner });
    const member = await signIn(t, "member", { account: owner });
    const endpoint = await createEndpoint(admin);
    const delivery = await sendTest(admin, endpoint.id);
    const input = { url: receiver.url, eventTypes: ["quote.signed"] };
    const calls: [string, Record<string, unknown>][] = [
      [LIST, {}],
      [DELIVERIES, { id: endpoint.id }],
      [CREATE, { input }],
      [UPDATE, { id: endpoint.id, input }],
      [DELETE, { id: endpoint.id }],
      [ROTATE, { id: endpoint.id }],
      [TEST, { id: endpoint.id }],
      [RESEND, { id: delivery.id }],
    ];
    for (const [query, variables] of calls) {
      const result = await t.gql(query, variables, member.headers());
      expect(code(result), query).toBe("FORBIDDEN");
    }
    expect((await t.gql<{ webhookEndpoints: Endpoint[] }>(LIST, {}, owner.headers())).data?.webhookEndpoints).toHaveLength(1);
  });

  it("an account on Starter is refused with a clear message; a downgraded account keeps its endpoints, deliveries paused", async () => {
    const owner = await signIn(t, "owner");
    const endpoint = await createEndpoint(owner);
    await setPlan(owner.accountId, { subscriptionPlan: "STARTER", subscriptionInterval: "MONTHLY", expiredAt: new Date(Date.now() + 30 * 86_400_000) });
    const refused = await t.gql(CREATE, { input: { url: receiver.url, eventTypes: ["quote.signed"] } }, owner.headers());
    expect(code(refused)).toBe("FORBIDDEN");
    expect(refused.errors?.[0].extensions).toMatchObject({ reason: "PLAN_REQUIRED", feature: "developerApi", plan: "BASIC" });
    expect(refused.errors?.[0].message).toMatch(/Basic/);
    for (const [query, variables] of [
      [TEST, { id: endpoint.id }],
      [ROTATE, { id: endpoint.id }],
      [UPDATE, { id: endpoint.id, input: { url: receiver.url, eventTypes: ["quote.signed"] } }],
    ] as const) {
      expect(code(await t.gql(query, variables, owner.headers())), query).toBe("FORBIDDEN");
    }
    // The configuration stays and says deliveries are paused.
    const listed = await t.gql<{ webhookEndpoints: Endpoint[] }>(LIST, {}, owner.headers());
    expect(listed.data?.webhookEndpoints).toEqual([expect.objectContaining({ id: endpoint.id, enabled: true, deliveriesPaused: true })]);
    // A delivery queued before the downgrade is not sent.
    await setPlan(owner.accountId, { subscriptionPlan: "BASIC" });
    await sendTest(owner, endpoint.id);
    await setPlan(owner.accountId, { subscriptionPlan: "STARTER" });
    const before = receiver.received.length;
    await runJobs(t);
    expect(receiver.received.length).toBe(before);
    // Basic has the feature.
    await setPlan(owner.accountId, { subscriptionPlan: "BASIC" });
    expect((await t.gql<{ webhookEndpoints: Endpoint[] }>(LIST, {}, owner.headers())).data?.webhookEndpoints[0].deliveriesPaused).toBe(false);
  });

  it("another account's endpoint and delivery ids answer NOT_FOUND and change nothing", async () => {
    const victim = await signIn(t, "owner");
    const attacker = await signIn(t, "owner");
    const endpoint = await createEndpoint(victim, { description: "Victim's endpoint" });
    const delivery = await sendTest(victim, endpoint.id);
    const input = { url: `${receiver.url}?stolen`, eventTypes: ["quote.signed"] };
    for (const [query, variables] of [
      [DELIVERIES, { id: endpoint.id }],
      [UPDATE, { id: endpoint.id, input }],
      [DELETE, { id: endpoint.id }],
      [ROTATE, { id: endpoint.id }],
      [TEST, { id: endpoint.id }],
      [RESEND, { id: delivery.id }],
    ] as const) {
      const result = await t.gql(query, variables, attacker.headers());
      expect(code(result), query).toBe("NOT_FOUND");
    }
    expect((await t.gql<{ webhookEndpoints: Endpoint[] }>(LIST, {}, attacker.headers())).data?.webhookEndpoints).toEqual([]);
    const after = await t.gql<{ webhookEndpoints: Endpoint[] }>(LIST, {}, victim.headers());
    expect(after.data?.webhookEndpoints).toEqual([expect.objectContaining({ id: endpoint.id, url: receiver.url, previousSecretExpiresAt: null })]);
    expect(await deliveriesOf(victim, endpoint.id)).toHaveLength(1);
  });
});

describe("deliveries, verified with the reference standardwebhooks package", () => {
  it("a test event arrives signed: webhook-id, webhook-timestamp, v1 signature, the webhook.test envelope", async () => {
    const owner = await signIn(t, "owner");
    const endpoint = await createEndpoint(owner);
    receiver.trust(endpoint.secret);
    const pending = await sendTest(owner, endpoint.id);
    expect(pending).toMatchObject({ eventType: "webhook.test", attempt: 1, status: "PENDING", statusCode: null });
    expect(pending.webhookId).toMatch(/^msg_[0-9a-f]{32}$/);
    const before = receiver.received.length;
    await runJobs(t);
    const got = receiver.received.slice(before);
    expect(got).toHaveLength(1);
    expect(got[0].headers["webhook-id"]).toBe(pending.webhookId);
    expect(got[0].headers["content-type"]).toBe("application/json");
    expect(Math.abs(Number(got[0].headers["webhook-timestamp"]) - Date.now() / 1000)).toBeLessThan(60);
    expect(got[0].headers["webhook-signature"]).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
    expect(got[0].verifiedWith).toBe(endpoint.secret);
    expect(got[0].verified).toMatchObject({ type: "webhook.test", data: { endpointId: endpoint.id } });
    expect(new Date((got[0].verified as { timestamp: string }).timestamp).getTime()).not.toBeNaN();
    // A receiver with another secret rejects it.
    expect(() => new Webhook(`whsec_${Buffer.alloc(32, 1).toString("base64")}`).verify(got[0].body, got[0].headers)).toThrow();
    // The log: the same row, now SUCCEEDED with the answer.
    const [logged] = await deliveriesOf(owner, endpoint.id);
    expect(logged).toMatchObject({ id: pending.id, status: "SUCCEEDED", statusCode: 200, responseBody: "ok", attempt: 1 });
    expect(logged.latencyMs).toBeGreaterThanOrEqual(0);
  });

  it("resend delivers the same message again: the same webhook-id and body, a new log row", async () => {
    const owner = await signIn(t, "owner");
    const endpoint = await createEndpoint(owner);
    receiver.trust(endpoint.secret);
    const first = await sendTest(owner, endpoint.id);
    const before = receiver.received.length;
    await runJobs(t);
    const resent = await t.gql<{ resendWebhookDelivery: Delivery }>(RESEND, { id: first.id }, owner.headers());
    expect(resent.data?.resendWebhookDelivery).toMatchObject({ webhookId: first.webhookId, status: "PENDING", attempt: 1 });
    await runJobs(t);
    const got = receiver.received.slice(before);
    expect(got.map((r) => r.headers["webhook-id"])).toEqual([first.webhookId, first.webhookId]);
    expect(got[1].body).toBe(got[0].body);
    expect(got.every((r) => r.verifiedWith === endpoint.secret)).toBe(true);
    expect((await deliveriesOf(owner, endpoint.id)).map((d) => d.status)).toEqual(["SUCCEEDED", "SUCCEEDED"]);
  });

  it("5xx then success: retried with the same webhook-id, each attempt in the log", async () => {
    const owner = await signIn(t, "owner");
    const endpoint = await createEndpoint(owner);
    receiver.trust(endpoint.secret);
    receiver.reply({ status: 500, body: "boom" }, { status: 502, body: "<html>bad gateway</html>" });
    const before = receiver.received.length;
    const pending = await sendTest(owner, endpoint.id);
    await runJobs(t);
    // Retried after the schedule's first wait (5 s ± 20 %), not at once.
    const [job] = await t.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.name, "deliver-webhook"), eq(jobs.status, "queued")));
    const wait = job.runAt.getTime() - Date.now();
    expect(wait).toBeGreaterThan(RETRY_SCHEDULE_MS[0] * 0.8 - 1500);
    expect(wait).toBeLessThanOrEqual(RETRY_SCHEDULE_MS[0] * 1.2);
    await makeDeliveriesDue(t);
    await runJobs(t);
    await makeDeliveriesDue(t);
    await runJobs(t);
    const got = receiver.received.slice(before);
    expect(got.map((r) => r.headers["webhook-id"])).toEqual([pending.webhookId, pending.webhookId, pending.webhookId]);
    expect(got.every((r) => r.verifiedWith === endpoint.secret)).toBe(true);
    const log = await deliveriesOf(owner, endpoint.id);
    expect(log.map((d) => [d.attempt, d.status, d.statusCode])).toEqual([
      [3, "SUCCEEDED", 200],
      [2, "FAILED", 502],
      [1, "FAILED", 500],
    ]);
    expect(log[2].responseBody).toBe("boom");
    expect(log.every((d) => d.webhookId === pending.webhookId)).toBe(true);
    // Paging: newest first, `after` the cursor of the last row.
    const page = await t.gql<{ webhookDeliveries: Delivery[] }>(DELIVERIES, { id: endpoint.id, first: 2 }, owner.headers());
    expect(page.data?.webhookDeliveries.map((d) => d.attempt)).toEqual([3, 2]);
    const next = await t.gql<{ webhookDeliveries: Delivery[] }>(
      DELIVERIES,
      { id: endpoint.id, first: 2, after: page.data!.webhookDeliveries[1].cursor },
      owner.headers(),
    );
    expect(next.data?.webhookDeliveries.map((d) => d.attempt)).toEqual([1]);
  });

  it("honours Retry-After on 429 and 503 (seconds or an HTTP date)", async () => {
    const owner = await signIn(t, "owner");
    const endpoint = await createEndpoint(owner);
    receiver.reply({ status: 429, headers: { "retry-after": "120" } });
    await sendTest(owner, endpoint.id);
    const started = Date.now();
    await runJobs(t);
    const waitOf = async () => {
      const [job] = await t.db
        .select()
        .from(jobs)
        .where(and(eq(jobs.name, "deliver-webhook"), eq(jobs.status, "queued")));
      return job.runAt.getTime() - started;
    };
    const first = await waitOf();
    expect(first).toBeGreaterThan(115_000);
    expect(first).toBeLessThan(125_000);
    receiver.reply({ status: 503, headers: { "retry-after": new Date(Date.now() + 600_000).toUTCString() } });
    await makeDeliveriesDue(t);
    await runJobs(t);
    const second = await waitOf();
    expect(second).toBeGreaterThan(590_000);
    expect(second).toBeLessThan(610_000);
    await makeDeliveriesDue(t);
    await runJobs(t);
    expect((await deliveriesOf(owner, endpoint.id)).map((d) => d.statusCode)).toEqual([200, 503, 429]);
  });

  it("410 Gone disables the endpoint (GONE) and nothing more is sent to it", async () => {
    const owner = await signIn(t, "owner");
    const endpoint = await createEndpoint(owner);
    receiver.reply({ status: 410, body: "gone" });
    await sendTest(owner, endpoint.id);
    await runJobs(t);
    const listed = await t.gql<{ webhookEndpoints: Endpoint[] }>(LIST, {}, owner.headers());
    expect(listed.data?.webhookEndpoints[0]).toMatchObject({ enabled: false, disabledReason: "GONE" });
    const [queued] = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(jobs)
      .where(and(eq(jobs.name, "deliver-webhook"), eq(jobs.status, "queued")));
    expect(queued.n).toBe(0);
    expect((await deliveriesOf(owner, endpoint.id))[0]).toMatchObject({ status: "FAILED", statusCode: 410 });
  });

  it("a redirect is a failure (not followed)", async () => {
    const owner = await signIn(t, "owner");
    const endpoint = await createEndpoint(owner);
    receiver.reply({ status: 302, headers: { location: `${receiver.url}/elsewhere` } });
    const before = receiver.received.length;
    await sendTest(owner, endpoint.id);
    await runJobs(t);
    expect(receiver.received.length).toBe(before + 1);
    expect((await deliveriesOf(owner, endpoint.id))[0]).toMatchObject({ status: "FAILED", statusCode: 302 });
    await t.db.delete(jobs).where(eq(jobs.name, "deliver-webhook"));
  });

  it("a secret rotation keeps deliveries verifiable with either secret during the grace period", async () => {
    const owner = await signIn(t, "owner");
    const endpoint = await createEndpoint(owner);
    const rotated = await t.gql<{ rotateWebhookEndpointSecret: Endpoint & { secret: string } }>(ROTATE, { id: endpoint.id }, owner.headers());
    const next = rotated.data!.rotateWebhookEndpointSecret;
    expect(next.secret).toMatch(/^whsec_/);
    expect(next.secret).not.toBe(endpoint.secret);
    const expires = new Date(next.previousSecretExpiresAt!).getTime();
    expect(expires - Date.now()).toBeGreaterThan(23.9 * 3600_000);
    expect(expires - Date.now()).toBeLessThanOrEqual(24 * 3600_000);

    const before = receiver.received.length;
    await sendTest(owner, endpoint.id);
    await runJobs(t);
    const [during] = receiver.received.slice(before);
    expect(during.headers["webhook-signature"].split(" ")).toHaveLength(2);
    // A receiver that still has the old secret, and one that already has the new one, both verify it.
    for (const secret of [endpoint.secret, next.secret]) {
      expect(new Webhook(secret).verify(during.body, during.headers)).toMatchObject({ type: "webhook.test" });
    }
    // After the grace period: the new secret only.
    await t.db
      .update(webhookEndpoints)
      .set({ previousSecretExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(webhookEndpoints.id, endpoint.id));
    await sendTest(owner, endpoint.id);
    await runJobs(t);
    const after = receiver.received[receiver.received.length - 1];
    expect(after.headers["webhook-signature"].split(" ")).toHaveLength(1);
    expect(new Webhook(next.secret).verify(after.body, after.headers)).toMatchObject({ type: "webhook.test" });
    expect(() => new Webhook(endpoint.secret).verify(after.body, after.headers)).toThrow();
    const listed = await t.gql<{ webhookEndpoints: Endpoint[] }>(LIST, {}, owner.headers());
    expect(listed.data?.webhookEndpoints[0].previousSecretExpiresAt).toBeNull();
  });

  it("after the last attempt fails the endpoint is disabled (FAILING) and the owners get one e-mail", async () => {
    const owner = await signIn(t, "owner", { name: "Olga Owner" });
    const endpoint = await createEndpoint(owner);
    const pending = await sendTest(owner, endpoint.id);
    // The job is at its last attempt (the schedule's ~3 days have passed).
    const [job] = await t.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.name, "deliver-webhook"), eq(jobs.status, "queued")));
    expect(job.maxAttempts).toBe(RETRY_SCHEDULE_MS.length + 1);
    const total = RETRY_SCHEDULE_MS.reduce((a, b) => a + b, 0);
    expect(total / 3600_000).toBeGreaterThan(60);
    expect(total / 3600_000).toBeLessThan(84);
    await t.db
      .update(jobs)
      .set({ attempts: job.maxAttempts - 1 })
      .where(eq(jobs.id, job.id));
    receiver.reply({ status: 500 });
    const mailsBefore = outboxFiles(t.dataDir).length;
    await runJobs(t);
    const [failed] = await t.db.select().from(jobs).where(eq(jobs.id, job.id));
    expect(failed.status).toBe("failed");
    const listed = await t.gql<{ webhookEndpoints: Endpoint[] }>(LIST, {}, owner.headers());
    expect(listed.data?.webhookEndpoints[0]).toMatchObject({ enabled: false, disabledReason: "FAILING" });
    const mails = outboxFiles(t.dataDir).slice(mailsBefore).map(readMail);
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toContain("Webhook endpoint disabled");
    expect(mails[0].decoded).toContain(receiver.url);
    expect(mails[0].decoded).toContain("/app/settings/developers");
    expect((await deliveriesOf(owner, endpoint.id))[0]).toMatchObject({ webhookId: pending.webhookId, status: "FAILED", statusCode: 500 });
  });

  it("refuses a private address at delivery time without WEBHOOK_ALLOW_PRIVATE (and at creation)", async () => {
    const strict = await createTestApp({ database: t.database });
    try {
      const owner = await signIn(strict, "owner");
      const refused = await strict.gql(CREATE, { input: { url: receiver.url, eventTypes: ["quote.signed"] } }, owner.headers());
      expect(code(refused)).toBe("BAD_USER_INPUT");
      expect(refused.errors?.[0].message).toContain("public https://");
      for (const url of ["https://127.0.0.1/x", "https://[::1]/x", "https://[::ffff:127.0.0.1]/x", "https://169.254.169.254/latest", "https://localhost/x"]) {
        expect(code(await strict.gql(CREATE, { input: { url, eventTypes: ["quote.signed"] } }, owner.headers())), url).toBe("BAD_USER_INPUT");
      }
    } finally {
      await strict.close();
    }
    // An endpoint saved while private addresses were allowed (or a name that now resolves to one):
    // the worker of a server without the flag refuses to connect.
    const owner = await signIn(t, "owner");
    const endpoint = await createEndpoint(owner, { url: `https://127.0.0.1:${receiver.port}/hooks` });
    await sendTest(owner, endpoint.id);
    const before = receiver.received.length;
    const log = createLogger("silent");
    const mail = createMailer({ from: t.config.mailFrom, outboxDir: path.join(t.dataDir, "mail"), log });
    const files = createFileStorage(t.config);
    const worker = createJobWorker({
      deps: { db: t.db, log, mail, files, publicUrl: t.config.publicUrl, webhooks: { ...t.config.webhooks, allowPrivate: false } },
      jobs: appJobs,
    });
    await worker.runOnce();
    mail.close();
    files.close();
    expect(receiver.received.length).toBe(before);
    const [attempt] = await deliveriesOf(owner, endpoint.id);
    expect(attempt).toMatchObject({ status: "FAILED", statusCode: null });
    expect(attempt.error).toContain("127.0.0.1");
    await t.db.delete(jobs).where(eq(jobs.name, "deliver-webhook"));
  });

  it("a deleted endpoint's queued deliveries end without a request", async () => {
    const owner = await signIn(t, "owner");
    const endpoint = await createEndpoint(owner);
    await sendTest(owner, endpoint.id);
    await t.gql(DELETE, { id: endpoint.id }, owner.headers());
    const before = receiver.received.length;
    await runJobs(t);
    expect(receiver.received.length).toBe(before);
    expect(await t.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpoint.id))).toEqual([]);
  });
});

describe("the delivery log", () => {
  it("keeps 30 days: older attempts are neither listed nor kept (the daily retention job deletes them)", async () => {
    const owner = await signIn(t, "owner");
    const endpoint = await createEndpoint(owner);
    const row = (daysAgo: number) => ({
      accountId: owner.accountId,
      endpointId: endpoint.id,
      webhookId: `msg_${daysAgo}`,
      eventType: "quote.signed",
      attempt: 1,
      status: "SUCCEEDED" as const,
      createdAt: new Date(Date.now() - daysAgo * 86_400_000),
    });
    await t.db.insert(webhookDeliveries).values([row(31), row(29)]);
    expect((await deliveriesOf(owner, endpoint.id)).map((d) => d.webhookId)).toEqual(["msg_29"]);
    await enqueue(t.db, webhookLogRetentionJob, {});
    await runJobs(t);
    const kept = await t.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpoint.id));
    expect(kept.map((d) => d.webhookId)).toEqual(["msg_29"]);
  });
});

describe("account data", () => {
  it("the export lists endpoints (never their secrets) and the delivery log; deleting the account deletes both", async () => {
    const owner = await signIn(t, "owner", { company: "Hooks Export Co" });
    const endpoint = await createEndpoint(owner);
    await sendTest(owner, endpoint.id);
    await runJobs(t);
    const { zip } = await exportAccountData(t.db, owner.accountId);
    const files = unzipSync(zip);
    const endpoints = JSON.parse(strFromU8(files["webhook-endpoints.json"]));
    expect(endpoints).toEqual([expect.objectContaining({ id: endpoint.id, url: receiver.url, eventTypes: ["quote.published", "quote.signed"] })]);
    const text = strFromU8(files["webhook-endpoints.json"]) + strFromU8(files["webhook-deliveries.json"]);
    expect(text).not.toContain("whsec_");
    expect(text).not.toContain(endpoint.secret.slice(6, 20));
    expect(text).not.toMatch(/secret/i);
    expect(JSON.parse(strFromU8(files["webhook-deliveries.json"]))).toEqual([expect.objectContaining({ endpointId: endpoint.id, status: "SUCCEEDED" })]);

    await deleteAccount(t.db, owner.accountId, "Hooks Export Co");
    expect(await t.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.accountId, owner.accountId))).toEqual([]);
    expect(await t.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.accountId, owner.accountId))).toEqual([]);
  });
});

describe("domain events (the webhooks subscriber)", () => {
  it("delivers a recorded event to every subscribed, enabled endpoint, with webhook-id msg_ + the event id and exactly its envelope", async () => {
    const owner = await signIn(t, "owner");
    const subscribed = await createEndpoint(owner, { eventTypes: ["quote.pdf_ready"] });
    const other = await createEndpoint(owner, { eventTypes: ["quote.signed"] });
    const disabled = await createEndpoint(owner, { eventTypes: ["quote.pdf_ready"], enabled: false });
    receiver.trust(subscribed.secret);
    const customer = await createCustomer(t, owner, { name: "Hook Customer" });
    const quote = await createQuote(t, owner, customer.id, { name: "Hooked quote" });
    await t.db.delete(jobs).where(eq(jobs.name, "deliver-webhook"));
    const before = receiver.received.length;
    const event = await t.db.transaction((tx) => recordEvent(tx, { type: "quote.pdf_ready", accountId: owner.accountId, quoteId: quote.id }));
    const queued = await t.db.select().from(jobs).where(eq(jobs.name, "deliver-webhook"));
    expect(queued.map((j) => (j.payload as { endpointId: string }).endpointId)).toEqual([subscribed.id]);
    await runJobs(t);
    const got = receiver.received.slice(before);
    expect(got).toHaveLength(1);
    expect(got[0].headers["webhook-id"]).toBe(webhookId(event.id));
    expect(got[0].verifiedWith).toBe(subscribed.secret);
    expect(got[0].verified).toEqual({ type: "quote.pdf_ready", timestamp: event.occurredAt.toISOString(), data: event.payload });
    expect(got[0].verified).toMatchObject({ data: { quote: { id: quote.id, name: "Hooked quote", customer: { name: "Hook Customer" } } } });
    expect(await deliveriesOf(owner, other.id)).toEqual([]);
    expect(await deliveriesOf(owner, disabled.id)).toEqual([]);

    // Resend: the same webhook-id and the same bytes.
    const [logged] = await deliveriesOf(owner, subscribed.id);
    expect(logged).toMatchObject({ eventType: "quote.pdf_ready", webhookId: webhookId(event.id), status: "SUCCEEDED" });
    await t.gql(RESEND, { id: logged.id }, owner.headers());
    await runJobs(t);
    const again = receiver.received[receiver.received.length - 1];
    expect(again.headers["webhook-id"]).toBe(webhookId(event.id));
    expect(again.body).toBe(got[0].body);
    expect(again.verifiedWith).toBe(subscribed.secret);
  });

  it("queues nothing for a change that rolls back, nor while the plan has no developer API", async () => {
    const owner = await signIn(t, "owner");
    await createEndpoint(owner, { eventTypes: ["quote.withdrawn"] });
    const customer = await createCustomer(t, owner, { name: "Rollback Customer" });
    const quote = await createQuote(t, owner, customer.id);
    await t.db.delete(jobs).where(eq(jobs.name, "deliver-webhook"));
    await expect(
      t.db.transaction(async (tx) => {
        await recordEvent(tx, { type: "quote.withdrawn", accountId: owner.accountId, quoteId: quote.id });
        throw new Error("the change failed");
      }),
    ).rejects.toThrow("the change failed");
    expect(await t.db.select().from(jobs).where(eq(jobs.name, "deliver-webhook"))).toEqual([]);
    await setPlan(owner.accountId, { subscriptionPlan: "STARTER", subscriptionInterval: "MONTHLY", expiredAt: new Date(Date.now() + 30 * 86_400_000) });
    await t.db.transaction((tx) => recordEvent(tx, { type: "quote.withdrawn", accountId: owner.accountId, quoteId: quote.id }));
    expect(await t.db.select().from(jobs).where(eq(jobs.name, "deliver-webhook"))).toEqual([]);
  });

  // The speed (commit → arrival p95 under 1 s) is measured by `npm run bench -- webhooks`; here the
  // mechanism behind it: the worker is woken by the commit, not found by its next poll — which is
  // a minute away, so every delivery arriving within seconds came through the wake-up.
  it("commit to first attempt: the worker is woken by the commit, not by its next poll", async () => {
    const owner = await signIn(t, "owner");
    const endpoint = await createEndpoint(owner, { eventTypes: ["quote.pdf_ready"] });
    receiver.trust(endpoint.secret);
    const customer = await createCustomer(t, owner, { name: "Latency Customer" });
    const quote = await createQuote(t, owner, customer.id);
    const log = createLogger("silent");
    const mail = createMailer({ from: t.config.mailFrom, outboxDir: path.join(t.dataDir, "mail"), log });
    const files = createFileStorage(t.config);
    const worker = createJobWorker({
      deps: { db: t.db, log, mail, files, publicUrl: t.config.publicUrl, webhooks: t.config.webhooks },
      // Deliveries only: the sealed PDFs of quotes signed in earlier tests are queued in this
      // database too, and a cold PDF worker on a loaded machine held both of the worker's slots for
      // longer than a delivery may take here.
      jobs: [deliverWebhookHandler],
      pollIntervalMs: 60_000,
    });
    worker.start();
    const latencies: number[] = [];
    try {
      await new Promise((resolve) => setTimeout(resolve, 500)); // past the worker's first poll: the next is a minute away
      for (let i = 0; i < 20; i++) {
        const count = receiver.received.length;
        await t.db.transaction((tx) => recordEvent(tx, { type: "quote.pdf_ready", accountId: owner.accountId, quoteId: quote.id }));
        const committed = Date.now();
        expect(await receiver.waitFor(count + 1, 15_000)).toBe(true);
        latencies.push(receiver.received[count].at - committed);
        expect(receiver.received[count].verifiedWith).toBe(endpoint.secret);
        // Spread the events over the poll interval.
        await new Promise((resolve) => setTimeout(resolve, 37 * (i % 5)));
      }
    } finally {
      await worker.stop();
      mail.close();
      files.close();
    }
    expect(latencies).toHaveLength(20);
    for (const latency of latencies) expect(latency, `latencies ${latencies.join(", ")} ms`).toBeLessThan(15_000);
  });
});

/**
 * The "done when": a receiver written only against the Standard Webhooks specification
 * verifies every delivery of a real journey — publish, view, question, decline on one quote; sign
 * on another — through the app's own operations (the event writer records the events where the
 * changes happen).
 */
describe("a real journey", () => {
  const CHROME = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
  const VIEW = "mutation ($n: String!) { createViewStatistic(nanoId: $n) { viewId counted } }";
  const ASK = "mutation ($n: String!, $q: String!) { askQuoteQuestion(nanoId: $n, question: $q) { question } }";
  const DECLINE_QUOTE = "mutation ($n: String!, $r: String) { declineQuote(nanoId: $n, reason: $r) { reason } }";
  const SIGN = `mutation ($nanoId: String, $input: CreateQuoteSignatureInput!) { createQuoteSignature(nanoId: $nanoId, input: $input) { status } }`;

  it("every delivery of publish, view, question, decline (one quote) and sign (another) verifies with standardwebhooks", async () => {
    const owner = await signIn(t, "owner", { company: "Journey Co" });
    const endpoint = await createEndpoint(owner, { eventTypes: [...EVENT_TYPES] });
    receiver.trust(endpoint.secret);
    const before = receiver.received.length;
    const customer = await createCustomer(t, owner, { name: "Journey Customer", email: "journey@example.test" });

    const first = await createQuote(t, owner, customer.id, { name: "Declined quote" });
    await addBlocks(t, first.id);
    expect((await transition(t, owner, "publishQuote", first.id)).errors).toBeUndefined();
    expect(
      (await t.gql<{ createViewStatistic: { counted: boolean } }>(VIEW, { n: first.nanoId }, { "user-agent": CHROME })).data?.createViewStatistic.counted,
    ).toBe(true);
    expect((await t.gql(ASK, { n: first.nanoId, q: "Can you start in May?" })).errors).toBeUndefined();
    expect((await t.gql(DECLINE_QUOTE, { n: first.nanoId, r: "Too expensive" })).errors).toBeUndefined();

    const second = await createQuote(t, owner, customer.id, { name: "Signed quote" });
    await addBlocks(t, second.id);
    expect((await transition(t, owner, "publishQuote", second.id)).errors).toBeUndefined();
    const signed = await t.gql<{ createQuoteSignature: { status: string } }>(SIGN, {
      nanoId: second.nanoId,
      input: { name: "Daan de Vries", signatureKind: "TYPED", signature: "Daan de Vries", selection: [], consent: true },
    });
    expect(signed.errors).toBeUndefined();
    // The account marks it signed (PUBLISHED → SIGNED): quote.signed, with the selection's totals.
    const marked = await t.gql<{ updateQuoteToSigned: { status: string } }>(
      "mutation ($id: ID!) { updateQuoteToSigned(id: $id) { status } }",
      { id: second.id },
      owner.headers(),
    );
    expect(marked.data?.updateQuoteToSigned.status).toBe("SIGNED");

    await runJobs(t);
    const got = receiver.received.slice(before);
    // Every delivery verifies with the endpoint's secret, with the reference library.
    expect(got.filter((r) => r.verifiedWith !== endpoint.secret)).toEqual([]);
    const events = got.map((r) => r.verified as { type: string; data: { quote?: { id: string; status?: string } } });
    const typesOf = (quoteId: string) => events.filter((e) => e.data.quote?.id === quoteId).map((e) => e.type);
    expect(typesOf(first.id)).toEqual(expect.arrayContaining(["quote.published", "quote.viewed", "quote.question_asked", "quote.declined"]));
    expect(typesOf(second.id)).toEqual(expect.arrayContaining(["quote.published", "quote.signature_added", "quote.signed"]));
    expect(events.find((e) => e.type === "quote.signed")?.data).toMatchObject({ quote: { id: second.id, status: "SIGNED" } });
    expect(events.map((e) => e.type)).toContain("customer.created");
    // One message per event: webhook-ids are unique, and each is msg_ + a 32-hex id.
    const ids = got.map((r) => r.headers["webhook-id"]);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^msg_[0-9a-f]{32}$/);
    // The log lists them all as delivered.
    const log = await deliveriesOf(owner, endpoint.id);
    expect(log.length).toBe(got.length);
    expect(log.every((d) => d.status === "SUCCEEDED")).toBe(true);
  }, 120_000); // a whole journey with a dozen deliveries: minutes on a busy 2-core machine
});
