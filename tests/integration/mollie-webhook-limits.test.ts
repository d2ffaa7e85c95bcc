import http from "node:http";
import type { AddressInfo } from "node:net";
import { inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { nodeListener } from "../../src/server/app";
import { rateLimitBuckets } from "../../src/server/db/schema";
import { WEBHOOK_LIMITS } from "../../src/server/modules/billing/billing.routes";
import { type TestApp, createTestApp } from "../support/app";
import { type SignedIn, signIn } from "../support/auth";
import { type MollieStub, startMollieStub, trustStub } from "../support/mollie-stub";

/**
 * POST /api/webhooks/mollie over a real socket (the client address counts), against the Mollie
 * stub counting the app's outbound calls: forged ids from one address cost at most the per-address
 * limit in API calls, copies of one id in flight cost one, and Mollie's own deliveries keep working.
 */
let t: TestApp;
let stub: MollieStub;
let untrust: () => void;
let server: http.Server;
let base = "";
let owner: SignedIn;
const MOLLIE_ADDRESS = "203.0.113.10";

const webhook = (id: string, address: string) =>
  fetch(`${base}/api/webhooks/mollie`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": address },
    body: `id=${encodeURIComponent(id)}`,
  });
const lookups = (prefix: string) => stub.requests.filter((r) => r.method === "GET" && r.path.startsWith(`/v2/payments/${prefix}`)).length;

beforeAll(async () => {
  untrust = trustStub();
  // Mollie delivers from its own address, over the socket.
  stub = await startMollieStub({
    deliver: (url, init) =>
      fetch(`${base}${new URL(url).pathname}`, { ...init, headers: { ...(init.headers as Record<string, string>), "x-forwarded-for": MOLLIE_ADDRESS } }),
  });
  t = await createTestApp({ env: { MOLLIE_API_KEY: stub.apiKey, MOLLIE_API_URL: stub.url, TRUST_PROXY: "true" } });
  server = http.createServer(nodeListener(t.app));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  owner = await signIn(t, "owner", { name: "Wes Webhook" });
});
afterAll(async () => {
  server?.closeAllConnections();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  await stub?.close();
  await t?.close();
  untrust?.();
});

describe("the Mollie webhook under a flood", () => {
  it("300 forged ids from one address: at most the per-address limit reaches Mollie, the rest get 429 with Retry-After", async () => {
    const statuses: number[] = [];
    const retryAfter: (string | null)[] = [];
    for (let batch = 0; batch < 10; batch++) {
      const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => webhook(`tr_forged${batch}x${i}`, "198.51.100.7")));
      for (const a of answers) {
        statuses.push(a.status);
        if (a.status === 429) retryAfter.push(a.headers.get("retry-after"));
      }
    }
    expect(lookups("tr_forged")).toBeLessThanOrEqual(WEBHOOK_LIMITS.perAddressPerWindow);
    expect(statuses.filter((s) => s === 200)).toHaveLength(WEBHOOK_LIMITS.perAddressPerWindow);
    expect(statuses.filter((s) => s === 429)).toHaveLength(300 - WEBHOOK_LIMITS.perAddressPerWindow);
    for (const value of retryAfter) expect(Number(value)).toBeGreaterThan(0);
  }, 120_000);

  it("copies of one id arriving together: one look-up at Mollie, every copy answered 200", async () => {
    // Mollie is slow to answer the look-up until every copy has reached the webhook (its address
    // counted by the rate limit, the step before the in-flight check): on a loaded machine the
    // copies would otherwise arrive one after another, each after the previous look-up finished.
    const release = stub.holdLookups("tr_samecopy1");
    const addresses = Array.from({ length: 20 }, (_, i) => `198.51.100.${100 + i}`);
    const pending = Promise.all(addresses.map((address) => webhook("tr_samecopy1", address)));
    const counted = async () =>
      (
        await t.db
          .select({ key: rateLimitBuckets.key })
          .from(rateLimitBuckets)
          .where(
            inArray(
              rateLimitBuckets.key,
              addresses.map((a) => `webhook:mollie:${a}`),
            ),
          )
      ).length;
    await expect.poll(counted, { timeout: 30_000 }).toBe(20);
    await new Promise((resolve) => setTimeout(resolve, 100)); // each copy's body read, after its count
    await expect.poll(() => lookups("tr_samecopy1"), { timeout: 30_000 }).toBe(1); // the first copy's look-up, however slow the machine
    release();
    const answers = await pending;
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    expect(lookups("tr_samecopy1")).toBe(1);
  });

  it("Mollie's own delivery of a paid first payment is applied meanwhile", async () => {
    const pay = await t.gql<{ createFirstSubscriptionPayment: { checkoutUrl: string } }>(
      "mutation ($input: CreateFirstSubscriptionPaymentInput!) { createFirstSubscriptionPayment(input: $input) { checkoutUrl } }",
      { input: { plan: "BASIC", interval: "YEARLY" } },
      owner.headers(),
    );
    const paymentId = pay.data!.createFirstSubscriptionPayment.checkoutUrl.split("/").pop()!;
    expect(await stub.completeCheckout(paymentId, "paid")).toBe(200);
    const billing = await t.gql<{ billing: { subscription: { plan: string; trial: boolean } } }>(
      "{ billing { subscription { plan trial } } }",
      {},
      owner.headers(),
    );
    expect(billing.data?.billing.subscription).toMatchObject({ plan: "BASIC", trial: false });
  });
});
