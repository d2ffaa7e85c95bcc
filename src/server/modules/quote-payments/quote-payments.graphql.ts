import { QUOTE_PAYMENT_STATUSES } from "../../../shared/enums";
import type { QuotePaymentView } from "../../../shared/quote-payments";
import { PUBLIC_QUOTE_LIMITS } from "../../../shared/signing";
import { AppError } from "../../errors";
import { builder } from "../../graphql/builder";
import { cost } from "../../graphql/cost";
import { CurrencyEnum } from "../../graphql/enums";
import { requireAccountScope } from "../../graphql/tenancy";
import { hitRateLimit } from "../../http/rate-limit";
import { PublicQuoteRef } from "../public-quote/public-quote.graphql";
import { QuoteRef } from "../quotes/quotes.graphql";
import { findQuotePayments, startQuotePayment } from "./quote-payments.service";

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
