import { and, desc, eq, sql } from "drizzle-orm";
import type { Interval, Plan } from "../../../shared/enums";
import { PLAN_RANK, isInterval, isPlan, priceCents } from "../../../shared/plans";
import { addInterval, isExpired } from "../../../shared/subscription";
import { type VatRule, computeVat, normaliseVatNumber, vatRatePercent } from "../../../shared/vat-rules";
import type { Config } from "../../config";
import type { Executor } from "../../db/client";
import { accounts, billingInvoiceCounters, billingInvoices, billingPayments, billingSubscriptions } from "../../db/schema";
import { isUuid } from "../../db/ids";
import { AppError } from "../../errors";
import type { Logger } from "../../logger";
import { notifyRenewalFailed } from "./notices";
import { type PaymentProvider, type ProviderPayment, ProviderUnavailableError, paymentProvider } from "../../payments";

export type PaymentRow = typeof billingPayments.$inferSelect;
export type InvoiceRow = typeof billingInvoices.$inferSelect;
export type SubscriptionRow = typeof billingSubscriptions.$inferSelect;
type AccountRow = typeof accounts.$inferSelect;

export type InvoiceParty = { name: string; lines: string[]; vatNumber: string | null; country: string | null };

/** A first payment left open this long is reused on a second click instead of a new checkout. */
export const OPEN_PAYMENT_REUSE_MS = 30 * 60 * 1000;

export const WEBHOOK_PATH = "/api/webhooks/mollie";

export const unavailable = () => new AppError("CONFLICT", "billing:errors.providerUnavailable");

/** The provider, working on `db` (the dev provider's state is in the database: pass the transaction). */
export function requireProvider(config: Config, db: Executor): PaymentProvider {
  const provider = paymentProvider(config, db);
  if (!provider) throw new AppError("CONFLICT", "billing:errors.paymentsOff");
  return provider;
}

export async function lockAccount(tx: Executor, accountId: string): Promise<AccountRow> {
  const [account] = await tx.select().from(accounts).where(eq(accounts.id, accountId)).for("update");
  if (!account) throw new AppError("FORBIDDEN", "api:accountRequired");
  return account;
}

export async function getSubscription(db: Executor, accountId: string): Promise<SubscriptionRow | undefined> {
  const [row] = await db.select().from(billingSubscriptions).where(eq(billingSubscriptions.accountId, accountId)).limit(1);
  return row;
}

export async function findPayments(db: Executor, accountId: string, limit = 50): Promise<PaymentRow[]> {
  return db.select().from(billingPayments).where(eq(billingPayments.accountId, accountId)).orderBy(desc(billingPayments.createdAt)).limit(limit);
}

export async function findInvoices(db: Executor, accountId: string, limit = 50): Promise<InvoiceRow[]> {
  return db
    .select()
    .from(billingInvoices)
    .where(eq(billingInvoices.accountId, accountId))
    .orderBy(desc(billingInvoices.issuedAt), desc(billingInvoices.number))
    .limit(limit);
}

export async function getInvoice(db: Executor, accountId: string, id: string): Promise<InvoiceRow | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db
    .select()
    .from(billingInvoices)
    .where(and(eq(billingInvoices.accountId, accountId), eq(billingInvoices.id, id)))
    .limit(1);
  return row;
}

/** The buyer's country for VAT: the billing country, else the company country. */
export const buyerCountry = (account: AccountRow) => (account.billingCountry ?? account.country)?.trim().toUpperCase() || null;

/**
 * Starts (or renews) a subscription: a provider customer (once per account) and a first payment
 * for the plan and interval, amount including VAT. A second click while that payment is still open
 * gets the same checkout; an account with a running (not cancelled) subscription is refused (plan
 * changes are not offered yet). The account row is locked for the whole call, so two clicks queue.
 * A provider timeout or 5xx rolls everything back and says "try again".
 */
export async function createFirstSubscriptionPayment(
  db: Executor,
  config: Config,
  input: { accountId: string; email: string | null; plan: Plan; interval: Interval; vatNumber: string | null; locale: "en" | "nl" },
  now: Date = new Date(),
): Promise<{ status: string; checkoutUrl: string | null; paymentId: string }> {
  requireProvider(config, db);
  try {
    return await db.transaction(async (tx) => {
      const provider = requireProvider(config, tx);
      const account = await lockAccount(tx, input.accountId);
      const subscription = await getSubscription(tx, input.accountId);
      if (subscription?.status === "active" && !isExpired(account, now)) throw new AppError("CONFLICT", "billing:errors.alreadySubscribed");

      const [open] = await tx
        .select()
        .from(billingPayments)
        .where(and(eq(billingPayments.accountId, input.accountId), eq(billingPayments.purpose, "subscribe"), eq(billingPayments.status, "open")))
        .orderBy(desc(billingPayments.createdAt))
        .limit(1);
      if (
        open &&
        open.plan === input.plan &&
        open.interval === input.interval &&
        now.getTime() - open.createdAt.getTime() < OPEN_PAYMENT_REUSE_MS &&
        open.checkoutUrl
      ) {
        return { status: open.status, checkoutUrl: open.checkoutUrl, paymentId: open.id };
      }

      const vatNumber = input.vatNumber ? normaliseVatNumber(input.vatNumber) : null;
      const vat = computeVat(priceCents(input.plan, input.interval), { country: buyerCountry(account), vatNumber });
      let customerId = subscription?.provider === provider.name ? subscription.providerCustomerId : null;
      if (!customerId) customerId = (await provider.createCustomer({ name: account.name, email: input.email, accountId: account.id })).id;
      await tx
        .insert(billingSubscriptions)
        .values({ accountId: account.id, provider: provider.name, providerCustomerId: customerId, vatNumber })
        .onConflictDoUpdate({
          target: billingSubscriptions.accountId,
          set: { provider: provider.name, providerCustomerId: customerId, vatNumber, updatedAt: now },
        });

      const [row] = await tx
        .insert(billingPayments)
        .values({
          accountId: account.id,
          provider: provider.name,
          sequenceType: "first",
          plan: input.plan,
          interval: input.interval,
          netCents: vat.netCents,
          vatCents: vat.vatCents,
          totalCents: vat.totalCents,
          vatRule: vat.rule,
        })
        .returning();
      const prefix = input.locale === "nl" ? "/nl" : "";
      const created = await provider.createFirstPayment({
        customerId,
        amountCents: vat.totalCents,
        description: `Offerly ${input.plan} ${input.interval.toLowerCase()}`,
        redirectUrl: `${config.publicUrl}${prefix}/app/settings/billing?payment=${row.id}`,
        webhookUrl: `${config.publicUrl}${WEBHOOK_PATH}`,
        locale: input.locale,
        metadata: { accountId: account.id, paymentRowId: row.id },
        idempotencyKey: `first-payment-${row.id}`,
      });
      await tx
        .update(billingPayments)
        .set({ providerPaymentId: created.id, checkoutUrl: created.checkoutUrl, updatedAt: now })
        .where(eq(billingPayments.id, row.id));
      return { status: created.status, checkoutUrl: created.checkoutUrl, paymentId: row.id };
    });
  } catch (error) {
    if (error instanceof ProviderUnavailableError) throw unavailable();
    throw error;
  }
}

/**
 * Cancels at the provider, then marks the subscription cancelled. The plan stays until expiredAt
 * (already paid for); no renewal comes after that.
 */
export async function cancelSubscription(db: Executor, config: Config, accountId: string, now: Date = new Date()): Promise<{ status: string }> {
  const subscription = await getSubscription(db, accountId);
  if (subscription?.status !== "active" || !subscription.providerSubscriptionId) {
    throw new AppError("CONFLICT", "billing:errors.nothingToCancel");
  }
  const provider = requireProvider(config, db);
  if (provider.name !== subscription.provider) throw new AppError("CONFLICT", "billing:errors.paymentsOff");
  try {
    await provider.cancelSubscription({
      customerId: subscription.providerCustomerId,
      subscriptionId: subscription.providerSubscriptionId,
      idempotencyKey: `cancel-${subscription.providerSubscriptionId}`,
    });
  } catch (error) {
    if (error instanceof ProviderUnavailableError) throw unavailable();
    throw error;
  }
  await db
    .update(billingSubscriptions)
    .set({ status: "canceled", canceledAt: now, updatedAt: now })
    .where(and(eq(billingSubscriptions.accountId, accountId), eq(billingSubscriptions.status, "active")));
  return { status: "canceled" };
}

export type WebhookOutcome = "applied" | "recorded" | "unchanged" | "unknown";

/**
 * The webhook (Mollie's and the dev checkout's): trusts only the id, fetches the payment from the
 * provider, and changes our state at most once per payment (the payment row is locked and its
 * status is the idempotency marker). Unknown, forged and other systems' ids change nothing.
 */
export async function processPaymentWebhook(
  db: Executor,
  config: Config,
  providerPaymentId: string,
  log?: Logger,
  now: Date = new Date(),
): Promise<WebhookOutcome> {
  const provider = paymentProvider(config, db);
  if (!provider || !/^tr_\w{1,64}$/.test(providerPaymentId)) return "unknown";
  const payment = await provider.getPayment(providerPaymentId);
  if (!payment) return "unknown";
  if (payment.sequenceType === "first") return applyFirstPayment(db, provider, config, payment, log, now);
  if (payment.sequenceType === "recurring") return applyRecurringPayment(db, provider, config, payment, now);
  return "unknown";
}

const FINAL_FAILURES = new Set(["failed", "canceled", "expired"]);

async function applyFirstPayment(
  db: Executor,
  provider: PaymentProvider,
  config: Config,
  payment: ProviderPayment,
  log: Logger | undefined,
  now: Date,
): Promise<WebhookOutcome> {
  const [row] = await db
    .select()
    .from(billingPayments)
    .where(and(eq(billingPayments.provider, provider.name), eq(billingPayments.providerPaymentId, payment.id)))
    .limit(1);
  if (row?.status !== "open") return row ? "unchanged" : "unknown";
  if (row.purpose === "upgrade") return applyUpgradePayment(db, provider, config, row, payment, log, now);
  const checked = await checkPaidPayment(db, row, payment, log, now);
  if (!("subscription" in checked)) return checked.outcome;
  const { subscription } = checked;

  const [account] = await db.select().from(accounts).where(eq(accounts.id, row.accountId)).limit(1);
  const start = account.subscriptionInterval && account.expiredAt && account.expiredAt > now ? account.expiredAt : now;
  const end = addInterval(start, row.interval);
  // At the provider first (outside the transaction); the idempotency key makes a repeat return the
  // same subscription. Two checkouts opened side by side and both paid never make two
  // subscriptions: the second payment extends the running one instead.
  const running = subscription.status === "active" && subscription.providerSubscriptionId ? { id: subscription.providerSubscriptionId } : null;
  const created =
    running ??
    (await provider.createSubscription({
      customerId: subscription.providerCustomerId,
      mandateId: payment.mandateId,
      amountCents: row.totalCents,
      interval: row.interval,
      startDate: end.toISOString().slice(0, 10),
      description: subscriptionDescription(row.plan, row.interval),
      webhookUrl: `${config.publicUrl}${WEBHOOK_PATH}`,
      metadata: subscriptionMetadata(row.accountId, row.plan, row.interval),
      idempotencyKey: `subscription-${row.id}`,
    }));
  // The running one renews at this payment's terms from the end of the period it paid for (one
  // repeatable PATCH), so what it charges and the plan it gives stay the same thing.
  if (running && (subscription.plan !== row.plan || subscription.interval !== row.interval)) {
    await provider.updateSubscription({
      customerId: subscription.providerCustomerId,
      subscriptionId: running.id,
      amountCents: row.totalCents,
      interval: row.interval,
      startDate: end.toISOString().slice(0, 10),
      mandateId: payment.mandateId ?? subscription.providerMandateId,
      description: subscriptionDescription(row.plan, row.interval),
      metadata: subscriptionMetadata(row.accountId, row.plan, row.interval),
    });
  }

  return db.transaction(async (tx) => {
    const [locked] = await tx.select().from(billingPayments).where(eq(billingPayments.id, row.id)).for("update");
    if (locked.status !== "open") return "unchanged";
    const locked2 = await lockAccount(tx, row.accountId);
    const [paid] = await tx
      .update(billingPayments)
      .set({ status: "paid", paidAt: now, periodStart: start, periodEnd: end, updatedAt: now })
      .where(eq(billingPayments.id, row.id))
      .returning();
    await tx
      .update(billingSubscriptions)
      .set({
        providerSubscriptionId: created.id,
        providerMandateId: payment.mandateId,
        plan: row.plan,
        interval: row.interval,
        status: "active",
        canceledAt: null,
        updatedAt: now,
      })
      .where(eq(billingSubscriptions.accountId, row.accountId));
    await tx
      .update(accounts)
      .set({ subscriptionPlan: row.plan, subscriptionInterval: row.interval, expiredAt: end, updatedAt: now })
      .where(eq(accounts.id, row.accountId));
    await issueInvoice(tx, config, locked2, paid, subscription.vatNumber, now);
    return "applied" as const;
  });
}

async function applyRecurringPayment(db: Executor, provider: PaymentProvider, config: Config, payment: ProviderPayment, now: Date): Promise<WebhookOutcome> {
  if (!payment.subscriptionId) return "unknown";
  const [subscription] = await db
    .select()
    .from(billingSubscriptions)
    .where(and(eq(billingSubscriptions.provider, provider.name), eq(billingSubscriptions.providerSubscriptionId, payment.subscriptionId)))
    .limit(1);
  if (!subscription || subscription.providerCustomerId !== payment.customerId || !subscription.plan || !subscription.interval) return "unknown";
  // The terms this charge was made for: Mollie forwards the subscription's metadata to its payments
  // (so a plan change written at the provider but not here still lands right); else our row's.
  const plan = isPlan(payment.metadata?.plan) ? payment.metadata.plan : subscription.plan;
  const interval = isInterval(payment.metadata?.interval) ? payment.metadata.interval : subscription.interval;
  const status = payment.status === "paid" || FINAL_FAILURES.has(payment.status) ? payment.status : "open";

  return db.transaction(async (tx) => {
    const account = await lockAccount(tx, subscription.accountId);
    const [existing] = await tx
      .select()
      .from(billingPayments)
      .where(and(eq(billingPayments.provider, provider.name), eq(billingPayments.providerPaymentId, payment.id)))
      .for("update");
    if (existing && (existing.status !== "open" || status === "open")) return "unchanged";
    const vatRule = vatRuleOf(account, subscription);
    const ratePercent = vatRatePercent(vatRule);
    const netCents = Math.round((payment.amountCents * 100) / (100 + ratePercent));
    const values = {
      status: status as PaymentRow["status"],
      netCents,
      vatCents: payment.amountCents - netCents,
      totalCents: payment.amountCents,
      vatRule,
      updatedAt: now,
    };
    let row: PaymentRow;
    if (existing) {
      [row] = await tx.update(billingPayments).set(values).where(eq(billingPayments.id, existing.id)).returning();
    } else {
      [row] = await tx
        .insert(billingPayments)
        .values({
          ...values,
          accountId: subscription.accountId,
          provider: provider.name,
          providerPaymentId: payment.id,
          sequenceType: "recurring",
          purpose: "renewal",
          plan,
          interval,
        })
        .returning();
    }
    if (status !== "paid") {
      if (status !== "open") await notifyRenewalFailed(tx, config, account, payment.id);
      return "recorded";
    }
    const start = account.expiredAt ?? now;
    const end = addInterval(start, interval);
    [row] = await tx.update(billingPayments).set({ paidAt: now, periodStart: start, periodEnd: end }).where(eq(billingPayments.id, row.id)).returning();
    await tx
      .update(accounts)
      .set({ subscriptionPlan: plan, subscriptionInterval: interval, expiredAt: end, updatedAt: now })
      .where(eq(accounts.id, account.id));
    await issueInvoice(tx, config, account, row, subscription.vatNumber, now);
    return "applied";
  });
}

/** Description of the provider's subscription (and of the payments it makes). */
export const subscriptionDescription = (plan: Plan, interval: Interval) => `Offerly ${plan} ${interval.toLowerCase()}`;

/** Metadata of the provider's subscription: forwarded to every payment it makes (the terms it charged for). */
export const subscriptionMetadata = (accountId: string, plan: Plan, interval: Interval): Record<string, string> => ({ accountId, plan, interval });

/** What one renewal at these terms costs the account, VAT included. */
export function renewalAmount(account: AccountRow, vatNumber: string | null, plan: Plan, interval: Interval) {
  return computeVat(priceCents(plan, interval), { country: buyerCountry(account), vatNumber });
}

/**
 * What every payment webhook checks before it acts (first payments, renewals and upgrades alike):
 * the provider's payment belongs to the customer we created for this account; a final failure is
 * recorded once; only a paid payment of exactly the amount asked goes on (with the subscription).
 */
async function checkPaidPayment(
  db: Executor,
  row: PaymentRow,
  payment: ProviderPayment,
  log: Logger | undefined,
  now: Date,
): Promise<{ outcome: WebhookOutcome } | { subscription: NonNullable<Awaited<ReturnType<typeof getSubscription>>> }> {
  const subscription = await getSubscription(db, row.accountId);
  if (!subscription || subscription.providerCustomerId !== payment.customerId) {
    log?.warn({ paymentId: payment.id }, "webhook: payment's customer does not match the account");
    return { outcome: "unknown" };
  }
  if (FINAL_FAILURES.has(payment.status)) {
    const updated = await db
      .update(billingPayments)
      .set({ status: payment.status as PaymentRow["status"], updatedAt: now })
      .where(and(eq(billingPayments.id, row.id), eq(billingPayments.status, "open")))
      .returning({ id: billingPayments.id });
    return { outcome: updated.length ? "recorded" : "unchanged" };
  }
  if (payment.status !== "paid") return { outcome: "unchanged" };
  if (payment.amountCents !== row.totalCents) {
    log?.error({ paymentId: payment.id }, "webhook: paid amount differs from the amount asked");
    return { outcome: "unknown" };
  }
  return { subscription };
}

/**
 * A paid upgrade checkout (decision 029): the provider's subscription is changed to the new terms
 * from the end of the paid period (one PATCH, repeatable, before the transaction — a failure
 * answers 500 and Mollie retries); then, once, the plan applies now, the payment is recorded for
 * the rest of the period and invoiced.
 */
async function applyUpgradePayment(
  db: Executor,
  provider: PaymentProvider,
  config: Config,
  row: PaymentRow,
  payment: ProviderPayment,
  log: Logger | undefined,
  now: Date,
): Promise<WebhookOutcome> {
  const checked = await checkPaidPayment(db, row, payment, log, now);
  if (!("subscription" in checked)) return checked.outcome;
  const { subscription } = checked;
  const renewalInterval = row.renewalInterval ?? row.interval;
  const [account] = await db.select().from(accounts).where(eq(accounts.id, row.accountId)).limit(1);
  const running = subscription.status === "active" && subscription.providerSubscriptionId;
  if (running && account.expiredAt) {
    await provider.updateSubscription({
      customerId: subscription.providerCustomerId,
      subscriptionId: subscription.providerSubscriptionId!,
      amountCents: renewalAmount(account, subscription.vatNumber, row.plan, renewalInterval).totalCents,
      interval: renewalInterval,
      startDate: account.expiredAt.toISOString().slice(0, 10),
      mandateId: payment.mandateId ?? subscription.providerMandateId,
      description: subscriptionDescription(row.plan, renewalInterval),
      metadata: subscriptionMetadata(row.accountId, row.plan, renewalInterval),
    });
  }
  return db.transaction(async (tx) => {
    const [locked] = await tx.select().from(billingPayments).where(eq(billingPayments.id, row.id)).for("update");
    if (locked.status !== "open") return "unchanged";
    const current = await lockAccount(tx, row.accountId);
    const periodEnd = current.expiredAt && current.expiredAt > now ? current.expiredAt : now;
    const [paid] = await tx
      .update(billingPayments)
      .set({ status: "paid", paidAt: now, periodStart: now, periodEnd, updatedAt: now })
      .where(eq(billingPayments.id, row.id))
      .returning();
    // Never down: a second upgrade checkout paid after the first changes the plan no further.
    if (current.subscriptionInterval && isPlan(current.subscriptionPlan) && PLAN_RANK[row.plan] > PLAN_RANK[current.subscriptionPlan]) {
      await tx.update(accounts).set({ subscriptionPlan: row.plan, updatedAt: now }).where(eq(accounts.id, row.accountId));
      if (running) {
        await tx
          .update(billingSubscriptions)
          .set({ plan: row.plan, interval: renewalInterval, providerMandateId: payment.mandateId ?? subscription.providerMandateId, updatedAt: now })
          .where(eq(billingSubscriptions.accountId, row.accountId));
      }
    }
    await issueInvoice(tx, config, current, paid, subscription.vatNumber, now);
    return "applied" as const;
  });
}

function vatRuleOf(account: AccountRow, subscription: SubscriptionRow): VatRule {
  return computeVat(0, { country: buyerCountry(account), vatNumber: subscription.vatNumber }).rule;
}

/** Gapless per year across all invoices: the counter row stays locked until the transaction ends. */
async function nextInvoiceNumber(tx: Executor, year: number): Promise<string> {
  const [row] = await tx
    .insert(billingInvoiceCounters)
    .values({ year, lastValue: 1 })
    .onConflictDoUpdate({ target: billingInvoiceCounters.year, set: { lastValue: sql`${billingInvoiceCounters.lastValue} + 1` } })
    .returning({ lastValue: billingInvoiceCounters.lastValue });
  return `OFF-${year}-${String(row.lastValue).padStart(6, "0")}`;
}

async function issueInvoice(tx: Executor, config: Config, account: AccountRow, payment: PaymentRow, vatNumber: string | null, now: Date): Promise<void> {
  const year = now.getUTCFullYear();
  const number = await nextInvoiceNumber(tx, year);
  const name = [account.billingFirstName, account.billingLastName].filter(Boolean).join(" ");
  const buyer: InvoiceParty = {
    name: account.name,
    lines: [
      name,
      account.billingStreetAndNumber,
      account.billingStreetAdditional,
      [account.billingPostalCode, account.billingCity].filter(Boolean).join(" "),
      buyerCountry(account),
    ].filter((line): line is string => Boolean(line)),
    vatNumber,
    country: buyerCountry(account),
  };
  const seller: InvoiceParty = {
    name: config.seller.name,
    lines: [config.seller.address, `KvK ${config.seller.cocNumber}`, config.seller.email],
    vatNumber: config.seller.vatNumber,
    country: "NL",
  };
  await tx.insert(billingInvoices).values({
    accountId: account.id,
    paymentId: payment.id,
    number,
    year,
    issuedAt: now,
    locale: account.language === "NL" ? "nl" : "en",
    seller,
    buyer,
    plan: payment.plan,
    interval: payment.interval,
    periodStart: payment.periodStart ?? now,
    periodEnd: payment.periodEnd ?? now,
    netCents: payment.netCents,
    vatCents: payment.vatCents,
    totalCents: payment.totalCents,
    vatRule: payment.vatRule,
    vatRatePercent: vatRatePercent(payment.vatRule as VatRule),
  });
}
