import { and, asc, desc, eq, inArray, isNotNull } from "drizzle-orm";
import { applySelection } from "../../shared/quote-document";
import { todayIso } from "../../shared/quote-status";
import { quoteState } from "../../shared/quote-state";
import type { Totals } from "../../shared/totals";
import type { Executor } from "../db/client";
import { type CustomerSnapshot, customers, quoteSignatures, quoteVersions, quotes } from "../db/schema";
import { findBlocksOfQuotes } from "../modules/blocks/blocks.service";
import { toDocument } from "../modules/public-quote/public-quote.service";
import { loadQuoteFacts } from "../modules/quotes/quote-state.service";
import { publicBaseUrl } from "../modules/custom-domains/public-base";
import { eventLinkBase, quoteLinks } from "./links";
import type { EventCustomer, EventTotals, QuoteSummary } from "./payloads";

/** The document's totals as events show them: one-off and each recurring interval apart, exact strings. */
export function eventTotals(currency: string, totals: Totals): EventTotals {
  const part = (p: Totals["oneOff"]) => ({ totalExclVat: p.totalExclVat, vatTotal: p.vatTotal, totalInclVat: p.totalInclVat });
  return {
    currency: currency as EventTotals["currency"],
    oneOff: part(totals.oneOff),
    recurring: totals.recurring.map((r) => ({ interval: r.interval, ...part(r) })),
  };
}

type CustomerRecord = Pick<typeof customers.$inferSelect, "id" | "name" | "companyName" | "email">;

export function eventCustomer(record: CustomerRecord): EventCustomer & { id: string } {
  return { id: record.id, name: record.name, companyName: record.companyName ?? null, email: record.email ?? null };
}

/**
 * The quote as the webhook payload and GET /api/v1/quotes show it (one function, one shape), for
 * quotes of `accountId` only (other ids are left out), in the order of `quoteIds`. A published or
 * signed quote is read from its current frozen version (with the last customer's choice of
 * optional lines once one signed: what the public page shows), a draft from its live blocks.
 * A handful of queries whatever the number of quotes.
 */
export async function quoteSummaries(db: Executor, accountId: string, quoteIds: string[], now = new Date()): Promise<QuoteSummary[]> {
  const ids = [...new Set(quoteIds)];
  if (ids.length === 0) return [];
  const rows = await db
    .select()
    .from(quotes)
    .where(and(eq(quotes.accountId, accountId), inArray(quotes.id, ids)));
  if (rows.length === 0) return [];
  const found = rows.map((q) => q.id);
  const publishedIds = rows.filter((q) => q.status !== "DRAFT").map((q) => q.id);
  const customerIds = [...new Set(rows.flatMap((q) => (q.customerId ? [q.customerId] : [])))];
  const [facts, versions, signatures, customerRows, publicBase] = await Promise.all([
    loadQuoteFacts(db, found),
    publishedIds.length
      ? db
          .selectDistinctOn([quoteVersions.quoteId])
          .from(quoteVersions)
          .where(inArray(quoteVersions.quoteId, publishedIds))
          .orderBy(quoteVersions.quoteId, desc(quoteVersions.number))
      : Promise.resolve([]),
    publishedIds.length
      ? db
          .select({ quoteId: quoteSignatures.quoteId, selection: quoteSignatures.selection, versionNumber: quoteSignatures.versionNumber })
          .from(quoteSignatures)
          .where(and(inArray(quoteSignatures.quoteId, publishedIds), eq(quoteSignatures.kind, "CUSTOMER"), isNotNull(quoteSignatures.selection)))
          .orderBy(asc(quoteSignatures.signedAt), asc(quoteSignatures.createdAt))
      : Promise.resolve([]),
    customerIds.length
      ? db
          .select({ id: customers.id, name: customers.name, companyName: customers.companyName, email: customers.email })
          .from(customers)
          .where(and(eq(customers.accountId, accountId), inArray(customers.id, customerIds)))
      : Promise.resolve([]),
    // The customer's link where the account's links point (its own domain while it serves).
    publicBaseUrl(db, eventLinkBase(), accountId, now),
  ]);
  const versionOf = new Map(versions.map((v) => [v.quoteId, v]));
  // Live blocks: drafts, and quotes published before versions existed.
  const liveIds = rows.filter((q) => !versionOf.has(q.id)).map((q) => q.id);
  const blocks = await findBlocksOfQuotes(db, liveIds);
  const customerOf = new Map(customerRows.map((c) => [c.id, c]));
  const today = todayIso(now);
  const byId = new Map<string, QuoteSummary>();
  for (const quote of rows) {
    const version = versionOf.get(quote.id) ?? null;
    const versionNumber = version?.number ?? null;
    let document = version
      ? version.document.document
      : toDocument(
          quote,
          blocks.filter((b) => b.quoteId === quote.id),
        );
    const lastCustomer = signatures.filter((s) => s.quoteId === quote.id && s.versionNumber === versionNumber).at(-1);
    if (lastCustomer?.selection) document = applySelection(document, lastCustomer.selection);
    const quoteFacts = facts.get(quote.id);
    const snapshot = quote.status !== "DRAFT" ? (quote.customerSnapshot as CustomerSnapshot | null) : null;
    const record = quote.customerId ? customerOf.get(quote.customerId) : undefined;
    const customer: EventCustomer | null = snapshot
      ? { id: quote.customerId ?? null, name: snapshot.name, companyName: snapshot.companyName ?? null, email: snapshot.email ?? null }
      : record
        ? eventCustomer(record)
        : null;
    byId.set(quote.id, {
      id: quote.id,
      number: quote.quoteNumber,
      name: quote.name,
      status: quote.status,
      lifecycle: quoteFacts ? quoteState(quoteFacts, today).state : "DRAFT",
      language: quote.language,
      currency: quote.currency,
      quoteDate: quote.quoteDate,
      expirationDate: quote.expirationDate,
      publishedAt: quote.publishedAt?.toISOString() ?? null,
      signedAt: quote.signedAt?.toISOString() ?? null,
      version: versionNumber,
      totals: eventTotals(quote.currency, document.totals),
      links: quoteLinks(quote, publicBase),
      customer,
    });
  }
  return ids.flatMap((id) => {
    const summary = byId.get(id);
    return summary ? [summary] : [];
  });
}
