import crypto from "node:crypto";
import type { PaymentProvider, ProviderInterval, ProviderPayment, ProviderPaymentStatus } from "./types";

type DevSubscription = { id: string; customerId: string; mandateId: string; amountCents: number; interval: ProviderInterval; status: "active" | "canceled"; metadata: Record<string, string> };

/**
 * The development provider: Mollie's model kept in this process's memory, with a local checkout
 * page (/dev/checkout/<id>, billing/dev-checkout.routes.ts) where the developer picks paid, failed
 * or cancelled. The page then runs the same webhook handler Mollie's call would run. It is the
 * default when no MOLLIE_API_KEY is set (never on a public production address: config.ts).
 * A restart forgets its payments; webhooks for them are then ignored like any unknown id.
 */
export type DevPaymentProvider = PaymentProvider & {
  readonly name: "dev";
  /** The checkout page's choice. Returns the payment, or null for an unknown or already settled id. */
  settle(id: string, status: "paid" | "failed" | "canceled"): ProviderPayment | null;
  /** A recurring charge of a subscription, as Mollie makes one each interval. Returns its id. */
  chargeSubscription(subscriptionId: string, status: "paid" | "failed"): string;
  subscriptions(): readonly DevSubscription[];
  peek(id: string): ProviderPayment | undefined;
  /** Where the checkout sends the buyer back to (the redirectUrl of the payment). */
  redirectUrlOf(id: string): string | undefined;
};

const newId = (prefix: string) => `${prefix}_dev${crypto.randomBytes(8).toString("hex")}`;

export function createDevProvider(options: { publicUrl: string }): DevPaymentProvider {
  const payments = new Map<string, ProviderPayment>();
  const subscriptions = new Map<string, DevSubscription>();
  const byIdempotencyKey = new Map<string, string>();
  const redirects = new Map<string, string>();

  function once<T extends { id: string }>(key: string, make: () => T, store: Map<string, T>): T {
    const existing = byIdempotencyKey.get(key);
    if (existing && store.has(existing)) return store.get(existing)!;
    const made = make();
    store.set(made.id, made);
    byIdempotencyKey.set(key, made.id);
    return made;
  }

  return {
    name: "dev",
    async createCustomer() {
      return { id: newId("cst") };
    },
    async createFirstPayment(input) {
      const payment = once(
        input.idempotencyKey,
        () => ({ id: newId("tr"), status: "open" as ProviderPaymentStatus, sequenceType: "first" as const, amountCents: input.amountCents, customerId: input.customerId, mandateId: null, subscriptionId: null, metadata: input.metadata }),
        payments,
      );
      redirects.set(payment.id, input.redirectUrl);
      const lang = input.locale === "nl" ? "?lang=nl" : "";
      return { id: payment.id, status: payment.status, checkoutUrl: `${options.publicUrl}/dev/checkout/${payment.id}${lang}` };
    },
    async getPayment(id) {
      const payment = payments.get(id);
      return payment ? { ...payment } : null;
    },
    async createSubscription(input) {
      const subscription = once(
        input.idempotencyKey,
        () => ({ id: newId("sub"), customerId: input.customerId, mandateId: input.mandateId ?? newId("mdt"), amountCents: input.amountCents, interval: input.interval, status: "active" as const, metadata: input.metadata }),
        subscriptions,
      );
      return { id: subscription.id };
    },
    async cancelSubscription(input) {
      const subscription = subscriptions.get(input.subscriptionId);
      if (subscription && subscription.customerId === input.customerId) subscription.status = "canceled";
    },
    settle(id, status) {
      const payment = payments.get(id);
      if (payment?.status !== "open") return null;
      payment.status = status;
      if (status === "paid" && payment.sequenceType === "first") payment.mandateId = newId("mdt");
      return { ...payment };
    },
    chargeSubscription(subscriptionId, status) {
      const subscription = subscriptions.get(subscriptionId);
      if (subscription?.status !== "active") throw new Error(`no active subscription ${subscriptionId}`);
      const id = newId("tr");
      payments.set(id, { id, status, sequenceType: "recurring", amountCents: subscription.amountCents, customerId: subscription.customerId, mandateId: subscription.mandateId, subscriptionId, metadata: subscription.metadata });
      return id;
    },
    subscriptions: () => [...subscriptions.values()],
    peek: (id) => payments.get(id),
    redirectUrlOf: (id) => redirects.get(id),
  };
}
