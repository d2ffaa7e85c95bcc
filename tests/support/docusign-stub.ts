import crypto from "node:crypto";
import type http from "node:http";
import { listen } from "./listen";
import { pdfText } from "./quote-pdf";

/**
 * A local stand-in for the parts of DocuSign the integration uses, following the published contract
 * (developers.docusign.com):
 * - OAuth (Authorization Code Grant): `/oauth/auth` (the consent screen, simulated by `consent`),
 *   `POST /oauth/token` (HTTP Basic integration key and secret; `authorization_code` with a
 *   single-use code, `refresh_token`; answers `access_token`, `token_type`, `refresh_token`,
 *   `expires_in`), `GET /oauth/userinfo` (`sub`, `name`, `email`, `accounts[]` with `account_id`,
 *   `is_default`, `account_name`, `base_uri`);
 * - eSignature REST v2.1: `POST /restapi/v2.1/accounts/{accountId}/envelopes` (documents with
 *   `documentBase64`, recipients.signers with `tabs.signHereTabs[].anchorString`; status `sent`;
 *   like DocuSign, an anchor not found in the document is refused with ANCHOR_TAB_STRING_NOT_FOUND),
 *   `GET …/envelopes/{id}?include=recipients`, `GET …/envelopes/{id}/documents/combined|certificate`;
 * - Connect (JSON SIM): `connectPost` builds the message DocuSign posts (`event`, `apiVersion`,
 *   `data.accountId`, `data.envelopeId`) and its `X-DocuSign-Signature-1` header (base64 HMAC-SHA256
 *   of the body under the Connect key).
 * Error bodies: `{ errorCode, message }`.
 */
type Envelope = {
  envelopeId: string;
  accountId: string;
  status: "sent" | "completed" | "declined" | "voided";
  subject: string;
  documentName: string;
  documentText: string;
  signer: { name: string; email: string };
  anchor: string;
  voidedReason?: string;
  declinedReason?: string;
};

/** A small valid PDF whose text is `text` (one page, Helvetica). */
export function tinyPdf(text: string): Buffer {
  const escaped = text.replace(/[\\()]/g, (c) => `\\${c}`);
  const stream = `BT /F1 7 Tf 20 720 Td (${escaped}) Tj ET`;
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>",
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
  ];
  let body = "%PDF-1.4\n";
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, "0")} 00000 n \n`).join("")}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, "latin1");
}

export async function startDocuSignStub() {
  const app = { clientId: crypto.randomUUID(), clientSecret: crypto.randomBytes(16).toString("hex") };
  const connectKey = crypto.randomBytes(32).toString("base64");
  const account = { id: crypto.randomUUID(), name: "Studio Noord DocuSign" };
  const codes = new Map<string, { redirectUri: string }>();
  const refreshTokens = new Map<string, string>();
  const accessTokens = new Set<string>();
  const envelopes = new Map<string, Envelope>();
  const tokenRequests: { grantType: string; status: number }[] = [];
  const envelopeRequests: { body: Record<string, unknown>; documentText: string }[] = [];
  let base = "";
  /** The next envelope create answers this error (a test of DocuSign's refusals and outages). */
  let failNext: { status: number; errorCode: string } | null = null;

  const send = (res: http.ServerResponse, status: number, body: unknown, type = "application/json") => {
    const data = Buffer.isBuffer(body) ? body : Buffer.from(JSON.stringify(body));
    res.writeHead(status, { "content-type": type, "content-length": String(data.length) });
    res.end(data);
  };
  const fail = (res: http.ServerResponse, status: number, errorCode: string, message: string) => send(res, status, { errorCode, message });
  const readBody = (req: http.IncomingMessage) =>
    new Promise<Buffer>((resolve) => {
      const chunks: Buffer[] = [];
      req.on("data", (c: Buffer) => chunks.push(c));
      req.on("end", () => resolve(Buffer.concat(chunks)));
    });
  const issue = () => {
    const access = `ds_access_${crypto.randomBytes(12).toString("hex")}`;
    const refresh = `ds_refresh_${crypto.randomBytes(12).toString("hex")}`;
    accessTokens.add(access);
    refreshTokens.set(refresh, access);
    return { access_token: access, token_type: "Bearer", refresh_token: refresh, expires_in: 28_800 };
  };
  const bearer = (req: http.IncomingMessage) => {
    const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? "")?.[1];
    return token && accessTokens.has(token) ? token : null;
  };

  const server = await listen(async (req, res) => {
    const url = new URL(req.url ?? "/", base);
    const body = await readBody(req);
    // The consent screen, approved at once (a browser following "Connect DocuSign" comes back with a code).
    if (req.method === "GET" && url.pathname === "/oauth/auth") {
      try {
        res.writeHead(302, { location: consent(url.toString()) });
      } catch (error) {
        res.writeHead(400, { "content-type": "text/plain" });
        res.end(String(error));
        return;
      }
      return void res.end();
    }
    if (req.method === "POST" && url.pathname === "/oauth/token") {
      const expected = `Basic ${Buffer.from(`${app.clientId}:${app.clientSecret}`).toString("base64")}`;
      const form = new URLSearchParams(body.toString("utf8"));
      const grantType = form.get("grant_type") ?? "";
      const answer = (status: number, json: unknown) => {
        tokenRequests.push({ grantType, status });
        send(res, status, json);
      };
      if (req.headers.authorization !== expected) return answer(401, { error: "invalid_client" });
      if (grantType === "authorization_code") {
        const code = form.get("code") ?? "";
        if (!codes.delete(code)) return answer(400, { error: "invalid_grant" });
        return answer(200, issue());
      }
      if (grantType === "refresh_token") {
        const refresh = form.get("refresh_token") ?? "";
        const old = refreshTokens.get(refresh);
        if (!old) return answer(400, { error: "invalid_grant" });
        refreshTokens.delete(refresh);
        accessTokens.delete(old);
        return answer(200, issue());
      }
      return answer(400, { error: "unsupported_grant_type" });
    }
    if (req.method === "GET" && url.pathname === "/oauth/userinfo") {
      if (!bearer(req)) return send(res, 401, { error: "invalid_request" });
      return send(res, 200, {
        sub: crypto.randomUUID(),
        name: "Noor Jansen",
        given_name: "Noor",
        family_name: "Jansen",
        email: "noor@studio-noord.example",
        accounts: [
          { account_id: crypto.randomUUID(), is_default: false, account_name: "Other account", base_uri: "https://unused.invalid" },
          { account_id: account.id, is_default: true, account_name: account.name, base_uri: base },
        ],
      });
    }
    const match = /^\/restapi\/v2\.1\/accounts\/([^/]+)\/envelopes(?:\/([^/]+)(?:\/documents\/([^/]+))?)?$/.exec(url.pathname);
    if (match) {
      if (!bearer(req)) return fail(res, 401, "USER_AUTHENTICATION_FAILED", "One or both of Username and Password are invalid.");
      if (match[1] !== account.id) return fail(res, 400, "ACCOUNT_LACKS_PERMISSIONS", "This user lacks sufficient permissions to access this resource.");
      const [, , envelopeId, documentId] = match;
      if (req.method === "POST" && !envelopeId) {
        if (failNext) {
          const failure = failNext;
          failNext = null;
          return fail(res, failure.status, failure.errorCode, "Refused by the test");
        }
        let json: Record<string, unknown>;
        try {
          json = JSON.parse(body.toString("utf8")) as Record<string, unknown>;
        } catch {
          return fail(res, 400, "INVALID_REQUEST_BODY", "The request body is missing or improperly formatted.");
        }
        const documents = json.documents as { documentId?: string; name?: string; documentBase64?: string }[] | undefined;
        const signers = (
          json.recipients as { signers?: { name?: string; email?: string; recipientId?: string; tabs?: { signHereTabs?: { anchorString?: string }[] } }[] }
        )?.signers;
        const document = documents?.[0];
        const signer = signers?.[0];
        if (!document?.documentBase64 || !document.documentId || !document.name) return fail(res, 400, "INVALID_REQUEST_BODY", "documents are required");
        if (!signer?.email || !signer.name || !signer.recipientId)
          return fail(res, 400, "INVALID_EMAIL_ADDRESS_FOR_RECIPIENT", "signer email and name are required");
        const pdf = Buffer.from(document.documentBase64, "base64");
        if (pdf.subarray(0, 5).toString("latin1") !== "%PDF-") return fail(res, 400, "FORMAT_CONVERSION_ERROR", "The data could not be converted.");
        const text = await pdfText(pdf);
        const anchor = signer.tabs?.signHereTabs?.[0]?.anchorString ?? "";
        if (!anchor || !text.replace(/\s+/g, " ").includes(anchor))
          return fail(res, 400, "ANCHOR_TAB_STRING_NOT_FOUND", "The specified Anchor Tab string was not found in the document.");
        envelopeRequests.push({ body: json, documentText: text });
        const id = crypto.randomUUID();
        envelopes.set(id, {
          envelopeId: id,
          accountId: account.id,
          status: json.status === "sent" ? "sent" : "sent",
          subject: String(json.emailSubject ?? ""),
          documentName: document.name,
          documentText: text,
          signer: { name: signer.name, email: signer.email },
          anchor,
        });
        return send(res, 201, { envelopeId: id, uri: `/envelopes/${id}`, statusDateTime: new Date().toISOString(), status: "sent" });
      }
      const envelope = envelopeId ? envelopes.get(envelopeId) : undefined;
      if (!envelope) return fail(res, 404, "ENVELOPE_DOES_NOT_EXIST", "The envelope specified either does not exist or you have no rights to the envelope.");
      if (req.method === "GET" && !documentId) {
        return send(res, 200, {
          envelopeId: envelope.envelopeId,
          status: envelope.status,
          emailSubject: envelope.subject,
          ...(envelope.voidedReason ? { voidedReason: envelope.voidedReason } : {}),
          ...(url.searchParams.get("include")?.includes("recipients")
            ? {
                recipients: {
                  signers: [
                    {
                      recipientId: "1",
                      name: envelope.signer.name,
                      email: envelope.signer.email,
                      status: envelope.status === "declined" ? "declined" : envelope.status === "completed" ? "completed" : "sent",
                      ...(envelope.declinedReason ? { declinedReason: envelope.declinedReason } : {}),
                    },
                  ],
                },
              }
            : {}),
        });
      }
      if (req.method === "GET" && (documentId === "combined" || documentId === "certificate")) {
        const text =
          documentId === "combined"
            ? `${envelope.documentName} Signed by ${envelope.signer.name} with DocuSign ${envelope.envelopeId}`
            : `Certificate Of Completion Envelope Id: ${envelope.envelopeId}`;
        return send(res, 200, tinyPdf(text), "application/pdf");
      }
    }
    send(res, 404, { errorCode: "NOT_FOUND", message: "Not found" });
  });
  base = server.url;

  function consent(authorizeUrl: string): string {
    const asked = new URL(authorizeUrl);
    if (asked.origin !== base || asked.pathname !== "/oauth/auth") throw new Error(`not the stub's consent screen: ${authorizeUrl}`);
    if (asked.searchParams.get("client_id") !== app.clientId || asked.searchParams.get("response_type") !== "code") throw new Error("bad authorize request");
    const code = `ds_code_${crypto.randomBytes(8).toString("hex")}`;
    const redirectUri = asked.searchParams.get("redirect_uri") ?? "";
    codes.set(code, { redirectUri });
    const back = new URL(redirectUri);
    back.searchParams.set("code", code);
    back.searchParams.set("state", asked.searchParams.get("state") ?? "");
    return back.toString();
  }

  const envelope = (id: string) => {
    const found = envelopes.get(id);
    if (!found) throw new Error(`no envelope ${id}`);
    return found;
  };

  return {
    url: base,
    app,
    account,
    connectKey,
    tokenRequests,
    envelopeRequests,
    envelopes,
    /** The person approves on DocuSign's consent screen for `authorizeUrl`: the redirect back with a single-use code and the state. */
    consent,
    failNextEnvelope(status: number, errorCode: string) {
      failNext = { status, errorCode };
    },
    /** The signer signs (completed), declines or the sender voids, at DocuSign. */
    complete(id: string) {
      envelope(id).status = "completed";
    },
    decline(id: string, reason: string) {
      Object.assign(envelope(id), { status: "declined", declinedReason: reason });
    },
    void(id: string, reason: string) {
      Object.assign(envelope(id), { status: "voided", voidedReason: reason });
    },
    /** The Connect message (JSON SIM) DocuSign posts for the envelope's event, with its HMAC header (`key`: the Connect key; default the stub's). */
    connectPost(id: string, options: { key?: string } = {}) {
      const current = envelope(id);
      const event = { sent: "envelope-sent", completed: "envelope-completed", declined: "envelope-declined", voided: "envelope-voided" }[current.status];
      const body = JSON.stringify({
        event,
        apiVersion: "v2.1",
        uri: `/restapi/v2.1/accounts/${current.accountId}/envelopes/${id}`,
        retryCount: 0,
        configurationId: 10_001,
        generatedDateTime: new Date().toISOString(),
        data: { accountId: current.accountId, userId: crypto.randomUUID(), envelopeId: id },
      });
      const signature = crypto
        .createHmac("sha256", options.key ?? connectKey)
        .update(body)
        .digest("base64");
      return { body, headers: { "content-type": "application/json", "x-docusign-signature-1": signature, "x-authorization-digest": "HMACSHA256" } };
    },
    close: server.close,
  };
}
export type DocuSignStub = Awaited<ReturnType<typeof startDocuSignStub>>;
