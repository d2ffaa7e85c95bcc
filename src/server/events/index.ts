/**
 * THE event writer (issue 23, decision 046). Every domain event is recorded by `recordEvent`, in
 * the transaction of the change that caused it: the `domain_events` row, the quote's audit row
 * when the event has one (this module is the only writer of quote_audit_events), and each
 * subscriber's `onEvent`, which may only read and enqueue jobs in that same transaction. So an
 * event, its audit row and the work it causes exist exactly when the change commits (the jobs table
 * is the transactional outbox); nothing calls a third party inside a request.
 */
import { and, eq } from "drizzle-orm";
import type { QuoteAuditEvent } from "../../shared/enums";
import type { EventType } from "../../shared/events";
import type { Totals } from "../../shared/totals";
import type { Executor } from "../db/client";
import { customers } from "../db/schema";
import { domainEvents } from "../db/schema/events";
import { type AuditRow, type Evidence, recordQuoteAudit } from "./audit";
import { type EventPayload, type EventPayloads, eventPayloadSchemas } from "./payloads";
import { eventCustomer, eventTotals, quoteSummaries } from "./quote-summary";
import { eventSubscribers } from "./subscribers";

export { type EventType, EVENT_TYPES } from "../../shared/events";
export { type AuditRow, type Evidence, recordQuoteAudit, recordViewAudit } from "./audit";
export { configureEventLinks } from "./links";
export { type EventPayload, type EventPayloads, type QuoteSummary, eventPayloadSchemas } from "./payloads";
export { eventTotals, quoteSummaries } from "./quote-summary";

export type RecordedEvent = { id: string; accountId: string; type: EventType; occurredAt: Date; payload: EventPayload };

export type EventSubscriber = {
  name: string;
  types: readonly EventType[] | "all";
  /** Runs inside the writer's transaction: may read and enqueue jobs (jobs/queue.ts `enqueue(tx, …)`), nothing else. */
  onEvent: (tx: Executor, event: RecordedEvent) => Promise<void>;
};

/** The audit row's actor and evidence (its event follows from the event type). */
export type AuditInput = Omit<AuditRow, "accountId" | "quoteId" | "event"> & { evidence: Evidence };

/** A customer's choice of optional lines with the totals of that choice (the document with `applySelection`). */
export type SelectionInput = { optionalLineIds: string[]; totals: Totals };

type QuoteEventBase = { accountId: string; quoteId: string; now?: Date };

/** What the caller knows about the change; the writer adds the quote summary (or the customer). */
export type RecordEventInput =
  | (QuoteEventBase & { type: "quote.published"; audit: AuditInput })
  | (QuoteEventBase & { type: "quote.withdrawn" | "quote.pdf_ready" | "quote.expired" })
  | (QuoteEventBase & { type: "quote.sent"; recipients: string[] })
  | (QuoteEventBase & { type: "quote.viewed"; version: number | null })
  | (QuoteEventBase & { type: "quote.question_asked"; question: { id: string; text: string } })
  | (QuoteEventBase & { type: "quote.declined"; reason: string | null; audit: AuditInput })
  | (QuoteEventBase & {
      type: "quote.signature_added";
      signature: { kind: "CUSTOMER" | "ACCOUNT"; name: string; signedAt: Date; version: number | null };
      /** A customer's signature: their choice; null for the account's. */
      selection: SelectionInput | null;
      audit: AuditInput;
    })
  | (QuoteEventBase & { type: "quote.signed"; selection: SelectionInput; audit: AuditInput })
  | (QuoteEventBase & { type: "quote.payment.paid"; payment: EventPayloads["quote.payment.paid"]["payment"]; audit: AuditInput })
  | (QuoteEventBase & { type: "quote.payment.failed"; payment: EventPayloads["quote.payment.failed"]["payment"] })
  | (QuoteEventBase & {
      type: "quote.subscription.created" | "quote.subscription.canceled";
      subscription: EventPayloads["quote.subscription.created"]["subscription"];
    })
  | { type: "customer.created" | "customer.updated"; accountId: string; customerId: string };

/** The audit trail's event for a domain event type (types without one write no audit row). */
export const AUDIT_EVENT_OF: Partial<Record<EventType, QuoteAuditEvent>> = {
  "quote.published": "PUBLISHED",
  "quote.declined": "DECLINED",
  "quote.signature_added": "SIGNED",
  "quote.signed": "MARKED_SIGNED",
  "quote.payment.paid": "PAID",
};

class EventError extends Error {}

type CustomerEventInput = Extract<RecordEventInput, { customerId: string }>;
const isCustomerEvent = (input: RecordEventInput): input is CustomerEventInput => input.type === "customer.created" || input.type === "customer.updated";

/** The payload of the event: built from the database as the transaction sees it (the change is already made). */
async function buildPayload(tx: Executor, input: RecordEventInput): Promise<{ payload: EventPayload; quoteId: string | null; customerId: string | null }> {
  if (isCustomerEvent(input)) {
    const [record] = await tx
      .select({ id: customers.id, name: customers.name, companyName: customers.companyName, email: customers.email })
      .from(customers)
      .where(and(eq(customers.accountId, input.accountId), eq(customers.id, input.customerId)));
    if (!record) throw new EventError(`recordEvent(${input.type}): customer ${input.customerId} not found in account ${input.accountId}`);
    return { payload: { customer: eventCustomer(record) }, quoteId: null, customerId: record.id };
  }
  const [quote] = await quoteSummaries(tx, input.accountId, [input.quoteId], input.now);
  if (!quote) throw new EventError(`recordEvent(${input.type}): quote ${input.quoteId} not found in account ${input.accountId}`);
  const ids = { quoteId: quote.id, customerId: quote.customer?.id ?? null };
  const selection = (s: SelectionInput) => ({ optionalLineIds: [...s.optionalLineIds].sort(), totals: eventTotals(quote.currency, s.totals) });
  switch (input.type) {
    case "quote.published":
    case "quote.withdrawn":
    case "quote.pdf_ready":
    case "quote.expired":
      return { payload: { quote }, ...ids };
    case "quote.sent":
      return { payload: { quote, recipients: input.recipients }, ...ids };
    case "quote.viewed":
      return { payload: { quote, version: input.version }, ...ids };
    case "quote.question_asked":
      return { payload: { quote, question: input.question }, ...ids };
    case "quote.declined":
      return { payload: { quote, reason: input.reason }, ...ids };
    case "quote.signature_added":
      return {
        payload: {
          quote,
          signature: { ...input.signature, signedAt: input.signature.signedAt.toISOString() },
          selection: input.selection ? selection(input.selection) : null,
        },
        ...ids,
      };
    case "quote.signed":
      return { payload: { quote, selection: selection(input.selection) }, ...ids };
    case "quote.payment.paid":
    case "quote.payment.failed":
      return { payload: { quote, payment: input.payment }, ...ids };
    case "quote.subscription.created":
    case "quote.subscription.canceled":
      return { payload: { quote, subscription: input.subscription }, ...ids };
  }
}

/**
 * Records one domain event in the caller's transaction (pass the transaction of the change, after
 * the change): validates its payload against the published schema, inserts the event, writes its
 * audit row, and hands it to every subscriber of its type. Throws (and so rolls the change back)
 * when the quote or customer is not in the account or the payload breaks its schema.
 */
export async function recordEvent(tx: Executor, input: RecordEventInput): Promise<RecordedEvent> {
  const built = await buildPayload(tx, input);
  const checked = eventPayloadSchemas[input.type].safeParse(built.payload);
  if (!checked.success) throw new EventError(`recordEvent(${input.type}): the payload breaks its schema: ${checked.error.message}`);
  const [row] = await tx
    .insert(domainEvents)
    .values({
      accountId: input.accountId,
      type: input.type,
      quoteId: built.quoteId,
      customerId: built.customerId,
      payload: built.payload as Record<string, unknown>,
    })
    .returning({ id: domainEvents.id, occurredAt: domainEvents.occurredAt });
  const auditEvent = AUDIT_EVENT_OF[input.type];
  if (auditEvent && "audit" in input) {
    const { evidence, ...audit } = input.audit;
    await recordQuoteAudit(tx, { ...audit, accountId: input.accountId, quoteId: input.quoteId, event: auditEvent }, evidence);
  }
  const event: RecordedEvent = { id: row.id, accountId: input.accountId, type: input.type, occurredAt: row.occurredAt, payload: built.payload };
  for (const subscriber of eventSubscribers) {
    if (subscriber.types === "all" || subscriber.types.includes(input.type)) await subscriber.onEvent(tx, event);
  }
  return event;
}

/** The event's payload with its type (for code that switches on `type`). */
export function payloadOf<T extends EventType>(event: RecordedEvent, type: T): EventPayloads[T] | null {
  return event.type === type ? (event.payload as EventPayloads[T]) : null;
}

/**
 * The delivery body of an event (Standard Webhooks envelope): webhooks sends exactly this, as JSON.
 * The webhook-id is `webhookId(event)`.
 */
export function eventEnvelope(event: Pick<RecordedEvent, "type" | "occurredAt" | "payload">): { type: EventType; timestamp: string; data: EventPayload } {
  return { type: event.type, timestamp: event.occurredAt.toISOString(), data: event.payload };
}

/** The Standard Webhooks `webhook-id` of an event: `msg_` + its id without dashes (stable across retries). */
export function webhookId(eventId: string): string {
  return `msg_${eventId.replaceAll("-", "")}`;
}
