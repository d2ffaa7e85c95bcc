import { CUSTOMER_SORTS, ZCustomerInput, ZSearch } from "../../../shared/customers";
import { builder } from "../../graphql/builder";
import type { GraphQLContext } from "../../graphql/context";
import { cost } from "../../graphql/cost";
import { keysetArgs, keysetPageType, keysetResult, parseCursors, parsePage } from "../../graphql/pagination";
import { requireAccountScope } from "../../graphql/tenancy";
import { parseInput } from "../../graphql/validation";
import {
  type CustomerRow,
  type QuoteCounts,
  countQuotesOfCustomers,
  createCustomer,
  customerNotFound,
  deleteCustomer,
  CUSTOMER_SORT_KEYS,
  findCustomers,
  getCustomerById,
  updateCustomer,
} from "./customers.service";

export const CustomerSortEnum = builder.enumType("CustomerSort", { values: CUSTOMER_SORTS });

/**
 * The quote counts of a batch of customers, read once per request and batch: the two fields'
 * loaders ask for the same customers in the same tick, and share one statement (decision 081).
 */
const countsByRequest = new WeakMap<object, Map<string, Promise<Map<string, QuoteCounts>>>>();
function quoteCountsOf(ctx: GraphQLContext, ids: string[]): Promise<Map<string, QuoteCounts>> {
  let batches = countsByRequest.get(ctx);
  if (!batches) {
    batches = new Map();
    countsByRequest.set(ctx, batches);
  }
  const batch = ids.join(",");
  let counts = batches.get(batch);
  if (!counts) {
    counts = countQuotesOfCustomers(ctx.db, ids);
    batches.set(batch, counts);
    // Only for the batches of this tick: a later batch (after a change) reads again.
    const forget = counts;
    void forget.finally(() => batches.delete(batch)).catch(() => {});
  }
  return counts;
}

/** A batch loader of one of the quote counts, for the customers of a request (in the order asked). */
const loadCounts = (key: keyof QuoteCounts) => async (ids: string[], ctx: GraphQLContext) => {
  const counts = await quoteCountsOf(ctx, ids);
  return ids.map((id) => counts.get(id)?.[key] ?? 0);
};

export const CustomerRef = builder.objectRef<CustomerRow>("Customer").implement({
  description: "Someone the account sends quotes to.",
  fields: (t) => ({
    id: t.exposeID("id"),
    name: t.exposeString("name"),
    companyName: t.exposeString("companyName", { nullable: true }),
    contactPerson: t.exposeString("contactPerson", { nullable: true }),
    email: t.exposeString("email", { nullable: true }),
    phone: t.exposeString("phone", { nullable: true }),
    content: t.exposeString("content", { nullable: true, description: "Address and contact details, printed on the quote." }),
    // Batched: one query for both fields, for all the customers of a request.
    totalQuotes: t.loadable({ type: "Int", extensions: cost.perParent(1), load: loadCounts("totalQuotes"), resolve: (c) => c.id }),
    totalSignedQuotes: t.loadable({ type: "Int", extensions: cost.perParent(1), load: loadCounts("totalSignedQuotes"), resolve: (c) => c.id }),
    createdAt: t.field({ type: "DateTime", resolve: (c) => c.createdAt }),
    updatedAt: t.field({ type: "DateTime", resolve: (c) => c.updatedAt }),
  }),
});

const CustomerPageRef = keysetPageType<CustomerRow>("Customer", CustomerRef);

const CustomerInput = builder.inputType("CustomerInput", {
  fields: (t) => ({
    name: t.string({ required: true }),
    companyName: t.string(),
    contactPerson: t.string(),
    email: t.string(),
    phone: t.string(),
    content: t.string({ description: "Address and contact details, printed on the quote." }),
  }),
});

builder.queryField("customer", (t) =>
  t.field({
    type: CustomerRef,
    description: "One customer of the selected account.",
    authScopes: { accountRole: "member" },
    extensions: cost.one,
    args: { id: t.arg.id({ required: true }) },
    resolve: async (_root, args, ctx) => {
      const { accountId } = requireAccountScope(ctx);
      const customer = await getCustomerById(ctx.db, accountId, String(args.id));
      if (!customer) throw customerNotFound();
      return customer;
    },
  }),
);

builder.queryField("customers", (t) =>
  t.field({
    type: CustomerPageRef,
    description: "The selected account's customers: searched by name, company, contact or e-mail, and sorted.",
    authScopes: { accountRole: "member" },
    extensions: cost.page,
    args: {
      ...keysetArgs,
      search: t.arg.string(),
      sort: t.arg({ type: CustomerSortEnum, defaultValue: "NAME_ASC" }),
    },
    resolve: async (_root, args, ctx) => {
      const { accountId } = requireAccountScope(ctx);
      const page = parsePage(args);
      const search = parseInput(ZSearch, args.search);
      const sort = args.sort ?? "NAME_ASC";
      const found = await findCustomers(ctx.db, accountId, { search, sort, ...page, ...parseCursors(args, CUSTOMER_SORT_KEYS[sort].length, sort) });
      return keysetResult(found, page.pageSize);
    },
  }),
);

builder.mutationField("createCustomer", (t) =>
  t.field({
    type: CustomerRef,
    authScopes: { accountRole: "member" },
    extensions: cost.mutation,
    args: { input: t.arg({ type: CustomerInput, required: true }) },
    resolve: async (_root, args, ctx) => {
      const { accountId } = requireAccountScope(ctx);
      const input = parseInput(ZCustomerInput, args.input);
      return createCustomer(ctx.db, accountId, input);
    },
  }),
);

builder.mutationField("updateCustomer", (t) =>
  t.field({
    type: CustomerRef,
    authScopes: { accountRole: "member" },
    extensions: cost.mutation,
    args: { id: t.arg.id({ required: true }), input: t.arg({ type: CustomerInput, required: true }) },
    resolve: async (_root, args, ctx) => {
      const { accountId } = requireAccountScope(ctx);
      const input = parseInput(ZCustomerInput, args.input);
      const customer = await updateCustomer(ctx.db, accountId, String(args.id), input);
      if (!customer) throw customerNotFound();
      return customer;
    },
  }),
);

builder.mutationField("deleteCustomer", (t) =>
  t.id({
    description:
      "Deletes a customer and returns its id. Their quotes stay, without a customer; published and signed quotes keep the customer's details as published.",
    authScopes: { accountRole: "member" },
    extensions: cost.mutation,
    args: { id: t.arg.id({ required: true }) },
    resolve: async (_root, args, ctx) => {
      const { accountId } = requireAccountScope(ctx);
      if (!(await deleteCustomer(ctx.db, accountId, String(args.id)))) throw customerNotFound();
      return String(args.id);
    },
  }),
);
