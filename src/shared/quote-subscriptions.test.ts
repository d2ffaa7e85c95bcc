import { describe, expect, it } from "vitest";
import { MOLLIE_INTERVAL, addMonthsIso, quoteSubscriptionStatus, subscriptionStartDate } from "./quote-subscriptions";

describe("the agreed start of a quote's subscription (decision 061)", () => {
  it("is one interval after the signing date in UTC, clamped to the month's last day", () => {
    expect(subscriptionStartDate(new Date("2026-11-26T23:30:00Z"), "MONTH")).toBe("2026-12-26");
    expect(subscriptionStartDate(new Date("2026-01-31T10:00:00Z"), "MONTH")).toBe("2026-02-28");
    expect(subscriptionStartDate(new Date("2028-01-31T10:00:00Z"), "MONTH")).toBe("2028-02-29");
    expect(subscriptionStartDate(new Date("2026-11-30T10:00:00Z"), "QUARTER")).toBe("2027-02-28");
    expect(subscriptionStartDate(new Date("2028-02-29T10:00:00Z"), "YEAR")).toBe("2029-02-28");
    expect(addMonthsIso("2026-12-15", 1)).toBe("2027-01-15");
  });

  it("uses Mollie's interval strings (at most 12 months) and maps Mollie's statuses", () => {
    expect(MOLLIE_INTERVAL).toEqual({ MONTH: "1 month", QUARTER: "3 months", YEAR: "12 months" });
    expect(["pending", "active", "suspended", "canceled", "completed"].map(quoteSubscriptionStatus)).toEqual([
      "PENDING",
      "ACTIVE",
      "SUSPENDED",
      "CANCELED",
      "COMPLETED",
    ]);
  });
});
