/**
 * The bridge to the event writer (src/server/events): the delivery body of a stored domain event,
 * exactly `eventEnvelope(event)` as JSON (the same bytes on every attempt and resend: the row and
 * its jsonb payload do not change).
 */
import { and, eq } from "drizzle-orm";
import type { Executor } from "../../db/client";
import { domainEvents } from "../../db/schema";
import { eventEnvelope } from "../../events";

export async function loadEventBody(db: Executor, accountId: string, eventId: string): Promise<string | null> {
  const [event] = await db
    .select({ type: domainEvents.type, occurredAt: domainEvents.occurredAt, payload: domainEvents.payload })
    .from(domainEvents)
    .where(and(eq(domainEvents.accountId, accountId), eq(domainEvents.id, eventId)))
    .limit(1);
  return event ? JSON.stringify(eventEnvelope(event as Parameters<typeof eventEnvelope>[0])) : null;
}
