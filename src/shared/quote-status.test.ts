import { describe, expect, it } from "vitest";
import {
  canDelete,
  canPublish,
  canTransition,
  canWithdraw,
  displayStatus,
  isEditable,
  isExpired,
  publicAvailability,
  publishProblems,
  todayIso,
} from "./quote-status";

describe("quote status transitions", () => {
  it("allows exactly draft→published, published→draft and published→signed", () => {
    const all = ["DRAFT", "PUBLISHED", "SIGNED"] as const;
    const allowed = all.flatMap((from) => all.filter((to) => canTransition(from, to)).map((to) => `${from}→${to}`));
    expect(allowed).toEqual(["DRAFT→PUBLISHED", "PUBLISHED→DRAFT", "PUBLISHED→SIGNED"]);
  });
  it("edits and deletes drafts only", () => {
    expect([isEditable("DRAFT"), isEditable("PUBLISHED"), isEditable("SIGNED")]).toEqual([true, false, false]);
    expect([canDelete("DRAFT"), canDelete("PUBLISHED"), canDelete("SIGNED")]).toEqual([true, false, false]);
    expect([canPublish("DRAFT"), canPublish("PUBLISHED"), canPublish("SIGNED")]).toEqual([true, false, false]);
  });
  it("withdraws a published quote (signed or not by customers: decision 032), never a SIGNED one", () => {
    expect(canWithdraw("PUBLISHED")).toBe(true);
    expect(canWithdraw("SIGNED")).toBe(false);
    expect(canWithdraw("DRAFT")).toBe(false);
  });
});

describe("expiry (derived)", () => {
  const today = "2026-03-10";
  it("expires a published quote from the day after its expiration date", () => {
    expect(isExpired({ status: "PUBLISHED", expirationDate: "2026-03-10" }, today)).toBe(false);
    expect(isExpired({ status: "PUBLISHED", expirationDate: "2026-03-09" }, today)).toBe(true);
  });
  it("never shows drafts or signed quotes as expired", () => {
    expect(displayStatus({ status: "DRAFT", expirationDate: "2020-01-01" }, today)).toBe("DRAFT");
    expect(displayStatus({ status: "SIGNED", expirationDate: "2020-01-01" }, today)).toBe("SIGNED");
    expect(displayStatus({ status: "PUBLISHED", expirationDate: "2020-01-01" }, today)).toBe("EXPIRED");
    expect(displayStatus({ status: "PUBLISHED", expirationDate: "2030-01-01" }, today)).toBe("PUBLISHED");
  });
  it("decides what the public link shows", () => {
    expect(publicAvailability({ status: "DRAFT", expirationDate: "2030-01-01" }, today)).toBe("NOT_AVAILABLE");
    expect(publicAvailability({ status: "PUBLISHED", expirationDate: "2030-01-01" }, today)).toBe("AVAILABLE");
    expect(publicAvailability({ status: "PUBLISHED", expirationDate: "2026-03-01" }, today)).toBe("EXPIRED");
    expect(publicAvailability({ status: "SIGNED", expirationDate: "2026-03-01" }, today)).toBe("AVAILABLE");
  });
  it("takes today in UTC", () => {
    expect(todayIso(new Date("2026-03-10T23:59:59Z"))).toBe("2026-03-10");
  });
});

describe("publishProblems", () => {
  it("refuses a draft that would be expired at once and warns about one without blocks", () => {
    expect(publishProblems({ expirationDate: "2026-03-09", blockCount: 2 }, "2026-03-10")).toEqual({ errors: ["expiredOnPublish"], warnings: [] });
    expect(publishProblems({ expirationDate: "2026-03-10", blockCount: 2 }, "2026-03-10")).toEqual({ errors: [], warnings: [] });
    expect(publishProblems({ expirationDate: "2026-03-10", blockCount: 0 }, "2026-03-10")).toEqual({ errors: [], warnings: ["noBlocksOnPublish"] });
  });
});
