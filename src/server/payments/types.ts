/**
 * The payments adapter (decision 022): the Mollie model — a customer, a first payment that
 * creates a mandate, a subscription on that mandate whose recurring payments arrive by webhook.
 * Amounts are integer euro cents INCLUDING VAT (what the buyer pays).
 */
export type ProviderName = "mollie" | "dev";
export type ProviderPaymentStatus = "open" | "pending" | "authorized" | "paid" | "failed" | "canceled" | "expired";
export type ProviderInterval = "MONTHLY" | "YEARLY";

export type ProviderPayment = {
  id: string;
  status: ProviderPaymentStatus;
  sequenceType: "oneoff" | "first" | "recurring";
  amountCents: number;
  customerId: string | null;
  mandateId: string | null;
  subscriptionId: string | null;
  /** What we put in `metadata` when we created it (first payments): our own payment row id. */
  metadata: Record<string, unknown> | null;
};

export interface PaymentProvider {
  readonly name: ProviderName;
  createCustomer(input: { name: string; email: string | null; accountId: string }): Promise<{ id: string }>;
  /** A first payment (sequenceType first) that creates a mandate; card and iDEAL. */
  createFirstPayment(input: {
    customerId: string;
    amountCents: number;
    description: string;
    redirectUrl: string;
    webhookUrl: string;
    locale: "en" | "nl";
    metadata: Record<string, string>;
    idempotencyKey: string;
  }): Promise<{ id: string; status: ProviderPaymentStatus; checkoutUrl: string | null }>;
  /** The payment as the provider knows it, or null when it does not exist (forged ids). */
  getPayment(id: string): Promise<ProviderPayment | null>;
  /** The customer's valid mandate, if any (a paid first payment carries its mandateId). */
  createSubscription(input: {
    customerId: string;
    mandateId: string | null;
    amountCents: number;
    interval: ProviderInterval;
    /** First recurring charge (YYYY-MM-DD): the end of the period the first payment paid for. */
    startDate: string;
    description: string;
    webhookUrl: string;
    metadata: Record<string, string>;
    idempotencyKey: string;
  }): Promise<{ id: string }>;
  /**
   * Changes a running subscription's terms in one call (Mollie: PATCH, atomic): the amount and
   * interval of the charges from `startDate` on, the mandate to charge. PATCH sets absolute
   * values, so repeating it is harmless (no idempotency key needed). Decision 029.
   */
  updateSubscription(input: {
    customerId: string;
    subscriptionId: string;
    amountCents: number;
    interval: ProviderInterval;
    /** The next charge (YYYY-MM-DD): the end of the period already paid for. */
    startDate: string;
    mandateId: string | null;
    description: string;
    metadata: Record<string, string>;
  }): Promise<void>;
  cancelSubscription(input: { customerId: string; subscriptionId: string; idempotencyKey: string }): Promise<void>;
}

/** The provider did not answer in time or failed (5xx, network): the caller says "try again". */
export class ProviderUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "ProviderUnavailableError";
  }
}

/** Euro cents → Mollie's amount value ("12.34"). */
export function centsToValue(cents: number): string {
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, "0")}`;
}

/** Mollie's amount value ("12.34") → cents, exactly (no float arithmetic). */
export function valueToCents(value: string): number {
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(value);
  if (!match) throw new Error(`not an amount: ${value}`);
  return Number(match[1]) * 100 + Number((match[2] ?? "0").padEnd(2, "0"));
}

export async function withTimeout<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      work,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new ProviderUnavailableError(`${what}: no answer within ${ms} ms`)), ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}
