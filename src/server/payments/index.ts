import type { Config } from "../config";
import { type DevPaymentProvider, createDevProvider } from "./dev";
import { createMollieProvider } from "./mollie";
import type { PaymentProvider } from "./types";

export type { DevPaymentProvider } from "./dev";
export * from "./types";

/** One provider per configuration (the dev provider keeps its payments in memory). */
const providers = new WeakMap<Config, PaymentProvider | null>();
const overrides = new WeakMap<Config, PaymentProvider>();

/** The configured provider: Mollie with MOLLIE_API_KEY, else the dev provider; null when paying is off. */
export function paymentProvider(config: Config): PaymentProvider | null {
  const override = overrides.get(config);
  if (override) return override;
  if (!providers.has(config)) {
    const p = config.payments;
    providers.set(
      config,
      p.kind === "mollie" ? createMollieProvider({ apiKey: p.apiKey, apiUrl: p.apiUrl }) : p.kind === "dev" ? createDevProvider({ publicUrl: config.publicUrl }) : null,
    );
  }
  return providers.get(config) ?? null;
}

/** The dev provider when it is the active one (the checkout page exists only then). */
export function devPaymentProvider(config: Config): DevPaymentProvider | null {
  const provider = paymentProvider(config);
  return provider?.name === "dev" ? (provider as DevPaymentProvider) : null;
}

/** Tests: a provider with other options (e.g. a short timeout) for this configuration. */
export function setPaymentProvider(config: Config, provider: PaymentProvider): void {
  overrides.set(config, provider);
}
