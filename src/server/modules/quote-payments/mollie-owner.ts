import { type MolliePaymentStatus, MOLLIE_PAYMENT_STATUSES } from "../../../shared/enums";
import type { Config } from "../../config";
import type { Executor } from "../../db/client";
import type { Logger } from "../../logger";
import { callJson, mollieAccessToken } from "../integrations/mollie/mollie-connect.service";

/**
 * The owner's Mollie account as both quote-payment services reach it (decision 058, 061): the
 * credential, the payment look-up that the webhooks trust (never the body), and the webhook's path.
 * Its own file so that quote-payments.service and quote-subscriptions.service do not import each
 * other (tests/unit/imports.test.ts).
 */
export const QUOTE_PAYMENT_WEBHOOK_PATH = "/api/webhooks/mollie-quotes";

export type MolliePayment = {
  id: string;
  status: MolliePaymentStatus;
  amount: { value: string; currency: string };
  metadata: unknown;
  checkoutUrl: string | null;
  customerId: string | null;
  mandateId: string | null;
  subscriptionId: string | null;
  sequenceType: string | null;
};

const optionalString = (value: unknown) => (typeof value === "string" ? value : null);

export function readMolliePayment(json: Record<string, unknown> | null): MolliePayment | null {
  if (!json || typeof json.id !== "string" || !(MOLLIE_PAYMENT_STATUSES as readonly string[]).includes(String(json.status))) return null;
  const amount = json.amount as { value?: unknown; currency?: unknown } | undefined;
  if (typeof amount?.value !== "string" || typeof amount.currency !== "string") return null;
  const links = json._links as { checkout?: { href?: unknown } } | undefined;
  return {
    id: json.id,
    status: json.status as MolliePaymentStatus,
    amount: { value: amount.value, currency: amount.currency },
    metadata: json.metadata ?? null,
    checkoutUrl: typeof links?.checkout?.href === "string" ? links.checkout.href : null,
    customerId: optionalString(json.customerId),
    mandateId: optionalString(json.mandateId),
    subscriptionId: optionalString(json.subscriptionId),
    sequenceType: optionalString(json.sequenceType),
  };
}

export type OwnerCredential = { token: string; mode: "test" | "live"; oauth: boolean };

/** The owner's Mollie credential: an API key, or an OAuth access token (which needs profileId and testmode on payments). */
export async function ownerCredential(db: Executor, config: Config, accountId: string, fetchImpl: typeof fetch): Promise<OwnerCredential | null> {
  const access = await mollieAccessToken(db, config, accountId, fetchImpl);
  if (!access) return null;
  return { ...access, oauth: !/^(test|live)_/.test(access.token) };
}

export const authHeaders = (credential: OwnerCredential) => ({ authorization: `Bearer ${credential.token}`, accept: "application/hal+json" });

/** GET /v2/payments/:id on the owner's account (with an OAuth token in test mode: `testmode=true`). */
export async function fetchMolliePayment(config: Config, credential: OwnerCredential, id: string, fetchImpl: typeof fetch) {
  const url = new URL(`${config.mollieConnect.apiUrl}payments/${encodeURIComponent(id)}`);
  if (credential.oauth && credential.mode === "test") url.searchParams.set("testmode", "true");
  const { status, json } = await callJson(fetchImpl, url.toString(), { method: "GET", headers: authHeaders(credential) });
  return { status, payment: status === 200 ? readMolliePayment(json) : null };
}

export type QuoteWebhookOutcome = "unknown" | "unchanged" | "updated" | "mismatch";

/** Mollie could not be reached: the webhook answers 503 so that Mollie delivers again later. */
export class MollieUnreachableError extends Error {}

/**
 * What a Mollie webhook learns about payment `id`, asked of the owner's own account (never the
 * webhook's body): the payment, or null when Mollie does not know it (404: the webhook answers 200
 * and changes nothing), with the credential that asked (for the calls that follow). No usable credential (disconnected, a Connect token that no longer
 * refreshes) or any other answer throws MollieUnreachableError: the webhook answers 503 and Mollie
 * delivers again later (for about a day), so a reconnected account still learns the outcome.
 */
export async function ownerPaymentForWebhook(
  deps: { db: Executor; config: Config; log: Logger; fetchImpl: typeof fetch },
  accountId: string,
  id: string,
  what: string,
): Promise<{ credential: OwnerCredential; payment: MolliePayment | null }> {
  let credential: OwnerCredential | null;
  try {
    credential = await ownerCredential(deps.db, deps.config, accountId, deps.fetchImpl);
  } catch (error) {
    deps.log.warn({ err: error, accountId }, `${what}: no usable Mollie credential`);
    credential = null;
  }
  if (!credential) throw new MollieUnreachableError("the owner's Mollie account is not connected");
  const fetched = await fetchMolliePayment(deps.config, credential, id, deps.fetchImpl);
  if (fetched.status === 404) return { credential, payment: null };
  if (!fetched.payment) throw new MollieUnreachableError(`Mollie answered ${fetched.status}`);
  return { credential, payment: fetched.payment };
}
