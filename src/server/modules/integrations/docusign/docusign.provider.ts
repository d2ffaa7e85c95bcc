/**
 * DocuSign's eSignature REST API v2.1 as a signature provider (decision 059), with plain fetch:
 * - send: `POST {base}/restapi/v2.1/accounts/{accountId}/envelopes` with the PDF as `documentBase64`,
 *   one signer with a `signHereTabs` tab anchored (`anchorString`) where the customer signs, and
 *   `status: "sent"` (remote signing: DocuSign e-mails the signer);
 * - status: `GET …/envelopes/{envelopeId}?include=recipients` (a void's `voidedReason`, a signer's
 *   `declinedReason`);
 * - download: `GET …/envelopes/{envelopeId}/documents/combined` (the signed PDF) and
 *   `…/documents/certificate` (the certificate of completion);
 * - Connect callbacks: `X-DocuSign-Signature-1..n`, each the base64 HMAC-SHA256 of the raw body
 *   under one of the account's Connect keys; one matching key is enough (key rotation).
 */
import crypto from "node:crypto";
import { type EnvelopeStatus, type SendInput, type SignatureProvider, SignatureProviderError, type VerifyCallback } from "../signature-provider";

const TIMEOUT_MS = 30_000;
/** DocuSign's documents are far smaller; the cap guards the store. */
export const MAX_DOCUMENT_BYTES = 25 * 1024 * 1024;

export type DocuSignSession = { accessToken: string; baseUrl: string; accountId: string };

export function docusignProvider(session: DocuSignSession, fetchImpl: typeof fetch = fetch): SignatureProvider {
  const root = `${session.baseUrl.replace(/\/+$/, "")}/restapi/v2.1/accounts/${encodeURIComponent(session.accountId)}/envelopes`;
  const call = async (url: string, init: RequestInit) => {
    let response: Response;
    try {
      response = await fetchImpl(url, {
        ...init,
        redirect: "error",
        signal: AbortSignal.timeout(TIMEOUT_MS),
        headers: { authorization: `Bearer ${session.accessToken}`, ...(init.headers as Record<string, string> | undefined) },
      });
    } catch (error) {
      throw new SignatureProviderError(`DocuSign unreachable: ${(error as Error).message}`, 0);
    }
    if (!response.ok) {
      let code: string | null = null;
      try {
        const body = (await response.json()) as { errorCode?: unknown };
        code = typeof body.errorCode === "string" ? body.errorCode.slice(0, 100) : null;
      } catch {
        code = null;
      }
      throw new SignatureProviderError(`DocuSign answered ${response.status}${code ? ` ${code}` : ""}`, response.status, code);
    }
    return response;
  };
  return {
    method: "DocuSign",
    async send(input: SendInput) {
      const body = {
        emailSubject: input.subject.slice(0, 100),
        status: "sent",
        documents: [
          { documentId: "1", name: input.documentName.slice(0, 100), fileExtension: "pdf", documentBase64: Buffer.from(input.document).toString("base64") },
        ],
        recipients: {
          signers: [
            {
              recipientId: "1",
              routingOrder: "1",
              name: input.signer.name,
              email: input.signer.email,
              tabs: {
                signHereTabs: [
                  { anchorString: input.anchor, anchorUnits: "pixels", anchorXOffset: "0", anchorYOffset: "20", anchorIgnoreIfNotPresent: "false" },
                ],
              },
            },
          ],
        },
      };
      const response = await call(root, {
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/json" },
        body: JSON.stringify(body),
      });
      const json = (await response.json().catch(() => null)) as { envelopeId?: unknown } | null;
      if (typeof json?.envelopeId !== "string" || json.envelopeId.length === 0 || json.envelopeId.length > 100) {
        throw new SignatureProviderError("DocuSign answered without an envelope id", response.status);
      }
      return { envelopeId: json.envelopeId };
    },
    async status(envelopeId: string): Promise<EnvelopeStatus> {
      const response = await call(`${root}/${encodeURIComponent(envelopeId)}?include=recipients`, { method: "GET", headers: { accept: "application/json" } });
      const json = (await response.json().catch(() => null)) as {
        status?: unknown;
        voidedReason?: unknown;
        recipients?: { signers?: { declinedReason?: unknown }[] };
      } | null;
      const status = typeof json?.status === "string" ? json.status : "";
      const text = (value: unknown) => (typeof value === "string" && value.trim() ? value.trim().slice(0, 1000) : null);
      if (status === "completed") return { status: "completed", reason: null };
      if (status === "declined") {
        const reason = (json?.recipients?.signers ?? []).map((s) => text(s.declinedReason)).find(Boolean) ?? null;
        return { status: "declined", reason };
      }
      if (status === "voided") return { status: "voided", reason: text(json?.voidedReason) };
      if (status === "sent" || status === "delivered") return { status: "sent", reason: null };
      return { status: "other", reason: null };
    },
    async download(envelopeId: string, what: "signed" | "certificate") {
      const documentId = what === "signed" ? "combined" : "certificate";
      const response = await call(`${root}/${encodeURIComponent(envelopeId)}/documents/${documentId}`, {
        method: "GET",
        headers: { accept: "application/pdf" },
      });
      const bytes = new Uint8Array(await response.arrayBuffer());
      if (bytes.byteLength > MAX_DOCUMENT_BYTES) throw new SignatureProviderError("DocuSign's document is too large", response.status);
      if (Buffer.from(bytes.subarray(0, 5)).toString("latin1") !== "%PDF-")
        throw new SignatureProviderError("DocuSign's document is not a PDF", response.status);
      return bytes;
    },
  };
}

/** Connect's HMAC check: any `X-DocuSign-Signature-n` (n = 1…100) equal to the body's HMAC under any active key; timing-safe. */
export function docusignVerifyCallback(keys: readonly string[]): VerifyCallback {
  return (rawBody, headers) => {
    if (keys.length === 0) return false;
    const given: Buffer[] = [];
    for (let n = 1; n <= 100; n++) {
      const value = headers.get(`x-docusign-signature-${n}`);
      if (value === null) break;
      given.push(Buffer.from(value.trim(), "base64"));
    }
    if (given.length === 0) return false;
    let ok = false;
    for (const key of keys) {
      const expected = crypto.createHmac("sha256", key).update(rawBody).digest();
      for (const signature of given) {
        // Compare every pair (no early exit) so timing says nothing about which matched.
        if (signature.length === expected.length && crypto.timingSafeEqual(signature, expected)) ok = true;
      }
    }
    return ok;
  };
}
