/**
 * The customer's payment of a quote on the owner's own Mollie account (issue 26, decision 058).
 *
 * - At signing (`frozenPaymentFor`, called by the customer's signature in its transaction): when
 *   the version's terms ask a payment and the plan has `payments`, the amount for the customer's
 *   selection incl. VAT is computed (`paymentDue` over the version's document) and frozen with the
 *   signature and in the audit trail.
 * - `startQuotePayment` (the public link): creates a Mollie payment on the OWNER's account with
 *   `mollieAccessToken`, at most one in progress or paid per version (the quote row is locked while
 *   it decides; a partial unique index backs it), reusing an open one; a failed, expired or
 *   canceled payment can be followed by a new one; a paid version is never paid again.
 * - `processQuotePaymentWebhook`: Mollie's webhook sends only `id`; the payment is found by that
 *   stored id (so: its account), fetched from the owner's Mollie account, and its status applied
 *   once (a conditional update under the row's lock), with `quote.payment.paid` /
 *   `quote.payment.failed` recorded through the event writer.
 */
import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import { translator } from "../../../shared/i18n/server";
import { asksPayment, paymentDue } from "../../../shared/payment-terms";
import type { QuoteDocumentData } from "../../../shared/quote-document";
import {
  FINAL_MOLLIE_STATUSES,
  type FrozenPayment,
  type QuotePaymentView,
  paymentTermsFromColumns,
  quotePaymentView,
  readPaymentTerms,
  storePaymentTerms,
} from "../../../shared/quote-payments";
import { type FrozenRecurring, subscriptionStartDate } from "../../../shared/quote-subscriptions";
import { publicQuoteUrl } from "../../../shared/quotes";
import { centsToString } from "../../../shared/totals";
import type { Config } from "../../config";
import type { Executor } from "../../db/client";
import { errorMessages } from "../../db/ids";
import { quotePayments, quoteSignatures, quoteVersions, quotes } from "../../db/schema";
import { recordEvent } from "../../events";
import { AppError } from "../../errors";
import type { Logger } from "../../logger";
import { assertEntitled } from "../billing/entitlements";
import { callJson } from "../integrations/mollie/mollie-connect.service";
import { publicBaseUrl } from "../custom-domains/custom-domains.service";
import { loadPublicQuote } from "../public-quote/public-quote.service";
import { recordPaymentReceived } from "../statistics/statistics.service";
import { issueDepositInvoice } from "./deposit-invoice";
import {
  MollieUnreachableError,
  type OwnerCredential,
  QUOTE_PAYMENT_WEBHOOK_PATH,
  type QuoteWebhookOutcome,
  authHeaders,
  ownerPaymentForWebhook,
  ownerCredential,
  readMolliePayment,
} from "./mollie-owner";
import { ensureQuoteSubscriptions, mollieCustomerFor, planQuoteSubscriptions, processSubscriptionPaymentWebhook } from "./quote-subscriptions.service";

export { MollieUnreachableError, QUOTE_PAYMENT_WEBHOOK_PATH };

const MOLLIE_PAYMENT_ID = /^tr_[A-Za-z0-9]{1,64}$/;

const paymentError = (code: "NOT_FOUND" | "CONFLICT" | "BAD_USER_INPUT", key: string) => new AppError(code, `signing:payment.errors.${key}`);

/** The terms a version asks: frozen into the version (decision 058), else the quote's columns (locked while published). */
export async function termsOfVersion(tx: Executor, quoteId: string, versionNumber: number | null) {
  if (versionNumber !== null) {
    const [version] = await tx
      .select({ document: quoteVersions.document })
      .from(quoteVersions)
      .where(and(eq(quoteVersions.quoteId, quoteId), eq(quoteVersions.number, versionNumber)))
      .limit(1);
    if (version?.document.paymentTerms) return readPaymentTerms(version.document.paymentTerms);
  }
  const [quote] = await tx.select().from(quotes).where(eq(quotes.id, quoteId)).limit(1);
  return paymentTermsFromColumns(quote);
}

/**
 * What a customer's signature freezes (null: nothing to pay): the version's terms and the amount
 * due for their selection incl. VAT. The plan is checked now (`payments`): terms set before a
 * downgrade ask nothing of the customer.
 */
export async function frozenPaymentFor(
  tx: Executor,
  input: { accountId: string; quoteId: string; versionNumber: number | null; document: QuoteDocumentData; selection: readonly string[]; now: Date },
): Promise<FrozenPayment | null> {
  const terms = await termsOfVersion(tx, input.quoteId, input.versionNumber);
  if (!asksPayment(terms)) return null;
  try {
    await assertEntitled(tx, input.accountId, "payments", input.now);
  } catch (error) {
    if (error instanceof AppError) return null;
    throw error;
  }
  const due = paymentDue(input.document, input.selection, terms);
  // Recurring lines start subscriptions (decision 061): one per interval of the SELECTED recurring
  // lines, each its total incl. VAT, from one interval after signing.
  const recurring: FrozenRecurring[] = due.recurring.map((r) => ({
    interval: r.interval,
    amount: centsToString(r.amountCents),
    amountCents: r.amountCents.toString(),
    startDate: subscriptionStartDate(input.now, r.interval),
  }));
  // No one-off amount to pay (NONE, or a deposit of nothing): the first payment is the first period
  // of the recurring lines, which creates the mandate the subscriptions charge.
  const firstPeriod = due.amountCents <= 0n && recurring.length > 0;
  const amountCents = firstPeriod ? due.recurring.reduce((sum, r) => sum + r.amountCents, 0n) : due.amountCents;
  if (amountCents <= 0n) return null;
  return {
    terms: storePaymentTerms(terms),
    amount: centsToString(amountCents),
    amountCents: amountCents.toString(),
    currency: input.document.currency as FrozenPayment["currency"],
    payToAccept: terms.payToAccept,
    ...(recurring.length > 0 ? { recurring, firstPeriod } : {}),
  };
}

/**
 * With an OAuth access token Mollie needs the website profile to take the payment on: the owner's
 * first profile (`GET /v2/profiles`, scope profiles.read). An API key belongs to one profile already.
 */
async function profileIdOf(config: Config, credential: OwnerCredential, fetchImpl: typeof fetch): Promise<string> {
  const { status, json } = await callJson(fetchImpl, `${config.mollieConnect.apiUrl}profiles?limit=1`, { method: "GET", headers: authHeaders(credential) });
  const profiles = (json?._embedded as { profiles?: { id?: unknown }[] } | undefined)?.profiles ?? [];
  const id = profiles[0]?.id;
  if (status !== 200 || typeof id !== "string") throw paymentError("CONFLICT", "unavailable");
  return id;
}

/** The database's one-active-payment index, as the service's answer. */
const isActivePaymentConflict = (error: unknown) => errorMessages(error).includes("quote_payments_one_active_idx");

/**
 * The customer starts (or resumes) paying on the public link: the checkout URL of the version's
 * payment. Refused: not available, nothing to pay (no customer signature asking a payment on the
 * current version), already paid, the owner has no Mollie account connected, Mollie unreachable.
 */
export async function startQuotePayment(
  deps: { db: Executor; config: Config },
  nanoId: string,
  context: { viewerUserId: string | null; now?: Date; fetchImpl?: typeof fetch },
): Promise<QuotePaymentView> {
  const now = context.now ?? new Date();
  const fetchImpl = context.fetchImpl ?? fetch;
  const { view } = await loadPublicQuote(deps.db, nanoId, { viewerUserId: context.viewerUserId, now });
  if (!view) throw paymentError("NOT_FOUND", "notAvailable");
  if (view.viewerIsMember) throw paymentError("CONFLICT", "memberCannotPay");
  if (!view.payment) throw paymentError("CONFLICT", "nothingToPay");
  if (view.payment.status === "PAID") throw paymentError("CONFLICT", "alreadyPaid");
  const versionNumber = view.version?.number ?? null;
  try {
    await deps.db.transaction(async (tx) => {
      // Concurrent clicks queue here: the second finds the first one's open payment and reuses it.
      const [locked] = await tx.select({ status: quotes.status }).from(quotes).where(eq(quotes.id, view.quoteId)).for("update");
      if (!locked || locked.status === "DRAFT") throw paymentError("NOT_FOUND", "notAvailable");
      const [current] = await tx
        .select({ number: quoteVersions.number })
        .from(quoteVersions)
        .where(eq(quoteVersions.quoteId, view.quoteId))
        .orderBy(desc(quoteVersions.number))
        .limit(1);
      if ((current?.number ?? null) !== versionNumber) throw paymentError("CONFLICT", "versionChanged");
      const versionCondition = versionNumber === null ? sql`${quotePayments.versionNumber} is null` : eq(quotePayments.versionNumber, versionNumber);
      const active = await tx
        .select()
        .from(quotePayments)
        .where(and(eq(quotePayments.quoteId, view.quoteId), versionCondition, inArray(quotePayments.status, ["open", "pending", "authorized", "paid"])))
        .limit(1);
      if (active[0]?.status === "paid") throw paymentError("CONFLICT", "alreadyPaid");
      if (active[0]) return;
      const [signature] = await tx
        .select({ id: quoteSignatures.id, payment: quoteSignatures.payment })
        .from(quoteSignatures)
        .where(
          and(
            eq(quoteSignatures.quoteId, view.quoteId),
            eq(quoteSignatures.kind, "CUSTOMER"),
            versionNumber === null ? sql`${quoteSignatures.versionNumber} is null` : eq(quoteSignatures.versionNumber, versionNumber),
            sql`${quoteSignatures.payment} is not null`,
          ),
        )
        .orderBy(desc(quoteSignatures.signedAt), desc(quoteSignatures.createdAt))
        .limit(1);
      if (!signature?.payment) throw paymentError("CONFLICT", "nothingToPay");
      const credential = await ownerCredential(tx, deps.config, view.accountId, fetchImpl).catch((error: unknown) => {
        if (error instanceof AppError) throw paymentError("CONFLICT", "unavailable");
        throw error;
      });
      if (!credential) throw paymentError("CONFLICT", "notConnected");
      const frozen = signature.payment;
      const language = view.document.language === "NL" ? "nl" : "en";
      const t = translator(language);
      const [{ attempts }] = await tx
        .select({ attempts: sql<number>`count(*)::int` })
        .from(quotePayments)
        .where(and(eq(quotePayments.quoteId, view.quoteId), versionCondition));
      const publicUrl = deps.config.publicUrl.replace(/\/+$/, "");
      // The customer comes back to the quote where its links point: the owner's own domain while it
      // serves (decision 060), else the main host. Mollie's webhook always goes to the main host.
      const returnBase = await publicBaseUrl(tx, publicUrl, view.accountId);
      const body: Record<string, unknown> = {
        amount: { currency: frozen.currency, value: frozen.amount },
        description: t("signing:payment.description", { number: view.document.quoteNumber }).slice(0, 255),
        redirectUrl: `${publicQuoteUrl(returnBase, { slug: view.slug, nanoId: view.nanoId, language: view.document.language })}?payment=return#payment`,
        webhookUrl: `${publicUrl}${QUOTE_PAYMENT_WEBHOOK_PATH}`,
        locale: language === "nl" ? "nl_NL" : "en_US",
        metadata: { quoteId: view.quoteId, versionNumber, signatureId: signature.id },
      };
      if (credential.oauth) {
        body.profileId = await profileIdOf(deps.config, credential, fetchImpl);
        if (credential.mode === "test") body.testmode = true;
      }
      // Recurring lines to start (decision 061): the payment is Mollie's first payment of a customer,
      // so that paying it creates the mandate the subscriptions charge.
      let mollieCustomerId: string | null = null;
      if (frozen.recurring?.length) {
        mollieCustomerId = await mollieCustomerFor(tx, deps.config, credential, { quoteId: view.quoteId, accountId: view.accountId, language }, fetchImpl);
        body.customerId = mollieCustomerId;
        body.sequenceType = "first";
      }
      const created = await callJson(fetchImpl, `${deps.config.mollieConnect.apiUrl}payments`, {
        method: "POST",
        headers: {
          ...authHeaders(credential),
          "content-type": "application/json",
          // A retried request (timeout) creates the same payment, not a second one.
          "idempotency-key": `offerly-quote-${view.quoteId}-${versionNumber ?? 0}-${attempts + 1}`,
        },
        body: JSON.stringify(body),
      });
      const payment = created.status === 201 ? readMolliePayment(created.json) : null;
      if (!payment?.checkoutUrl) throw paymentError("CONFLICT", "unavailable");
      await tx.insert(quotePayments).values({
        accountId: view.accountId,
        quoteId: view.quoteId,
        signatureId: signature.id,
        versionNumber,
        amountCents: BigInt(frozen.amountCents),
        currency: frozen.currency,
        status: payment.status,
        molliePaymentId: payment.id,
        mollieMode: credential.mode,
        checkoutUrl: payment.checkoutUrl,
        mollieCustomerId,
        createdAt: now,
        updatedAt: now,
      });
    });
  } catch (error) {
    if (isActivePaymentConflict(error)) {
      // Another server's request created it first: theirs is the payment.
    } else throw error;
  }
  const reread = await loadPublicQuote(deps.db, nanoId, { viewerUserId: context.viewerUserId, now });
  const payment = reread.view?.payment;
  if (!payment) throw paymentError("CONFLICT", "nothingToPay");
  if (payment.status === "PAID") throw paymentError("CONFLICT", "alreadyPaid");
  return payment;
}

/**
 * Mollie's webhook for a quote payment: only the id is used. An id we do not know changes nothing
 * (`unknown`); a known one is fetched from the owner's account and its status applied once.
 */
export async function processQuotePaymentWebhook(
  db: Executor,
  config: Config,
  id: string,
  log: Logger,
  options: { fetchImpl?: typeof fetch; now?: Date; subscriptionRowId?: string | null } = {},
): Promise<QuoteWebhookOutcome> {
  const fetchImpl = options.fetchImpl ?? fetch;
  if (!MOLLIE_PAYMENT_ID.test(id)) return "unknown";
  const [row] = await db.select().from(quotePayments).where(eq(quotePayments.molliePaymentId, id)).limit(1);
  // A payment Mollie made for a subscription (its webhook URL names our subscription): decision 061.
  if (!row && options.subscriptionRowId) return processSubscriptionPaymentWebhook(db, config, id, options.subscriptionRowId, log, options);
  if (!row) return "unknown";
  const { credential, payment } = await ownerPaymentForWebhook({ db, config, log, fetchImpl }, row.accountId, id, "quote payment webhook");
  if (!payment) return "unknown";
  // The payment must be the one we made: same id, amount and currency, and our quote in its metadata.
  const metadata = payment.metadata as { quoteId?: unknown } | null;
  if (
    payment.id !== row.molliePaymentId ||
    payment.amount.value !== centsToString(row.amountCents) ||
    payment.amount.currency !== row.currency ||
    metadata?.quoteId !== row.quoteId
  ) {
    log.warn({ paymentId: id }, "quote payment webhook: the payment does not match ours");
    return "mismatch";
  }
  const now = options.now ?? new Date();
  const outcome = await db.transaction(async (tx): Promise<QuoteWebhookOutcome> => {
    const [locked] = await tx.select().from(quotePayments).where(eq(quotePayments.id, row.id)).for("update");
    if (!locked || locked.status === payment.status || FINAL_MOLLIE_STATUSES.includes(locked.status)) return "unchanged";
    await tx
      .update(quotePayments)
      .set({
        status: payment.status,
        paidAt: payment.status === "paid" ? now : null,
        checkoutUrl: FINAL_MOLLIE_STATUSES.includes(payment.status) ? null : locked.checkoutUrl,
        updatedAt: now,
      })
      .where(and(eq(quotePayments.id, locked.id), eq(quotePayments.status, locked.status)));
    const eventPayment = {
      id: locked.id,
      amount: centsToString(locked.amountCents),
      currency: locked.currency,
      version: locked.versionNumber,
      provider: "mollie" as const,
      providerPaymentId: locked.molliePaymentId,
    };
    if (payment.status === "paid") {
      await recordPaymentReceived(tx, locked.accountId, locked.currency, locked.amountCents, now);
      // The subscriptions it starts (a first payment): stored now, created at Mollie after the commit.
      await planQuoteSubscriptions(tx, locked, now);
      // The invoice must never hold up the payment: a failure to make it is logged, the payment is
      // applied (its statements are reads and plain inserts; a thrown error leaves the transaction usable).
      await issueDepositInvoice(tx, locked, now).catch((error: unknown) => {
        log.error({ err: error, paymentId: locked.id }, "could not issue the deposit invoice");
        return null;
      });
      await recordEvent(tx, {
        type: "quote.payment.paid",
        accountId: locked.accountId,
        quoteId: locked.quoteId,
        now,
        payment: { ...eventPayment, status: "paid" },
        // The audit trail's evidence: Mollie confirmed the payment (fetched from the owner's account).
        audit: {
          actorName: null,
          actorEmail: null,
          documentHash: null,
          versionNumber: locked.versionNumber,
          details: { amount: eventPayment.amount, currency: locked.currency, provider: "mollie", providerPaymentId: locked.molliePaymentId },
          evidence: { ip: null, userAgent: null },
        },
      });
    } else if (payment.status === "failed" || payment.status === "expired" || payment.status === "canceled") {
      await recordEvent(tx, {
        type: "quote.payment.failed",
        accountId: locked.accountId,
        quoteId: locked.quoteId,
        now,
        payment: { ...eventPayment, status: payment.status },
      });
    }
    return "updated";
  });
  // A paid first payment: its subscriptions are created at Mollie (again on a replay, until they all exist).
  if (payment.status === "paid" && row.mollieCustomerId) {
    await ensureQuoteSubscriptions(db, config, credential, row.id, payment.mandateId, log, { fetchImpl, now });
  }
  return outcome;
}

/**
 * The payment of each quote's current version (the owner's quote page): three queries for all the
 * quotes of a request (current versions, signatures that froze a payment, attempts). Scoped to the account.
 */
export async function findQuotePayments(db: Executor, accountId: string, quoteIds: readonly string[]): Promise<Map<string, QuotePaymentView | null>> {
  const result = new Map<string, QuotePaymentView | null>();
  if (quoteIds.length === 0) return result;
  const ids = [...quoteIds];
  const [versions, signatures, attempts] = await Promise.all([
    db
      .select({ quoteId: quoteVersions.quoteId, number: sql<number>`max(${quoteVersions.number})::int` })
      .from(quoteVersions)
      .where(and(eq(quoteVersions.accountId, accountId), inArray(quoteVersions.quoteId, ids)))
      .groupBy(quoteVersions.quoteId),
    db
      .select({
        id: quoteSignatures.id,
        quoteId: quoteSignatures.quoteId,
        kind: quoteSignatures.kind,
        versionNumber: quoteSignatures.versionNumber,
        payment: quoteSignatures.payment,
      })
      .from(quoteSignatures)
      .where(and(eq(quoteSignatures.accountId, accountId), inArray(quoteSignatures.quoteId, ids), sql`${quoteSignatures.payment} is not null`))
      .orderBy(asc(quoteSignatures.signedAt), asc(quoteSignatures.createdAt)),
    db
      .select()
      .from(quotePayments)
      .where(and(eq(quotePayments.accountId, accountId), inArray(quotePayments.quoteId, ids)))
      .orderBy(asc(quotePayments.createdAt)),
  ]);
  for (const id of ids) {
    const version = versions.find((v) => v.quoteId === id)?.number ?? null;
    result.set(
      id,
      quotePaymentView(
        version,
        signatures.filter((s) => s.quoteId === id),
        attempts.filter((a) => a.quoteId === id),
      ),
    );
  }
  return result;
}
