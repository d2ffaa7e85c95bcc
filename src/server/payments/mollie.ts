import type { MollieClient } from "@mollie/api-client";
import {
  type PaymentProvider,
  type ProviderPayment,
  type ProviderPaymentStatus,
  ProviderUnavailableError,
  centsToValue,
  valueToCents,
  withTimeout,
} from "./types";

/** How long one call to Mollie may take (the client itself retries 5xx up to three times). */
const DEFAULT_TIMEOUT_MS = 15_000;

/**
 * Mollie through its official Node client (@mollie/api-client 4.6). Only the parts of the API the
 * billing flow needs: customers, first payments, payments by id, subscriptions.
 */
export function createMollieProvider(options: { apiKey: string; apiUrl: string; timeoutMs?: number }): PaymentProvider {
  // The client is loaded on the first call, not at start-up (decision 040).
  let loading: Promise<{ mollie: typeof import("@mollie/api-client"); client: MollieClient }> | undefined;
  const sdk = () =>
    (loading ??= import("@mollie/api-client").then((mollie) => ({
      mollie,
      // The named export, not `default`: @mollie/api-client is CommonJS with `exports.default`, and
      // what `default` is depends on the loader (Node and the production bundle: the exports
      // object; vitest: the function). A named export is the same everywhere (decision 043).
      client: mollie.createMollieClient({ apiKey: options.apiKey, apiEndpoint: options.apiUrl, versionStrings: "Offerly/1" }),
    })));
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;

  /** Calls Mollie; 5xx, network errors and timeouts become ProviderUnavailableError. */
  async function call<T>(what: string, work: (loaded: Awaited<ReturnType<typeof sdk>>) => Promise<T>): Promise<T> {
    const loaded = await sdk();
    try {
      return await withTimeout(work(loaded), timeoutMs, what);
    } catch (error) {
      if (error instanceof ProviderUnavailableError) throw error;
      const status = error instanceof loaded.mollie.MollieApiError ? error.statusCode : undefined;
      if (status === undefined || status >= 500 || status === 429) throw new ProviderUnavailableError(`${what} failed`, { cause: error });
      throw error;
    }
  }
  /** The HTTP status of an error Mollie answered with (the client is loaded once a call was made). */
  const mollieStatus = async (error: unknown) => {
    const { mollie } = await sdk();
    return error instanceof mollie.MollieApiError ? error.statusCode : undefined;
  };

  return {
    name: "mollie",
    async createCustomer(input) {
      const customer = await call("create customer", ({ client }) =>
        client.customers.create({ name: input.name, ...(input.email ? { email: input.email } : {}), metadata: { accountId: input.accountId } }),
      );
      return { id: customer.id };
    },
    async createFirstPayment(input) {
      const payment = await call("create payment", ({ client, mollie }) =>
        client.payments.create({
          amount: { currency: "EUR", value: centsToValue(input.amountCents) },
          description: input.description,
          redirectUrl: input.redirectUrl,
          webhookUrl: input.webhookUrl,
          customerId: input.customerId,
          sequenceType: mollie.SequenceType.first,
          method: [mollie.PaymentMethod.creditcard, mollie.PaymentMethod.ideal],
          locale: input.locale === "nl" ? mollie.Locale.nl_NL : mollie.Locale.en_US,
          metadata: input.metadata,
          idempotencyKey: input.idempotencyKey,
        }),
      );
      return { id: payment.id, status: payment.status as ProviderPaymentStatus, checkoutUrl: payment.getCheckoutUrl() };
    },
    async getPayment(id) {
      if (!/^tr_[A-Za-z0-9]{4,40}$/.test(id)) return null;
      try {
        const payment = await call("get payment", ({ client }) => client.payments.get(id));
        return {
          id: payment.id,
          status: payment.status as ProviderPaymentStatus,
          sequenceType: payment.sequenceType as ProviderPayment["sequenceType"],
          amountCents: valueToCents(payment.amount.value),
          customerId: payment.customerId ?? null,
          mandateId: payment.mandateId ?? null,
          subscriptionId: payment.subscriptionId ?? null,
          metadata: (payment.metadata as Record<string, unknown> | null) ?? null,
        };
      } catch (error) {
        if ((await mollieStatus(error)) === 404) return null;
        throw error;
      }
    },
    async createSubscription(input) {
      const subscription = await call("create subscription", ({ client }) =>
        client.customerSubscriptions.create({
          customerId: input.customerId,
          amount: { currency: "EUR", value: centsToValue(input.amountCents) },
          interval: mollieInterval(input.interval),
          startDate: input.startDate,
          description: input.description,
          webhookUrl: input.webhookUrl,
          metadata: input.metadata,
          ...(input.mandateId ? { mandateId: input.mandateId } : {}),
          idempotencyKey: input.idempotencyKey,
        } as Parameters<MollieClient["customerSubscriptions"]["create"]>[0]),
      );
      return { id: subscription.id };
    },
    async updateSubscription(input) {
      await call("update subscription", ({ client }) =>
        client.customerSubscriptions.update(input.subscriptionId, {
          customerId: input.customerId,
          amount: { currency: "EUR", value: centsToValue(input.amountCents) },
          interval: mollieInterval(input.interval),
          startDate: input.startDate,
          description: input.description,
          metadata: input.metadata,
          ...(input.mandateId ? { mandateId: input.mandateId } : {}),
        } as Parameters<MollieClient["customerSubscriptions"]["update"]>[1]),
      );
    },
    async cancelSubscription(input) {
      try {
        await call("cancel subscription", ({ client }) =>
          client.customerSubscriptions.cancel(input.subscriptionId, { customerId: input.customerId, idempotencyKey: input.idempotencyKey }),
        );
      } catch (error) {
        // Already canceled (or completed) at Mollie: the state we want.
        const status = await mollieStatus(error);
        if (status === 404 || status === 410 || status === 422) return;
        throw error;
      }
    },
  };
}

/** Mollie's interval strings ("1 months" is refused: singular for one). */
const mollieInterval = (interval: "MONTHLY" | "YEARLY") => (interval === "YEARLY" ? "12 months" : "1 month");
