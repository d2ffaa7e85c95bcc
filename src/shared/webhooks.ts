/**
 * Outbound webhook endpoints (issue 23, decision 048): input rules shared by the Developers screen
 * (hints) and the server (the rule), and the value sets of the GraphQL enums. Messages are
 * translation keys in the `webhooks` namespace. Whether http:// and private hosts are allowed is
 * the server's configuration (WEBHOOK_ALLOW_PRIVATE), checked by the service.
 */
import { z } from "zod";
import { EVENT_TYPES } from "./events";
import { noControlCharacters } from "./text";

/**
 * Why an endpoint is disabled: the receiver answered 410 Gone; retries ran out; a person switched it
 * off; the integration's provider refused our credentials (a Slack channel archived or the app
 * removed, a Harvest token revoked: issue 24).
 */
export const WEBHOOK_DISABLED_REASONS = ["GONE", "FAILING", "MANUAL", "REVOKED"] as const;
export type WebhookDisabledReason = (typeof WEBHOOK_DISABLED_REASONS)[number];

/**
 * What an endpoint delivers to (issue 24, decision 053): `webhook` — a signed Standard Webhooks POST
 * to the owner's URL (the Developers screen, REST hooks such as Zapier's); `slack` — a Block Kit
 * message to a Slack channel's incoming webhook; `harvest` — a client, project and estimate in
 * Harvest. Every kind shares the event stream, the delivery job, its retries and its log; only the
 * transport (modules/integrations/transports.ts) differs.
 */
export const WEBHOOK_ENDPOINT_KINDS = ["webhook", "slack", "harvest"] as const;
export type WebhookEndpointKind = (typeof WEBHOOK_ENDPOINT_KINDS)[number];

/** One delivery attempt: in flight, answered 2xx, or anything else (status, timeout, refused address). */
export const WEBHOOK_DELIVERY_STATUSES = ["PENDING", "SUCCEEDED", "FAILED"] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

export const WEBHOOK_LIMITS = {
  url: 2000,
  description: 500,
  /** Endpoints per account. */
  endpoints: 20,
  /** The delivery log keeps attempts this many days. */
  logDays: 30,
  /** Characters of the receiver's answer kept per attempt. */
  responseBody: 1024,
  /** Rows of the delivery log per page (`first`). */
  deliveriesPage: 100,
} as const;

export const ZWebhookUrl = z
  .string({ error: "webhooks:validation.urlInvalid" })
  .trim()
  .min(1, { error: "webhooks:validation.urlRequired" })
  .max(WEBHOOK_LIMITS.url, { error: "webhooks:validation.urlTooLong" })
  .check(noControlCharacters())
  .refine(
    (value) => {
      if (!URL.canParse(value)) return false;
      const url = new URL(value);
      return (url.protocol === "https:" || url.protocol === "http:") && url.hostname !== "" && !url.username && !url.password;
    },
    { error: "webhooks:validation.urlInvalid" },
  )
  // The URL as the server will call it (normalised: lower-case host, no fragment).
  .transform((value) => {
    const url = new URL(value);
    url.hash = "";
    return url.toString();
  });

export const ZWebhookEventTypes = z
  .array(z.string(), { error: "webhooks:validation.eventTypesRequired" })
  .min(1, { error: "webhooks:validation.eventTypesRequired" })
  .max(EVENT_TYPES.length * 2, { error: "webhooks:validation.eventTypeUnknown" })
  .pipe(z.array(z.enum(EVENT_TYPES, { error: "webhooks:validation.eventTypeUnknown" })))
  // Each type once, in the order of EVENT_TYPES.
  .transform((types) => EVENT_TYPES.filter((type) => types.includes(type)));

export const ZWebhookEndpointInput = z.object({
  url: ZWebhookUrl,
  eventTypes: ZWebhookEventTypes,
  description: z
    .string()
    .trim()
    .max(WEBHOOK_LIMITS.description, { error: "webhooks:validation.descriptionTooLong" })
    .check(noControlCharacters())
    .nullish()
    .transform((v) => (v ? v : null)),
  enabled: z
    .boolean()
    .nullish()
    .transform((v) => v ?? true),
});
export type TWebhookEndpointInput = z.input<typeof ZWebhookEndpointInput>;
export type WebhookEndpointValues = z.output<typeof ZWebhookEndpointInput>;
