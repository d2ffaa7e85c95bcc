/**
 * The `harvest` kind's transport (issue 24, decision 055): a signed quote becomes, in the connected
 * Harvest account, a client (found by name or created), a billable project "<number> — <title>"
 * and/or an estimate with the signed lines, marked accepted — whatever the connection's settings
 * ask for.
 *
 * Retry-safe: each object is recorded in integration_links per (account, quote, Harvest account,
 * kind of object). The row is claimed before Harvest is asked to create the object and completed
 * with its id afterwards, so a retry, a resend or a second worker never creates it twice; a claim
 * left by a worker that died mid-request is taken over after a minute, and the object is first
 * looked up in Harvest (the project by its code, the estimate by its purchase order: both the
 * quote number) before it is created.
 *
 * Harvest's answers: 429 → the outcome carries Retry-After (the job waits that long); 401/403 →
 * `disable: "REVOKED"` (the job switches the connection off and mails the owners); anything else
 * that is not 2xx → retried on the job's schedule.
 */
import { and, eq, isNull, lt } from "drizzle-orm";
import { type HarvestConfig, harvestConfigOf } from "../../../../shared/harvest";
import { translator } from "../../../../shared/i18n/server";
import { applySelection } from "../../../../shared/quote-document";
import type { Executor } from "../../../db/client";
import { integrationLinks, quoteVersions } from "../../../db/schema";
import type { EventPayloads } from "../../../events/payloads";
import { decryptSecret, requireWebhookKey } from "../../webhooks/webhooks.crypto";
import type { Transport, TransportInput, TransportOutcome } from "../transport";
import {
  HARVEST_DEFAULT_API_URL,
  type HarvestClient,
  type HarvestCredentials,
  type HarvestEstimate,
  type HarvestFailure,
  type HarvestProject,
  type HarvestResult,
  type HarvestUser,
  harvestList,
  harvestRequest,
} from "./harvest.api";
import { estimateItems } from "./harvest.lines";
import { HARVEST_STEPS, deliveryError } from "../../../../shared/delivery-errors";

/** A claim older than this is an attempt that died: the next attempt takes it over. */
export const CLAIM_STALE_MS = 60_000;
const PROVIDER = "harvest";

type LinkObject = "client" | "project" | "estimate" | "estimate_accepted";

/** Our own failure (no answer from Harvest to show): retried by the job. */
class Stop extends Error {
  constructor(readonly outcome: Omit<TransportOutcome, "latencyMs">) {
    super(outcome.error ?? `Harvest answered ${outcome.statusCode}`);
  }
}

function failure(result: HarvestFailure, what: string): Stop {
  const revoked = result.statusCode === 401 || result.statusCode === 403;
  return new Stop({
    statusCode: result.statusCode,
    responseBody: result.responseBody,
    error: result.error ? `${what}: ${result.error}` : result.statusCode === null ? what : null,
    retryAfterMs: result.retryAfterMs,
    ...(revoked ? { disable: "REVOKED" as const } : {}),
  });
}

function unwrap<T>(result: HarvestResult<T>, what: string): { statusCode: number; body: T } {
  if (!result.ok) throw failure(result, what);
  return result;
}

export function harvestCredentials(input: Pick<TransportInput, "webhooks" | "endpoint">): HarvestCredentials {
  const config = harvestConfigOf(input.endpoint.config);
  const token = decryptSecret(requireWebhookKey(input.webhooks), input.endpoint.id, input.endpoint.secretEncrypted);
  return { apiUrl: input.webhooks.harvestApiUrl ?? HARVEST_DEFAULT_API_URL, token, accountId: config.harvestAccountId };
}

/** Harvest wants decimals as JSON numbers; a 2- or 3-decimal string converts exactly (shortest round trip). */
const num = (value: string) => Number(value);

export const harvestTransport: Transport = {
  kind: "harvest",
  send: async (input) => {
    const started = performance.now();
    const latencyMs = () => Math.round(performance.now() - started);
    try {
      const credentials = harvestCredentials(input);
      const envelope = JSON.parse(input.body) as { type: string; data: unknown };
      if (envelope.type !== "quote.signed") {
        // A test message (or an event this kind does not act on): check that the connection works.
        const me = unwrap(await harvestRequest<HarvestUser>(credentials, "GET", "/v2/users/me"), HARVEST_STEPS.checkConnection);
        return { statusCode: me.statusCode, latencyMs: latencyMs(), responseBody: JSON.stringify({ user: me.body.email }), error: null, retryAfterMs: null };
      }
      const result = await createForSignedQuote(input, credentials, envelope.data as EventPayloads["quote.signed"]);
      return {
        statusCode: result.statusCode,
        latencyMs: latencyMs(),
        responseBody: JSON.stringify(result.summary).slice(0, 1024),
        error: null,
        retryAfterMs: null,
      };
    } catch (error) {
      if (error instanceof Stop) return { ...error.outcome, latencyMs: latencyMs() };
      throw error;
    }
  },
};

type Summary = { client?: number; project?: number; estimate?: number; accepted?: boolean; created: string[] };

async function createForSignedQuote(
  input: TransportInput,
  credentials: HarvestCredentials,
  data: EventPayloads["quote.signed"],
): Promise<{ statusCode: number; summary: Summary }> {
  const { db } = input;
  const accountId = input.message.accountId;
  const config = harvestConfigOf(input.endpoint.config);
  const { quote, selection } = data;
  const t = translator(quote.language === "NL" ? "nl" : "en");
  const summary: Summary = { created: [] };
  let statusCode = 200;
  const links = linkStore(db, accountId, quote.id, config.harvestAccountId);

  // The client: the quote's customer (the company when there is one), found by name or created.
  const clientName = (quote.customer?.companyName?.trim() || quote.customer?.name?.trim() || t("harvest:estimate.noCustomer")).slice(0, 255);
  const clientId = await links.once("client", async () => {
    const active = unwrap(await harvestList<"clients", HarvestClient>(credentials, "/v2/clients?is_active=true", "clients"), "Listing clients");
    const wanted = clientName.toLocaleLowerCase();
    const found = active.body.find((c) => c.name.trim().toLocaleLowerCase() === wanted);
    if (found) return String(found.id);
    const created = unwrap(
      await harvestRequest<HarvestClient>(credentials, "POST", "/v2/clients", { name: clientName, currency: quote.currency, is_active: true }),
      HARVEST_STEPS.createClient,
    );
    statusCode = created.statusCode;
    summary.created.push("client");
    return String(created.body.id);
  });
  summary.client = Number(clientId);
  const subject = t("harvest:estimate.subject", { number: quote.number, title: quote.name }).slice(0, 255);

  if (config.create !== "ESTIMATE") {
    const projectId = await links.once("project", async () => {
      const existing = unwrap(
        await harvestList<"projects", HarvestProject>(credentials, `/v2/projects?client_id=${clientId}`, "projects"),
        HARVEST_STEPS.findProject,
      );
      const found = existing.body.find((p) => p.code === quote.number);
      if (found) return String(found.id);
      const budget = selection.totals.oneOff.totalExclVat;
      const created = unwrap(
        await harvestRequest<HarvestProject>(credentials, "POST", "/v2/projects", {
          client_id: Number(clientId),
          name: subject,
          code: quote.number,
          is_billable: true,
          bill_by: "Tasks",
          ...(Number(budget) > 0 ? { budget_by: "project_cost", cost_budget: num(budget) } : { budget_by: "none" }),
          starts_on: (quote.signedAt ?? new Date().toISOString()).slice(0, 10),
          notes: t("harvest:estimate.notesLink", { url: quote.links.app }),
        }),
        HARVEST_STEPS.createProject,
      );
      statusCode = created.statusCode;
      summary.created.push("project");
      return String(created.body.id);
    });
    summary.project = Number(projectId);
  }

  if (config.create !== "PROJECT") {
    let state: string | null = null;
    const estimateId = await links.once("estimate", async () => {
      const existing = unwrap(
        await harvestList<"estimates", HarvestEstimate>(credentials, `/v2/estimates?client_id=${clientId}`, "estimates"),
        HARVEST_STEPS.findEstimate,
      );
      const found = existing.body.find((e) => e.purchase_order === quote.number);
      if (found) {
        state = found.state;
        return String(found.id);
      }
      const items = await signedItems(db, accountId, data);
      const totals = selection.totals;
      const notes = [
        t("harvest:estimate.notesAmounts"),
        t("harvest:estimate.notesOneOff", {
          exclVat: totals.oneOff.totalExclVat,
          vat: totals.oneOff.vatTotal,
          inclVat: totals.oneOff.totalInclVat,
          currency: totals.currency,
        }),
        ...totals.recurring.map((r) =>
          t("harvest:estimate.notesRecurring", {
            interval: t(`harvest:estimate.per.${r.interval}`),
            exclVat: r.totalExclVat,
            vat: r.vatTotal,
            inclVat: r.totalInclVat,
            currency: totals.currency,
          }),
        ),
        t("harvest:estimate.notesLink", { url: quote.links.app }),
      ].join("\n");
      const created = unwrap(
        await harvestRequest<HarvestEstimate>(credentials, "POST", "/v2/estimates", {
          client_id: Number(clientId),
          subject,
          purchase_order: quote.number,
          currency: quote.currency,
          issue_date: (quote.signedAt ?? new Date().toISOString()).slice(0, 10),
          notes,
          line_items: items.map((item) => ({
            kind: item.kind,
            description: item.description,
            quantity: num(item.quantity),
            unit_price: num(item.unitPrice),
            taxed: false,
            taxed2: false,
          })),
        }),
        HARVEST_STEPS.createEstimate,
      );
      statusCode = created.statusCode;
      state = created.body.state;
      summary.created.push("estimate");
      return String(created.body.id);
    });
    summary.estimate = Number(estimateId);
    // Accepted: the customer signed. An "accept" message on the estimate (Harvest's way to mark it).
    await links.once("estimate_accepted", async () => {
      if (state === "accepted") return "accepted";
      const accepted = unwrap(
        await harvestRequest<{ id: number }>(credentials, "POST", `/v2/estimates/${estimateId}/messages`, { event_type: "accept" }),
        HARVEST_STEPS.acceptEstimate,
      );
      statusCode = accepted.statusCode;
      summary.created.push("accepted");
      return String(accepted.body.id ?? "accepted");
    });
    summary.accepted = true;
  }
  return { statusCode, summary };
}

/** The signed version's lines with the signer's choice of optional lines, as estimate items (checked against the signed totals). */
async function signedItems(db: Executor, accountId: string, data: EventPayloads["quote.signed"]) {
  const { quote, selection } = data;
  const [version] =
    quote.version === null
      ? []
      : await db
          .select({ document: quoteVersions.document })
          .from(quoteVersions)
          .where(and(eq(quoteVersions.accountId, accountId), eq(quoteVersions.quoteId, quote.id), eq(quoteVersions.number, quote.version)))
          .limit(1);
  if (!version) throw new Stop({ statusCode: null, responseBody: null, error: deliveryError.harvestVersionGone(), retryAfterMs: null });
  const document = applySelection(version.document.document, selection.optionalLineIds);
  const items = estimateItems(document.blocks, quote.language);
  // The items add up to what was signed (one-off plus each recurring part, excl. VAT), or nothing is sent.
  const expected = [selection.totals.oneOff, ...selection.totals.recurring].reduce((sum, part) => sum + toCents(part.totalExclVat), 0n);
  const sum = items.reduce((s, item) => s + item.amountCents, 0n);
  if (sum !== expected) {
    throw new Stop({
      statusCode: null,
      responseBody: null,
      error: deliveryError.harvestTotals({ sum: String(sum), expected: String(expected) }),
      retryAfterMs: null,
    });
  }
  return items;
}

const toCents = (value: string) => {
  const [whole, fraction = ""] = value.replace("-", "").split(".");
  const cents = BigInt(whole) * 100n + BigInt(fraction.padEnd(2, "0").slice(0, 2));
  return value.startsWith("-") ? -cents : cents;
};

/** The integration_links rows of one quote in one Harvest account. */
function linkStore(db: Executor, accountId: string, quoteId: string, externalAccount: string) {
  const key = (object: LinkObject) =>
    and(
      eq(integrationLinks.accountId, accountId),
      eq(integrationLinks.quoteId, quoteId),
      eq(integrationLinks.provider, PROVIDER),
      eq(integrationLinks.externalAccount, externalAccount),
      eq(integrationLinks.object, object),
    );
  return {
    /** The object's id: recorded, or made by `create` under a claim (never twice). */
    async once(object: LinkObject, create: () => Promise<string>): Promise<string> {
      const [existing] = await db.select().from(integrationLinks).where(key(object)).limit(1);
      if (existing?.externalId) return existing.externalId;
      let claimed: boolean;
      if (!existing) {
        const inserted = await db
          .insert(integrationLinks)
          .values({ accountId, quoteId, provider: PROVIDER, externalAccount, object })
          .onConflictDoNothing()
          .returning({ id: integrationLinks.id });
        claimed = inserted.length > 0;
      } else {
        // Another attempt claimed it: take over only a claim old enough to be a dead attempt's.
        const taken = await db
          .update(integrationLinks)
          .set({ claimedAt: new Date() })
          .where(and(key(object), isNull(integrationLinks.externalId), lt(integrationLinks.claimedAt, new Date(Date.now() - CLAIM_STALE_MS))))
          .returning({ id: integrationLinks.id });
        claimed = taken.length > 0;
      }
      if (!claimed) {
        throw new Stop({ statusCode: null, responseBody: null, error: deliveryError.harvestBusy({ object }), retryAfterMs: CLAIM_STALE_MS });
      }
      let id: string;
      try {
        id = await create();
      } catch (error) {
        // Nothing was created: let the next attempt claim it at once.
        await db.delete(integrationLinks).where(and(key(object), isNull(integrationLinks.externalId)));
        throw error;
      }
      await db.update(integrationLinks).set({ externalId: id }).where(key(object));
      return id;
    },
  };
}

export type { HarvestConfig };
