/**
 * DocuSign (issue 25, decision 059): each account connects its own DocuSign account (Authorization
 * Code Grant), sends a published quote's sealed PDF for remote signing, and DocuSign Connect tells
 * us when the envelope is completed, declined or voided.
 *
 * OAuth state, token encryption and refresh under a row lock are Mollie Connect's (decision 057):
 * the same signed state (oauth-state.ts), the same AES-GCM with the webhook key bound to the
 * account (webhooks.crypto.ts), the same "refresh within 5 minutes of expiry, row locked".
 */
import { and, desc, eq, isNull } from "drizzle-orm";
import { selectedOptionalLineIds } from "../../../../shared/quote-document";
import type { Config, DocuSignConfig, PdfSealConfig } from "../../../config";
import type { Database, Executor } from "../../../db/client";
import { isUuid } from "../../../db/ids";
import { docusignConnections, docusignEnvelopes, quoteSignatures, quotes } from "../../../db/schema";
import { recordEvent } from "../../../events";
import { AppError } from "../../../errors";
import { type FileStorage, readBody } from "../../../files/storage";
import { enqueue } from "../../../jobs/queue";
import type { Logger } from "../../../logger";
import { assertEntitled } from "../../billing/entitlements";
import { findActiveDeclines, recordDecline } from "../../conversation/conversation.service";
import { documentHash, loadQuoteView } from "../../public-quote/public-quote.service";
import { termsOfVersion } from "../../quote-payments/quote-payments.service";
import { pdfStateKey, quotePdfJobKey } from "../../public-quote/quote-pdf-state";
import { renderQuotePdfJob } from "../../public-quote/quote-pdf.jobs";
import { findStoredQuotePdf, renderAndStoreQuotePdf } from "../../public-quote/quote-pdf.service";
import { hasCustomerSignature } from "../../public-quote/signature-reads";
import { assertQuoteAction } from "../../quotes/quote-state.service";
import { quoteNotFound } from "../../quotes/quotes.service";
import { recordQuoteEvent } from "../../statistics/statistics.service";
import { decryptSecret, encryptSecret } from "../../webhooks/webhooks.crypto";
import { callJson, keyOrRefuse } from "../mollie/mollie-connect.service";
import { type OAuthCallbackParams, openOAuthCallback } from "../oauth-callback";
import { signOAuthState } from "../oauth-state";
import { type SignatureProvider, SignatureProviderError } from "../signature-provider";
import { sendDocuSignEnvelopeJob } from "./docusign.jobs";
import { MAX_DOCUMENT_BYTES, docusignProvider, docusignVerifyCallback } from "./docusign.provider";

export const DOCUSIGN_PATH = "/api/integrations/docusign";
export const DOCUSIGN_WEBHOOK_PATH = "/api/webhooks/docusign";
const STATE_LABEL = "offerly:docusign-connect-state:v1";
/** An access token this close to its expiry is refreshed first. */
const REFRESH_MARGIN_MS = 5 * 60_000;
/** The quote PDF's cap (quote-pdf.service.ts). */
const MAX_PDF_BYTES = 50 * 1024 * 1024;

export type DocuSignConnectionRow = typeof docusignConnections.$inferSelect;
export type DocuSignEnvelopeRow = typeof docusignEnvelopes.$inferSelect;
type Locale = "en" | "nl";

const aad = (accountId: string, part: "access" | "refresh") => `docusign-connection:${accountId}:${part}`;
export const docusignRedirectUri = (publicUrl: string) => `${publicUrl.replace(/\/+$/, "")}${DOCUSIGN_PATH}/callback`;

/** The customer's text the sign-here tab is anchored to: the PDF's "not signed yet" line under "Signatures" (src/server/pdf/quote-pdf.tsx). */
export const SIGN_HERE_ANCHOR = { en: "This quote has not been signed yet.", nl: "Deze offerte is nog niet ondertekend." } as const;

/** DocuSign's token endpoint: the integration key and secret in HTTP Basic auth, a form-encoded body. */
async function tokenRequest(docusign: DocuSignConfig, body: Record<string, string>, fetchImpl: typeof fetch) {
  const app = docusign.app!;
  const basic = Buffer.from(`${app.clientId}:${app.clientSecret}`).toString("base64");
  const { status, json } = await callJson(fetchImpl, `${docusign.authUrl}/oauth/token`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", authorization: `Basic ${basic}`, accept: "application/json" },
    body: new URLSearchParams(body).toString(),
  });
  if (status !== 200 || !json || typeof json.access_token !== "string" || typeof json.refresh_token !== "string" || typeof json.expires_in !== "number") {
    return { ok: false as const, error: typeof json?.error === "string" ? json.error.slice(0, 100) : `http_${status}` };
  }
  return { ok: true as const, accessToken: json.access_token, refreshToken: json.refresh_token, expiresIn: json.expires_in };
}

export async function getDocuSignConnection(db: Executor, accountId: string): Promise<DocuSignConnectionRow | null> {
  const [row] = await db.select().from(docusignConnections).where(eq(docusignConnections.accountId, accountId)).limit(1);
  return row ?? null;
}

/** Where "Connect DocuSign" sends the browser: DocuSign's consent screen, with a state bound to this account and user. */
export async function startDocuSignConnect(db: Executor, config: Config, accountId: string, userId: string, locale: Locale): Promise<string> {
  const app = config.docusign.app;
  if (!app) throw new AppError("FORBIDDEN", "integrations:errors.docusignNotConfigured");
  await assertEntitled(db, accountId, "docusign");
  const url = new URL(`${config.docusign.authUrl}/oauth/auth`);
  url.searchParams.set("response_type", "code");
  url.searchParams.set("scope", "signature");
  url.searchParams.set("client_id", app.clientId);
  url.searchParams.set("redirect_uri", docusignRedirectUri(config.publicUrl));
  url.searchParams.set("state", signOAuthState(keyOrRefuse(config), STATE_LABEL, { accountId, userId, locale }));
  return url.toString();
}

export type DocuSignCallbackOutcome = { locale: Locale } & ({ ok: true } | { ok: false; reason: "state" | "denied" | "failed" | "plan"; error?: string });

/**
 * DocuSign's redirect back: the state must be ours, unexpired, for this signed-in user, who is still
 * an owner or admin of the account it names; then the code is exchanged, `/oauth/userinfo` gives
 * the user's default account and its base URI, and the tokens are stored encrypted.
 */
export async function completeDocuSignConnect(
  db: Executor,
  config: Config,
  params: OAuthCallbackParams,
  fetchImpl: typeof fetch = fetch,
  now: Date = new Date(),
): Promise<DocuSignCallbackOutcome> {
  const opened = await openOAuthCallback(db, config, params, { label: STATE_LABEL, configured: Boolean(config.docusign.app), feature: "docusign", now });
  if (!opened.ok) return opened;
  const { key, state, locale, code } = opened;
  const token = await tokenRequest(config.docusign, { grant_type: "authorization_code", code }, fetchImpl);
  if (!token.ok) return { locale, ok: false, reason: "failed", error: token.error };
  const info = await callJson(fetchImpl, `${config.docusign.authUrl}/oauth/userinfo`, {
    method: "GET",
    headers: { authorization: `Bearer ${token.accessToken}`, accept: "application/json" },
  });
  type Account = { account_id?: unknown; is_default?: unknown; account_name?: unknown; base_uri?: unknown };
  const accounts = Array.isArray(info.json?.accounts) ? (info.json.accounts as Account[]) : [];
  const chosen = accounts.find((a) => a.is_default === true || a.is_default === "true") ?? accounts[0];
  if (info.status !== 200 || !chosen || typeof chosen.account_id !== "string" || typeof chosen.base_uri !== "string") {
    return { locale, ok: false, reason: "failed", error: `userinfo_${info.status}` };
  }
  const row = {
    accountId: state.accountId,
    docusignAccountId: chosen.account_id.slice(0, 100),
    baseUri: chosen.base_uri.slice(0, 500),
    accountName: typeof chosen.account_name === "string" ? chosen.account_name.slice(0, 200) : null,
    userEmail: typeof info.json?.email === "string" ? info.json.email.slice(0, 320) : null,
    accessTokenEncrypted: encryptSecret(key, aad(state.accountId, "access"), token.accessToken),
    refreshTokenEncrypted: encryptSecret(key, aad(state.accountId, "refresh"), token.refreshToken),
    accessTokenExpiresAt: new Date(now.getTime() + token.expiresIn * 1000),
    connectedByUserId: state.userId,
    updatedAt: now,
  };
  await db
    .insert(docusignConnections)
    .values(row)
    .onConflictDoUpdate({ target: docusignConnections.accountId, set: { ...row, createdAt: now } });
  return { locale, ok: true };
}

/**
 * The account's DocuSign session (token, base URL, DocuSign account), or null when none is
 * connected; the access token refreshed first (`grant_type=refresh_token`, the row locked so that
 * concurrent callers refresh once) when it expires within 5 minutes.
 */
export async function docusignSession(
  db: Executor,
  config: Pick<Config, "webhooks" | "docusign">,
  accountId: string,
  fetchImpl: typeof fetch = fetch,
  now: Date = new Date(),
) {
  const key = keyOrRefuse(config);
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(docusignConnections).where(eq(docusignConnections.accountId, accountId)).for("update");
    if (!row) return null;
    const baseUrl = config.docusign.apiUrl ?? row.baseUri;
    if (row.accessTokenExpiresAt.getTime() - now.getTime() > REFRESH_MARGIN_MS) {
      return { accessToken: decryptSecret(key, aad(accountId, "access"), row.accessTokenEncrypted), baseUrl, accountId: row.docusignAccountId };
    }
    if (!config.docusign.app) throw new AppError("CONFLICT", "integrations:errors.docusignReconnect");
    const refresh = decryptSecret(key, aad(accountId, "refresh"), row.refreshTokenEncrypted);
    const token = await tokenRequest(config.docusign, { grant_type: "refresh_token", refresh_token: refresh }, fetchImpl);
    if (!token.ok) throw new AppError("CONFLICT", "integrations:errors.docusignReconnect");
    await tx
      .update(docusignConnections)
      .set({
        accessTokenEncrypted: encryptSecret(key, aad(accountId, "access"), token.accessToken),
        refreshTokenEncrypted: encryptSecret(key, aad(accountId, "refresh"), token.refreshToken),
        accessTokenExpiresAt: new Date(now.getTime() + token.expiresIn * 1000),
        updatedAt: now,
      })
      .where(eq(docusignConnections.accountId, accountId));
    return { accessToken: token.accessToken, baseUrl, accountId: row.docusignAccountId };
  });
}

/** Forgets the account's DocuSign connection (envelopes already sent stay; their completion is still applied while connected again). */
export async function disconnectDocuSign(db: Executor, accountId: string): Promise<boolean> {
  const deleted = await db
    .delete(docusignConnections)
    .where(eq(docusignConnections.accountId, accountId))
    .returning({ accountId: docusignConnections.accountId });
  return deleted.length > 0;
}

export async function latestEnvelope(db: Executor, accountId: string, quoteId: string): Promise<DocuSignEnvelopeRow | null> {
  const [row] = await db
    .select()
    .from(docusignEnvelopes)
    .where(and(eq(docusignEnvelopes.accountId, accountId), eq(docusignEnvelopes.quoteId, quoteId)))
    .orderBy(desc(docusignEnvelopes.createdAt))
    .limit(1);
  return row ?? null;
}

const docusignError = (key: string, values: Record<string, unknown> = {}) => new AppError("CONFLICT", `integrations:errors.${key}`, values);

export type DocuSignDeps = { db: Database; files: FileStorage; config: Config; pdfSeal?: PdfSealConfig | null; fetchImpl?: typeof fetch; now?: Date };

/**
 * "Send with DocuSign" (the request): every rule is checked here — a plan without DocuSign, no
 * connection, not published, signatures already on this version (the PDF has no place left to
 * sign), a state that cannot be signed (declined, expired), no customer e-mail, an envelope already
 * being sent or out — then, with the quote locked, a PREPARING envelope row and the
 * send-docusign-envelope job are stored together. The request never waits for the PDF or DocuSign.
 */
export async function sendQuoteWithDocuSign(
  deps: Pick<DocuSignDeps, "db" | "now">,
  accountId: string,
  quoteId: string,
  actor: { userId: string | null },
): Promise<DocuSignEnvelopeRow> {
  const { db } = deps;
  const now = deps.now ?? new Date();
  if (!isUuid(quoteId)) throw quoteNotFound();
  await assertEntitled(db, accountId, "docusign", now);
  const view = await loadQuoteView(db, accountId, quoteId, now);
  if (!view) throw quoteNotFound();
  if (view.status !== "PUBLISHED") throw docusignError("docusignNotPublished");
  if (view.docusign?.status === "SENT" || view.docusign?.status === "PREPARING") throw docusignError("docusignAlreadyOut");
  if (view.signatures.length > 0) throw docusignError("docusignHasSignatures");
  // "Pay to accept": DocuSign would accept the quote without the payment (issue 26).
  const terms = await termsOfVersion(db, quoteId, view.version?.number ?? null);
  if (terms.payToAccept && terms.mode !== "NONE") throw docusignError("docusignPayToAccept");
  const [quote] = await db.select({ customerSnapshot: quotes.customerSnapshot }).from(quotes).where(eq(quotes.id, quoteId));
  const contact = quote?.customerSnapshot;
  const email = contact?.email?.trim();
  if (!email) throw docusignError("docusignNoCustomerEmail");
  const name = (contact?.contactPerson || contact?.name || email).trim().slice(0, 100);
  const connection = await getDocuSignConnection(db, accountId);
  if (!connection) throw docusignError("docusignNotConnected");
  return db.transaction(async (tx) => {
    const [locked] = await tx.select({ status: quotes.status }).from(quotes).where(eq(quotes.id, quoteId)).for("update");
    if (locked?.status !== "PUBLISHED") throw docusignError("docusignNotPublished");
    await assertQuoteAction(tx, quoteId, "SIGN", { now });
    // A customer signed meanwhile (under the same lock): nothing is sent.
    const version = view.version?.number ?? null;
    const [signed] = await tx
      .select({ id: quoteSignatures.id })
      .from(quoteSignatures)
      .where(and(eq(quoteSignatures.quoteId, quoteId), version === null ? isNull(quoteSignatures.versionNumber) : eq(quoteSignatures.versionNumber, version)))
      .limit(1);
    if (signed) throw docusignError("docusignHasSignatures");
    const [row] = await tx
      .insert(docusignEnvelopes)
      .values({
        accountId,
        quoteId,
        docusignAccountId: connection.docusignAccountId,
        envelopeId: null,
        versionNumber: version,
        status: "PREPARING",
        signerName: name,
        signerEmail: email.slice(0, 320),
        sentByUserId: actor.userId,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing()
      .returning();
    if (!row) throw docusignError("docusignAlreadyOut");
    await enqueue(tx, sendDocuSignEnvelopeJob, { envelopeRowId: row.id }, { singletonKey: `docusign-send:${row.id}` });
    return row;
  });
}

export type DeliverOutcome = "sent" | "gone" | "failed";

/**
 * The send-docusign-envelope job: the sealed PDF of the quote's current state (the stored one, or
 * rendered now by the PDF job's own function) goes to DocuSign as an envelope for the signer, with a
 * sign-here tab anchored at the PDF's "not signed yet" line; the row becomes SENT with DocuSign's
 * envelope id. A quote changed meanwhile (withdrawn, another version, signed here), a lost
 * connection or DocuSign's refusal (4xx) makes the row FAILED with the reason (the owner can send
 * again); DocuSign unreachable or 5xx throws, so the job retries — on its last attempt, FAILED.
 */
export async function deliverDocuSignEnvelope(
  deps: { db: Database; files: FileStorage; config: Pick<Config, "webhooks" | "docusign" | "publicUrl" | "pdfSeal">; fetchImpl?: typeof fetch; now?: Date },
  envelopeRowId: string,
  attempt: { last: boolean },
): Promise<DeliverOutcome> {
  const { db, files, config } = deps;
  const now = deps.now ?? new Date();
  const fetchImpl = deps.fetchImpl ?? fetch;
  const [row] = await db.select().from(docusignEnvelopes).where(eq(docusignEnvelopes.id, envelopeRowId)).limit(1);
  if (row?.status !== "PREPARING") return "gone";
  const fail = async (reason: string): Promise<DeliverOutcome> => {
    await db
      .update(docusignEnvelopes)
      .set({ status: "FAILED", reason: reason.slice(0, 1000), updatedAt: new Date() })
      .where(and(eq(docusignEnvelopes.id, row.id), eq(docusignEnvelopes.status, "PREPARING")));
    return "failed";
  };
  const view = await loadQuoteView(db, row.accountId, row.quoteId, now);
  if (view?.status !== "PUBLISHED" || (view.version?.number ?? null) !== row.versionNumber || view.signatures.length > 0) return fail("quote_changed");
  let session: Awaited<ReturnType<typeof docusignSession>>;
  try {
    session = await docusignSession(db, config, row.accountId, fetchImpl, now);
  } catch (error) {
    if (error instanceof AppError) return fail("reconnect");
    throw error;
  }
  if (!session || session.accountId !== row.docusignAccountId) return fail("not_connected");
  const stateKey = pdfStateKey(view);
  let fileKey = await findStoredQuotePdf(db, row.quoteId, stateKey);
  if (!fileKey) {
    await renderAndStoreQuotePdf({ db, files, publicUrl: config.publicUrl, pdfSeal: config.pdfSeal, now }, { accountId: row.accountId, quoteId: row.quoteId });
    fileKey = await findStoredQuotePdf(db, row.quoteId, stateKey);
  }
  const stored = fileKey ? await files.get(fileKey) : null;
  if (!stored) throw new Error(`send-docusign-envelope: no stored PDF for quote ${row.quoteId}`);
  const pdf = await readBody(stored.body, MAX_PDF_BYTES);
  // The PDF is in the version's language: the anchor is that language's line.
  const language: Locale = view.document.language === "NL" ? "nl" : "en";
  let envelopeId: string;
  try {
    ({ envelopeId } = await docusignProvider(session, fetchImpl).send({
      document: pdf,
      documentName: `${view.document.quoteNumber} ${view.name}.pdf`,
      subject: view.name,
      signer: { name: row.signerName, email: row.signerEmail },
      anchor: SIGN_HERE_ANCHOR[language],
    }));
  } catch (error) {
    if (!(error instanceof SignatureProviderError)) throw error;
    const retriable = error.status === 0 || error.status === 429 || error.status >= 500;
    if (retriable && !attempt.last) throw error;
    return fail(error.code ?? (error.status === 401 ? "reconnect" : `http_${error.status}`));
  }
  await db
    .update(docusignEnvelopes)
    .set({ status: "SENT", envelopeId, docusignAccountId: session.accountId, updatedAt: new Date() })
    .where(eq(docusignEnvelopes.id, row.id));
  return "sent";
}

export type ConnectOutcome = "unauthorized" | "ignored" | "unknown" | "replay" | "pending" | "completed" | "declined" | "voided";

/**
 * A DocuSign Connect post (JSON SIM): the HMAC of the raw body is checked first (a bad one changes
 * nothing: "unauthorized", 401). The body only names the envelope; its state is then read from
 * DocuSign with the sending account's token (the callback is a trigger, DocuSign the authority).
 * An envelope already settled here changes nothing ("replay"). Throws SignatureProviderError when
 * DocuSign could not be reached (the route answers 503 and Connect retries).
 */
export async function processDocuSignConnect(deps: DocuSignDeps & { log?: Logger }, rawBody: Uint8Array, headers: Headers): Promise<ConnectOutcome> {
  const { db, config } = deps;
  const now = deps.now ?? new Date();
  const fetchImpl = deps.fetchImpl ?? fetch;
  if (!docusignVerifyCallback(config.docusign.connectKeys)(rawBody, headers)) return "unauthorized";
  let envelopeId: unknown;
  try {
    const body = JSON.parse(Buffer.from(rawBody).toString("utf8")) as { data?: { envelopeId?: unknown } };
    envelopeId = body?.data?.envelopeId;
  } catch {
    return "ignored";
  }
  if (typeof envelopeId !== "string" || envelopeId.length > 100) return "ignored";
  const [envelope] = await db.select().from(docusignEnvelopes).where(eq(docusignEnvelopes.envelopeId, envelopeId)).limit(1);
  if (!envelope) return "unknown";
  if (envelope.status !== "SENT") return "replay";
  const session = await docusignSession(db, config, envelope.accountId, fetchImpl, now);
  if (!session || session.accountId !== envelope.docusignAccountId) {
    deps.log?.warn({ accountId: envelope.accountId, envelopeId }, "DocuSign Connect: the account is no longer connected to the envelope's DocuSign account");
    return "ignored";
  }
  const provider = docusignProvider(session, fetchImpl);
  const state = await provider.status(envelopeId);
  if (state.status === "completed") return completeEnvelope(deps, envelope, envelopeId, provider, now);
  if (state.status === "declined") return settleEnvelope(deps, envelope, "DECLINED", state.reason, now);
  if (state.status === "voided") return settleEnvelope(deps, envelope, "VOIDED", state.reason, now);
  return "pending";
}

async function completeEnvelope(
  deps: DocuSignDeps,
  envelope: DocuSignEnvelopeRow,
  envelopeId: string,
  provider: SignatureProvider,
  now: Date,
): Promise<ConnectOutcome> {
  const { db, files } = deps;
  const signed = await provider.download(envelopeId, "signed");
  const certificate = await provider.download(envelopeId, "certificate");
  const signedFile = await files.put({ area: "docusign", contentType: "application/pdf", body: signed, maxBytes: MAX_DOCUMENT_BYTES });
  const certificateFile = await files.put({ area: "docusign", contentType: "application/pdf", body: certificate, maxBytes: MAX_DOCUMENT_BYTES });
  const outcome = await db.transaction(async (tx): Promise<ConnectOutcome> => {
    const [quote] = await tx.select().from(quotes).where(eq(quotes.id, envelope.quoteId)).for("update");
    const [current] = await tx.select({ status: docusignEnvelopes.status }).from(docusignEnvelopes).where(eq(docusignEnvelopes.id, envelope.id)).for("update");
    // A concurrent delivery applied it first: nothing changes.
    if (!quote || current?.status !== "SENT") return "replay";
    await tx
      .update(docusignEnvelopes)
      .set({ status: "COMPLETED", signedFileKey: signedFile.key, certificateFileKey: certificateFile.key, completedAt: now, updatedAt: now })
      .where(eq(docusignEnvelopes.id, envelope.id));
    // Withdrawn, or declined on Offerly's page meanwhile (decision 027: nobody signs a declined
    // quote): DocuSign's documents are kept with the envelope, the quote does not change.
    if (quote.status !== "PUBLISHED" || (await findActiveDeclines(tx, [quote.id])).get(quote.id)) return "completed";
    const view = await loadQuoteView(tx, quote.accountId, quote.id, now);
    if (!view) return "completed";
    const selection = selectedOptionalLineIds(view.document);
    await tx.update(quotes).set({ status: "SIGNED", signedAt: now, updatedAt: now }).where(eq(quotes.id, quote.id));
    // Counted once on the dashboard: a quote a customer signed on Offerly was counted then (issue 28).
    if (!(await hasCustomerSignature(tx, quote.id))) await recordQuoteEvent(tx, quote.accountId, "signed", now);
    await recordEvent(tx, {
      type: "quote.signed",
      accountId: quote.accountId,
      quoteId: quote.id,
      now,
      selection: { optionalLineIds: selection, totals: view.document.totals },
      audit: {
        actorName: envelope.signerName,
        actorEmail: envelope.signerEmail,
        documentHash: documentHash(view, selection),
        versionNumber: envelope.versionNumber,
        details: { method: "DocuSign", envelopeId },
        evidence: { ip: null, userAgent: null },
      },
    });
    const signedView = await loadQuoteView(tx, quote.accountId, quote.id, now);
    if (signedView)
      await enqueue(
        tx,
        renderQuotePdfJob,
        { accountId: quote.accountId, quoteId: quote.id },
        { singletonKey: quotePdfJobKey(quote.id, pdfStateKey(signedView)) },
      );
    return "completed";
  });
  if (outcome === "replay") {
    await files.delete(signedFile.key);
    await files.delete(certificateFile.key);
  }
  return outcome;
}

async function settleEnvelope(
  deps: DocuSignDeps,
  envelope: DocuSignEnvelopeRow,
  status: "DECLINED" | "VOIDED",
  reason: string | null,
  now: Date,
): Promise<ConnectOutcome> {
  return deps.db.transaction(async (tx): Promise<ConnectOutcome> => {
    const [quote] = await tx.select().from(quotes).where(eq(quotes.id, envelope.quoteId)).for("update");
    const [current] = await tx.select({ status: docusignEnvelopes.status }).from(docusignEnvelopes).where(eq(docusignEnvelopes.id, envelope.id)).for("update");
    if (!quote || current?.status !== "SENT") return "replay";
    await tx.update(docusignEnvelopes).set({ status, reason, updatedAt: now }).where(eq(docusignEnvelopes.id, envelope.id));
    if (status === "DECLINED" && quote.status === "PUBLISHED") {
      try {
        await recordDecline(tx, quote, reason, { publicUrl: deps.config.publicUrl, now });
      } catch (error) {
        // Already declined (or the state no longer allows it): the envelope is settled all the same.
        if (!(error instanceof AppError)) throw error;
      }
    }
    return status === "DECLINED" ? "declined" : "voided";
  });
}
