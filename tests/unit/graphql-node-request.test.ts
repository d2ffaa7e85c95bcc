import { describe, expect, it } from "vitest";
import { nodeRequest } from "../../src/server/http/graphql-node";
import { wantsFreshAnswer } from "../../src/server/db/replica";

/**
 * The node:http GraphQL path's stand-in for a Fetch `Request` (decision 066): what the rules,
 * the resolvers and Yoga read of a request gives what a real `Request` made from the same node
 * headers gives, and whatever else is asked for comes from a real one.
 */
describe("nodeRequest", () => {
  const raw = {
    host: "offerly.test",
    "user-agent": "Zapier",
    "accept-language": "nl",
    "cache-control": "no-cache",
    // node joins repeated headers into one string; only set-cookie stays a list
    "x-forwarded-for": "203.0.113.7, 10.0.0.1",
    "set-cookie": ["a=1", "b=2"],
  };
  const url = "http://offerly.test/graphql";
  const fast = nodeRequest(url, raw);
  const real = new Request(url, { method: "POST", headers: raw as unknown as Record<string, string> });

  it("reads headers as a Request does: any case, absent ones null", () => {
    for (const name of ["User-Agent", "accept-language", "X-Forwarded-For", "origin", "Cache-Control"]) {
      expect(fast.headers.get(name)).toBe(real.headers.get(name));
      expect(fast.headers.has(name)).toBe(real.headers.has(name));
    }
    expect([...fast.headers.entries()].filter(([name]) => name !== "set-cookie")).toEqual(
      [...real.headers.entries()].filter(([name]) => name !== "set-cookie"),
    );
    expect(fast.headers.getSetCookie()).toEqual(["a=1", "b=2"]);
    expect(wantsFreshAnswer(fast)).toBe(true);
    // A list value (node's joinDuplicateHeaders) is one value joined as Fetch combines them.
    expect(nodeRequest(url, { accept: ["a/b", "c/d"] as unknown as string }).headers.get("accept")).toBe("a/b, c/d");
  });

  it("has the url and method, and makes a real Request for anything else", () => {
    expect(fast.url).toBe(url);
    expect(fast.method).toBe("POST");
    expect(fast.signal).toBeInstanceOf(AbortSignal);
    expect(fast.clone().headers.get("user-agent")).toBe("Zapier");
  });

  it("has headers that cannot be changed", () => {
    expect(() => fast.headers.set("x", "y")).toThrow(TypeError);
  });
});
