/**
 * The domain events (issue 23): one list, from which the event writer's type check, the webhook
 * endpoint's event-type choice (server validation and the Developers screen), the JSON Schemas in
 * docs/events/ and the REST API's enums are built. Never rename a type: receivers code against it.
 */
import { z } from "zod";

export const EVENT_TYPES = [
  "quote.published",
  "quote.withdrawn",
  "quote.sent",
  "quote.viewed",
  "quote.question_asked",
  "quote.declined",
  "quote.signature_added",
  "quote.signed",
  "quote.pdf_ready",
  "quote.expired",
  "quote.payment.paid",
  "quote.payment.failed",
  "quote.subscription.created",
  "quote.subscription.canceled",
  "customer.created",
  "customer.updated",
] as const;

export type EventType = (typeof EVENT_TYPES)[number];

export const ZEventType = z.enum(EVENT_TYPES);

export function isEventType(value: unknown): value is EventType {
  return typeof value === "string" && (EVENT_TYPES as readonly string[]).includes(value);
}

/** A test delivery from the Developers screen ("Send test event"): not a domain event, never stored as one. */
export const TEST_EVENT_TYPE = "webhook.test" as const;

/** Roles an API key can carry (GraphQL enum ApiKeyRole). */
export const API_KEY_ROLES = ["ADMIN", "READ_ONLY"] as const;
export type ApiKeyRole = (typeof API_KEY_ROLES)[number];

/** Every API key starts with this (secret scanners look for it); 32 random bytes follow, base64url. */
export const API_KEY_PREFIX = "ofr_live_";
/** Every webhook signing secret starts with this (Standard Webhooks); base64 of 32 random bytes follows. */
export const WEBHOOK_SECRET_PREFIX = "whsec_";
