import { describe, expect, it } from "vitest";
import { VERIFY_BACKOFF, ZAddCustomDomainInput, domainProblem, nextCheckDelayMs, normaliseDomain } from "./custom-domains";

describe("custom domain names", () => {
  it("normalises what the owner typed", () => {
    expect(normaliseDomain(" HTTPS://Quotes.Bureau.NL:443/offerte?x=1 ")).toBe("quotes.bureau.nl");
    expect(normaliseDomain("quotes.bureau.nl.")).toBe("quotes.bureau.nl");
  });

  it("accepts sub-domains and refuses bare domains (also under two-label suffixes), IPs and junk", () => {
    expect(domainProblem("quotes.bureau.nl")).toBeNull();
    expect(domainProblem("offertes.example.co.uk")).toBeNull();
    expect(domainProblem("bureau.nl")).toBe("domains:validation.apex");
    expect(domainProblem("example.co.uk")).toBe("domains:validation.apex");
    expect(domainProblem("10.0.0.1")).toBe("domains:validation.invalid");
    expect(domainProblem("-bad.bureau.nl")).toBe("domains:validation.invalid");
    expect(domainProblem("quo tes.bureau.nl")).toBe("domains:validation.invalid");
    expect(domainProblem("")).toBe("domains:validation.required");
    expect(ZAddCustomDomainInput.safeParse({ domain: "Quotes.Bureau.nl" }).data).toEqual({ domain: "quotes.bureau.nl" });
    expect(ZAddCustomDomainInput.safeParse({ domain: "bureau.nl" }).error?.issues[0]?.message).toBe("domains:validation.apex");
  });
});

describe("when the next check runs", () => {
  const created = new Date("2026-01-01T00:00:00Z");
  const at = (ms: number) => new Date(created.getTime() + ms);
  it("backs off from one minute, doubling, at most an hour apart, while a new domain is pending", () => {
    expect(nextCheckDelayMs({ status: "PENDING", createdAt: created, checks: 0 }, created)).toBe(60_000);
    expect(nextCheckDelayMs({ status: "PENDING", createdAt: created, checks: 1 }, at(60_000))).toBe(120_000);
    expect(nextCheckDelayMs({ status: "PENDING", createdAt: created, checks: 3 }, at(10 * 60_000))).toBe(480_000);
    expect(nextCheckDelayMs({ status: "PENDING", createdAt: created, checks: 20 }, at(3_600_000))).toBe(VERIFY_BACKOFF.maxMs);
  });
  it("never schedules past the 72-hour window, then checks daily; active and inactive domains daily", () => {
    const nearEnd = VERIFY_BACKOFF.windowMs - 5 * 60_000;
    expect(nextCheckDelayMs({ status: "PENDING", createdAt: created, checks: 60 }, at(nearEnd))).toBe(5 * 60_000);
    expect(nextCheckDelayMs({ status: "PENDING", createdAt: created, checks: 80 }, at(VERIFY_BACKOFF.windowMs))).toBe(VERIFY_BACKOFF.dailyMs);
    expect(nextCheckDelayMs({ status: "ACTIVE", createdAt: created, checks: 2 }, at(60_000))).toBe(VERIFY_BACKOFF.dailyMs);
    expect(nextCheckDelayMs({ status: "INACTIVE", createdAt: created, checks: 2 }, at(60_000))).toBe(VERIFY_BACKOFF.dailyMs);
  });
});
