import { ZSearch } from "../../../shared/customers";
import { publicBaseUrl } from "../custom-domains/custom-domains.service";
import { centsToString } from "../../../shared/totals";
import { displayStatus, isExpired } from "../../../shared/quote-status";
import { ZQuoteInput, publicQuoteUrl } from "../../../shared/quotes";
import type { CustomerSnapshot } from "../../db/schema";
import { builder } from "../../graphql/builder";
import { cost } from "../../graphql/cost";
import { type QuoteStateView, quoteState } from "../../../shared/quote-state";
import { type PaymentDue, type PaymentTerms, paymentDueFromTotals, paymentTermsOutput } from "../../../shared/payment-terms";
import {
  CurrencyEnum,
  LanguageEnum,
  PaymentModeEnum,
  QuoteActionEnum,
  QuoteDisplayStatusEnum,
  QuoteStateEnum,
  QuoteStatusEnum,
  RecurringIntervalEnum,
} from "../../graphql/enums";
import { keysetArgs, keysetPageType, keysetResult, parseCursors, parsePage } from "../../graphql/pagination";
import { actorOf, requireAccountScope } from "../../graphql/tenancy";
import { parseInput } from "../../graphql/validation";
import { CustomerRef } from "../customers/customers.graphql";
import { quoteTotalsOf } from "./quote-totals.service";
import { type Selection, selectionOf } from "../../graphql/selection";
import type { CustomerRecord } from "../customers/customers.service";
import {
  ALL_QUOTE_COLUMNS,
  type QuoteListShape,
  type QuoteRecord,
  type QuoteRow,
  createQuote,
  deleteQuote,
  duplicateQuote,
  QUOTE_LIST_KEY,
  findQuotes,
  getQuoteById,
  paymentTermsOf,
  publishQuote,
  quoteNotFound,
  updateQuote,
  withdrawQuote,
} from "./quotes.service";
import { loadQuoteStates } from "./quote-state.service";

const QuoteLifecycleRef = builder.objectRef<QuoteStateView>("QuoteLifecycle").implement({
  description:
    "The quote's displayed state and the actions allowed in it (src/shared/quote-state.ts): every screen derives its badge, buttons and sentences from it, and the server refuses the other actions.",
  fields: (t) => ({
    state: t.field({ type: QuoteStateEnum, resolve: (v) => v.state }),
    actions: t.field({ type: [QuoteActionEnum], resolve: (v) => v.actions }),
  }),
});

const QuoteCustomerDetailsRef = builder.objectRef<CustomerSnapshot>("QuoteCustomerDetails").implement({
  description: "The customer's details as printed on the quote.",
  fields: (t) => ({
    name: t.exposeString("name"),
    companyName: t.exposeString("companyName", { nullable: true }),
    contactPerson: t.exposeString("contactPerson", { nullable: true }),
    email: t.exposeString("email", { nullable: true }),
    phone: t.exposeString("phone", { nullable: true }),
    content: t.exposeString("content", { nullable: true }),
  }),
});

const PaymentTermsRef = builder.objectRef<PaymentTerms>("PaymentTerms").implement({
  description:
    "What the customer pays when accepting (issue 26, decision 057). Amounts are incl. VAT and computed from the selected lines; see `Quote.paymentDue`.",
  fields: (t) => ({
    mode: t.field({ type: PaymentModeEnum, resolve: (p) => p.mode }),
    percent: t.int({ nullable: true, description: "DEPOSIT_PERCENT: whole percent of the one-off total incl. VAT, 1–100.", resolve: (p) => p.percent }),
    amount: t.string({
      nullable: true,
      description: "DEPOSIT_FIXED: the deposit incl. VAT, an exact decimal in the quote's currency (never more than the one-off total is charged).",
      resolve: (p) => paymentTermsOutput(p).amount,
    }),
    payToAccept: t.boolean({ description: "Payment is part of accepting (else it is offered after signing).", resolve: (p) => p.payToAccept }),
    startRecurring: t.boolean({
      description: "Recurring lines (MONTH, QUARTER, YEAR) start a subscription after acceptance.",
      resolve: (p) => p.startRecurring,
    }),
  }),
});

const RecurringPaymentRef = builder.objectRef<PaymentDue["recurring"][number]>("RecurringPaymentDue").implement({
  fields: (t) => ({
    interval: t.field({ type: RecurringIntervalEnum, resolve: (r) => r.interval }),
    amount: t.string({ description: "Charged per interval, incl. VAT.", resolve: (r) => centsToString(r.amountCents) }),
  }),
});

const PaymentDueRef = builder.objectRef<PaymentDue>("PaymentDue").implement({
  description: "What the payment terms ask of the customer with the quote's default selection of optional lines (src/shared/payment-terms.ts).",
  fields: (t) => ({
    amount: t.string({ description: "To pay at or after acceptance, incl. VAT (0.00 for NONE).", resolve: (d) => centsToString(d.amountCents) }),
    oneOffTotal: t.string({ description: "The one-off total incl. VAT.", resolve: (d) => centsToString(d.oneOffTotalCents) }),
    capped: t.boolean({ description: "A fixed deposit above the one-off total: the total is charged instead.", resolve: (d) => d.capped }),
    recurring: t.field({ type: [RecurringPaymentRef], description: "With startRecurring: each interval's charge.", resolve: (d) => d.recurring }),
  }),
});

export const QuoteRef = builder.objectRef<QuoteRow>("Quote").implement({
  description: "A quote (proposal) to a customer.",
  fields: (t) => ({
    id: t.exposeID("id"),
    name: t.exposeString("name", { description: "The title." }),
    quoteNumber: t.exposeString("quoteNumber"),
    slug: t.exposeString("slug"),
    nanoId: t.exposeString("nanoId"),
    language: t.field({ type: LanguageEnum, resolve: (q) => q.language }),
    currency: t.field({ type: CurrencyEnum, resolve: (q) => q.currency }),
    status: t.field({ type: QuoteStatusEnum, resolve: (q) => q.status }),
    displayStatus: t.field({ type: QuoteDisplayStatusEnum, resolve: (q) => displayStatus(q) }),
    isExpired: t.boolean({ resolve: (q) => isExpired(q) }),
    lifecycle: t.field({
      type: QuoteLifecycleRef,
      description: "The state as the owner and the customer see it, and the actions allowed in it (docs/quote-states.md).",
      // Read with the quote's row by the queries (lists included); a mutation's result reads it once.
      extensions: cost.loadedList(1),
      // Not `async` (as `total`): read with the row, answered at once.
      resolve: (q, _args, ctx) => {
        if (q.facts) return quoteState(q.facts);
        return loadQuoteStates(ctx.db, [q.id]).then((views) => {
          const view = views.get(q.id);
          if (!view) throw quoteNotFound();
          return view;
        });
      },
    }),
    signable: t.exposeBoolean("signable", { description: "Allow signatures." }),
    quoteDateAt: t.string({ description: "The quote date, YYYY-MM-DD.", resolve: (q) => q.quoteDate }),
    quoteExpirationAt: t.string({ description: "The last day the quote is valid, YYYY-MM-DD.", resolve: (q) => q.expirationDate }),
    // Joined with the quote by every query that returns quotes: no query of its own.
    customer: t.field({
      type: CustomerRef,
      nullable: true,
      description: "The customer record (null after the customer was deleted).",
      resolve: (q) => q.customer,
    }),
    customerDetails: t.field({
      type: QuoteCustomerDetailsRef,
      nullable: true,
      description: "The customer as printed on the quote: frozen at publication, the live record for a draft.",
      resolve: (q) => {
        if (q.status !== "DRAFT" && q.customerSnapshot) return q.customerSnapshot;
        const c = q.customer;
        return c ? { name: c.name, companyName: c.companyName, contactPerson: c.contactPerson, email: c.email, phone: c.phone, content: c.content } : null;
      },
    }),
    url: t.string({
      description: "The public link: PUBLIC_URL[/nl]/quote/{slug}/{nanoId}, or on the account's custom domain while it serves (https://{domain}/…).",
      resolve: async (q, _args, ctx) => publicQuoteUrl(await accountPublicBase(ctx, q.accountId), q),
    }),
    // Per-parent fields are batched: one query for all the quotes of a request, however many.
    // Stored with the quote (decision 062): no line is read (computed only before the backfill).
    total: t.string({
      description: "The one-off total excl. VAT (after discounts, selected optional lines only), an exact decimal in the quote's currency; see `totals`.",
      extensions: cost.perParent(3),
      // Not `async`: a stored total is answered at once (a promise per quote made the executor wait
      // for each list item as an object of promises, decision 073); computed ones stay a promise.
      resolve: (q, _args, ctx) => (q.totals ? q.totals.oneOff.totalExclVat : quoteTotalsOf(ctx, q).then((totals) => centsToString(totals.oneOff.totalExclVat))),
    }),
    paymentTerms: t.field({ type: PaymentTermsRef, description: "Payment terms (set through updateQuote).", resolve: (q) => paymentTermsOf(q) }),
    paymentDue: t.field({
      type: PaymentDueRef,
      description: "The amount the payment terms ask with the default selection of optional lines (the customer's own selection decides at payment time).",
      extensions: cost.perParent(3),
      resolve: async (q, _args, ctx) => paymentDueFromTotals(await quoteTotalsOf(ctx, q), paymentTermsOf(q)),
    }),
    // quoteBlocks and totals: added by modules/blocks/blocks.graphql.ts.
    publishedAt: t.field({ type: "DateTime", nullable: true, resolve: (q) => q.publishedAt }),
    signedAt: t.field({ type: "DateTime", nullable: true, resolve: (q) => q.signedAt }),
    createdAt: t.field({ type: "DateTime", resolve: (q) => q.createdAt }),
    updatedAt: t.field({ type: "DateTime", resolve: (q) => q.updatedAt }),
  }),
});

const QuotePageRef = keysetPageType<QuoteRow>("Quote", QuoteRef);

type QuoteColumn = keyof QuoteRecord;
type CustomerColumn = keyof CustomerRecord;
/**
 * The columns each field of Quote reads (decision 084): a list asked only for fields named here
 * reads only their columns; a field not named here (a new one too, or one added by another module)
 * makes it read every column. `customer: true`: the customer's columns its sub-selection needs.
 */
const QUOTE_FIELD_COLUMNS: Record<string, { quote: QuoteColumn[]; customer?: readonly CustomerColumn[] | "selection"; facts?: true }> = {
  __typename: { quote: [] },
  id: { quote: ["id"] },
  name: { quote: ["name"] },
  quoteNumber: { quote: ["quoteNumber"] },
  slug: { quote: ["slug"] },
  nanoId: { quote: ["nanoId"] },
  language: { quote: ["language"] },
  currency: { quote: ["currency"] },
  status: { quote: ["status"] },
  displayStatus: { quote: ["status", "expirationDate"] },
  isExpired: { quote: ["status", "expirationDate"] },
  lifecycle: { quote: ["status", "expirationDate", "signable"], facts: true },
  signable: { quote: ["signable"] },
  quoteDateAt: { quote: ["quoteDate"] },
  quoteExpirationAt: { quote: ["expirationDate"] },
  customer: { quote: [], customer: "selection" },
  customerDetails: { quote: ["status", "customerSnapshot"], customer: ["name", "companyName", "contactPerson", "email", "phone", "content"] },
  // The stored totals (the quote's id computes them when they are not stored yet).
  total: { quote: ["id", "totals"] },
  publishedAt: { quote: ["publishedAt"] },
  signedAt: { quote: ["signedAt"] },
  createdAt: { quote: ["createdAt"] },
  updatedAt: { quote: ["updatedAt"] },
};
/** The same for Customer's fields under `customer` (its quote counts are loaded by its id). */
const CUSTOMER_FIELD_COLUMNS: Record<string, readonly CustomerColumn[]> = {
  __typename: [],
  id: ["id"],
  name: ["name"],
  companyName: ["companyName"],
  contactPerson: ["contactPerson"],
  email: ["email"],
  phone: ["phone"],
  content: ["content"],
  totalQuotes: ["id"],
  totalSignedQuotes: ["id"],
  createdAt: ["createdAt"],
  updatedAt: ["updatedAt"],
};

/** What a quotes list reads of each quote for the fields the request asks of its items (decision 084). */
export function quoteListShape(items: Selection): QuoteListShape | typeof ALL_QUOTE_COLUMNS {
  const quote = new Set<QuoteColumn>(["id"]);
  const customer = new Set<CustomerColumn>();
  let join = false;
  let allCustomer = false;
  let facts = false;
  for (const [field, sub] of items) {
    const columns = QUOTE_FIELD_COLUMNS[field];
    if (!columns) return ALL_QUOTE_COLUMNS;
    for (const c of columns.quote) quote.add(c);
    if (columns.facts) facts = true;
    if (columns.customer === "selection") {
      join = true;
      for (const [customerField] of sub) {
        const of = CUSTOMER_FIELD_COLUMNS[customerField];
        if (of) for (const c of of) customer.add(c);
        else allCustomer = true;
      }
    } else if (columns.customer) {
      join = true;
      for (const c of columns.customer) customer.add(c);
    }
  }
  return { quote: [...quote], customer: !join ? "none" : allCustomer ? "all" : [...customer], facts };
}

const QuoteStartInput = builder.inputType("QuoteStartInput", {
  description: "What a new quote starts with: another quote's blocks (own account), or template blocks in this order.",
  fields: (t) => ({
    quoteId: t.id({ required: false }),
    templateBlockIds: t.idList({ required: false }),
  }),
});

const PaymentTermsInput = builder.inputType("PaymentTermsInput", {
  description: "A quote's payment terms. Values the mode does not use are ignored.",
  fields: (t) => ({
    mode: t.string({ required: true, description: "NONE, DEPOSIT_PERCENT, DEPOSIT_FIXED or FULL (a string, so that a wrong value gets a readable message)." }),
    percent: t.string({ required: false, description: "DEPOSIT_PERCENT: a whole percent, 1–100." }),
    amount: t.string({
      required: false,
      description: 'DEPOSIT_FIXED: the deposit incl. VAT, more than 0, an exact decimal ("250.00") in the quote\'s currency.',
    }),
    payToAccept: t.boolean({ required: false, description: "Payment is part of accepting (default false: offered after signing)." }),
    startRecurring: t.boolean({ required: false, description: "Recurring lines start a subscription after acceptance (default false)." }),
  }),
});

const QuoteInput = builder.inputType("QuoteInput", {
  fields: (t) => ({
    name: t.string({ required: true, description: "The title, 1–200 characters." }),
    customerId: t.id({ required: true }),
    language: t.string({ required: true, description: "ENG or NL (a string, so that a wrong value gets a readable message)." }),
    currency: t.string({ required: true, description: "EUR, USD or GBP." }),
    quoteDateAt: t.string({ required: true, description: "YYYY-MM-DD." }),
    quoteExpirationAt: t.string({ required: true, description: "YYYY-MM-DD, not before the quote date." }),
    signable: t.boolean({ required: true, description: "Allow signatures." }),
    paymentTerms: t.field({ type: PaymentTermsInput, required: false, description: "Payment terms (issue 26); omitted keeps the quote's terms." }),
  }),
});

builder.queryField("quote", (t) =>
  t.field({
    type: QuoteRef,
    description: "One quote of the selected account.",
    authScopes: { accountRole: "member" },
    extensions: cost.one,
    args: { id: t.arg.id({ required: true }) },
    resolve: async (_root, args, ctx) => {
      const { accountId } = requireAccountScope(ctx);
      const quote = await getQuoteById(ctx.db, accountId, String(args.id));
      if (!quote) throw quoteNotFound();
      return quote;
    },
  }),
);

builder.queryField("quotes", (t) =>
  t.field({
    type: QuotePageRef,
    description:
      "The selected account's quotes, newest first: filtered by status (EXPIRED included), by an active decline (`declined: true`, decision 027) and searched by title, number or customer.",
    authScopes: { accountRole: "member" },
    extensions: cost.page,
    args: {
      ...keysetArgs,
      status: t.arg({ type: QuoteDisplayStatusEnum }),
      state: t.arg({ type: QuoteStateEnum, description: "Only quotes in this state (`lifecycle.state`)." }),
      search: t.arg.string(),
      declined: t.arg.boolean({ description: "Only quotes the customer declined (and that were not published again since)." }),
    },
    resolve: async (_root, args, ctx, info) => {
      const { accountId } = requireAccountScope(ctx);
      const page = parsePage(args);
      const search = parseInput(ZSearch, args.search);
      const found = await findQuotes(ctx.db, accountId, {
        shape: quoteListShape(selectionOf(info, ["items"])),
        status: args.status ?? null,
        state: args.state ?? null,
        declined: args.declined === true,
        search,
        ...page,
        ...parseCursors(args, QUOTE_LIST_KEY.length),
      });
      return keysetResult(found, page.pageSize);
    },
  }),
);

builder.mutationField("createQuote", (t) =>
  t.field({
    type: QuoteRef,
    description: "A new draft with the next quote number of the account; `startFrom` copies another quote's blocks or template blocks in the same transaction.",
    authScopes: { accountRole: "member" },
    extensions: cost.mutation,
    args: { input: t.arg({ type: QuoteInput, required: true }), startFrom: t.arg({ type: QuoteStartInput, required: false }) },
    resolve: async (_root, args, ctx) => {
      const { accountId } = requireAccountScope(ctx);
      const startFrom = args.startFrom
        ? { quoteId: args.startFrom.quoteId ?? null, templateBlockIds: args.startFrom.templateBlockIds?.map(String) ?? null }
        : null;
      return createQuote(ctx.db, accountId, parseInput(ZQuoteInput, args.input), new Date(), startFrom);
    },
  }),
);

builder.mutationField("updateQuote", (t) =>
  t.field({
    type: QuoteRef,
    description: "Edits a draft. Published and signed quotes cannot be edited.",
    authScopes: { accountRole: "member" },
    extensions: cost.mutation,
    args: { id: t.arg.id({ required: true }), input: t.arg({ type: QuoteInput, required: true }) },
    resolve: async (_root, args, ctx) => {
      const { accountId } = requireAccountScope(ctx);
      return updateQuote(ctx.db, accountId, String(args.id), parseInput(ZQuoteInput, args.input));
    },
  }),
);

builder.mutationField("deleteQuote", (t) =>
  t.id({
    description: "Deletes a draft and returns its id. Published quotes must be withdrawn first; signed quotes stay.",
    authScopes: { accountRole: "member" },
    extensions: cost.mutation,
    args: { id: t.arg.id({ required: true }) },
    resolve: async (_root, args, ctx) => {
      const { accountId } = requireAccountScope(ctx);
      await deleteQuote(ctx.db, accountId, String(args.id));
      return String(args.id);
    },
  }),
);

builder.mutationField("duplicateQuote", (t) =>
  t.field({
    type: QuoteRef,
    description: "A new draft copied from a quote: new number, new link, today's date, copies of all blocks and line items.",
    authScopes: { accountRole: "member" },
    extensions: cost.mutation,
    args: { id: t.arg.id({ required: true }) },
    resolve: async (_root, args, ctx) => {
      const { accountId } = requireAccountScope(ctx);
      return duplicateQuote(ctx.db, accountId, String(args.id));
    },
  }),
);

builder.mutationField("publishQuote", (t) =>
  t.field({
    type: QuoteRef,
    description: "DRAFT → PUBLISHED: the public link goes live and the quote can no longer be edited.",
    authScopes: { accountRole: "member" },
    extensions: cost.mutation,
    args: { id: t.arg.id({ required: true }) },
    resolve: async (_root, args, ctx) => {
      const { accountId } = requireAccountScope(ctx);
      const actor = actorOf(ctx);
      return publishQuote(ctx.db, accountId, String(args.id), new Date(), {
        actorName: actor.name,
        actorEmail: actor.email,
        ip: ctx.clientAddress ?? null,
        userAgent: ctx.request.headers.get("user-agent"),
      });
    },
  }),
);

builder.mutationField("withdrawQuote", (t) =>
  t.field({
    type: QuoteRef,
    description:
      'PUBLISHED → DRAFT (not once SIGNED): signatures stay with their version; the public link shows "not available" until it is published again as the next version.',
    authScopes: { accountRole: "member" },
    extensions: cost.mutation,
    args: { id: t.arg.id({ required: true }) },
    resolve: async (_root, args, ctx) => {
      const { accountId } = requireAccountScope(ctx);
      return withdrawQuote(ctx.db, accountId, String(args.id));
    },
  }),
);

/** The account's public base for links, looked up once per request and account (decision 060). */
const publicBases = new WeakMap<object, Map<string, Promise<string>>>();
function accountPublicBase(ctx: { db: Parameters<typeof publicBaseUrl>[0]; config: { publicUrl: string } }, accountId: string): Promise<string> {
  const bases = publicBases.get(ctx) ?? new Map<string, Promise<string>>();
  publicBases.set(ctx, bases);
  const base = bases.get(accountId) ?? publicBaseUrl(ctx.db, ctx.config.publicUrl, accountId);
  bases.set(accountId, base);
  return base;
}
