import { describe, expect, it } from "vitest";
import { ConfigError, parseConfig } from "../config";
import { paymentProvider } from "./index";
import { centsToValue, valueToCents } from "./types";

/** The providers only keep the executor for later calls; none is made here. */
const db = {} as Parameters<typeof paymentProvider>[1];

describe("payments configuration", () => {
  it("uses Mollie with a key, the dev provider without one, and refuses paying on a public production address without a key", () => {
    const mollie = parseConfig({ MOLLIE_API_KEY: "test_abcdefghijklmnopqrstuvwxyz0123" });
    expect(mollie.payments).toEqual({ kind: "mollie", apiKey: "test_abcdefghijklmnopqrstuvwxyz0123", apiUrl: "https://api.mollie.com/v2/" });
    expect(paymentProvider(mollie, db)?.name).toBe("mollie");
    expect(paymentProvider(mollie, db)).toBe(paymentProvider(mollie, db)); // one client per configuration
    const dev = parseConfig({});
    expect(dev.payments.kind).toBe("dev");
    expect(paymentProvider(dev, db)?.name).toBe("dev"); // its state is in the database, not the object
    const local = parseConfig({ NODE_ENV: "production", PUBLIC_URL: "http://127.0.0.1:4000" });
    expect(local.payments.kind).toBe("dev");
    const publicProduction = parseConfig({ NODE_ENV: "production", PUBLIC_URL: "https://offerly.example", SMTP_URL: "smtp://mail:25" });
    expect(publicProduction.payments.kind).toBe("none");
    expect(paymentProvider(publicProduction, db)).toBeNull();
  });

  it("names the variable when a Mollie setting is wrong", () => {
    expect(() => parseConfig({ MOLLIE_API_KEY: "sk_live_123" })).toThrow(ConfigError);
    expect(() => parseConfig({ MOLLIE_API_KEY: "sk_live_123" })).toThrow(/MOLLIE_API_KEY/);
    expect(() => parseConfig({ MOLLIE_API_URL: "http://api.mollie.com/v2/" })).toThrow(/MOLLIE_API_URL/);
  });

  it("converts cents to Mollie's amount strings and back exactly", () => {
    expect(centsToValue(59_290)).toBe("592.90");
    expect(centsToValue(5)).toBe("0.05");
    expect(valueToCents("592.90")).toBe(59_290);
    expect(valueToCents("0.5")).toBe(50);
    expect(valueToCents("12")).toBe(1_200);
    expect(() => valueToCents("1.234")).toThrow();
    for (let cents = 0; cents < 2_000; cents += 7) expect(valueToCents(centsToValue(cents))).toBe(cents);
  });
});
