import { z } from "zod";
import { ZCreateApiKeyInput } from "../../../shared/api-keys";
import { localTodayIso } from "../../../shared/format";
import { ZWebhookEndpointInput } from "../../../shared/webhooks";

/**
 * The Developers screen's form schemas, built on the server's (src/shared/api-keys.ts and
 * webhooks.ts): what a person can get wrong before asking the server, which checks everything
 * again, and more (whether the address may receive webhooks, where it resolves to).
 * Messages are translation keys (lib/form.tsx translates them).
 */
/** `createWebhookEndpoint` / `updateWebhookEndpoint`'s shared rules (src/shared/webhooks.ts): the form checks what the server checks. */
export const ZWebhookEndpointForm = ZWebhookEndpointInput;
export type TWebhookEndpointForm = z.input<typeof ZWebhookEndpointForm>;

/** A calendar day (YYYY-MM-DD) after today in the browser's calendar, or empty (no expiry). */
const ZFutureDay = z.string().refine((value) => value === "" || (/^\d{4}-\d{2}-\d{2}$/.test(value) && value > localTodayIso()), {
  error: "developers:validation.expiresAt",
});

/** `createApiKey`'s shared rules (src/shared/api-keys.ts), with the expiry as the form's date field holds it. */
export const ZCreateApiKeyForm = ZCreateApiKeyInput.extend({ expiresAt: ZFutureDay });
export type TCreateApiKeyForm = z.input<typeof ZCreateApiKeyForm>;

/** The end of a chosen day in the browser's time zone, as the ISO moment the server stores. */
export function endOfLocalDay(day: string): string {
  const [y, m, d] = day.split("-").map(Number);
  return new Date(y, m - 1, d, 23, 59, 59, 999).toISOString();
}
