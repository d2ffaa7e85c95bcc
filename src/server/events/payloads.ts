/**
 * The payload of every domain event type (issue 23, decision 046): small and stable, the public
 * contract receivers code against. docs/events/<type>.schema.json is generated from these schemas
 * (`npm run events:schemas`; tests/unit/drift.test.ts fails when they differ). Add fields, never
 * rename or remove one.
 */
import { z } from "zod";
import { CURRENCIES, LANGUAGES, QUOTE_STATUSES, RECURRING_INTERVALS } from "../../shared/enums";
import type { EventType } from "../../shared/events";
import { QUOTE_STATES } from "../../shared/quote-state";

/** An exact amount: a decimal string with two decimals ("1234.50", "-10.00"); never a float. */
const Money = z
  .string()
  .regex(/^-?\d+\.\d{2}$/)
  .describe("An exact amount with two decimals, as a string (never a float)");

const TotalsPart = z
  .object({
    totalExclVat: Money,
    vatTotal: Money,
    totalInclVat: Money,
  })
  .describe("Amounts after discounts");

export const ZEventTotals = z
  .object({
    currency: z.enum(CURRENCIES),
    oneOff: TotalsPart.describe("The one-off part (never summed with the recurring parts)"),
    recurring: z
      .array(TotalsPart.extend({ interval: z.enum(RECURRING_INTERVALS) }))
      .describe("One part per interval (MONTH, QUARTER, YEAR); empty when nothing recurs"),
  })
  .describe("Totals: one-off and recurring apart, exact decimal strings in the quote's currency");
export type EventTotals = z.infer<typeof ZEventTotals>;

export const ZEventCustomer = z
  .object({
    id: z.uuid().nullable().describe("null when the quote has no customer record (any more)"),
    name: z.string(),
    companyName: z.string().nullable(),
    email: z.string().nullable(),
  })
  .describe("The customer: as frozen on the quote when it was published, the current record for a draft");
export type EventCustomer = z.infer<typeof ZEventCustomer>;

const IsoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const IsoDateTime = z.iso.datetime({ offset: true });

export const ZQuoteSummary = z
  .object({
    id: z.uuid(),
    number: z.string().describe("Readable, unique per account: 2026-0001"),
    name: z.string(),
    status: z.enum(QUOTE_STATUSES).describe("The stored status"),
    lifecycle: z.enum(QUOTE_STATES).describe("The state the app shows (a published quote is VIEWED, DECLINED, EXPIRED, …)"),
    language: z.enum(LANGUAGES),
    currency: z.enum(CURRENCIES),
    quoteDate: IsoDate,
    expirationDate: IsoDate.describe("The last day the quote is valid"),
    publishedAt: IsoDateTime.nullable(),
    signedAt: IsoDateTime.nullable(),
    version: z.number().int().nullable().describe("The current published version (null for a draft never published)"),
    totals: ZEventTotals,
    links: z.object({
      public: z.string().describe("The customer's link (shows 'not available' unless published)"),
      app: z.string().describe("The quote in the app (members of the account)"),
    }),
    customer: ZEventCustomer.nullable(),
  })
  .describe("The quote as webhooks and GET /api/v1/quotes show it");
export type QuoteSummary = z.infer<typeof ZQuoteSummary>;

const quoteEvent = <T extends z.ZodRawShape>(shape: T) => z.object({ quote: ZQuoteSummary, ...shape });

const ZSignatureKind = z.enum(["CUSTOMER", "ACCOUNT"]).describe("CUSTOMER: signed on the public link; ACCOUNT: the sender's own signature");

const ZSelection = z
  .object({
    optionalLineIds: z.array(z.string()).describe("The optional lines that were chosen"),
    totals: ZEventTotals,
  })
  .describe("The customer's choice of optional lines and the totals with that choice");

const ZQuotePayment = z
  .object({
    id: z.uuid().describe("Offerly's id of the payment (one per attempt)"),
    status: z.enum(["paid", "failed", "expired", "canceled"]).describe("The provider's final status"),
    amount: Money.describe("Incl. VAT, frozen when the customer signed (their choice of optional lines)"),
    currency: z.enum(CURRENCIES),
    version: z.number().int().nullable().describe("The quote version paid for"),
    provider: z.literal("mollie"),
    providerPaymentId: z.string().describe("The payment's id at the provider, on the owner's own account (tr_…)"),
  })
  .describe("The customer's payment of the quote (a deposit or the full one-off total)");

const ZQuoteSubscription = z
  .object({
    id: z.uuid().describe("Offerly's id of the subscription"),
    status: z.enum(["PENDING", "ACTIVE", "SUSPENDED", "CANCELED", "COMPLETED"]).describe("The subscription's status at the provider"),
    interval: z.enum(["MONTH", "QUARTER", "YEAR"]).describe("How often it charges: the recurring lines' unit"),
    amount: Money.describe("Charged every interval, incl. VAT: the interval's recurring total of the signed selection"),
    currency: z.enum(CURRENCIES),
    startDate: z.iso.date().describe("The first charge (one interval after signing)"),
    nextPaymentDate: z.iso.date().nullable().describe("The next charge as the provider reports it (null when canceled)"),
    provider: z.literal("mollie"),
    providerSubscriptionId: z.string().describe("The subscription's id at the provider, on the owner's own account (sub_…)"),
    providerCustomerId: z.string().describe("The provider's customer the subscription charges (cst_…)"),
  })
  .describe("A recurring payment started by the customer's first payment (one per interval of the recurring lines)");

export const eventPayloadSchemas = {
  "quote.published": quoteEvent({}),
  "quote.withdrawn": quoteEvent({}),
  "quote.sent": quoteEvent({
    recipients: z.array(z.string()).describe("The addresses the link was e-mailed to"),
  }),
  "quote.viewed": quoteEvent({
    version: z.number().int().nullable().describe("The version the visitor opened"),
  }),
  "quote.question_asked": quoteEvent({
    question: z.object({ id: z.uuid(), text: z.string() }),
  }),
  "quote.declined": quoteEvent({
    reason: z.string().nullable().describe("The customer's reason, as they wrote it"),
  }),
  "quote.signature_added": quoteEvent({
    signature: z.object({
      kind: ZSignatureKind,
      name: z.string().describe("The signer's name"),
      signedAt: IsoDateTime,
      version: z.number().int().nullable(),
    }),
    selection: ZSelection.nullable().describe("A customer's signature: the options they chose; null for the account's"),
  }),
  "quote.signed": quoteEvent({
    selection: ZSelection,
  }),
  "quote.pdf_ready": quoteEvent({}),
  "quote.expired": quoteEvent({}),
  "quote.payment.paid": quoteEvent({ payment: ZQuotePayment }),
  "quote.payment.failed": quoteEvent({ payment: ZQuotePayment }),
  "quote.subscription.created": quoteEvent({ subscription: ZQuoteSubscription }),
  "quote.subscription.canceled": quoteEvent({ subscription: ZQuoteSubscription }),
  "customer.created": z.object({ customer: ZEventCustomer.extend({ id: z.uuid() }) }),
  "customer.updated": z.object({ customer: ZEventCustomer.extend({ id: z.uuid() }) }),
} as const satisfies Record<EventType, z.ZodType>;

export type EventPayloads = { [T in EventType]: z.infer<(typeof eventPayloadSchemas)[T]> };
export type EventPayload = EventPayloads[EventType];

/** The JSON Schema of one event type's payload (docs/events/<type>.schema.json). */
export function eventPayloadJsonSchema(type: EventType): Record<string, unknown> {
  return {
    ...z.toJSONSchema(eventPayloadSchemas[type], { target: "draft-2020-12" }),
    title: type,
  };
}
