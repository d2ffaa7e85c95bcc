/**
 * Recurring lines start by themselves (issue 26 item 4, decision 061): the customer's first payment
 * is Mollie's `sequenceType: first` for a Mollie customer on the owner's account; when Mollie's
 * webhook says it is paid, one subscription per interval of the signed selection's recurring lines
 * is created on the owner's account, charging that interval's total incl. VAT from the agreed start.
 *
 * - `planQuoteSubscriptions` (in the transaction that applies "paid"): one CREATING row per
 *   interval; the unique key (payment, interval) makes a replay insert none.
 * - `ensureQuoteSubscriptions` (after that commit, and on every replay until done): each CREATING
 *   row is created at Mollie — first looked up among the customer's subscriptions by our id in its
 *   metadata (a lost answer), else POSTed with an Idempotency-Key — and gets Mollie's id, status and
 *   next charge in a conditional update that records `quote.subscription.created` once.
 * - `processSubscriptionPaymentWebhook`: Mollie posts the payments of a subscription to its
 *   webhookUrl, which names our subscription row; the payment is fetched from the owner's account
 *   and must belong to that subscription; a paid one is counted once.
 * - `cancelQuoteSubscription`: the owner cancels (DELETE at Mollie), `quote.subscription.canceled`.
 */
import { and, asc, eq, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import { translator } from "../../../shared/i18n/server";
import { type FrozenRecurring, MOLLIE_INTERVAL, type QuoteSubscriptionView, quoteSubscriptionStatus } from "../../../shared/quote-subscriptions";
import { centsToString } from "../../../shared/totals";
import type { Config } from "../../config";
import type { Executor } from "../../db/client";
import { quotePayments, quoteSignatures, quoteSubscriptionPayments, quoteSubscriptions, quotes } from "../../db/schema";
import { recordEvent } from "../../events";
import { AppError } from "../../errors";
import type { Logger } from "../../logger";
import { callJson } from "../integrations/mollie/mollie-connect.service";
import { recordPaymentReceived } from "../statistics/statistics.service";
import {
  MollieUnreachableError,
  type OwnerCredential,
  type QuoteWebhookOutcome,
  QUOTE_PAYMENT_WEBHOOK_PATH,
  authHeaders,
  ownerPaymentForWebhook,
  ownerCredential,
} from "./mollie-owner";

type PaymentRow = typeof quotePayments.$inferSelect;
export type QuoteSubscriptionRow = typeof quoteSubscriptions.$inferSelect;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const FINAL = ["paid", "failed", "expired", "canceled"];

/** The URL Mollie posts a subscription's payments to: the quote webhook, naming our subscription. */
export const subscriptionWebhookUrl = (config: Config, rowId: string) =>
  `${config.publicUrl.replace(/\/+$/, "")}${QUOTE_PAYMENT_WEBHOOK_PATH}?subscription=${encodeURIComponent(rowId)}`;

/** With an OAuth access token in test mode, Mollie wants `testmode` (query on reads, body on writes). */
function withTestmode(url: string, credential: OwnerCredential) {
  if (!(credential.oauth && credential.mode === "test")) return url;
  return `${url}${url.includes("?") ? "&" : "?"}testmode=true`;
}

/**
 * The Mollie customer a first payment is made for (at payment start): the one an earlier attempt of
 * this quote created, else a new one named after the quote's customer.
 */
export async function mollieCustomerFor(
  tx: Executor,
  config: Config,
  credential: OwnerCredential,
  quote: { quoteId: string; accountId: string; language: "en" | "nl" },
  fetchImpl: typeof fetch,
): Promise<string> {
  const [earlier] = await tx
    .select({ id: quotePayments.mollieCustomerId })
    .from(quotePayments)
    .where(and(eq(quotePayments.quoteId, quote.quoteId), eq(quotePayments.mollieMode, credential.mode), sql`${quotePayments.mollieCustomerId} is not null`))
    .limit(1);
  if (earlier?.id) return earlier.id;
  const [row] = await tx.select({ customer: quotes.customerSnapshot }).from(quotes).where(eq(quotes.id, quote.quoteId)).limit(1);
  const contact = row?.customer;
  const body: Record<string, unknown> = {
    name: (contact?.name || contact?.contactPerson || "").slice(0, 255) || undefined,
    email: contact?.email?.trim() || undefined,
    locale: quote.language === "nl" ? "nl_NL" : "en_US",
    metadata: { quoteId: quote.quoteId },
  };
  if (credential.oauth && credential.mode === "test") body.testmode = true;
  const created = await callJson(fetchImpl, `${config.mollieConnect.apiUrl}customers`, {
    method: "POST",
    headers: { ...authHeaders(credential), "content-type": "application/json", "idempotency-key": `offerly-quote-customer-${quote.quoteId}` },
    body: JSON.stringify(body),
  });
  const id = created.status === 201 && typeof created.json?.id === "string" ? created.json.id : null;
  if (!id) throw new AppError("CONFLICT", "signing:payment.errors.unavailable");
  return id;
}

/**
 * In the transaction that applies a first payment's "paid": one CREATING subscription per interval
 * the signature froze. Nothing for a one-off payment; a replay inserts nothing (unique key).
 */
export async function planQuoteSubscriptions(tx: Executor, payment: PaymentRow, now: Date): Promise<void> {
  if (!payment.mollieCustomerId) return;
  const [signature] = await tx
    .select({ payment: quoteSignatures.payment })
    .from(quoteSignatures)
    .where(and(eq(quoteSignatures.id, payment.signatureId), eq(quoteSignatures.quoteId, payment.quoteId)))
    .limit(1);
  const recurring: FrozenRecurring[] = signature?.payment?.recurring ?? [];
  if (recurring.length === 0) return;
  const today = now.toISOString().slice(0, 10);
  await tx
    .insert(quoteSubscriptions)
    .values(
      recurring.map((r) => ({
        accountId: payment.accountId,
        quoteId: payment.quoteId,
        paymentId: payment.id,
        interval: r.interval,
        amountCents: BigInt(r.amountCents),
        currency: payment.currency,
        status: "CREATING" as const,
        // Mollie charges from the start date on; a payment made after the agreed start starts today.
        startDate: [r.startDate, today].sort()[1],
        mollieCustomerId: payment.mollieCustomerId as string,
        mollieMode: payment.mollieMode,
        createdAt: now,
        updatedAt: now,
      })),
    )
    .onConflictDoNothing();
}

type MollieSubscription = { id: string; status: string; nextPaymentDate: string | null; metadata: unknown; amount: { value: string; currency: string } };

function readMollieSubscription(json: Record<string, unknown> | null | undefined): MollieSubscription | null {
  if (!json || typeof json.id !== "string" || typeof json.status !== "string") return null;
  const amount = json.amount as { value?: unknown; currency?: unknown } | undefined;
  return {
    id: json.id,
    status: json.status,
    nextPaymentDate: typeof json.nextPaymentDate === "string" ? json.nextPaymentDate : null,
    metadata: json.metadata ?? null,
    amount: { value: String(amount?.value ?? ""), currency: String(amount?.currency ?? "") },
  };
}

/** The event's view of a subscription row. */
function eventSubscription(row: QuoteSubscriptionRow) {
  return {
    id: row.id,
    status: row.status === "CREATING" ? ("PENDING" as const) : row.status,
    interval: row.interval,
    amount: centsToString(row.amountCents),
    currency: row.currency,
    startDate: row.startDate,
    nextPaymentDate: row.nextPaymentDate,
    provider: "mollie" as const,
    providerSubscriptionId: row.mollieSubscriptionId ?? "",
    providerCustomerId: row.mollieCustomerId,
  };
}

/**
 * Creates at Mollie every subscription of this (paid, first) payment that Mollie does not have yet.
 * Mollie unreachable or refusing: MollieUnreachableError (the webhook answers 503; Mollie's retry
 * comes back here and finishes the job).
 */
export async function ensureQuoteSubscriptions(
  db: Executor,
  config: Config,
  credential: OwnerCredential,
  paymentRowId: string,
  mandateId: string | null,
  log: Logger,
  options: { fetchImpl: typeof fetch; now: Date },
): Promise<void> {
  const pending = await db
    .select()
    .from(quoteSubscriptions)
    .where(and(eq(quoteSubscriptions.paymentId, paymentRowId), isNull(quoteSubscriptions.mollieSubscriptionId)))
    .orderBy(asc(quoteSubscriptions.createdAt), asc(quoteSubscriptions.interval));
  if (pending.length === 0) return;
  const [quote] = await db.select({ number: quotes.quoteNumber, language: quotes.language }).from(quotes).where(eq(quotes.id, pending[0].quoteId)).limit(1);
  const t = translator(quote?.language === "NL" ? "nl" : "en");
  const base = config.mollieConnect.apiUrl;
  const call = async (url: string, init: RequestInit) => {
    try {
      return await callJson(options.fetchImpl, url, init);
    } catch (error) {
      throw new MollieUnreachableError(`Mollie could not be reached: ${(error as Error).message}`);
    }
  };
  for (const row of pending) {
    const customerPath = `${base}customers/${encodeURIComponent(row.mollieCustomerId)}/subscriptions`;
    // Made before, but its answer was lost: Mollie has it with our id in its metadata.
    const listed = await call(withTestmode(`${customerPath}?limit=250`, credential), { method: "GET", headers: authHeaders(credential) });
    if (listed.status !== 200) throw new MollieUnreachableError(`Mollie answered ${listed.status} listing subscriptions`);
    const list = ((listed.json?._embedded as { subscriptions?: Record<string, unknown>[] } | undefined)?.subscriptions ?? []).map(readMollieSubscription);
    let subscription = list.find((s) => (s?.metadata as { offerlySubscriptionId?: unknown } | null)?.offerlySubscriptionId === row.id) ?? null;
    if (!subscription) {
      const body: Record<string, unknown> = {
        amount: { currency: row.currency, value: centsToString(row.amountCents) },
        interval: MOLLIE_INTERVAL[row.interval],
        startDate: row.startDate,
        // Mollie: unique among the customer's active subscriptions, and on the customer's bank statement.
        description: t("signing:subscription.description", { number: quote?.number ?? "", interval: t(`signing:subscription.interval.${row.interval}`) }).slice(
          0,
          255,
        ),
        webhookUrl: subscriptionWebhookUrl(config, row.id),
        metadata: { quoteId: row.quoteId, offerlySubscriptionId: row.id },
        ...(mandateId ? { mandateId } : {}),
        ...(credential.oauth && credential.mode === "test" ? { testmode: true } : {}),
      };
      const created = await call(customerPath, {
        method: "POST",
        headers: { ...authHeaders(credential), "content-type": "application/json", "idempotency-key": `offerly-quote-subscription-${row.id}` },
        body: JSON.stringify(body),
      });
      subscription = created.status === 201 ? readMollieSubscription(created.json) : null;
      if (!subscription) {
        log.warn({ status: created.status, subscriptionRowId: row.id }, "Mollie did not create the quote subscription");
        throw new MollieUnreachableError(`Mollie answered ${created.status} creating a subscription`);
      }
    }
    const found = subscription;
    await db.transaction(async (tx) => {
      const [updated] = await tx
        .update(quoteSubscriptions)
        .set({
          mollieSubscriptionId: found.id,
          status: quoteSubscriptionStatus(found.status),
          nextPaymentDate: found.nextPaymentDate,
          updatedAt: options.now,
        })
        .where(and(eq(quoteSubscriptions.id, row.id), isNull(quoteSubscriptions.mollieSubscriptionId)))
        .returning();
      if (!updated) return;
      await recordEvent(tx, {
        type: "quote.subscription.created",
        accountId: updated.accountId,
        quoteId: updated.quoteId,
        now: options.now,
        subscription: eventSubscription(updated),
      });
    });
  }
}

/** A subscription's state from Mollie (status, next charge), applied to our row. */
async function refreshFromMollie(db: Executor, config: Config, credential: OwnerCredential, row: QuoteSubscriptionRow, fetchImpl: typeof fetch, now: Date) {
  if (!row.mollieSubscriptionId) return;
  const url = `${config.mollieConnect.apiUrl}customers/${encodeURIComponent(row.mollieCustomerId)}/subscriptions/${encodeURIComponent(row.mollieSubscriptionId)}`;
  const got = await callJson(fetchImpl, withTestmode(url, credential), { method: "GET", headers: authHeaders(credential) }).catch(() => null);
  const subscription = got?.status === 200 ? readMollieSubscription(got.json) : null;
  if (!subscription) return;
  await db
    .update(quoteSubscriptions)
    .set({ status: quoteSubscriptionStatus(subscription.status), nextPaymentDate: subscription.nextPaymentDate, updatedAt: now })
    .where(and(eq(quoteSubscriptions.id, row.id), sql`${quoteSubscriptions.status} <> 'CANCELED'`));
}

/**
 * A payment Mollie made for one of our subscriptions: the URL's subscription id only says which
 * owner to ask; the payment (fetched from that owner's account) must name that subscription and
 * customer and charge its amount. Recorded once; counted on the subscription once, when paid.
 */
export async function processSubscriptionPaymentWebhook(
  db: Executor,
  config: Config,
  id: string,
  subscriptionRowId: string,
  log: Logger,
  options: { fetchImpl?: typeof fetch; now?: Date } = {},
): Promise<QuoteWebhookOutcome> {
  const fetchImpl = options.fetchImpl ?? fetch;
  if (!UUID.test(subscriptionRowId)) return "unknown";
  const [row] = await db.select().from(quoteSubscriptions).where(eq(quoteSubscriptions.id, subscriptionRowId)).limit(1);
  if (!row?.mollieSubscriptionId) return "unknown";
  const { credential, payment } = await ownerPaymentForWebhook({ db, config, log, fetchImpl }, row.accountId, id, "quote subscription webhook");
  if (!payment) return "unknown";
  if (
    payment.subscriptionId !== row.mollieSubscriptionId ||
    payment.customerId !== row.mollieCustomerId ||
    payment.amount.value !== centsToString(row.amountCents) ||
    payment.amount.currency !== row.currency
  ) {
    log.warn({ paymentId: id }, "quote subscription webhook: the payment is not this subscription's");
    return "mismatch";
  }
  const now = options.now ?? new Date();
  const outcome = await db.transaction(async (tx): Promise<QuoteWebhookOutcome> => {
    await tx
      .insert(quoteSubscriptionPayments)
      .values({
        accountId: row.accountId,
        subscriptionId: row.id,
        molliePaymentId: payment.id,
        status: "open",
        amountCents: row.amountCents,
        currency: row.currency,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing();
    const [locked] = await tx.select().from(quoteSubscriptionPayments).where(eq(quoteSubscriptionPayments.molliePaymentId, payment.id)).for("update");
    if (!locked || locked.status === payment.status || FINAL.includes(locked.status)) return "unchanged";
    await tx
      .update(quoteSubscriptionPayments)
      .set({ status: payment.status, paidAt: payment.status === "paid" ? now : null, updatedAt: now })
      .where(eq(quoteSubscriptionPayments.id, locked.id));
    if (payment.status === "paid") {
      await tx
        .update(quoteSubscriptions)
        .set({
          paymentsCount: sql`${quoteSubscriptions.paymentsCount} + 1`,
          paidCents: sql`${quoteSubscriptions.paidCents} + ${row.amountCents}`,
          updatedAt: now,
        })
        .where(eq(quoteSubscriptions.id, row.id));
      await recordPaymentReceived(tx, row.accountId, row.currency, row.amountCents, now);
    }
    return "updated";
  });
  // The next charge moved on (or the subscription changed): read it from Mollie.
  if (outcome === "updated") await refreshFromMollie(db, config, credential, row, fetchImpl, now);
  return outcome;
}

export function subscriptionView(row: QuoteSubscriptionRow): QuoteSubscriptionView {
  return {
    id: row.id,
    interval: row.interval,
    amount: centsToString(row.amountCents),
    currency: row.currency,
    status: row.status,
    startDate: row.startDate,
    nextPaymentDate: row.status === "ACTIVE" || row.status === "PENDING" ? row.nextPaymentDate : null,
    paymentsCount: row.paymentsCount,
    canceledAt: row.canceledAt,
  };
}

const INTERVAL_ORDER = { MONTH: 0, QUARTER: 1, YEAR: 2 } as const;

/** The subscriptions of each quote (newest first payment's), scoped to the account. */
export async function findQuoteSubscriptions(db: Executor, accountId: string, quoteIds: readonly string[]): Promise<Map<string, QuoteSubscriptionView[]>> {
  const result = new Map<string, QuoteSubscriptionView[]>();
  if (quoteIds.length === 0) return result;
  const rows = await db
    .select()
    .from(quoteSubscriptions)
    .where(and(eq(quoteSubscriptions.accountId, accountId), inArray(quoteSubscriptions.quoteId, [...quoteIds])))
    .orderBy(asc(quoteSubscriptions.createdAt));
  for (const id of quoteIds) {
    result.set(
      id,
      rows
        .filter((r) => r.quoteId === id)
        .sort((a, b) => INTERVAL_ORDER[a.interval] - INTERVAL_ORDER[b.interval])
        .map(subscriptionView),
    );
  }
  return result;
}

/** The account's running subscriptions per interval and currency (the dashboard). */
export async function quoteSubscriptionsOverview(db: Executor, accountId: string) {
  const rows = await db
    .select({
      interval: quoteSubscriptions.interval,
      currency: quoteSubscriptions.currency,
      count: sql<number>`count(*)::int`,
      amountCents: sql<string>`sum(${quoteSubscriptions.amountCents})::text`,
    })
    .from(quoteSubscriptions)
    .where(and(eq(quoteSubscriptions.accountId, accountId), inArray(quoteSubscriptions.status, ["CREATING", "PENDING", "ACTIVE"])))
    .groupBy(quoteSubscriptions.interval, quoteSubscriptions.currency);
  const perInterval = rows
    .map((r) => ({ interval: r.interval, currency: r.currency, count: r.count, amount: centsToString(BigInt(r.amountCents)) }))
    .sort((a, b) => INTERVAL_ORDER[a.interval] - INTERVAL_ORDER[b.interval] || a.currency.localeCompare(b.currency));
  // The soonest charge among them (Mollie's nextPaymentDate as last read; ties by quote number).
  const [next] = await db
    .select({
      date: quoteSubscriptions.nextPaymentDate,
      amountCents: quoteSubscriptions.amountCents,
      currency: quoteSubscriptions.currency,
      quoteId: quoteSubscriptions.quoteId,
      quoteNumber: quotes.quoteNumber,
    })
    .from(quoteSubscriptions)
    .innerJoin(quotes, eq(quotes.id, quoteSubscriptions.quoteId))
    .where(
      and(
        eq(quoteSubscriptions.accountId, accountId),
        inArray(quoteSubscriptions.status, ["PENDING", "ACTIVE"]),
        isNotNull(quoteSubscriptions.nextPaymentDate),
      ),
    )
    .orderBy(asc(quoteSubscriptions.nextPaymentDate), asc(quotes.quoteNumber))
    .limit(1);
  const nextCharge = next?.date
    ? { date: next.date, amount: centsToString(next.amountCents), currency: next.currency, quoteId: next.quoteId, quoteNumber: next.quoteNumber }
    : null;
  return { activeCount: perInterval.reduce((n, r) => n + r.count, 0), perInterval, nextCharge };
}

const subscriptionError = (key: string) => new AppError("CONFLICT", `signing:subscription.errors.${key}`);

/**
 * The owner cancels a quote's subscription: DELETE at Mollie on the owner's account, then the row
 * CANCELED and `quote.subscription.canceled` (once). Another account's subscription: NOT_FOUND.
 */
export async function cancelQuoteSubscription(
  deps: { db: Executor; config: Config },
  accountId: string,
  subscriptionId: string,
  options: { fetchImpl?: typeof fetch; now?: Date } = {},
): Promise<QuoteSubscriptionView> {
  const fetchImpl = options.fetchImpl ?? fetch;
  const now = options.now ?? new Date();
  const notFound = () => new AppError("NOT_FOUND", "signing:subscription.errors.notFound");
  if (!UUID.test(subscriptionId)) throw notFound();
  const [row] = await deps.db
    .select()
    .from(quoteSubscriptions)
    .where(and(eq(quoteSubscriptions.id, subscriptionId), eq(quoteSubscriptions.accountId, accountId)))
    .limit(1);
  if (!row) throw notFound();
  if (row.status === "CANCELED") return subscriptionView(row);
  if (!row.mollieSubscriptionId) throw subscriptionError("notStarted");
  const credential = await ownerCredential(deps.db, deps.config, accountId, fetchImpl).catch(() => null);
  if (!credential) throw subscriptionError("notConnected");
  const url = `${deps.config.mollieConnect.apiUrl}customers/${encodeURIComponent(row.mollieCustomerId)}/subscriptions/${encodeURIComponent(row.mollieSubscriptionId)}`;
  const answer = await callJson(fetchImpl, withTestmode(url, credential), { method: "DELETE", headers: authHeaders(credential) }).catch(() => null);
  // 200: canceled now; 422 "already canceled" / 404 gone at Mollie: canceled there too.
  if (!answer || ![200, 404, 422].includes(answer.status)) throw subscriptionError("unavailable");
  return deps.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(quoteSubscriptions)
      .set({ status: "CANCELED", canceledAt: now, nextPaymentDate: null, updatedAt: now })
      .where(and(eq(quoteSubscriptions.id, row.id), sql`${quoteSubscriptions.status} <> 'CANCELED'`))
      .returning();
    if (!updated) {
      const [current] = await tx.select().from(quoteSubscriptions).where(eq(quoteSubscriptions.id, row.id));
      return subscriptionView(current);
    }
    await recordEvent(tx, { type: "quote.subscription.canceled", accountId, quoteId: updated.quoteId, now, subscription: eventSubscription(updated) });
    return subscriptionView(updated);
  });
}
