/**
 * Settings → Integrations (issue 24, decisions 053 and 054): the rules the screen and the server
 * share. An integration connection is a row of webhook_endpoints with its kind (slack, harvest);
 * messages are translation keys in the `integrations` namespace.
 */
import { z } from "zod";
import { EVENT_TYPES, type EventType } from "./events";
import { noControlCharacters } from "./text";

/** The kinds Settings → Integrations manages (the `webhook` kind is the Developers screen's). */
export const INTEGRATION_KINDS = ["slack", "harvest"] as const;
export type IntegrationKind = (typeof INTEGRATION_KINDS)[number];

/** Slack channels per account (each is its own endpoint). */
export const SLACK_LIMITS = { channels: 10, url: 500 } as const;

/**
 * The events a Slack channel may receive: what a person wants to hear about in a channel. Never
 * "every view": `quote.viewed` is sent to Slack only for a quote's first view (the transport checks).
 */
export const SLACK_EVENT_TYPES = [
  "quote.published",
  "quote.sent",
  "quote.viewed",
  "quote.question_asked",
  "quote.declined",
  "quote.signature_added",
  "quote.signed",
  "quote.expired",
  "quote.withdrawn",
  "quote.payment.paid",
  "quote.payment.failed",
  "quote.subscription.created",
  "quote.subscription.canceled",
] as const satisfies readonly EventType[];
export type SlackEventType = (typeof SLACK_EVENT_TYPES)[number];

/**
 * What a new channel gets unless the owner picks otherwise: the customer's signature (when it
 * comes: the quote then waits for the owner), signed (accepted), declined, first view, question.
 */
export const SLACK_DEFAULT_EVENT_TYPES: readonly SlackEventType[] = [
  "quote.signature_added",
  "quote.signed",
  "quote.declined",
  "quote.viewed",
  "quote.question_asked",
];

export const ZSlackEventTypes = z
  .array(z.string(), { error: "integrations:validation.eventTypesRequired" })
  .min(1, { error: "integrations:validation.eventTypesRequired" })
  .max(EVENT_TYPES.length * 2, { error: "integrations:validation.eventTypeUnknown" })
  .pipe(z.array(z.enum(SLACK_EVENT_TYPES, { error: "integrations:validation.eventTypeUnknown" })))
  // Each once, in the list's order.
  .transform((types) => SLACK_EVENT_TYPES.filter((type) => types.includes(type)));

/**
 * A pasted incoming-webhook URL (self-hosted, no Slack app): https://hooks.slack.com/services/T…/B…/…
 * The server also accepts its test stub's address when configured (SLACK_API_URL's host with
 * WEBHOOK_ALLOW_PRIVATE; decision 054); the form checks the shape only.
 */
export const ZSlackWebhookUrl = z
  .string({ error: "integrations:validation.slackUrlInvalid" })
  .trim()
  .min(1, { error: "integrations:validation.slackUrlRequired" })
  .max(SLACK_LIMITS.url, { error: "integrations:validation.slackUrlInvalid" })
  .check(noControlCharacters())
  .refine(
    (value) => {
      if (!URL.canParse(value)) return false;
      const url = new URL(value);
      return (url.protocol === "https:" || url.protocol === "http:") && !url.username && !url.password && url.pathname.length > 1;
    },
    { error: "integrations:validation.slackUrlInvalid" },
  );

/** Whether a URL is Slack's own incoming-webhook address (what production accepts). */
export function isSlackHooksUrl(value: string): boolean {
  if (!URL.canParse(value)) return false;
  const url = new URL(value);
  return (
    url.protocol === "https:" && url.hostname === "hooks.slack.com" && !url.port && /^\/services\/[A-Za-z0-9]+\/[A-Za-z0-9]+\/[A-Za-z0-9]+$/.test(url.pathname)
  );
}

export const ZSlackConnectInput = z.object({
  url: ZSlackWebhookUrl,
  channel: z
    .string()
    .trim()
    .max(80, { error: "integrations:validation.channelTooLong" })
    .check(noControlCharacters())
    .nullish()
    .transform((v) => (v ? v : null)),
  eventTypes: ZSlackEventTypes.optional(),
});
export type TSlackConnectInput = z.input<typeof ZSlackConnectInput>;

export const ZIntegrationEventsInput = z.object({ eventTypes: ZSlackEventTypes });

/** Where Zapier's app lives (the Zapier card's link). */
export const ZAPIER_APP_URL = "https://zapier.com/apps/offerly/integrations";

/** Events Zapier's instant triggers receive (the Zapier card lists them). */
export const ZAPIER_TRIGGER_EVENTS: readonly EventType[] = [
  "quote.signed",
  "quote.viewed",
  "quote.declined",
  "quote.question_asked",
  "quote.published",
  "quote.sent",
  "customer.created",
];
