import { describe, expect, it } from "vitest";
import { isConnectionError, parseLsn, wantsFreshAnswer } from "./replica";

describe("read replica helpers (decision 036)", () => {
  it("compares WAL positions across the 32-bit boundary", () => {
    expect(parseLsn("0/16B3748")).toBe(0x16b3748n);
    expect(parseLsn("1/0") > parseLsn("0/FFFFFFFF")).toBe(true);
    expect(parseLsn("16/B374D848")).toBe((0x16n << 32n) | 0xb374d848n);
  });

  it("sends a reload to the primary, a plain navigation to the replica", () => {
    const request = (headers: Record<string, string>) => new Request("http://x/q/a", { headers });
    expect(wantsFreshAnswer(request({}))).toBe(false);
    expect(wantsFreshAnswer(request({ "cache-control": "max-age=0" }))).toBe(true);
    expect(wantsFreshAnswer(request({ "cache-control": "no-cache" }))).toBe(true);
    expect(wantsFreshAnswer(request({ pragma: "no-cache" }))).toBe(true);
    expect(wantsFreshAnswer(request({ "cache-control": "max-age=60" }))).toBe(false);
  });

  it("tells a replica that went away from a query that failed on its own", () => {
    expect(isConnectionError(Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5"), { code: "ECONNREFUSED" }))).toBe(true);
    expect(isConnectionError(Object.assign(new Error("terminating connection due to administrator command"), { code: "57P01" }))).toBe(true);
    expect(isConnectionError(new Error("Connection terminated unexpectedly"))).toBe(true);
    expect(isConnectionError(new Error("wrapped", { cause: Object.assign(new Error("x"), { code: "08006" }) }))).toBe(true);
    expect(isConnectionError(Object.assign(new Error("division by zero"), { code: "22012" }))).toBe(false);
    expect(isConnectionError(new Error("NOT_FOUND"))).toBe(false);
  });
});
