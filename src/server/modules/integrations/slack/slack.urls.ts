/**
 * Which incoming-webhook addresses a Slack channel may have (decision 054): Slack's own
 * (https://hooks.slack.com/services/T…/B…/…) — and, only when WEBHOOK_ALLOW_PRIVATE is on
 * (development and tests; refused in production on a public address), an address on
 * SLACK_API_URL's host (the test stub). The same rule for a pasted URL and for the one Slack's
 * OAuth answer returns.
 */
import { isSlackHooksUrl } from "../../../../shared/integrations";
import type { SlackConfig, WebhookConfig } from "../../../config";

export function isAllowedSlackWebhookUrl(value: string, slack: SlackConfig, webhooks: WebhookConfig): boolean {
  if (isSlackHooksUrl(value)) return true;
  if (!webhooks.allowPrivate || !URL.canParse(value)) return false;
  const url = new URL(value);
  return url.origin === new URL(slack.apiUrl).origin && url.pathname.length > 1;
}

/** The address as the card shows it: the secret last part of the path hidden (…/services/T…/B…/•••). */
export function displaySlackUrl(value: string): string {
  const url = new URL(value);
  const parts = url.pathname.split("/");
  if (parts.length > 2) parts[parts.length - 1] = "•••";
  return `${url.origin}${parts.join("/")}`;
}
