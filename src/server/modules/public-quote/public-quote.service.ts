import crypto from "node:crypto";
import { and, asc, eq } from "drizzle-orm";
import type { SignatureKind } from "../../../shared/enums";
import { effectivePlan, showsWatermark } from "../../../shared/plans";
import { type QuoteDocumentData, applySelection, canonicalJson, selectedOptionalLineIds } from "../../../shared/quote-document";
import { type PublicAvailability, type QuoteStatus, publicAvailability, todayIso } from "../../../shared/quote-status";
import { sanitizeDocument } from "../../../shared/rich-text";
import { blockTotals, centsToString, computeTotals, lineTotal } from "../../../shared/totals";
import type { Executor } from "../../db/client";
import { type CustomerSnapshot, accountUsers, accounts, quoteSignatures, quotes } from "../../db/schema";
import { filePath, isFileKey } from "../../files/storage";
import { entitlementRefusal } from "../billing/entitlements";
import { type QuoteBlockRow, findBlocksOfQuotes, toTotalsBlock } from "../blocks/blocks.service";

/**
 * THE read model of a quote as its customer sees it (decision 023): the public page's loader, the
 * `publicQuote` GraphQL query, the signing rules (document hash) and the PDF input are all built
 * from `loadPublicQuote`. Availability is checked on every read (SPEC §2).
 */

/** The sending company as shown on a public quote (SPEC §3 Public account). */
export type PublicAccountView = {
  name: string;
  /** The logo's URL (files route), or null. */
  fileUrl: string | null;
  /** The logo's file key (server only: the PDF reads the bytes through the files adapter). */
  logoFileKey: string | null;
  linkColor: string | null;
  textColor: string | null;
  textFont: (typeof accounts.$inferSelect)["textFont"];
  quoteStreetAndNumber: string | null;
  quotePostalCode: string | null;
  quoteCity: string | null;
};

export type PublicSignatureView = {
  id: string;
  kind: "CUSTOMER" | "ACCOUNT";
  name: string;
  signatureKind: SignatureKind;
  /** Typed: the text; drawn: the PNG's URL (/files/…). */
  signature: string;
  /** Drawn: the file key (server only). */
  fileKey: string | null;
  signedAt: Date;
  documentHash: string | null;
  /** A customer's choice of optional lines (their ids); null for the account's signatures. */
  selection: string[] | null;
};

export type PublicQuoteView = {
  /** Internal ids: for the server's own use (signing, audit, PDF), never sent to the public. */
  quoteId: string;
  accountId: string;
  nanoId: string;
  slug: string;
  name: string;
  status: QuoteStatus;
  /** The quote's "allow signatures" flag. */
  signable: boolean;
  /** The sender's plan includes signing (and is not expired): `assertEntitled`'s rule. */
  signingAllowed: boolean;
  /** The customer can sign now: published, signable, plan allows it (availability is AVAILABLE). */
  canSign: boolean;
  /** Plans below Pro: "Made with Offerly". */
  watermark: boolean;
  /** The signed-in viewer belongs to the sending account: a preview, never a customer signature. */
  viewerIsMember: boolean;
  document: QuoteDocumentData;
  account: PublicAccountView;
  signatures: PublicSignatureView[];
};

export type PublicQuoteResult = { availability: PublicAvailability; view: PublicQuoteView | null };

const NANO_ID_PATTERN = /^[A-Za-z0-9_-]{22,64}$/;
const trim = (value: string) => (value.includes(".") ? value.replace(/0+$/, "").replace(/\.$/, "") || "0" : value);

/** The stored blocks as the document shape (exact decimal strings; content through the allow-list again). */
export function toDocument(quote: typeof quotes.$inferSelect, blocks: QuoteBlockRow[]): QuoteDocumentData {
  const documentBlocks = blocks.map((b) => {
    const content = b.content ? sanitizeDocument(b.content) : null;
    if (b.kind !== "PRICING") return { id: b.id, name: b.name, content: content?.ok ? content.doc : null, pricing: null };
    const totalsBlock = toTotalsBlock(b);
    return {
      id: b.id,
      name: b.name,
      content: content?.ok ? content.doc : null,
      pricing: {
        unit: b.pricingUnit ?? "NONE",
        discountType: b.discountType,
        discountValue: b.discountValue === null ? null : trim(b.discountValue),
        totals: blockTotals(totalsBlock),
        lines: b.lineItems.map((li, i) => ({
          id: li.id,
          name: li.name,
          description: li.description,
          price: centsToString(BigInt(li.priceCents)),
          amount: trim(li.amount),
          total: lineTotal(totalsBlock.lineItems[i]),
          vatRate: trim(li.vatRate),
          discountType: li.discountType,
          discountValue: li.discountValue === null ? null : trim(li.discountValue),
          optional: li.optional,
          selected: li.selected,
          recurring: li.recurring,
        })),
      },
    };
  });
  const snapshot = quote.customerSnapshot as CustomerSnapshot | null;
  return {
    quoteNumber: quote.quoteNumber,
    name: quote.name,
    language: quote.language,
    currency: quote.currency,
    quoteDateAt: quote.quoteDate,
    quoteExpirationAt: quote.expirationDate,
    customer: snapshot,
    blocks: documentBlocks,
    totals: computeTotals(blocks.filter((b) => b.kind === "PRICING").map((b) => toTotalsBlock(b))),
  };
}

export function signatureView(row: typeof quoteSignatures.$inferSelect): PublicSignatureView {
  const drawn = row.signatureKind === "DRAWN" && isFileKey(row.signature);
  return {
    id: row.id,
    kind: row.kind,
    name: row.name,
    signatureKind: row.signatureKind,
    signature: drawn ? filePath(row.signature) : row.signature,
    fileKey: drawn ? row.signature : null,
    signedAt: row.signedAt,
    documentHash: row.documentHash,
    selection: row.kind === "CUSTOMER" ? (row.selection ?? []) : null,
  };
}

/** How a quote row (already found) and its account become the view: blocks, signatures, membership in parallel. */
async function buildView(
  db: Executor,
  quote: typeof quotes.$inferSelect,
  account: typeof accounts.$inferSelect,
  options: { viewerUserId?: string | null; now: Date },
): Promise<PublicQuoteView> {
  const [blocks, signatures, membership] = await Promise.all([
    findBlocksOfQuotes(db, [quote.id]),
    db.select().from(quoteSignatures).where(eq(quoteSignatures.quoteId, quote.id)).orderBy(asc(quoteSignatures.signedAt), asc(quoteSignatures.createdAt)),
    options.viewerUserId
      ? db
          .select({ id: accountUsers.id })
          .from(accountUsers)
          .where(and(eq(accountUsers.accountId, quote.accountId), eq(accountUsers.userId, options.viewerUserId)))
          .limit(1)
      : Promise.resolve([]),
  ]);
  const status = quote.status as QuoteStatus;
  // Once a customer has signed, the document shows their choice of optional lines.
  const lastCustomer = [...signatures].reverse().find((s) => s.kind === "CUSTOMER" && s.selection);
  const document = lastCustomer?.selection ? applySelection(toDocument(quote, blocks), lastCustomer.selection) : toDocument(quote, blocks);
  const signingAllowed = entitlementRefusal(account, "signing", options.now) === null;
  return {
    quoteId: quote.id,
    accountId: quote.accountId,
    nanoId: quote.nanoId,
    slug: quote.slug,
    name: quote.name,
    status,
    signable: quote.signable,
    signingAllowed,
    canSign: status === "PUBLISHED" && quote.signable && signingAllowed,
    watermark: showsWatermark(effectivePlan(account)),
    viewerIsMember: membership.length > 0,
    document,
    account: {
      name: account.name,
      fileUrl: account.logoFileKey && isFileKey(account.logoFileKey) ? filePath(account.logoFileKey, account.updatedAt.getTime()) : null,
      logoFileKey: account.logoFileKey && isFileKey(account.logoFileKey) ? account.logoFileKey : null,
      linkColor: account.linkColor,
      textColor: account.textColor,
      textFont: account.textFont,
      quoteStreetAndNumber: account.quoteStreetAndNumber,
      quotePostalCode: account.quotePostalCode,
      quoteCity: account.quoteCity,
    },
    signatures: signatures.map(signatureView),
  };
}

/**
 * What a public link shows (SPEC §2, §4): the view when published or signed, EXPIRED past the
 * expiration date (a signed quote never expires), NOT_AVAILABLE for drafts (never published, or
 * withdrawn) and unknown links. The nanoId alone finds the quote (the slug is cosmetic).
 */
export async function loadPublicQuote(
  db: Executor,
  nanoId: string,
  options: { viewerUserId?: string | null; today?: string; now?: Date } = {},
): Promise<PublicQuoteResult> {
  const now = options.now ?? new Date();
  if (!NANO_ID_PATTERN.test(nanoId)) return { availability: "NOT_AVAILABLE", view: null };
  const [row] = await db.select({ quote: quotes, account: accounts }).from(quotes).innerJoin(accounts, eq(accounts.id, quotes.accountId)).where(eq(quotes.nanoId, nanoId)).limit(1);
  if (!row) return { availability: "NOT_AVAILABLE", view: null };
  const availability = publicAvailability({ status: row.quote.status as QuoteStatus, expirationDate: row.quote.expirationDate }, options.today ?? todayIso(now));
  if (availability !== "AVAILABLE") return { availability, view: null };
  return { availability, view: await buildView(db, row.quote, row.account, { viewerUserId: options.viewerUserId, now }) };
}

/** The same view for a quote of an account by its id, whatever its status (the PDF; owner screens). */
export async function loadQuoteView(db: Executor, accountId: string, quoteId: string, now = new Date()): Promise<PublicQuoteView | null> {
  const [row] = await db
    .select({ quote: quotes, account: accounts })
    .from(quotes)
    .innerJoin(accounts, eq(accounts.id, quotes.accountId))
    .where(and(eq(quotes.accountId, accountId), eq(quotes.id, quoteId)))
    .limit(1);
  return row ? buildView(db, row.quote, row.account, { now }) : null;
}

/**
 * What a signer saw, as canonical JSON (the input of `documentHash`): the document with their
 * selection of optional lines applied (totals recomputed), the sender as printed, and the sorted
 * selection itself. Version 1 of this shape; a new shape gets a new version.
 */
export function signedContent(view: Pick<PublicQuoteView, "nanoId" | "document" | "account">, selection: readonly string[]) {
  const chosen = [...new Set(selection)].sort();
  const { logoFileKey: _logo, fileUrl: _url, ...sender } = view.account;
  return canonicalJson({ version: 1, nanoId: view.nanoId, sender, document: applySelection(view.document, chosen), selection: chosen });
}

/** SHA-256 (hex) of `signedContent`: stored with each signature and in the audit trail. */
export function documentHash(view: Pick<PublicQuoteView, "nanoId" | "document" | "account">, selection: readonly string[] = selectedOptionalLineIds(view.document)): string {
  return crypto.createHash("sha256").update(signedContent(view, selection), "utf8").digest("hex");
}

/** The hash of a quote as it is published (no signer yet: the default selection). */
export function publishedDocumentHash(quote: typeof quotes.$inferSelect, blocks: QuoteBlockRow[], account: typeof accounts.$inferSelect | undefined): string {
  const document = toDocument(quote, blocks);
  const sender: PublicAccountView = {
    name: account?.name ?? "",
    fileUrl: null,
    logoFileKey: null,
    linkColor: account?.linkColor ?? null,
    textColor: account?.textColor ?? null,
    textFont: account?.textFont ?? null,
    quoteStreetAndNumber: account?.quoteStreetAndNumber ?? null,
    quotePostalCode: account?.quotePostalCode ?? null,
    quoteCity: account?.quoteCity ?? null,
  };
  return documentHash({ nanoId: quote.nanoId, document, account: sender });
}
