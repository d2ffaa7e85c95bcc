/**
 * Harvest's API v2 (help.getharvest.com/api-v2), the few calls Offerly makes (decision 055).
 * Every request carries `Authorization: Bearer <personal access token>`, `Harvest-Account-Id` and a
 * `User-Agent` naming the app and a contact (Harvest answers 400 without one). JSON in and out,
 * 15 s per request. Never throws for what Harvest answered: a call returns the parsed body or a
 * failure the transport turns into a delivery outcome.
 */
import { parseRetryAfter } from "../../webhooks/webhooks.http";
import { deliveryError } from "../../../../shared/delivery-errors";

export const HARVEST_DEFAULT_API_URL = "https://api.harvestapp.com";
/** Harvest asks for the application's name and a way to reach its makers. */
export const HARVEST_USER_AGENT = "Offerly (https://offerly.app; support@offerly.app)";
const TIMEOUT_MS = 15_000;

export type HarvestCredentials = { apiUrl: string; token: string; accountId: string };

export type HarvestFailure = {
  ok: false;
  statusCode: number | null;
  /** The first 1 KB of Harvest's answer. */
  responseBody: string | null;
  error: string | null;
  retryAfterMs: number | null;
};
export type HarvestResult<T> = { ok: true; statusCode: number; body: T } | HarvestFailure;

export type HarvestClient = { id: number; name: string; is_active: boolean };
export type HarvestProject = { id: number; name: string; code: string | null; client: { id: number; name: string } };
export type HarvestEstimate = { id: number; state: string; purchase_order: string | null; client: { id: number; name: string }; amount: number };
export type HarvestCompany = { name: string; base_uri: string };
export type HarvestUser = { id: number; email: string; first_name: string; last_name: string };
type Page<K extends string, T> = { [key in K]: T[] } & { next_page: number | null };

/** One request to Harvest. */
export async function harvestRequest<T>(credentials: HarvestCredentials, method: "GET" | "POST", path: string, body?: unknown): Promise<HarvestResult<T>> {
  let response: Response;
  try {
    response = await fetch(`${credentials.apiUrl}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${credentials.token}`,
        "harvest-account-id": credentials.accountId,
        "user-agent": HARVEST_USER_AGENT,
        accept: "application/json",
        ...(body === undefined ? {} : { "content-type": "application/json" }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      redirect: "manual",
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause?.code;
    const reason =
      (error as Error).name === "TimeoutError"
        ? deliveryError.timedOut({ seconds: String(TIMEOUT_MS / 1000) })
        : `${cause ? `${cause}: ` : ""}${(error as Error).message}`;
    return { ok: false, statusCode: null, responseBody: null, error: reason.slice(0, 500), retryAfterMs: null };
  }
  const text = (await response.text().catch(() => "")).replaceAll("\0", "");
  if (response.status < 200 || response.status >= 300) {
    return {
      ok: false,
      statusCode: response.status,
      responseBody: text ? text.slice(0, 1024) : null,
      error: null,
      retryAfterMs: parseRetryAfter(response.headers.get("retry-after")),
    };
  }
  try {
    return { ok: true, statusCode: response.status, body: (text ? JSON.parse(text) : {}) as T };
  } catch {
    return {
      ok: false,
      statusCode: response.status,
      responseBody: text.slice(0, 1024),
      error: deliveryError.harvestNotJson(),
      retryAfterMs: null,
    };
  }
}

/** Every page of a list (Harvest pages with `page` and answers `next_page`), at most `maxPages`. */
export async function harvestList<K extends string, T>(credentials: HarvestCredentials, path: string, key: K, maxPages = 20): Promise<HarvestResult<T[]>> {
  const items: T[] = [];
  let page: number | null = 1;
  let statusCode = 200;
  for (let i = 0; page !== null && i < maxPages; i++) {
    const separator = path.includes("?") ? "&" : "?";
    const result: HarvestResult<Page<K, T>> = await harvestRequest<Page<K, T>>(credentials, "GET", `${path}${separator}page=${page}&per_page=2000`);
    if (!result.ok) return result;
    statusCode = result.statusCode;
    items.push(...(result.body[key] ?? []));
    page = result.body.next_page ?? null;
  }
  return { ok: true, statusCode, body: items };
}
