import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { docusignVerifyCallback } from "./docusign.provider";

/** DocuSign Connect's HMAC check (decision 059): any X-DocuSign-Signature-n against any active key, on the raw bytes. */
describe("docusignVerifyCallback", () => {
  const body = new TextEncoder().encode('{"event":"envelope-completed","data":{"envelopeId":"e1"}}\r\n');
  const sign = (key: string, bytes: Uint8Array = body) => crypto.createHmac("sha256", key).update(bytes).digest("base64");

  it("accepts a body signed with any active key in any of the numbered headers (key rotation)", () => {
    const verify = docusignVerifyCallback(["new-key", "old-key"]);
    expect(verify(body, new Headers({ "x-docusign-signature-1": sign("old-key") }))).toBe(true);
    expect(verify(body, new Headers({ "x-docusign-signature-1": sign("retired"), "x-docusign-signature-2": sign("new-key") }))).toBe(true);
  });

  it("refuses another key, a changed byte (even only the line ending), no header, and no configured key", () => {
    const verify = docusignVerifyCallback(["new-key"]);
    expect(verify(body, new Headers({ "x-docusign-signature-1": sign("other") }))).toBe(false);
    const changed = new TextEncoder().encode('{"event":"envelope-completed","data":{"envelopeId":"e1"}}\n');
    expect(verify(changed, new Headers({ "x-docusign-signature-1": sign("new-key") }))).toBe(false);
    expect(verify(body, new Headers())).toBe(false);
    expect(verify(body, new Headers({ "x-docusign-signature-1": "not base64 at all" }))).toBe(false);
    expect(docusignVerifyCallback([])(body, new Headers({ "x-docusign-signature-1": sign("new-key") }))).toBe(false);
  });
});
