import { and, desc, eq, sql } from "drizzle-orm";
import type { TFunction } from "i18next";
import type { z } from "zod";
import { addDaysIso, DEFAULT_VALIDITY_DAYS, ZQuoteInput } from "../../shared/quotes";
import { todayIso } from "../../shared/quote-status";
import type { Locale } from "../../shared/locales";
import type { Config } from "../config";
import type { Database } from "../db/client";
import { customers, domainEvents, quotes, templateBlocks } from "../db/schema";
import { eventEnvelope, quoteSummaries, webhookId } from "../events";
import type { ApiKeyCaller } from "../graphql/context";
import { parseInput } from "../graphql/validation";
import { createCustomer } from "../modules/customers/customers.service";
import { getAccountById } from "../modules/identity/accounts.service";
import { createQuote } from "../modules/quotes/quotes.service";
import { RestProblem } from "./problem";
import {
  ZCreateQuoteBody,
  ZCreateWebhookBody,
  ZCreatedWebhook,
  ZCustomer,
  ZCustomerBody,
  ZCustomerList,
  ZCustomersQuery,
  ZEventList,
  ZEventsQuery,
  ZIdParams,
  ZMe,
  ZQuoteList,
  ZQuotesQuery,
  ZTemplateBlockList,
  ZTemplateBlocksQuery,
} from "./schemas";

/**
 * The REST API's routes (issue 23, decision 050), ONE table: app.ts mounts exactly these under
 * /api/v1 (rest/index.ts) and the OpenAPI document is generated from exactly these (openapi.ts);
 * tests/integration/rest-api.test.ts checks the two agree. Each route calls the same services as
 * GraphQL, so the rules, plan limits and validation are the same.
 */

/** Who acts in a webhook change made over REST: the API key (no person). */
export type RestActor = { userId: null; apiKeyId: string };

/** The webhooks service's functions the REST hooks call (modules/webhooks; injected by app.ts). */
export type RestWebhooks = {
  create: (
    db: Database,
    accountId: string,
    actor: RestActor,
    input: { url: string; eventTypes: z.infer<typeof ZCreateWebhookBody>["eventTypes"] },
  ) => Promise<{ id: string; secret: string }>;
  delete: (db: Database, accountId: string, actor: RestActor, id: string) => Promise<string>;
};

export type RestCall<Q, P, B> = {
  db: Database;
  config: Config;
  t: TFunction;
  locale: Locale;
  apiKey: ApiKeyCaller;
  accountId: string;
  query: Q;
  params: P;
  body: B;
  webhooks: RestWebhooks;
};

export type RestResponse = { status: number; body?: unknown };

export type RestRoute<Q extends z.ZodType = z.ZodType, P extends z.ZodType = z.ZodType, B extends z.ZodType = z.ZodType> = {
  method: "get" | "post" | "delete";
  /** OpenAPI style, relative to /api/v1: `/webhooks/{id}`. */
  path: string;
  operationId: string;
  summary: string;
  description?: string;
  /** Changes something: refused to READ_ONLY keys (403). */
  write: boolean;
  /**
   * Units of the key's cost budget (the same budget as its GraphQL requests, graphql/cost.ts); a
   * list's follows the `limit` it asks for (restListCost), so small pages cost little.
   */
  cost: number | ((query: z.output<Q>) => number);
  query?: Q;
  params?: P;
  body?: B;
  /** The success answer: status, description, schema (none for 204). */
  success: { status: number; description: string; schema?: z.ZodType };
  handle: (call: RestCall<z.output<Q>, z.output<P>, z.output<B>>) => Promise<RestResponse>;
};

/**
 * A list's cost: `base` for its statements, `perItem` for each row the `limit` asks for (the
 * parsed limit is within the route's 1–max, so the largest page costs the most).
 */
export const restListCost =
  (base: number, perItem: number) =>
  (query: { limit: number }): number =>
    base + perItem * query.limit;

/** Keeps each route's types while the table holds them all. */
function route<Q extends z.ZodType, P extends z.ZodType, B extends z.ZodType>(definition: RestRoute<Q, P, B>): RestRoute {
  return definition as unknown as RestRoute;
}

const iso = (value: Date | string) => (value instanceof Date ? value.toISOString() : new Date(value).toISOString());

/** A customer as the REST API answers it (ZCustomer). */
function customerBody(c: typeof customers.$inferSelect): z.output<typeof ZCustomer> {
  return {
    id: c.id,
    name: c.name,
    companyName: c.companyName,
    contactPerson: c.contactPerson,
    email: c.email,
    phone: c.phone,
    content: c.content,
    createdAt: iso(c.createdAt),
    updatedAt: iso(c.updatedAt),
  };
}

export const REST_ROUTES: readonly RestRoute[] = [
  route({
    method: "get",
    path: "/me",
    operationId: "getMe",
    summary: "The key's account and the key itself",
    write: false,
    cost: 5,
    success: { status: 200, description: "The account and the key.", schema: ZMe },
    handle: async ({ db, accountId, apiKey }) => {
      const account = await getAccountById(db, accountId);
      if (!account) throw new RestProblem(404, "NOT_FOUND", "apiKeys:rest.notFound");
      return {
        status: 200,
        body: {
          account: { id: account.id, name: account.name, plan: account.subscriptionPlan },
          apiKey: { id: apiKey.id, name: apiKey.name, role: apiKey.role },
        },
      };
    },
  }),
  route({
    method: "post",
    path: "/webhooks",
    operationId: "createWebhook",
    summary: "Subscribe a URL to events (a REST hook)",
    description: "Deliveries follow the Standard Webhooks specification, signed with the returned secret.",
    write: true,
    cost: 20,
    body: ZCreateWebhookBody,
    success: { status: 201, description: "The subscription's id and signing secret (shown once).", schema: ZCreatedWebhook },
    handle: async ({ db, accountId, apiKey, body, webhooks }) => {
      const created = await webhooks.create(db, accountId, { userId: null, apiKeyId: apiKey.id }, { url: body.url, eventTypes: body.eventTypes });
      return { status: 201, body: { id: created.id, secret: created.secret } };
    },
  }),
  route({
    method: "delete",
    path: "/webhooks/{id}",
    operationId: "deleteWebhook",
    summary: "Unsubscribe (delete a webhook endpoint)",
    write: true,
    cost: 20,
    params: ZIdParams,
    success: { status: 204, description: "Deleted." },
    handle: async ({ db, accountId, apiKey, params, webhooks }) => {
      await webhooks.delete(db, accountId, { userId: null, apiKeyId: apiKey.id }, params.id);
      return { status: 204 };
    },
  }),
  route({
    method: "get",
    path: "/quotes",
    operationId: "listQuotes",
    summary: "Recent quotes, in the webhook payload's shape",
    description: "Sample data for triggers: each item is exactly what the webhook events carry as `quote`.",
    write: false,
    cost: restListCost(30, 3), // the summaries read facts, versions, signatures, customers
    query: ZQuotesQuery,
    success: { status: 200, description: "The quotes, the most recently changed first.", schema: ZQuoteList },
    handle: async ({ db, accountId, query }) => {
      const rows = await db
        .select({ id: quotes.id })
        .from(quotes)
        .where(and(eq(quotes.accountId, accountId), query.status ? eq(quotes.status, query.status) : undefined))
        .orderBy(desc(quotes.updatedAt), desc(quotes.id))
        .limit(query.limit);
      return {
        status: 200,
        body: {
          items: await quoteSummaries(
            db,
            accountId,
            rows.map((r) => r.id),
          ),
        },
      };
    },
  }),
  route({
    method: "post",
    path: "/customers",
    operationId: "createCustomer",
    summary: "Create a customer",
    write: true,
    cost: 20,
    body: ZCustomerBody,
    success: { status: 201, description: "The new customer.", schema: ZCustomer },
    handle: async ({ db, accountId, body }) => ({ status: 201, body: customerBody(await createCustomer(db, accountId, body)) }),
  }),
  route({
    method: "get",
    path: "/customers",
    operationId: "listCustomers",
    summary: "Customers, or the customers with one e-mail address",
    description: "`?email=` finds customers by e-mail address (what Zapier calls a search); without it, the newest customers.",
    write: false,
    cost: restListCost(5, 2),
    query: ZCustomersQuery,
    success: { status: 200, description: "The customers, the newest first.", schema: ZCustomerList },
    handle: async ({ db, accountId, query }) => {
      const rows = await db
        .select()
        .from(customers)
        .where(and(eq(customers.accountId, accountId), query.email ? eq(sql`lower(${customers.email})`, query.email.toLowerCase()) : undefined))
        .orderBy(desc(customers.createdAt), desc(customers.id))
        .limit(query.limit);
      return { status: 200, body: { items: rows.map(customerBody) } };
    },
  }),
  route({
    method: "get",
    path: "/events",
    operationId: "listEvents",
    summary: "Recent events of one type, as webhooks deliver them",
    description:
      "Sample data for REST hook triggers: each item is the delivery body (`type`, `timestamp`, `data`) of a recent event, byte for byte what its webhooks carried, with the delivery's webhook-id as `id`.",
    write: false,
    cost: restListCost(5, 2),
    query: ZEventsQuery,
    success: { status: 200, description: "The events, the most recent first.", schema: ZEventList },
    handle: async ({ db, accountId, query }) => {
      const rows = await db
        .select({ id: domainEvents.id, type: domainEvents.type, occurredAt: domainEvents.occurredAt, payload: domainEvents.payload })
        .from(domainEvents)
        .where(and(eq(domainEvents.accountId, accountId), eq(domainEvents.type, query.type)))
        .orderBy(desc(domainEvents.occurredAt), desc(domainEvents.id))
        .limit(query.limit);
      return {
        status: 200,
        body: { items: rows.map((row) => ({ id: webhookId(row.id), ...eventEnvelope(row as unknown as Parameters<typeof eventEnvelope>[0]) })) },
      };
    },
  }),
  route({
    method: "get",
    path: "/template-blocks",
    operationId: "listTemplateBlocks",
    summary: "The account's template blocks",
    description: "What `templateBlockIds` of POST /quotes can name.",
    write: false,
    cost: restListCost(5, 2),
    query: ZTemplateBlocksQuery,
    success: { status: 200, description: "The template blocks, the most recently changed first.", schema: ZTemplateBlockList },
    handle: async ({ db, accountId, query }) => {
      const rows = await db
        .select({ id: templateBlocks.id, name: templateBlocks.name, kind: templateBlocks.kind, updatedAt: templateBlocks.updatedAt })
        .from(templateBlocks)
        .where(eq(templateBlocks.accountId, accountId))
        .orderBy(desc(templateBlocks.updatedAt), desc(templateBlocks.id))
        .limit(query.limit);
      return { status: 200, body: { items: rows.map((row) => ({ ...row, updatedAt: iso(row.updatedAt) })) } };
    },
  }),
  route({
    method: "post",
    path: "/quotes",
    operationId: "createQuote",
    summary: "Create a draft quote, optionally from template blocks",
    write: true,
    cost: 40,
    body: ZCreateQuoteBody,
    success: { status: 201, description: "The new draft, in the webhook payload's quote shape.", schema: ZQuoteList.shape.items.element },
    handle: async ({ db, accountId, body }) => {
      const account = await getAccountById(db, accountId);
      if (!account) throw new RestProblem(404, "NOT_FOUND", "apiKeys:rest.notFound");
      const quoteDateAt = body.quoteDateAt ?? todayIso();
      // The same input rules as the GraphQL createQuote (dates, the expiry after the quote date).
      const values = parseInput(ZQuoteInput, {
        name: body.name,
        customerId: body.customerId,
        language: body.language ?? account.language,
        currency: body.currency ?? account.currency,
        quoteDateAt,
        quoteExpirationAt: body.quoteExpirationAt ?? addDaysIso(/^\d{4}-\d{2}-\d{2}$/.test(quoteDateAt) ? quoteDateAt : todayIso(), DEFAULT_VALIDITY_DAYS),
        signable: body.signable ?? true,
      });
      const templateBlockIds = body.templateBlockIds?.length ? body.templateBlockIds : null;
      const quote = await createQuote(db, accountId, values, new Date(), templateBlockIds ? { quoteId: null, templateBlockIds } : null);
      const [summary] = await quoteSummaries(db, accountId, [quote.id]);
      return { status: 201, body: summary };
    },
  }),
];
