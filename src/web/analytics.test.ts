import { describe, expect, it } from "vitest";
import { analyticsPath } from "./analytics";
import { loggablePath } from "../server/http/security";

describe("secrets never reach analytics or logs", () => {
  it.each([
    ["/quote/website-redesign/V1StGXR8_Z5jdHi6B-myTa", "/quote"],
    ["/nl/quote/website/V1StGXR8_Z5jdHi6B-myTa", "/nl/quote"],
    ["/quote", "/quote"],
    ["/pricing", "/pricing"],
    ["/nl/app/quotes", "/nl/app/quotes"],
  ])("analyticsPath(%s) = %s", (input, expected) => {
    expect(analyticsPath(input)).toBe(expected);
  });

  it("logs quote paths without their token", () => {
    expect(loggablePath("/quote/website/V1StGXR8_Z5jdHi6B-myTa")).toBe("/quote/website/[redacted]");
    expect(loggablePath("/nl/quote/website/V1StGXR8_Z5jdHi6B-myTa/print")).toBe("/nl/quote/website/[redacted]/print");
    expect(loggablePath("/app/quotes")).toBe("/app/quotes");
  });
});
