import { describe, expect, it } from "vitest";
import { publishProblems } from "./publish-problems";

describe("publish problems", () => {
  const ok = { customer: { id: "c" }, quoteBlocks: [{}], quoteExpirationAt: "2026-05-01" };
  it("finds none for a draft with a customer, content and a future expiration date", () => {
    expect(publishProblems(ok, "2026-05-01")).toEqual([]);
  });
  it("names a missing customer, no blocks and a passed expiration date", () => {
    expect(publishProblems({ customer: null, quoteBlocks: [], quoteExpirationAt: "2026-04-30" }, "2026-05-01")).toEqual([
      "noCustomer",
      "noBlocks",
      "expirationPassed",
    ]);
  });
});
