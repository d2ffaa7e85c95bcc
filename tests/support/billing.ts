import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import type { DatabaseHandle } from "../../src/server/db/client";
import { billingSubscriptions } from "../../src/server/db/schema";
import { createLocalFileStorage } from "../../src/server/files/local";
import { appJobs, createJobWorker } from "../../src/server/jobs";
import { createLogger } from "../../src/server/logger";
import { createMailer } from "../../src/server/mail/mailer";
import { type DevPaymentProvider, devPaymentProvider } from "../../src/server/payments";
import { type TestApp, createTestApp } from "./app";
import type { SignedIn } from "./auth";
import { type MollieStub, startMollieStub, trustStub } from "./mollie-stub";

export type ProviderKind = "mollie" | "dev";

export const PAY = "mutation ($input: CreateFirstSubscriptionPaymentInput!) { createFirstSubscriptionPayment(input: $input) { status checkoutUrl } }";
export const CHANGE = "mutation ($input: ChangeSubscriptionInput!) { changeSubscription(input: $input) { kind status effectiveAt checkoutUrl } }";

export const webhook = (t: TestApp, id: string) =>
  t.fetch("/api/webhooks/mollie", { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: `id=${encodeURIComponent(id)}` });

/** What the provider's side of a subscription looks like, whichever provider it is. */
export type ProviderSubscription = { id: string; status: string; amountCents: number; interval: string; startDate: string; metadata: Record<string, unknown> };

/**
 * A test app with its payment provider: the Mollie adapter against the local Mollie stub, or the
 * development provider. The driver finishes checkouts and makes renewals the way each provider does.
 */
export async function startBillingApp(kind: ProviderKind, options: { database?: DatabaseHandle } = {}) {
  let stub: MollieStub | undefined;
  let untrust: (() => void) | undefined;
  let t: TestApp;
  if (kind === "mollie") {
    untrust = trustStub();
    let app: TestApp | undefined;
    stub = await startMollieStub({ deliver: async (url, init) => app!.fetch(url, init) });
    t = await createTestApp({ env: { MOLLIE_API_KEY: stub.apiKey, MOLLIE_API_URL: stub.url }, database: options.database });
    app = t;
  } else {
    t = await createTestApp({ database: options.database });
  }
  const dev = () => devPaymentProvider(t.config, t.db) as DevPaymentProvider;
  const subscriptionIdOf = async (accountId: string) =>
    (await t.db.select().from(billingSubscriptions).where(eq(billingSubscriptions.accountId, accountId)))[0]?.providerSubscriptionId ?? null;

  const driver = {
    stub,
    /** The buyer finishes the checkout with this outcome (the webhook runs). */
    async checkout(checkoutUrl: string, status: "paid" | "failed" | "canceled") {
      if (stub) {
        await stub.completeCheckout(checkoutUrl.split("/").pop()!, status);
        return;
      }
      const url = new URL(checkoutUrl).pathname;
      const done = await t.fetch(url, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: `status=${status}` });
      if (done.status !== 303) throw new Error(`dev checkout answered ${done.status}`);
    },
    /** The provider charges the account's subscription (a renewal), then calls the webhook. */
    async renew(accountId: string, status: "paid" | "failed"): Promise<string> {
      const subscriptionId = (await subscriptionIdOf(accountId))!;
      if (stub) return stub.chargeSubscription(subscriptionId, status);
      const id = await dev().chargeSubscription(subscriptionId, status);
      await webhook(t, id);
      return id;
    },
    async subscription(accountId: string): Promise<ProviderSubscription | undefined> {
      const id = await subscriptionIdOf(accountId);
      if (!id) return undefined;
      if (stub) {
        const s = stub.subscriptions.get(id);
        if (!s) return undefined;
        return {
          id,
          status: s.status,
          amountCents: Math.round(Number(s.amount.value) * 100),
          interval: s.interval,
          startDate: s.startDate,
          metadata: (s.metadata ?? {}) as Record<string, unknown>,
        };
      }
      const s = (await dev().subscriptions()).find((x) => x.id === id);
      if (!s) return undefined;
      return {
        id,
        status: s.status,
        amountCents: s.amountCents,
        interval: s.interval === "YEARLY" ? "12 months" : "1 month",
        startDate: s.startDate,
        metadata: s.metadata,
      };
    },
    async subscriptionCount(): Promise<number> {
      return stub ? stub.subscriptions.size : (await dev().subscriptions()).length;
    },
    replay: async (providerPaymentId: string) => (stub ? stub.redeliver(providerPaymentId) : (await webhook(t, providerPaymentId)).status),
  };

  /** Subscribes the user's account (first payment, paid) to plan and interval. */
  async function subscribe(user: SignedIn, plan: string, interval: string) {
    const result = await t.gql<{ createFirstSubscriptionPayment: { checkoutUrl: string } }>(PAY, { input: { plan, interval } }, user.headers());
    if (!result.data) throw new Error(JSON.stringify(result.errors));
    await driver.checkout(result.data.createFirstSubscriptionPayment.checkoutUrl, "paid");
  }

  /** Runs the queued jobs (e-mails) once, like the worker of an app server; the outbox is the app's. */
  async function runJobs(): Promise<number> {
    const log = createLogger("silent");
    const mail = createMailer({ from: "Offerly <no-reply@offerly.test>", outboxDir: path.join(t.dataDir, "mail"), log });
    const filesDir = fs.mkdtempSync(path.join(os.tmpdir(), "offerly-files-"));
    const worker = createJobWorker({ deps: { db: t.db, log, mail, files: createLocalFileStorage(filesDir) }, jobs: appJobs, concurrency: 10 });
    let ran = 0;
    for (let n = await worker.runOnce(); n > 0; n = await worker.runOnce()) ran += n;
    mail.close();
    fs.rmSync(filesDir, { recursive: true, force: true });
    return ran;
  }

  return {
    t,
    driver,
    subscribe,
    runJobs,
    async close() {
      await t.close();
      await stub?.close();
      untrust?.();
    },
  };
}
