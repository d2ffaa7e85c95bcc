import { and, count, desc, eq, sql } from "drizzle-orm";
import { Hono } from "hono";
import { z } from "zod";
import { optionalLineIds, selectedOptionalLineIds } from "../../../shared/quote-document";
import { SIGNING_LIMITS } from "../../../shared/signing";
import type { Config } from "../../config";
import type { Database } from "../../db/client";
import { quoteAuditEvents } from "../../db/schema";
import type { AuthState } from "../../graphql/context";
import { isForeignOrigin } from "../../http/cors";
import { hitRateLimits } from "../../http/rate-limit";
import type { Logger } from "../../logger";
import { findActiveDeclines } from "../conversation/conversation.service";
import { loadPublicQuote } from "./public-quote.service";
import { type Evidence, recordQuoteAudit } from "../../events";

/**
 * OPTION_CHANGED in the audit trail as the customer ticks and unticks optional lines (issue 13
 * item 6), not only at signing. The public page's island reports the selection once it settles
 * (debounced) with `navigator.sendBeacon`, which cannot carry the GraphQL CSRF header — so, like
 * `POST /api/beacon`, a page of another origin is refused (403) and the body is plain JSON.
 *
 * The server checks everything: the link is available and the customer could choose now (the read
 * model's `canSign`, no active decline), every id is an optional line of THAT quote, the caller is
 * not a member of the sending account (a preview is not evidence), the selection differs from the
 * last one recorded for this browser, and the limits below. Answers: 204 recorded, 200 nothing to
 * record (same as the last one), 400 malformed, 403 foreign origin or member, 404 not available or
 * not choosable, 409 an id that is not an optional line, 429 rate-limited or the quote's cap reached.
 */

export const OPTION_CHANGE_LIMITS = {
  /** Reports per network address per window. */
  perAddress: 60,
  /** Reports per quote per window (all customers of one link together). */
  perQuote: 300,
  windowSeconds: 3600,
  /** OPTION_CHANGED rows per quote, in all (the audit trail is append-only: it must not grow without bound). */
  rowsPerQuote: 200,
} as const;

const ZOptionChange = z.object({
  nanoId: z.string().regex(/^[A-Za-z0-9_-]{22,64}$/),
  selection: z.array(z.string().max(64)).max(SIGNING_LIMITS.selectionMax),
});

export type OptionChangeResult = "recorded" | "unchanged" | "invalid" | "member" | "notAvailable" | "notOptional" | "rateLimited" | "capReached";

/** Records one OPTION_CHANGED row for a customer's selection on a public link, when every rule allows it. */
export async function recordOptionChange(
  db: Database,
  input: unknown,
  context: { viewerUserId: string | null; evidence: Evidence; clientIp: string; now?: Date },
): Promise<OptionChangeResult> {
  const parsed = ZOptionChange.safeParse(input);
  if (!parsed.success) return "invalid";
  const { nanoId } = parsed.data;
  const selection = [...new Set(parsed.data.selection)].sort();
  const allowed = await hitRateLimits(db, [
    { key: `option-change:ip:${context.clientIp}`, limit: OPTION_CHANGE_LIMITS.perAddress, windowSeconds: OPTION_CHANGE_LIMITS.windowSeconds },
    { key: `option-change:quote:${nanoId}`, limit: OPTION_CHANGE_LIMITS.perQuote, windowSeconds: OPTION_CHANGE_LIMITS.windowSeconds },
  ]);
  if (!allowed) return "rateLimited";
  const { view } = await loadPublicQuote(db, nanoId, { viewerUserId: context.viewerUserId, now: context.now });
  if (!view) return "notAvailable";
  if (view.viewerIsMember) return "member";
  // Lines can be chosen only where the page lets the customer choose: signable now, not declined.
  if (!view.canSign || (await findActiveDeclines(db, [view.quoteId])).get(view.quoteId)) return "notAvailable";
  const optional = new Set(optionalLineIds(view.document));
  if (selection.some((id) => !optional.has(id))) return "notOptional";

  const changes = and(eq(quoteAuditEvents.quoteId, view.quoteId), eq(quoteAuditEvents.event, "OPTION_CHANGED"));
  const [{ rows }] = await db.select({ rows: count() }).from(quoteAuditEvents).where(changes);
  if (rows >= OPTION_CHANGE_LIMITS.rowsPerQuote) return "capReached";
  // What this browser had before: its last report, else the quote's default selection.
  const previous = (await lastSelection(db, view.quoteId, context.evidence)) ?? [...selectedOptionalLineIds(view.document)].sort();
  if (previous.join(",") === selection.join(",")) return "unchanged";
  await recordQuoteAudit(
    db,
    { accountId: view.accountId, quoteId: view.quoteId, event: "OPTION_CHANGED", details: { from: previous, to: selection, source: "page" } },
    context.evidence,
  );
  return "recorded";
}

/** The selection this address and browser reported last for the quote, or null. */
async function lastSelection(db: Database, quoteId: string, evidence: Evidence): Promise<string[] | null> {
  const [row] = await db
    .select({ details: quoteAuditEvents.details })
    .from(quoteAuditEvents)
    .where(
      and(
        eq(quoteAuditEvents.quoteId, quoteId),
        eq(quoteAuditEvents.event, "OPTION_CHANGED"),
        sql`${quoteAuditEvents.ip} is not distinct from ${evidence.ip?.slice(0, 100) ?? null}`,
        sql`${quoteAuditEvents.userAgent} is not distinct from ${evidence.userAgent?.slice(0, 500) ?? null}`,
      ),
    )
    .orderBy(desc(quoteAuditEvents.seq))
    .limit(1);
  const to = (row?.details as { to?: unknown } | null | undefined)?.to;
  return Array.isArray(to) ? to.map(String) : null;
}

const STATUS: Record<OptionChangeResult, 200 | 204 | 400 | 403 | 404 | 409 | 429> = {
  recorded: 204,
  unchanged: 200,
  invalid: 400,
  member: 403,
  notAvailable: 404,
  notOptional: 409,
  rateLimited: 429,
  capReached: 429,
};

/** `POST /api/quote-options`: body `{ nanoId, selection }` (JSON, any content type: sendBeacon sends text/plain). */
export function optionChangeRoutes(deps: {
  db: Database;
  config: Config;
  log: Logger;
  clientIp: (request: Request, env: unknown) => string;
  authenticate: (request: Request, db: Database) => Promise<AuthState>;
}) {
  const app = new Hono();
  app.post("/", async (c) => {
    const headers = { "cache-control": "no-store" };
    if (isForeignOrigin(deps.config, c.req.raw)) return c.body(null, 403, headers);
    let body: unknown;
    try {
      body = JSON.parse(await c.req.text());
    } catch {
      return c.body(null, 400, headers);
    }
    try {
      const auth = await deps.authenticate(c.req.raw, deps.db);
      const ip = deps.clientIp(c.req.raw, c.env);
      const result = await recordOptionChange(deps.db, body, {
        viewerUserId: auth.user?.id ?? null,
        clientIp: ip,
        evidence: { ip: ip === "unknown" ? null : ip, userAgent: c.req.header("user-agent") ?? null },
      });
      return c.body(null, STATUS[result], headers);
    } catch (error) {
      // Evidence of a choice is worth keeping, but never worth a 5xx to the page.
      deps.log.warn({ err: error }, "option change dropped");
      return c.body(null, 204, headers);
    }
  });
  return app;
}
