import { z } from "zod";
import { ZCustomerInput } from "../../shared/customers";
import { BLOCK_KINDS, CURRENCIES, LANGUAGES, QUOTE_STATUSES } from "../../shared/enums";
import { API_KEY_ROLES, EVENT_TYPES } from "../../shared/events";
import { ZQuoteInput } from "../../shared/quotes";
import { ZWebhookEndpointInput } from "../../shared/webhooks";
import { ZQuoteSummary } from "../events/payloads";

/**
 * The REST API's request and answer shapes (issue 23, decision 050). The request schemas validate
 * the requests AND make the OpenAPI document (openapi.ts, `z.toJSONSchema`): there is no second
 * description to drift. Input rules are the shared ones the GraphQL API and the forms use.
 */

export const ZMe = z
  .object({
    account: z.object({ id: z.uuid(), name: z.string(), plan: z.string().meta({ description: "TRIAL, STARTER, BASIC or PRO" }) }),
    apiKey: z.object({ id: z.uuid(), name: z.string(), role: z.enum(API_KEY_ROLES) }),
  })
  .meta({ description: "The account the key belongs to, and the key (what Zapier and n8n call a connection test)." });

/** The Developers screen's endpoint rules (src/shared/webhooks.ts), the two fields a REST hook sends. */
export const ZCreateWebhookBody = ZWebhookEndpointInput.pick({ url: true, eventTypes: true }).meta({
  description: "A REST hook subscription: deliveries to `url` (https://) of the events in `eventTypes`, signed per Standard Webhooks.",
});

export const ZCreatedWebhook = z.object({
  id: z.uuid(),
  secret: z.string().meta({ description: "The signing secret (whsec_…), shown this once: verify deliveries with it." }),
});

export const ZIdParams = z.object({ id: z.uuid().meta({ description: "The id." }) });

export const ZQuotesQuery = z.object({
  status: z.enum(QUOTE_STATUSES).optional().meta({ description: "Only quotes with this stored status." }),
  limit: z.coerce.number().int().min(1).max(100).default(25).meta({ description: "How many, newest change first (1–100, 25 by default)." }),
});

export const ZQuoteList = z.object({ items: z.array(ZQuoteSummary) }).meta({ description: "Quotes, in the shape of the webhook payloads' `quote`." });

export const ZCustomerBody = ZCustomerInput.meta({ description: "A new customer (the same rules as in the app)." });

export const ZCustomer = z.object({
  id: z.uuid(),
  name: z.string(),
  companyName: z.string().nullable(),
  contactPerson: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  content: z.string().nullable(),
  createdAt: z.string().meta({ description: "ISO-8601 date and time" }),
  updatedAt: z.string().meta({ description: "ISO-8601 date and time" }),
});

const quoteFields = ZQuoteInput.shape;
export const ZCreateQuoteBody = z
  .object({
    name: quoteFields.name,
    customerId: quoteFields.customerId,
    language: z.enum(LANGUAGES).optional().meta({ description: "The account's default language when left out." }),
    currency: z.enum(CURRENCIES).optional().meta({ description: "The account's currency when left out." }),
    quoteDateAt: z.string().optional().meta({ description: "YYYY-MM-DD; today when left out." }),
    quoteExpirationAt: z.string().optional().meta({ description: "YYYY-MM-DD, the last valid day; 30 days after the quote date when left out." }),
    signable: z.boolean().optional().meta({ description: "Whether the customer can sign it online (true when left out)." }),
    templateBlockIds: z.array(z.uuid()).max(50).optional().meta({ description: "Template blocks of the account to copy into the draft, in this order." }),
  })
  .meta({ description: "A new draft quote, optionally filled from template blocks." });

export const ZCustomersQuery = z.object({
  email: z.string().trim().min(1).max(254).optional().meta({ description: "Only customers with exactly this e-mail address (case-insensitive)." }),
  limit: z.coerce.number().int().min(1).max(100).default(25).meta({ description: "How many, newest first (1–100, 25 by default)." }),
});

export const ZCustomerList = z.object({ items: z.array(ZCustomer) }).meta({ description: "Customers, the newest first." });

export const ZEventsQuery = z.object({
  type: z.enum(EVENT_TYPES).meta({ description: "The event type." }),
  limit: z.coerce.number().int().min(1).max(25).default(3).meta({ description: "How many, the most recent first (1–25, 3 by default)." }),
});

export const ZRecentEvent = z
  .object({
    id: z.string().meta({ description: "The event's webhook-id (msg_ + 32 hex characters): the header its deliveries carry." }),
    type: z.enum(EVENT_TYPES),
    timestamp: z.string().meta({ description: "When it happened (ISO 8601): the delivery body's timestamp." }),
    data: z.record(z.string(), z.unknown()).meta({ description: "The event's payload, as delivered (docs/events/<type>.schema.json)." }),
  })
  .meta({ description: "A delivery body ({type, timestamp, data}) with its webhook-id as id." });

export const ZEventList = z
  .object({ items: z.array(ZRecentEvent) })
  .meta({ description: "Recent events of one type, exactly as webhooks deliver them (sample data for REST hook triggers)." });

export const ZTemplateBlocksQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(100).meta({ description: "How many, the most recently changed first (1–100, 100 by default)." }),
});

export const ZTemplateBlockList = z
  .object({
    items: z.array(
      z.object({
        id: z.uuid(),
        name: z.string(),
        kind: z.enum(BLOCK_KINDS),
        updatedAt: z.string().meta({ description: "ISO-8601 date and time" }),
      }),
    ),
  })
  .meta({ description: "The account's template blocks (for POST /quotes templateBlockIds)." });
