import crypto from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import type { Executor } from "../db/client";
import { billingDevObjects } from "../db/schema";
import type { PaymentProvider, ProviderInterval, ProviderPayment, ProviderPaymentStatus } from "./types";

export type DevSubscription = {
  id: string;
  customerId: string;
  mandateId: string;
  amountCents: number;
  interval: ProviderInterval;
  startDate: string;
  status: "active" | "canceled";
  metadata: Record<string, string>;
};
type DevPayment = ProviderPayment & { redirectUrl?: string };

/**
 * The development provider: Mollie's model (payments, subscriptions, mandates) with a local
 * checkout page (/dev/checkout/<id>, billing.routes.ts) where the developer picks paid, failed or
 * cancelled; the page then runs the same webhook handler Mollie's call would run. It is the
 * default when no MOLLIE_API_KEY is set (never on a public production address: config.ts).
 *
 * Its objects live in the database (`billing_dev_objects`), not in the process: a checkout opened
 * before a restart still completes and its webhook is processed, and several app servers share
 * it. Each call runs on the executor it was made for (`paymentProvider(config, tx)`), so inside a
 * transaction it writes in that transaction: a rolled-back checkout leaves nothing behind, as
 * Mollie's idempotency key would give the same payment again.
 */
export type DevPaymentProvider = PaymentProvider & {
  readonly name: "dev";
  /** The checkout page's choice. Returns the payment, or null for an unknown or already settled id. */
  settle(id: string, status: "paid" | "failed" | "canceled"): Promise<ProviderPayment | null>;
  /** A recurring charge of a subscription, as Mollie makes one each interval. Returns its id. */
  chargeSubscription(subscriptionId: string, status: "paid" | "failed"): Promise<string>;
  subscriptions(): Promise<DevSubscription[]>;
  peek(id: string): Promise<ProviderPayment | undefined>;
  /** Where the checkout sends the buyer back to (the redirectUrl of the payment). */
  redirectUrlOf(id: string): Promise<string | undefined>;
};

const newId = (prefix: string) => `${prefix}_dev${crypto.randomBytes(8).toString("hex")}`;

export function createDevProvider(options: { publicUrl: string; db: Executor }): DevPaymentProvider {
  const { db } = options;

  async function load<T>(kind: "payment" | "subscription", id: string): Promise<T | undefined> {
    const [row] = await db
      .select({ data: billingDevObjects.data })
      .from(billingDevObjects)
      .where(and(eq(billingDevObjects.id, id), eq(billingDevObjects.kind, kind)))
      .limit(1);
    return row?.data as T | undefined;
  }

  async function save(kind: "payment" | "subscription", id: string, data: object): Promise<void> {
    await db
      .update(billingDevObjects)
      .set({ data, updatedAt: new Date() })
      .where(and(eq(billingDevObjects.id, id), eq(billingDevObjects.kind, kind)));
  }

  /** Mollie's idempotency keys: the same key gives the object made the first time. */
  async function once<T extends { id: string }>(kind: "payment" | "subscription", key: string, make: () => T): Promise<T> {
    const made = make();
    await db
      .insert(billingDevObjects)
      .values({ id: made.id, kind, idempotencyKey: key, data: made })
      .onConflictDoNothing({ target: billingDevObjects.idempotencyKey });
    const [row] = await db.select({ data: billingDevObjects.data }).from(billingDevObjects).where(eq(billingDevObjects.idempotencyKey, key)).limit(1);
    return row.data as T;
  }

  const publicPayment = ({ redirectUrl: _redirect, ...payment }: DevPayment): ProviderPayment => payment;

  return {
    name: "dev",
    async createCustomer() {
      return { id: newId("cst") };
    },
    async createFirstPayment(input) {
      const payment = await once<DevPayment>("payment", input.idempotencyKey, () => ({
        id: newId("tr"),
        status: "open",
        sequenceType: "first",
        amountCents: input.amountCents,
        customerId: input.customerId,
        mandateId: null,
        subscriptionId: null,
        metadata: input.metadata,
        redirectUrl: input.redirectUrl,
      }));
      const lang = input.locale === "nl" ? "?lang=nl" : "";
      return { id: payment.id, status: payment.status, checkoutUrl: `${options.publicUrl}/dev/checkout/${payment.id}${lang}` };
    },
    async getPayment(id) {
      const payment = await load<DevPayment>("payment", id);
      return payment ? publicPayment(payment) : null;
    },
    async createSubscription(input) {
      const subscription = await once<DevSubscription>("subscription", input.idempotencyKey, () => ({
        id: newId("sub"),
        customerId: input.customerId,
        mandateId: input.mandateId ?? newId("mdt"),
        amountCents: input.amountCents,
        interval: input.interval,
        startDate: input.startDate,
        status: "active",
        metadata: input.metadata,
      }));
      return { id: subscription.id };
    },
    async updateSubscription(input) {
      const subscription = await load<DevSubscription>("subscription", input.subscriptionId);
      if (!subscription || subscription.customerId !== input.customerId) throw new Error(`no subscription ${input.subscriptionId}`);
      if (subscription.status !== "active") throw new Error(`subscription ${input.subscriptionId} is canceled`);
      await save("subscription", subscription.id, {
        ...subscription,
        amountCents: input.amountCents,
        interval: input.interval,
        startDate: input.startDate,
        mandateId: input.mandateId ?? subscription.mandateId,
        metadata: input.metadata,
      });
    },
    async cancelSubscription(input) {
      const subscription = await load<DevSubscription>("subscription", input.subscriptionId);
      if (subscription && subscription.customerId === input.customerId) await save("subscription", subscription.id, { ...subscription, status: "canceled" });
    },
    async settle(id, status) {
      // One statement: of two clicks (or two servers), only one settles an open payment.
      const mandate = status === "paid" ? newId("mdt") : null;
      const [row] = await db
        .update(billingDevObjects)
        .set({
          data: sql`${billingDevObjects.data} || jsonb_build_object('status', ${status}::text, 'mandateId', case when ${billingDevObjects.data}->>'sequenceType' = 'first' then to_jsonb(${mandate}::text) else ${billingDevObjects.data}->'mandateId' end)`,
          updatedAt: new Date(),
        })
        .where(and(eq(billingDevObjects.id, id), eq(billingDevObjects.kind, "payment"), sql`${billingDevObjects.data}->>'status' = 'open'`))
        .returning({ data: billingDevObjects.data });
      return row ? publicPayment(row.data as DevPayment) : null;
    },
    async chargeSubscription(subscriptionId, status) {
      const subscription = await load<DevSubscription>("subscription", subscriptionId);
      if (subscription?.status !== "active") throw new Error(`no active subscription ${subscriptionId}`);
      const payment: DevPayment = {
        id: newId("tr"),
        status: status as ProviderPaymentStatus,
        sequenceType: "recurring",
        amountCents: subscription.amountCents,
        customerId: subscription.customerId,
        mandateId: subscription.mandateId,
        subscriptionId,
        // Mollie forwards a subscription's metadata to the payments it makes.
        metadata: subscription.metadata,
      };
      await db.insert(billingDevObjects).values({ id: payment.id, kind: "payment", data: payment });
      return payment.id;
    },
    async subscriptions() {
      const rows = await db
        .select({ data: billingDevObjects.data })
        .from(billingDevObjects)
        .where(eq(billingDevObjects.kind, "subscription"))
        .orderBy(billingDevObjects.createdAt);
      return rows.map((r) => r.data as DevSubscription);
    },
    async peek(id) {
      const payment = await load<DevPayment>("payment", id);
      return payment ? publicPayment(payment) : undefined;
    },
    async redirectUrlOf(id) {
      return (await load<DevPayment>("payment", id))?.redirectUrl;
    },
  };
}
