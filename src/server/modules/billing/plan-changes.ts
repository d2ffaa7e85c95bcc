import { and, count, desc, eq, gte, inArray } from "drizzle-orm";
import type { Interval, Plan } from "../../../shared/enums";
import { type PlanChangeKind, hasFeature, isPlan, planChangeKind, proratedUpgradeNetCents } from "../../../shared/plans";
import { isExpired } from "../../../shared/subscription";
import { computeVat } from "../../../shared/vat-rules";
import type { Config } from "../../config";
import type { Executor } from "../../db/client";
import { accounts, billingPayments, billingSubscriptions, quotes } from "../../db/schema";
import { AppError } from "../../errors";
import { ProviderUnavailableError } from "../../payments";
import {
  OPEN_PAYMENT_REUSE_MS,
  type SubscriptionRow,
  WEBHOOK_PATH,
  buyerCountry,
  getSubscription,
  lockAccount,
  renewalAmount,
  requireProvider,
  subscriptionDescription,
  subscriptionMetadata,
  unavailable,
} from "./billing.service";

type AccountRow = typeof accounts.$inferSelect;

/** What moving to `plan`/`interval` would do, shown before the owner confirms (decision 029). */
export type PlanChangePreview = {
  kind: PlanChangeKind;
  plan: Plan;
  interval: Interval;
  /** When the new plan applies: now for an upgrade, else the end of the period already paid. */
  effectiveAt: Date;
  /** Paid now (an upgrade's prorated part, VAT included); 0 otherwise. */
  dueNowCents: number;
  dueNowNetCents: number;
  /** Each renewal at the new terms, VAT included. */
  renewalCents: number;
  /** Published, signable quotes still awaiting a signature (counted when the change drops signing). */
  pendingSignatures: number;
  losesSigning: boolean;
};

type Running = {
  account: AccountRow;
  subscription: SubscriptionRow;
  current: { plan: Plan; interval: Interval };
  renewal: { plan: Plan; interval: Interval };
  expiredAt: Date;
};

/** The running subscription a plan change applies to, or the refusal. */
function running(account: AccountRow, subscription: SubscriptionRow | undefined, now: Date): Running {
  if (
    subscription?.status !== "active" ||
    !subscription.providerSubscriptionId ||
    !account.subscriptionInterval ||
    !isPlan(account.subscriptionPlan) ||
    !account.expiredAt ||
    isExpired(account, now)
  ) {
    throw new AppError("CONFLICT", "billing:errors.noRunningSubscription");
  }
  const current = { plan: account.subscriptionPlan, interval: account.subscriptionInterval };
  const renewal = { plan: subscription.plan ?? current.plan, interval: subscription.interval ?? current.interval };
  return { account, subscription, current, renewal, expiredAt: account.expiredAt };
}

/** Published quotes a customer may still sign (not expired): what a plan without signing strands. */
export async function countPendingSignatures(db: Executor, accountId: string, now: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(quotes)
    .where(
      and(
        eq(quotes.accountId, accountId),
        eq(quotes.status, "PUBLISHED"),
        eq(quotes.signable, true),
        gte(quotes.expirationDate, now.toISOString().slice(0, 10)),
      ),
    );
  return Number(row?.n ?? 0);
}

/** The start of the period already paid (that ends at expiredAt): its last full payment, else one interval back. */
async function periodStart(db: Executor, r: Running): Promise<Date> {
  const [last] = await db
    .select({ periodStart: billingPayments.periodStart })
    .from(billingPayments)
    .where(
      and(
        eq(billingPayments.accountId, r.account.id),
        eq(billingPayments.status, "paid"),
        inArray(billingPayments.purpose, ["subscribe", "renewal"]),
        eq(billingPayments.periodEnd, r.expiredAt),
      ),
    )
    .orderBy(desc(billingPayments.paidAt))
    .limit(1);
  if (last?.periodStart) return last.periodStart;
  const back = new Date(r.expiredAt.getTime());
  back.setUTCMonth(back.getUTCMonth() - (r.current.interval === "YEARLY" ? 12 : 1));
  return back;
}

async function preview(db: Executor, r: Running, target: { plan: Plan; interval: Interval }, now: Date): Promise<PlanChangePreview> {
  const kind = planChangeKind(r.current, r.renewal, target);
  const buyer = { country: buyerCountry(r.account), vatNumber: r.subscription.vatNumber };
  const losesSigning = hasFeature(r.current.plan, "signing") && !hasFeature(target.plan, "signing");
  let dueNowNetCents = 0;
  if (kind === "UPGRADE") {
    const start = await periodStart(db, r);
    dueNowNetCents = proratedUpgradeNetCents({
      from: r.current.plan,
      to: target.plan,
      interval: r.current.interval,
      periodStart: start,
      periodEnd: r.expiredAt,
      now,
    });
  }
  return {
    kind,
    plan: target.plan,
    interval: target.interval,
    effectiveAt: kind === "UPGRADE" ? now : r.expiredAt,
    dueNowNetCents,
    dueNowCents: dueNowNetCents ? computeVat(dueNowNetCents, buyer).totalCents : 0,
    renewalCents: renewalAmount(r.account, r.subscription.vatNumber, target.plan, target.interval).totalCents,
    pendingSignatures: losesSigning ? await countPendingSignatures(db, r.account.id, now) : 0,
    losesSigning,
  };
}

/** What a change to plan/interval would do; null without a running subscription (choose a plan instead). */
export async function previewPlanChange(
  db: Executor,
  accountId: string,
  target: { plan: Plan; interval: Interval },
  now: Date = new Date(),
): Promise<PlanChangePreview | null> {
  const [account] = await db.select().from(accounts).where(eq(accounts.id, accountId)).limit(1);
  if (!account) return null;
  try {
    return await preview(db, running(account, await getSubscription(db, accountId), now), target, now);
  } catch (error) {
    if (error instanceof AppError) return null;
    throw error;
  }
}

export type PlanChangeResult = { kind: PlanChangeKind; effectiveAt: Date; checkoutUrl: string | null; status: string };

/**
 * Moves a running subscription to another plan and/or interval (decision 029), under the account
 * row's lock (two clicks queue; the second finds the first's result):
 * - UPGRADE: a prorated checkout payment (reused while open for the same target); the webhook
 *   applies the plan once it is paid, never before.
 * - SCHEDULED: the provider's subscription gets the new amount and interval from the end of the
 *   period already paid, in one atomic call; the plan changes when that renewal is paid. Dropping
 *   signing while published quotes await a signature needs `confirmPendingSignatures`.
 * A provider failure rolls everything back ("try again"); nothing is half-written.
 */
export async function changeSubscription(
  db: Executor,
  config: Config,
  input: { accountId: string; plan: Plan; interval: Interval; confirmPendingSignatures?: boolean | null; locale: "en" | "nl" },
  now: Date = new Date(),
): Promise<PlanChangeResult> {
  requireProvider(config, db);
  const target = { plan: input.plan, interval: input.interval };
  try {
    return await db.transaction(async (tx) => {
      const provider = requireProvider(config, tx);
      const account = await lockAccount(tx, input.accountId);
      const r = running(account, await getSubscription(tx, input.accountId), now);
      if (r.subscription.provider !== provider.name) throw new AppError("CONFLICT", "billing:errors.paymentsOff");
      const change = await preview(tx, r, target, now);

      if (change.kind === "UNCHANGED") return { kind: change.kind, effectiveAt: now, checkoutUrl: null, status: "unchanged" };

      if (change.kind === "SCHEDULED") {
        if (r.renewal.plan === target.plan && r.renewal.interval === target.interval) {
          return { kind: change.kind, effectiveAt: change.effectiveAt, checkoutUrl: null, status: "scheduled" };
        }
        if (change.pendingSignatures > 0 && !input.confirmPendingSignatures) {
          throw new AppError("CONFLICT", "billing:errors.pendingSignatures", { count: change.pendingSignatures });
        }
        await provider.updateSubscription({
          customerId: r.subscription.providerCustomerId,
          subscriptionId: r.subscription.providerSubscriptionId!,
          amountCents: change.renewalCents,
          interval: target.interval,
          startDate: r.expiredAt.toISOString().slice(0, 10),
          mandateId: r.subscription.providerMandateId,
          description: subscriptionDescription(target.plan, target.interval),
          metadata: subscriptionMetadata(account.id, target.plan, target.interval),
        });
        await tx
          .update(billingSubscriptions)
          .set({ plan: target.plan, interval: target.interval, updatedAt: now })
          .where(eq(billingSubscriptions.accountId, account.id));
        return { kind: change.kind, effectiveAt: change.effectiveAt, checkoutUrl: null, status: "scheduled" };
      }

      // UPGRADE: a checkout for the prorated part; a second click gets the same one.
      const [open] = await tx
        .select()
        .from(billingPayments)
        .where(and(eq(billingPayments.accountId, account.id), eq(billingPayments.purpose, "upgrade"), eq(billingPayments.status, "open")))
        .orderBy(desc(billingPayments.createdAt))
        .limit(1);
      if (
        open?.checkoutUrl &&
        open.plan === target.plan &&
        open.renewalInterval === target.interval &&
        now.getTime() - open.createdAt.getTime() < OPEN_PAYMENT_REUSE_MS
      ) {
        return { kind: change.kind, effectiveAt: now, checkoutUrl: open.checkoutUrl, status: open.status };
      }
      const vat = computeVat(change.dueNowNetCents, { country: buyerCountry(account), vatNumber: r.subscription.vatNumber });
      const [row] = await tx
        .insert(billingPayments)
        .values({
          accountId: account.id,
          provider: provider.name,
          sequenceType: "first",
          purpose: "upgrade",
          plan: target.plan,
          interval: r.current.interval,
          renewalInterval: target.interval,
          netCents: vat.netCents,
          vatCents: vat.vatCents,
          totalCents: vat.totalCents,
          vatRule: vat.rule,
        })
        .returning();
      const prefix = input.locale === "nl" ? "/nl" : "";
      const created = await provider.createFirstPayment({
        customerId: r.subscription.providerCustomerId,
        amountCents: vat.totalCents,
        description: `Offerly ${target.plan} upgrade`,
        redirectUrl: `${config.publicUrl}${prefix}/app/settings/billing?payment=${row.id}`,
        webhookUrl: `${config.publicUrl}${WEBHOOK_PATH}`,
        locale: input.locale,
        metadata: { accountId: account.id, paymentRowId: row.id },
        idempotencyKey: `upgrade-payment-${row.id}`,
      });
      await tx
        .update(billingPayments)
        .set({ providerPaymentId: created.id, checkoutUrl: created.checkoutUrl, updatedAt: now })
        .where(eq(billingPayments.id, row.id));
      return { kind: change.kind, effectiveAt: now, checkoutUrl: created.checkoutUrl, status: created.status };
    });
  } catch (error) {
    if (error instanceof ProviderUnavailableError) throw unavailable();
    throw error;
  }
}
