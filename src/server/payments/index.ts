import type { Config } from "../config";
import type { Executor } from "../db/client";
import { type DevPaymentProvider, createDevProvider } from "./dev";
import { createMollieProvider } from "./mollie";
import type { PaymentProvider } from "./types";

export type { DevPaymentProvider, DevSubscription } from "./dev";
export * from "./types";

/** One Mollie client per configuration (the dev provider keeps its state in the database). */
const mollies = new WeakMap<Config, PaymentProvider>();
const overrides = new WeakMap<Config, PaymentProvider>();

/**
 * The configured provider: Mollie with MOLLIE_API_KEY, else the dev provider; null when paying is
 * off. `db` is where the dev provider reads and writes (pass the caller's transaction inside one).
 */
export function paymentProvider(config: Config, db: Executor): PaymentProvider | null {
  const override = overrides.get(config);
  if (override) return override;
  const p = config.payments;
  if (p.kind === "mollie") {
    let mollie = mollies.get(config);
    if (!mollie) {
      mollie = createMollieProvider({ apiKey: p.apiKey, apiUrl: p.apiUrl });
      mollies.set(config, mollie);
    }
    return mollie;
  }
  if (p.kind === "dev") return createDevProvider({ publicUrl: config.publicUrl, db });
  return null;
}

/** The dev provider when it is the active one (the checkout page exists only then). */
export function devPaymentProvider(config: Config, db: Executor): DevPaymentProvider | null {
  const provider = paymentProvider(config, db);
  return provider?.name === "dev" ? (provider as DevPaymentProvider) : null;
}

/** Tests: a provider with other options (e.g. a short timeout) for this configuration. */
export function setPaymentProvider(config: Config, provider: PaymentProvider): void {
  overrides.set(config, provider);
}
