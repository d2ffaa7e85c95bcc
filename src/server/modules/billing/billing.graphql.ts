import { eq } from "drizzle-orm";
import { PLANS, ZChangeSubscriptionInput, ZCreateFirstSubscriptionPaymentInput, effectivePlan, isPlan } from "../../../shared/plans";
import { daysLeft, expiresToday, isExpired, isTrial, trialDaysLeft } from "../../../shared/subscription";
import { accounts } from "../../db/schema";
import { builder } from "../../graphql/builder";
import { cost } from "../../graphql/cost";
import { SubscriptionIntervalEnum, SubscriptionPlanEnum } from "../../graphql/enums";
import { requireAccountScope } from "../../graphql/tenancy";
import { parseInput } from "../../graphql/validation";
import {
  type InvoiceRow,
  type PaymentRow,
  type SubscriptionRow,
  cancelSubscription,
  createFirstSubscriptionPayment,
  findInvoices,
  findPayments,
  getSubscription,
} from "./billing.service";
import { type PlanChangePreview, type PlanChangeResult, changeSubscription, previewPlanChange } from "./plan-changes";

const PlanEnum = builder.enumType("Plan", { values: PLANS, description: "A paid plan." });

type AccountState = typeof accounts.$inferSelect;
type BillingRow = { account: AccountState; subscription: SubscriptionRow | undefined; accountId: string };

const PlanChangeKindEnum = builder.enumType("PlanChangeKind", {
  values: ["UPGRADE", "SCHEDULED", "UNCHANGED"] as const,
  description: "UPGRADE: now, for a prorated payment; SCHEDULED: from the end of the period already paid; UNCHANGED: nothing to do.",
});

type ScheduledChange = { plan: (typeof PLANS)[number]; interval: "MONTHLY" | "YEARLY"; effectiveAt: Date };
const ScheduledChangeRef = builder.objectRef<ScheduledChange>("ScheduledPlanChange").implement({
  description: "The plan and interval the subscription renews at, when they differ from the current ones.",
  fields: (t) => ({
    plan: t.field({ type: PlanEnum, resolve: (c) => c.plan }),
    interval: t.field({ type: SubscriptionIntervalEnum, resolve: (c) => c.interval }),
    effectiveAt: t.field({ type: "DateTime", resolve: (c) => c.effectiveAt }),
  }),
});

function scheduledChange(b: BillingRow): ScheduledChange | null {
  const { account, subscription } = b;
  if (subscription?.status !== "active" || !subscription.plan || !subscription.interval || !account.expiredAt) return null;
  if (subscription.plan === account.subscriptionPlan && subscription.interval === account.subscriptionInterval) return null;
  return { plan: subscription.plan, interval: subscription.interval, effectiveAt: account.expiredAt };
}

const SubscriptionRef = builder.objectRef<BillingRow>("AccountSubscription").implement({
  description: "The account's subscription, derived as SPEC §4 says (trial = no interval).",
  fields: (t) => ({
    plan: t.field({ type: SubscriptionPlanEnum, resolve: (b) => b.account.subscriptionPlan }),
    effectivePlan: t.field({ type: PlanEnum, description: "The plan whose features apply (the trial has Pro's).", resolve: (b) => effectivePlan(b.account) }),
    interval: t.field({ type: SubscriptionIntervalEnum, nullable: true, resolve: (b) => b.account.subscriptionInterval }),
    expiredAt: t.field({ type: "DateTime", nullable: true, resolve: (b) => b.account.expiredAt }),
    trial: t.boolean({ resolve: (b) => isTrial(b.account) }),
    expired: t.boolean({ resolve: (b) => isExpired(b.account) }),
    expiresToday: t.boolean({ resolve: (b) => expiresToday(b.account) }),
    daysLeft: t.int({ nullable: true, resolve: (b) => daysLeft(b.account) ?? null }),
    trialDaysLeft: t.int({ nullable: true, resolve: (b) => trialDaysLeft(b.account) ?? null }),
    renews: t.boolean({ description: "A running subscription that renews at expiredAt.", resolve: (b) => b.subscription?.status === "active" }),
    canceledAt: t.field({ type: "DateTime", nullable: true, resolve: (b) => b.subscription?.canceledAt ?? null }),
    vatNumber: t.string({ nullable: true, resolve: (b) => b.subscription?.vatNumber ?? null }),
    canChangePlan: t.boolean({
      description: "A running, paid subscription whose plan or interval can be changed (changeSubscription).",
      resolve: (b) =>
        Boolean(
          b.subscription?.status === "active" &&
            b.subscription.providerSubscriptionId &&
            b.account.subscriptionInterval &&
            isPlan(b.account.subscriptionPlan) &&
            !isExpired(b.account),
        ),
    }),
    scheduledChange: t.field({ type: ScheduledChangeRef, nullable: true, resolve: (b) => scheduledChange(b) }),
  }),
});

const PlanChangePreviewRef = builder.objectRef<PlanChangePreview>("PlanChangePreview").implement({
  description: "What changeSubscription would do for this plan and interval (decision 029).",
  fields: (t) => ({
    kind: t.field({ type: PlanChangeKindEnum, resolve: (p) => p.kind }),
    plan: t.field({ type: PlanEnum, resolve: (p) => p.plan }),
    interval: t.field({ type: SubscriptionIntervalEnum, resolve: (p) => p.interval }),
    effectiveAt: t.field({ type: "DateTime", resolve: (p) => p.effectiveAt }),
    dueNowCents: t.exposeInt("dueNowCents", { description: "Paid now, VAT included (an upgrade's prorated part)." }),
    dueNowNetCents: t.exposeInt("dueNowNetCents"),
    renewalCents: t.exposeInt("renewalCents", { description: "Each renewal at the new terms, VAT included." }),
    pendingSignatures: t.exposeInt("pendingSignatures", { description: "Published quotes awaiting a signature that lose signing at effectiveAt." }),
    losesSigning: t.exposeBoolean("losesSigning"),
  }),
});

const PaymentRef = builder.objectRef<PaymentRow>("BillingPayment").implement({
  fields: (t) => ({
    id: t.exposeID("id"),
    plan: t.field({ type: PlanEnum, resolve: (p) => p.plan }),
    interval: t.field({ type: SubscriptionIntervalEnum, resolve: (p) => p.interval }),
    sequenceType: t.exposeString("sequenceType"),
    purpose: t.exposeString("purpose", { description: "subscribe | upgrade (prorated, decision 029) | renewal" }),
    status: t.exposeString("status", { description: "open | paid | failed | canceled | expired" }),
    netCents: t.exposeInt("netCents"),
    vatCents: t.exposeInt("vatCents"),
    totalCents: t.exposeInt("totalCents"),
    createdAt: t.field({ type: "DateTime", resolve: (p) => p.createdAt }),
    paidAt: t.field({ type: "DateTime", nullable: true, resolve: (p) => p.paidAt }),
  }),
});

const InvoiceRef = builder.objectRef<InvoiceRow>("Invoice").implement({
  fields: (t) => ({
    id: t.exposeID("id"),
    number: t.exposeString("number"),
    paymentId: t.exposeID("paymentId"),
    issuedAt: t.field({ type: "DateTime", resolve: (i) => i.issuedAt }),
    periodStart: t.field({ type: "DateTime", resolve: (i) => i.periodStart }),
    periodEnd: t.field({ type: "DateTime", resolve: (i) => i.periodEnd }),
    totalCents: t.exposeInt("totalCents"),
    url: t.string({ description: "HTML; add &format=pdf for the PDF.", resolve: (i) => `/api/billing/invoices/${i.id}?account=${i.accountId}` }),
  }),
});

const BillingRef = builder.objectRef<BillingRow>("Billing").implement({
  description: "Plan, payments and invoices of the selected account (owner and admin).",
  fields: (t) => ({
    subscription: t.field({ type: SubscriptionRef, resolve: (b) => b }),
    payments: t.field({ type: [PaymentRef], resolve: (b, _args, ctx) => findPayments(ctx.db, b.accountId) }),
    invoices: t.field({ type: [InvoiceRef], resolve: (b, _args, ctx) => findInvoices(ctx.db, b.accountId) }),
    changePreview: t.field({
      type: PlanChangePreviewRef,
      nullable: true,
      description: "What moving to this plan and interval would do; null without a running subscription.",
      args: { plan: t.arg({ type: PlanEnum, required: true }), interval: t.arg({ type: SubscriptionIntervalEnum, required: true }) },
      resolve: (b, args, ctx) => previewPlanChange(ctx.db, b.accountId, { plan: args.plan, interval: args.interval }),
    }),
  }),
});

builder.queryField("billing", (t) =>
  t.field({
    type: BillingRef,
    description: "The selected account's subscription, payments and invoices.",
    authScopes: { accountRole: "admin" },
    extensions: cost.one,
    resolve: async (_root, _args, ctx) => {
      const { accountId } = requireAccountScope(ctx);
      const [account] = await ctx.db.select().from(accounts).where(eq(accounts.id, accountId)).limit(1);
      return { account, subscription: await getSubscription(ctx.db, accountId), accountId };
    },
  }),
);

const PaymentResultRef = builder.objectRef<{ status: string; checkoutUrl: string | null }>("PaymentResult").implement({
  fields: (t) => ({
    status: t.exposeString("status"),
    checkoutUrl: t.exposeString("checkoutUrl", { nullable: true, description: "Where to send the buyer (the provider's checkout)." }),
  }),
});

const CancelResultRef = builder.objectRef<{ status: string }>("CancelSubscriptionResult").implement({
  fields: (t) => ({ status: t.exposeString("status") }),
});

const FirstPaymentInput = builder.inputType("CreateFirstSubscriptionPaymentInput", {
  fields: (t) => ({
    plan: t.field({ type: PlanEnum, required: true }),
    interval: t.field({ type: SubscriptionIntervalEnum, required: true }),
    vatNumber: t.string({ description: "An EU VAT number (businesses outside the Netherlands: VAT reverse-charged)." }),
  }),
});

builder.mutationField("createFirstSubscriptionPayment", (t) =>
  t.field({
    type: PaymentResultRef,
    description: "Starts a subscription: a first payment (card or iDEAL) whose checkout the buyer opens. Owner only.",
    authScopes: { accountRole: "owner" },
    extensions: cost.one,
    args: { input: t.arg({ type: FirstPaymentInput, required: true }) },
    resolve: async (_root, args, ctx) => {
      const { accountId } = requireAccountScope(ctx);
      const input = parseInput(ZCreateFirstSubscriptionPaymentInput, args.input);
      const email = ctx.auth.user?.email ?? null;
      const result = await createFirstSubscriptionPayment(ctx.db, ctx.config, { accountId, email, ...input, locale: ctx.locale });
      return { status: result.status, checkoutUrl: result.checkoutUrl };
    },
  }),
);

builder.mutationField("cancelSubscription", (t) =>
  t.field({
    type: CancelResultRef,
    description: "Cancels the running subscription; the plan stays until expiredAt. Owner only.",
    authScopes: { accountRole: "owner" },
    extensions: cost.one,
    resolve: async (_root, _args, ctx) => {
      const { accountId } = requireAccountScope(ctx);
      return cancelSubscription(ctx.db, ctx.config, accountId);
    },
  }),
);

const ChangeResultRef = builder.objectRef<PlanChangeResult>("ChangeSubscriptionResult").implement({
  fields: (t) => ({
    kind: t.field({ type: PlanChangeKindEnum, resolve: (r) => r.kind }),
    status: t.exposeString("status"),
    effectiveAt: t.field({ type: "DateTime", resolve: (r) => r.effectiveAt }),
    checkoutUrl: t.exposeString("checkoutUrl", { nullable: true, description: "An upgrade: the prorated payment's checkout." }),
  }),
});

const ChangeInput = builder.inputType("ChangeSubscriptionInput", {
  fields: (t) => ({
    plan: t.field({ type: PlanEnum, required: true }),
    interval: t.field({ type: SubscriptionIntervalEnum, required: true }),
    confirmPendingSignatures: t.boolean({ description: "Required when the change drops signing while published quotes await a signature." }),
  }),
});

builder.mutationField("changeSubscription", (t) =>
  t.field({
    type: ChangeResultRef,
    description:
      "Moves the running subscription to another plan or interval: an upgrade now (prorated checkout), anything else from the end of the paid period. Owner only.",
    authScopes: { accountRole: "owner" },
    extensions: cost.one,
    args: { input: t.arg({ type: ChangeInput, required: true }) },
    resolve: async (_root, args, ctx) => {
      const { accountId } = requireAccountScope(ctx);
      const input = parseInput(ZChangeSubscriptionInput, args.input);
      return changeSubscription(ctx.db, ctx.config, { accountId, ...input, locale: ctx.locale });
    },
  }),
);
