import { QUOTE_PAYMENT_STATUSES, QUOTE_SUBSCRIPTION_STATUSES } from "../../../shared/enums";
import type { QuotePaymentView } from "../../../shared/quote-payments";
import type { FrozenRecurring, QuoteSubscriptionView } from "../../../shared/quote-subscriptions";
import { PUBLIC_QUOTE_LIMITS } from "../../../shared/signing";
import { AppError } from "../../errors";
import { builder } from "../../graphql/builder";
import { cost } from "../../graphql/cost";
import { CurrencyEnum, RecurringIntervalEnum } from "../../graphql/enums";
import { requireAccountScope } from "../../graphql/tenancy";
import { hitRateLimit } from "../../http/rate-limit";
import { PublicQuoteRef } from "../public-quote/public-quote.graphql";
import { QuoteRef } from "../quotes/quotes.graphql";
import { findQuotePayments, startQuotePayment } from "./quote-payments.service";
import { cancelQuoteSubscription, findQuoteSubscriptions, quoteSubscriptionsOverview } from "./quote-subscriptions.service";

/**
 * The customer's payment of a quote (issue 26, decision 058): `publicQuote { quote { payment } }`,
 * `startQuotePayment` by the public link, and `Quote.payment` for the owner.
 */

const QuotePaymentStatusEnum = builder.enumType("QuotePaymentStatus", {
  description:
    "DUE: signed, not started; OPEN: started at Mollie, not paid yet; PAID; FAILED: the last attempt failed, expired or was canceled (can be paid again).",
  values: QUOTE_PAYMENT_STATUSES,
});

export const QuotePaymentRef = builder.objectRef<QuotePaymentView>("QuotePayment").implement({
  description: "The customer's payment of the current quote version: the amount frozen when they signed (their selection, incl. VAT).",
  fields: (t) => ({
    status: t.field({ type: QuotePaymentStatusEnum, resolve: (p) => p.status }),
    amount: t.exposeString("amount", { description: "Exact, two decimals, incl. VAT, in `currency`." }),
    currency: t.field({ type: CurrencyEnum, resolve: (p) => p.currency }),
    payToAccept: t.exposeBoolean("payToAccept", { description: "The quote counts as accepted only once paid." }),
    checkoutUrl: t.string({ nullable: true, description: "Mollie's hosted checkout while the payment is OPEN.", resolve: (p) => p.checkoutUrl }),
    paidAt: t.field({ type: "DateTime", nullable: true, resolve: (p) => p.paidAt }),
    versionNumber: t.int({ nullable: true, resolve: (p) => p.versionNumber }),
    invoiceNumber: t.string({
      nullable: true,
      description: "The deposit invoice issued when the payment was paid; its PDF is at the quote's public link + /invoice.",
      resolve: (p) => p.invoiceNumber,
    }),
  }),
});

builder.objectField(PublicQuoteRef, "payment", (t) =>
  t.field({
    type: QuotePaymentRef,
    nullable: true,
    description: "The payment the quote's terms ask, once a customer signed (null: nothing to pay).",
    resolve: (v) => v.payment,
  }),
);

builder.objectField(QuoteRef, "payment", (t) =>
  t.loadable({
    type: QuotePaymentRef,
    nullable: true,
    description: "The customer's payment of the current version (null: no customer signature asked one).",
    extensions: cost.perParent(3),
    load: async (ids: string[], ctx) => {
      const { accountId } = requireAccountScope(ctx);
      const found = await findQuotePayments(ctx.db, accountId, ids);
      return ids.map((id) => found.get(id) ?? null);
    },
    resolve: (q) => q.id,
  }),
);

/** The characters a public link may have (url-safe nanoId). */
const LINK_SHAPE = /^[A-Za-z0-9_-]{1,64}$/;

/** Starting a payment calls Mollie: limited like signing, per link and per address. */
export async function limitPaymentStarts(db: Parameters<typeof hitRateLimit>[0], nanoId: string, address: string | null | undefined) {
  const checks = [hitRateLimit(db, `public-quote:pay:quote:${nanoId}`, PUBLIC_QUOTE_LIMITS.signaturesPerQuotePerHour, 3600)];
  if (address) checks.push(hitRateLimit(db, `public-quote:pay:ip:${address}`, PUBLIC_QUOTE_LIMITS.signaturesPerIpPerHour, 3600));
  if ((await Promise.all(checks)).some((r) => !r.allowed)) throw new AppError("RATE_LIMITED", "signing:errors.tooMany");
}

builder.mutationField("startQuotePayment", (t) =>
  t.field({
    type: QuotePaymentRef,
    description:
      "The customer pays the quote by its public link (no sign-in): creates the payment on the sender's own Mollie account, or reuses the open one (one per version), and returns it with `checkoutUrl` (Mollie's hosted checkout). Refused when nothing is to be paid or it is paid already.",
    authScopes: { public: true },
    extensions: cost.mutation,
    args: { nanoId: t.arg.string({ required: true }) },
    resolve: async (_root, args, ctx) => {
      const nanoId = args.nanoId.slice(0, 64);
      if (!LINK_SHAPE.test(nanoId)) throw new AppError("NOT_FOUND", "signing:payment.errors.notAvailable");
      await limitPaymentStarts(ctx.db, nanoId, ctx.clientAddress);
      return startQuotePayment({ db: ctx.db, config: ctx.config }, nanoId, { viewerUserId: ctx.auth.user?.id ?? null });
    },
  }),
);

// --- Subscriptions (issue 26 item 4, decision 061) ---------------------------------------------

const QuoteSubscriptionStatusEnum = builder.enumType("QuoteSubscriptionStatus", {
  description: "CREATING: the first payment is paid, Mollie does not have the subscription yet; then Mollie's status.",
  values: QUOTE_SUBSCRIPTION_STATUSES,
});

const PlannedSubscriptionRef = builder.objectRef<FrozenRecurring>("QuotePlannedSubscription").implement({
  description: "A subscription the payment starts once paid: the interval's recurring total incl. VAT of the chosen lines, frozen when signed.",
  fields: (t) => ({
    interval: t.field({ type: RecurringIntervalEnum, resolve: (r) => r.interval }),
    amount: t.exposeString("amount", { description: "Exact, two decimals, incl. VAT: charged every interval." }),
    startDate: t.exposeString("startDate", { description: "The agreed first charge (YYYY-MM-DD): one interval after signing." }),
  }),
});

builder.objectField(QuotePaymentRef, "firstPeriod", (t) =>
  t.exposeBoolean("firstPeriod", { description: "No one-off amount is asked: this payment is the first period of the recurring lines." }),
);
builder.objectField(QuotePaymentRef, "recurring", (t) =>
  t.field({
    type: [PlannedSubscriptionRef],
    description: "The subscriptions this payment starts once paid (empty: a one-off payment).",
    resolve: (p) => p.recurring,
  }),
);

export const QuoteSubscriptionRef = builder.objectRef<QuoteSubscriptionView>("QuoteSubscription").implement({
  description: "A recurring payment on the owner's Mollie account, started by the customer's paid first payment (one per interval).",
  fields: (t) => ({
    id: t.exposeID("id"),
    interval: t.field({ type: RecurringIntervalEnum, resolve: (s) => s.interval }),
    amount: t.exposeString("amount", { description: "Exact, two decimals, incl. VAT, charged every interval." }),
    currency: t.field({ type: CurrencyEnum, resolve: (s) => s.currency as never }),
    status: t.field({ type: QuoteSubscriptionStatusEnum, resolve: (s) => s.status }),
    startDate: t.exposeString("startDate", { description: "The first charge (YYYY-MM-DD)." }),
    nextPaymentDate: t.string({ nullable: true, description: "Mollie's next charge (YYYY-MM-DD) while it runs.", resolve: (s) => s.nextPaymentDate }),
    paymentsCount: t.exposeInt("paymentsCount", { description: "Charges paid so far (the first payment not included)." }),
    canceledAt: t.field({ type: "DateTime", nullable: true, resolve: (s) => s.canceledAt }),
  }),
});

builder.objectField(QuoteRef, "subscriptions", (t) =>
  t.loadableList({
    type: QuoteSubscriptionRef,
    description: "The subscriptions the customer's first payment started.",
    extensions: cost.perParent(1),
    load: async (ids: string[], ctx) => {
      const { accountId } = requireAccountScope(ctx);
      const found = await findQuoteSubscriptions(ctx.db, accountId, ids);
      return ids.map((id) => found.get(id) ?? []);
    },
    resolve: (q) => q.id,
  }),
);

/** The customer's view of a subscription: no internal ids on the public types. */
const PublicQuoteSubscriptionRef = builder.objectRef<QuoteSubscriptionView>("PublicQuoteSubscription").implement({
  description: "A recurring payment the customer's payment started: amount incl. VAT per interval, status and next charge.",
  fields: (t) => ({
    interval: t.field({ type: RecurringIntervalEnum, resolve: (s) => s.interval }),
    amount: t.exposeString("amount", { description: "Exact, two decimals, incl. VAT, charged every interval." }),
    currency: t.field({ type: CurrencyEnum, resolve: (s) => s.currency as never }),
    status: t.field({ type: QuoteSubscriptionStatusEnum, resolve: (s) => s.status }),
    startDate: t.exposeString("startDate"),
    nextPaymentDate: t.string({ nullable: true, resolve: (s) => s.nextPaymentDate }),
  }),
});

builder.objectField(PublicQuoteRef, "subscriptions", (t) =>
  t.field({
    type: [PublicQuoteSubscriptionRef],
    description: "The subscriptions the customer's payment started (after payment).",
    resolve: async (v, _args, ctx) => (await findQuoteSubscriptions(ctx.db, v.accountId, [v.quoteId])).get(v.quoteId) ?? [],
  }),
);

const SubscriptionsIntervalRef = builder
  .objectRef<{ interval: FrozenRecurring["interval"]; currency: string; count: number; amount: string }>("QuoteSubscriptionsInterval")
  .implement({
    fields: (t) => ({
      interval: t.field({ type: RecurringIntervalEnum, resolve: (r) => r.interval }),
      currency: t.field({ type: CurrencyEnum, resolve: (r) => r.currency as never }),
      count: t.exposeInt("count"),
      amount: t.exposeString("amount", { description: "The sum charged every interval, incl. VAT." }),
    }),
  });

type NextCharge = { date: string; amount: string; currency: string; quoteId: string; quoteNumber: string };
const NextChargeRef = builder.objectRef<NextCharge>("QuoteSubscriptionNextCharge").implement({
  description: "The soonest charge of the running subscriptions, as Mollie last reported it.",
  fields: (t) => ({
    date: t.exposeString("date", { description: "YYYY-MM-DD" }),
    amount: t.exposeString("amount", { description: "Incl. VAT." }),
    currency: t.field({ type: CurrencyEnum, resolve: (r) => r.currency as never }),
    quoteId: t.exposeID("quoteId"),
    quoteNumber: t.exposeString("quoteNumber"),
  }),
});

const SubscriptionsOverviewRef = builder
  .objectRef<{
    activeCount: number;
    perInterval: { interval: FrozenRecurring["interval"]; currency: string; count: number; amount: string }[];
    nextCharge: NextCharge | null;
  }>("QuoteSubscriptionsOverview")
  .implement({
    description: "The account's running quote subscriptions (being set up, starting or active).",
    fields: (t) => ({
      activeCount: t.exposeInt("activeCount"),
      perInterval: t.field({ type: [SubscriptionsIntervalRef], resolve: (o) => o.perInterval }),
      nextCharge: t.field({ type: NextChargeRef, nullable: true, resolve: (o) => o.nextCharge }),
    }),
  });

builder.queryField("quoteSubscriptionsOverview", (t) =>
  t.field({
    type: SubscriptionsOverviewRef,
    description: "Running subscriptions started by customers' payments: how many, and their amounts per interval and currency (the dashboard).",
    authScopes: { accountRole: "member" },
    extensions: cost.one,
    resolve: (_root, _args, ctx) => {
      const { accountId } = requireAccountScope(ctx);
      return quoteSubscriptionsOverview(ctx.db, accountId);
    },
  }),
);

builder.mutationField("cancelQuoteSubscription", (t) =>
  t.field({
    type: QuoteSubscriptionRef,
    description: "Cancels a quote's subscription at Mollie (the owner's account): no further charges. Owners and admins.",
    authScopes: { accountRole: "admin" },
    extensions: cost.mutation,
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) => {
      const { accountId } = requireAccountScope(ctx);
      return cancelQuoteSubscription({ db: ctx.db, config: ctx.config }, accountId, String(args.id));
    },
  }),
);
