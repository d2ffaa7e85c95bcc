import { fileTypeFromBuffer } from "file-type";
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { applySelection, optionalLineIds, selectedOptionalLineIds } from "../../../shared/quote-document";
import { type QuoteStatus, todayIso } from "../../../shared/quote-status";
import { type AccountSignatureValues, type CustomerSignatureValues, SIGNING_LIMITS } from "../../../shared/signing";
import { pngDataUrlPayload } from "../../../shared/blocks";
import type { Executor } from "../../db/client";
import { errorMessages, isUuid } from "../../db/ids";
import { docusignEnvelopes, quoteAuditEvents, quoteSignatures, quoteVersions, quotes } from "../../db/schema";
import { type Evidence, recordEvent, recordQuoteAudit, recordViewAudit } from "../../events";
import { AppError } from "../../errors";
import { type FileStorage, readBody } from "../../files/storage";
import { assertEntitled } from "../billing/entitlements";
import { quoteNotFound } from "../quotes/quotes.service";
import { getTemplateSignature } from "../templates/templates.service";
import { type PublicQuoteView, documentHash, loadPublicQuote, loadQuoteView } from "./public-quote.service";
import { recordQuoteEvent } from "../statistics/statistics.service";
import { enqueue } from "../../jobs/queue";
import { pdfStateKey, quotePdfJobKey } from "./quote-pdf-state";
import { renderQuotePdfJob } from "./quote-pdf.jobs";
import { hasCustomerSignature } from "./signature-reads";
import { findActiveDeclines, isDeclinedGuardError } from "../conversation/conversation.service";
import { sameSigner } from "../../../shared/quote-state";
import { assertQuoteAction } from "../quotes/quote-state.service";
import { frozenPaymentFor } from "../quote-payments/quote-payments.service";

/**
 * Signatures and the audit trail (decision 024). A customer signs through the public link (by
 * nanoId); a member of the sending account adds the account's signature and marks the quote
 * signed (by id, with the Account header). Every change locks the quote row (FOR UPDATE), so
 * concurrent signatures and "mark signed" calls queue: exactly one PUBLISHED → SIGNED transition,
 * and no signature lands on a signed quote (the database refuses that too).
 */

/** Who acted and from where: the evidence stored with signatures and audit rows. */
export type { Evidence } from "../../events";
/** Who acts for the account: a signed-in person, or an API key (no person: its name, no e-mail). */
export type Actor = { userId: string | null; name: string | null; email: string | null };

const signingError = (code: "NOT_FOUND" | "CONFLICT" | "FORBIDDEN" | "BAD_USER_INPUT", key: string, field?: string) =>
  new AppError(code, `signing:${key}`, {}, field ? { [field]: { key: `signing:${key}` } } : undefined);

const clip = (value: string | null, max: number) => (value === null ? null : value.slice(0, max));

/** The quote's audit trail, oldest first (owner screens, the PDF's certificate page). */
export function findAuditEvents(db: Executor, accountId: string, quoteId: string) {
  return db
    .select()
    .from(quoteAuditEvents)
    .where(and(eq(quoteAuditEvents.accountId, accountId), eq(quoteAuditEvents.quoteId, quoteId)))
    .orderBy(quoteAuditEvents.seq);
}

/**
 * A customer's view of the public page: one VIEWED row per address and browser per 30 minutes
 * (a reload is not a new view). Members of the sending account are not recorded.
 */
export async function recordView(
  db: Executor,
  view: Pick<PublicQuoteView, "quoteId" | "accountId" | "viewerIsMember"> & { version?: { number: number } | null },
  evidence: Evidence,
): Promise<number> {
  if (view.viewerIsMember) return 0;
  return await recordViewAudit(db, { accountId: view.accountId, quoteId: view.quoteId, versionNumber: view.version?.number ?? null }, evidence);
}

/**
 * The stored form of a drawn signature: the PNG's bytes, checked by their magic number (not by
 * what the data URL claims) and capped, stored through the files adapter (area `signatures`).
 */
async function storeDrawing(files: FileStorage, dataUrl: string): Promise<string> {
  const payload = pngDataUrlPayload(dataUrl);
  if (!payload) throw signingError("BAD_USER_INPUT", "validation.notPng", "signature");
  const bytes = Buffer.from(payload, "base64");
  if (bytes.byteLength > SIGNING_LIMITS.drawnMaxBytes) throw signingError("BAD_USER_INPUT", "validation.tooLarge", "signature");
  const type = await fileTypeFromBuffer(bytes);
  if (type?.mime !== "image/png") throw signingError("BAD_USER_INPUT", "validation.notPng", "signature");
  return (await files.put({ area: "signatures", contentType: "image/png", body: bytes, maxBytes: SIGNING_LIMITS.drawnMaxBytes })).key;
}

const declined = () => new AppError("CONFLICT", "conversation:errors.alreadyDeclined");

/** A customer declined (and the quote was not published again since): nobody signs it (decision 027). */
async function refuseWhenDeclined(tx: Executor, quoteId: string): Promise<void> {
  if ((await findActiveDeclines(tx, [quoteId])).get(quoteId)) throw declined();
}

/** Locks the quote row for the rest of the transaction. */
async function lockQuote(tx: Executor, quoteId: string) {
  const [row] = await tx.select({ status: quotes.status, accountId: quotes.accountId }).from(quotes).where(eq(quotes.id, quoteId)).for("update");
  return row;
}

/** The quote's current version number, read under the quote's lock (null: published before versions existed). */
async function currentVersionNumber(tx: Executor, quoteId: string): Promise<number | null> {
  const [row] = await tx
    .select({ number: quoteVersions.number })
    .from(quoteVersions)
    .where(eq(quoteVersions.quoteId, quoteId))
    .orderBy(desc(quoteVersions.number))
    .limit(1);
  return row?.number ?? null;
}

/** The customer saw another version than the current one: the quote changed, reload (decision 032). */
const versionChanged = () => signingError("CONFLICT", "errors.versionChanged");

/** The database's guards (signature on a non-published quote, a transition) as the service's messages. */
async function guarded<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof AppError) throw error;
    const message = errorMessages(error);
    if (isDeclinedGuardError(error)) throw declined();
    if (message.includes("offerly:version_stale")) throw versionChanged();
    if (message.includes("offerly:quote_locked") || message.includes("offerly:quote_transition")) throw signingError("CONFLICT", "errors.alreadySigned");
    throw error;
  }
}

/**
 * The customer signs on the public link. Refused: unknown, draft or withdrawn (not available),
 * expired, signed, not signable, a plan without signing, a signed-in member of the sending account,
 * a selection naming lines that are not optional lines of this quote. The quote stays PUBLISHED
 * (several people may sign; the sender marks it signed): decision 024.
 */
export async function createCustomerSignature(
  deps: { db: Executor; files: FileStorage },
  nanoId: string,
  values: CustomerSignatureValues,
  context: { viewerUserId: string | null; evidence: Evidence; now?: Date },
): Promise<PublicQuoteView> {
  const now = context.now ?? new Date();
  const { availability, view } = await loadPublicQuote(deps.db, nanoId, { viewerUserId: context.viewerUserId, now });
  if (availability === "EXPIRED") throw signingError("CONFLICT", "errors.expired");
  if (!view) throw signingError("NOT_FOUND", "errors.notAvailable");
  if (view.viewerIsMember) throw signingError("FORBIDDEN", "errors.memberCannotSign");
  if (view.status === "SIGNED") throw signingError("CONFLICT", "errors.alreadySigned");
  if (!view.signable) throw signingError("CONFLICT", "errors.notSignable");
  // Out for signature with DocuSign (decision 059): the customer signs there, not here.
  if (view.docusign?.status === "SENT" || view.docusign?.status === "PREPARING") throw signingError("CONFLICT", "errors.outWithDocuSign");
  // The version the customer saw (the page sends it): never sign a version they did not see.
  const seen = view.version?.number ?? null;
  if (values.version != null && values.version !== seen) throw versionChanged();
  await assertEntitled(deps.db, view.accountId, "signing", now);
  const allowed = new Set(optionalLineIds(view.document));
  const selection = [...new Set(values.selection)].sort();
  if (selection.some((id) => !allowed.has(id))) throw signingError("BAD_USER_INPUT", "validation.selectionInvalid", "selection");
  const signature = values.signatureKind === "DRAWN" ? await storeDrawing(deps.files, values.signature) : values.signature;
  const hash = documentHash(view, selection);
  const defaults = selectedOptionalLineIds(view.document);
  await guarded(() =>
    deps.db.transaction(async (tx) => {
      const locked = await lockQuote(tx, view.quoteId);
      if (!locked) throw signingError("NOT_FOUND", "errors.notAvailable");
      if (locked.status === "SIGNED") throw signingError("CONFLICT", "errors.alreadySigned");
      if (locked.status !== "PUBLISHED") throw signingError("NOT_FOUND", "errors.notAvailable");
      // Withdrawn, changed and published again since the page was read: refused, nothing stored.
      if ((await currentVersionNumber(tx, view.quoteId)) !== seen) throw versionChanged();
      await refuseWhenDeclined(tx, view.quoteId);
      const [outWithDocuSign] = await tx
        .select({ id: docusignEnvelopes.id })
        .from(docusignEnvelopes)
        .where(and(eq(docusignEnvelopes.quoteId, view.quoteId), inArray(docusignEnvelopes.status, ["PREPARING", "SENT"])))
        .limit(1);
      if (outWithDocuSign) throw signingError("CONFLICT", "errors.outWithDocuSign");
      await assertQuoteAction(tx, view.quoteId, "SIGN", { now, refusal: (state) => (state === "EXPIRED" ? signingError("CONFLICT", "errors.expired") : null) });
      // Several people may sign one version (SPEC §4), each once: the same name again is refused.
      const signers = await tx
        .select({ name: quoteSignatures.name })
        .from(quoteSignatures)
        .where(
          and(
            eq(quoteSignatures.quoteId, view.quoteId),
            eq(quoteSignatures.kind, "CUSTOMER"),
            seen === null ? sql`${quoteSignatures.versionNumber} is null` : eq(quoteSignatures.versionNumber, seen),
          ),
        );
      if (signers.some((s) => sameSigner(s.name, values.name))) throw new AppError("CONFLICT", "signing:errors.sameSigner", { name: values.name });
      // The quote's first customer signature (any version) counts it as signed on the dashboard (issue 28).
      const firstCustomerSignature = !(await hasCustomerSignature(tx, view.quoteId));
      const actor = { actorName: values.name, actorEmail: null, versionNumber: seen };
      // The payment the version's terms ask for this selection, frozen with the signature (decision 058).
      const payment = await frozenPaymentFor(tx, {
        accountId: view.accountId,
        quoteId: view.quoteId,
        versionNumber: seen,
        document: view.document,
        selection,
        now,
      });
      if (selection.join(",") !== defaults.join(",")) {
        await recordQuoteAudit(
          tx,
          { accountId: view.accountId, quoteId: view.quoteId, event: "OPTION_CHANGED", ...actor, details: { from: defaults, to: selection } },
          context.evidence,
        );
      }
      await tx.insert(quoteSignatures).values({
        accountId: view.accountId,
        quoteId: view.quoteId,
        kind: "CUSTOMER",
        name: values.name,
        signatureKind: values.signatureKind,
        signature,
        signedAt: now,
        selection,
        documentHash: hash,
        versionNumber: seen,
        ip: clip(context.evidence.ip, 100),
        userAgent: clip(context.evidence.userAgent, 500),
        actorEmail: null,
        payment,
      });
      if (firstCustomerSignature) await recordQuoteEvent(tx, view.accountId, "signed", now);
      await recordEvent(tx, {
        type: "quote.signature_added",
        accountId: view.accountId,
        quoteId: view.quoteId,
        now,
        signature: { kind: "CUSTOMER", name: values.name, signedAt: now, version: seen },
        selection: { optionalLineIds: selection, totals: applySelection(view.document, selection).totals },
        audit: {
          ...actor,
          documentHash: hash,
          details: {
            kind: "CUSTOMER",
            selection,
            ...(payment ? { payment: { amount: payment.amount, currency: payment.currency, mode: payment.terms.mode, payToAccept: payment.payToAccept } } : {}),
          },
          evidence: context.evidence,
        },
      });
    }),
  );
  const reread = await loadPublicQuote(deps.db, nanoId, { viewerUserId: context.viewerUserId, now });
  return reread.view ?? view;
}

/** The selection the quote was signed with: the latest customer signature's, else the defaults. */
function signedSelection(view: PublicQuoteView): string[] {
  return selectedOptionalLineIds(view.document);
}

async function requireView(db: Executor, accountId: string, quoteId: string, now: Date): Promise<PublicQuoteView> {
  if (!isUuid(quoteId)) throw quoteNotFound();
  const view = await loadQuoteView(db, accountId, quoteId, now);
  if (!view) throw quoteNotFound();
  return view;
}

/** The signature of a template, copied to a new file (a template can be deleted later; the quote's evidence cannot). */
async function signatureFromTemplate(db: Executor, files: FileStorage, accountId: string, templateSignatureId: string) {
  const template = await getTemplateSignature(db, accountId, templateSignatureId).catch(() => {
    throw signingError("BAD_USER_INPUT", "errors.templateNotFound", "templateSignatureId");
  });
  if (template.kind === "TYPED") return { signatureKind: "TYPED" as const, signature: template.signature };
  const stored = await files.get(template.signature);
  if (!stored) throw signingError("BAD_USER_INPUT", "errors.templateNotFound", "templateSignatureId");
  const bytes = await readBody(stored.body, SIGNING_LIMITS.drawnMaxBytes);
  const copy = await files.put({ area: "signatures", contentType: "image/png", body: bytes, maxBytes: SIGNING_LIMITS.drawnMaxBytes });
  return { signatureKind: "DRAWN" as const, signature: copy.key };
}

/**
 * A member of the sending account adds the account's signature (SPEC §3: name and signed-at date;
 * from a signature template or drawn/typed here). Only on a PUBLISHED quote; the plan must include
 * signing. The quote stays PUBLISHED until `markQuoteSigned`.
 */
export async function createAccountSignature(
  deps: { db: Executor; files: FileStorage },
  accountId: string,
  quoteId: string,
  values: AccountSignatureValues,
  context: { actor: Actor; evidence: Evidence; now?: Date },
): Promise<PublicQuoteView> {
  const now = context.now ?? new Date();
  const view = await requireView(deps.db, accountId, quoteId, now);
  if (view.status === "SIGNED") throw signingError("CONFLICT", "errors.alreadySigned");
  if (view.status !== "PUBLISHED") throw signingError("CONFLICT", "errors.notPublished");
  await assertEntitled(deps.db, accountId, "signing", now);
  const source = values.templateSignatureId
    ? await signatureFromTemplate(deps.db, deps.files, accountId, values.templateSignatureId)
    : values.signatureKind === "DRAWN"
      ? { signatureKind: "DRAWN" as const, signature: await storeDrawing(deps.files, values.signature ?? "") }
      : { signatureKind: "TYPED" as const, signature: values.signature ?? "" };
  const hash = documentHash(view, signedSelection(view));
  await guarded(() =>
    deps.db.transaction(async (tx) => {
      const locked = await lockQuote(tx, view.quoteId);
      if (locked?.status === "SIGNED") throw signingError("CONFLICT", "errors.alreadySigned");
      if (locked?.status !== "PUBLISHED") throw signingError("CONFLICT", "errors.notPublished");
      if ((await currentVersionNumber(tx, view.quoteId)) !== (view.version?.number ?? null)) throw versionChanged();
      // The state table (src/shared/quote-state.ts): a declined quote takes no signature.
      await assertQuoteAction(tx, view.quoteId, "ADD_SIGNATURE", { now, refusal: (state) => (state === "DECLINED" ? declined() : null) });
      await tx.insert(quoteSignatures).values({
        accountId,
        quoteId: view.quoteId,
        kind: "ACCOUNT",
        name: values.name,
        signatureKind: source.signatureKind,
        signature: source.signature,
        signedAt: new Date(`${values.signedAt}T12:00:00Z`),
        selection: null,
        documentHash: hash,
        versionNumber: view.version?.number ?? null,
        ip: clip(context.evidence.ip, 100),
        userAgent: clip(context.evidence.userAgent, 500),
        actorEmail: context.actor.email,
      });
      await recordEvent(tx, {
        type: "quote.signature_added",
        accountId,
        quoteId: view.quoteId,
        now,
        signature: { kind: "ACCOUNT", name: values.name, signedAt: new Date(`${values.signedAt}T12:00:00Z`), version: view.version?.number ?? null },
        selection: null,
        audit: {
          actorName: context.actor.name ?? values.name,
          actorEmail: context.actor.email,
          documentHash: hash,
          versionNumber: view.version?.number ?? null,
          details: { kind: "ACCOUNT", name: values.name, signedAt: values.signedAt },
          evidence: context.evidence,
        },
      });
    }),
  );
  return requireView(deps.db, accountId, quoteId, now);
}

/**
 * PUBLISHED → SIGNED, once: the row lock makes concurrent calls queue, the second finds SIGNED and
 * is refused, so exactly one MARKED_SIGNED row exists. Final (the database refuses any later change).
 */
export async function markQuoteSigned(
  db: Executor,
  accountId: string,
  quoteId: string,
  context: { actor: Actor; evidence: Evidence; publicUrl: string; now?: Date },
): Promise<void> {
  const now = context.now ?? new Date();
  const view = await requireView(db, accountId, quoteId, now);
  await assertEntitled(db, accountId, "signing", now);
  const hash = documentHash(view, signedSelection(view));
  await guarded(() =>
    db.transaction(async (tx) => {
      const locked = await lockQuote(tx, view.quoteId);
      if ((locked?.status as QuoteStatus) === "SIGNED") throw signingError("CONFLICT", "errors.alreadySigned");
      if (locked?.status !== "PUBLISHED") throw signingError("CONFLICT", "errors.cannotMarkSigned");
      if ((await currentVersionNumber(tx, view.quoteId)) !== (view.version?.number ?? null)) throw versionChanged();
      await refuseWhenDeclined(tx, view.quoteId);
      await assertQuoteAction(tx, view.quoteId, "MARK_SIGNED", { now, refusal: (state) => (state === "DECLINED" ? declined() : null) });
      // "Pay to accept" (decision 058): a customer's acceptance that asks a payment counts once it is paid.
      if (view.payment?.payToAccept && view.payment.status !== "PAID") throw new AppError("CONFLICT", "signing:payment.errors.awaitingPayment");
      await tx.update(quotes).set({ status: "SIGNED", signedAt: now, updatedAt: now }).where(eq(quotes.id, view.quoteId));
      // Statistics rollup (issue 15): a signed quote counts on the account's local day — once: a
      // quote the customer signed was counted at their first signature (issue 28).
      if (!(await hasCustomerSignature(tx, view.quoteId))) await recordQuoteEvent(tx, accountId, "signed", now);
      await recordEvent(tx, {
        type: "quote.signed",
        accountId,
        quoteId: view.quoteId,
        now,
        selection: { optionalLineIds: signedSelection(view), totals: view.document.totals },
        audit: {
          actorName: context.actor.name,
          actorEmail: context.actor.email,
          documentHash: hash,
          versionNumber: view.version?.number ?? null,
          details: { today: todayIso(now) },
          evidence: context.evidence,
        },
      });
      // The sealed PDF of the signed quote, produced now so it is ready when someone downloads it
      // (decision 025); keyed by the signed state as the download route computes it.
      const signed = await loadQuoteView(tx, accountId, view.quoteId, now);
      if (signed) {
        await enqueue(tx, renderQuotePdfJob, { accountId, quoteId: view.quoteId }, { singletonKey: quotePdfJobKey(view.quoteId, pdfStateKey(signed)) });
      }
    }),
  );
}

/** How many signatures a quote has (on any version). */
export async function countSignatures(db: Executor, quoteId: string): Promise<number> {
  const rows = await db
    .select({ id: quoteSignatures.id })
    .from(quoteSignatures)
    .where(eq(quoteSignatures.quoteId, quoteId))
    .orderBy(desc(quoteSignatures.createdAt))
    .limit(1);
  return rows.length;
}
