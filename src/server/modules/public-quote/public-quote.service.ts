import crypto from "node:crypto";
import { and, asc, desc, eq, getTableColumns, isNull, sql } from "drizzle-orm";
import type { SignatureKind } from "../../../shared/enums";
import { effectivePlan, showsWatermark } from "../../../shared/plans";
import { type QuoteDocumentData, applySelection, canonicalJson, selectedOptionalLineIds } from "../../../shared/quote-document";
import { type PublicAvailability, type QuoteStatus, publicAvailability, todayIso } from "../../../shared/quote-status";
import { sanitizeDocument } from "../../../shared/rich-text";
import { blockTotals, centsToString, computeTotals, lineTotal } from "../../../shared/totals";
import type { Executor } from "../../db/client";
import { withFastRows } from "../../db/fast-rows";
import { namedOnPglite } from "../../db/pglite-named";
import {
  type CustomerSnapshot,
  type DOCUSIGN_ENVELOPE_STATUSES,
  accountUsers,
  accounts,
  docusignEnvelopes,
  quoteConversationEntries,
  quotePayments,
  quoteSignatures,
  quoteVersions,
  quotes,
} from "../../db/schema";
import { type QuoteVersionDiff, type QuoteVersionDocument, type QuoteVersionSender, diffQuoteDocuments } from "../../../shared/quote-versions";
import { quoteSignatureImagePath } from "../../files/files.routes";
import { filePath, isFileKey } from "../../files/storage";
import { type QuotePaymentView, paymentTermsFromColumns, quotePaymentView, storePaymentTerms } from "../../../shared/quote-payments";
import { entitlementRefusal } from "../billing/entitlements";
import { type QuoteBlockRow, findBlocksOfQuotes, toTotalsBlock } from "../blocks/blocks.service";
import { versionDocuments } from "./version-documents";

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
  /**
   * The stored logo's pixel size, for the markup (the browser reserves the box before the image
   * arrives); null without a logo and for logos stored before the size was kept. Not hashed.
   */
  logoSize: { width: number; height: number } | null;
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
  /** The quote version that was signed (decision 032); null for signatures from before versions. */
  versionNumber: number | null;
};

/** The frozen version a view shows (decision 032); null for a draft's live preview (and quotes published before versions). */
export type QuoteVersionInfo = { number: number; publishedAt: Date; documentHash: string };

/**
 * "Changed since you last viewed": what changed from an earlier version to this one. SIGNED_EARLIER:
 * a customer signed an earlier version (the server knows; works without script); VIEWED_EARLIER:
 * the browser said which version it saw last (the island, from localStorage).
 */
export type QuoteChanges = { reason: "SIGNED_EARLIER" | "VIEWED_EARLIER"; diff: QuoteVersionDiff };

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
  /**
   * The quote's latest DocuSign envelope (decision 059): PREPARING or SENT while it is being sent or
   * out for signature with DocuSign (the customer signs there, not here), COMPLETED when signed there;
   * null when none.
   */
  docusign: { status: (typeof DOCUSIGN_ENVELOPE_STATUSES)[number]; reason: string | null; signed: boolean } | null;
  /** Plans below Pro: "Made with Offerly". */
  watermark: boolean;
  /** The signed-in viewer belongs to the sending account: a preview, never a customer signature. */
  viewerIsMember: boolean;
  document: QuoteDocumentData;
  account: PublicAccountView;
  /** The version shown (the quote's current one when published or signed). */
  version: QuoteVersionInfo | null;
  /** Signatures of the version shown. */
  signatures: PublicSignatureView[];
  /** Signatures placed on earlier versions (history: they stay with their version). */
  earlierSignatures: PublicSignatureView[];
  changes: QuoteChanges | null;
  /** The customer's payment of the version shown (decision 058); null when the terms ask none. */
  payment: QuotePaymentView | null;
};

/**
 * The quote's active decline (at most one: a unique index) and the sending account's time zone,
 * read by the same statement as the quote (decision 085): the public page's conversation part
 * (`getPublicConversation`'s answer, without its two statements). Present with a view.
 */
export type PublicConversationRead = { declinedAt: string | null; declineReason: string | null; timeZone: string };

export type PublicQuoteResult = { availability: PublicAvailability; view: PublicQuoteView | null; conversation?: PublicConversationRead };

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
    versionNumber: row.versionNumber,
  };
}

/**
 * A signature as the quote's public link shows it: a drawing's URL carries the link
 * (files.routes.ts serves a quote's signature only with it, or to the account's members).
 */
export function linkedSignatureView(row: typeof quoteSignatures.$inferSelect, nanoId: string): PublicSignatureView {
  const view = signatureView(row);
  return view.fileKey ? { ...view, signature: quoteSignatureImagePath(view.fileKey, nanoId) } : view;
}

type VersionRow = typeof quoteVersions.$inferSelect;
/** A version's columns but its document (decision 090: the public page takes that from `versionDocuments`). */
const { document: _versionDocument, ...versionColumns } = getTableColumns(quoteVersions);

/** The sender's styling as a version freezes it (the logo is not part of it: the account's current one is shown). */
export function versionSender(account: Pick<typeof accounts.$inferSelect, keyof QuoteVersionSender> | undefined): QuoteVersionSender {
  return {
    name: account?.name ?? "",
    linkColor: account?.linkColor ?? null,
    textColor: account?.textColor ?? null,
    textFont: account?.textFont ?? null,
    quoteStreetAndNumber: account?.quoteStreetAndNumber ?? null,
    quotePostalCode: account?.quotePostalCode ?? null,
    quoteCity: account?.quoteCity ?? null,
  };
}

/** A quote's versions, newest first (owner's history; `limit` 1: the current one). */
export function findQuoteVersions(db: Executor, accountId: string, quoteId: string, limit?: number) {
  const query = db
    .select()
    .from(quoteVersions)
    .where(and(eq(quoteVersions.accountId, accountId), eq(quoteVersions.quoteId, quoteId)))
    .orderBy(desc(quoteVersions.number));
  return limit ? query.limit(limit) : query;
}

export async function findQuoteVersion(db: Executor, accountId: string, quoteId: string, number: number): Promise<VersionRow | undefined> {
  const [row] = await db
    .select()
    .from(quoteVersions)
    .where(and(eq(quoteVersions.accountId, accountId), eq(quoteVersions.quoteId, quoteId), eq(quoteVersions.number, number)))
    .limit(1);
  return row;
}

/** The diff between two versions of a quote (null when `from` does not exist). */
export async function versionDiff(db: Executor, current: VersionRow, from: number): Promise<QuoteVersionDiff | null> {
  if (!Number.isInteger(from) || from < 1 || from >= current.number) return null;
  const earlier = await findQuoteVersion(db, current.accountId, current.quoteId, from);
  return earlier ? diffQuoteDocuments(earlier.document.document, current.document.document, { from, to: current.number }) : null;
}

/**
 * The public page's statements, built once per database with placeholders and their rows mapped by
 * `withFastRows` (decision 078, as decision 069 did for the quotes list): drizzle built each of
 * them and worked out each row's mapping on every rendered page. The same SQL as before.
 */
function buildPublicQueries(db: Executor) {
  const quoteId = sql.placeholder("quoteId");
  // On PGlite each is a named statement, parsed and planned once (src/server/db/pglite-named.ts, decision 087).
  const fast = <T>(prepared: T) => namedOnPglite(withFastRows(prepared));
  return {
    // The active decline joins in (decision 085): the page's conversation part needed two more
    // statements; so do the current version and the latest DocuSign envelope (two statements fewer).
    byNanoId: fast(
      db
        .select({
          quote: quotes,
          account: accounts,
          decline: { createdAt: quoteConversationEntries.createdAt, body: quoteConversationEntries.body },
          version: versionColumns,
          envelope: { status: docusignEnvelopes.status, reason: docusignEnvelopes.reason, signedFileKey: docusignEnvelopes.signedFileKey },
        })
        .from(quotes)
        .innerJoin(accounts, eq(accounts.id, quotes.accountId))
        .leftJoin(
          quoteConversationEntries,
          and(eq(quoteConversationEntries.quoteId, quotes.id), eq(quoteConversationEntries.kind, "DECLINE"), isNull(quoteConversationEntries.clearedAt)),
        )
        // The current version and the latest DocuSign envelope: the same choice as `currentVersion` and `docusign` below.
        .leftJoin(
          quoteVersions,
          eq(
            quoteVersions.id,
            sql`(select v.id from ${quoteVersions} v where v.account_id = ${quotes.accountId} and v.quote_id = ${quotes.id} order by v.number desc limit 1)`,
          ),
        )
        .leftJoin(
          docusignEnvelopes,
          eq(docusignEnvelopes.id, sql`(select e.id from ${docusignEnvelopes} e where e.quote_id = ${quotes.id} order by e.created_at desc limit 1)`),
        )
        .where(eq(quotes.nanoId, sql.placeholder("nanoId")))
        .limit(1)
        .prepare(""),
    ),
    // A version's document as text (parsed here: its length bounds the cache, decision 090).
    versionDocument: fast(
      db
        .select({ json: sql<string>`${quoteVersions.document}::text` })
        .from(quoteVersions)
        .where(eq(quoteVersions.id, sql.placeholder("versionId")))
        .prepare(""),
    ),
    currentVersion: fast(
      db
        .select()
        .from(quoteVersions)
        .where(and(eq(quoteVersions.accountId, sql.placeholder("accountId")), eq(quoteVersions.quoteId, quoteId)))
        .orderBy(desc(quoteVersions.number))
        .limit(1)
        .prepare(""),
    ),
    signatures: fast(
      db
        .select()
        .from(quoteSignatures)
        .where(eq(quoteSignatures.quoteId, quoteId))
        .orderBy(asc(quoteSignatures.signedAt), asc(quoteSignatures.createdAt))
        .prepare(""),
    ),
    payments: fast(db.select().from(quotePayments).where(eq(quotePayments.quoteId, quoteId)).orderBy(asc(quotePayments.createdAt)).prepare("")),
    docusign: fast(
      db
        .select({ status: docusignEnvelopes.status, reason: docusignEnvelopes.reason, signedFileKey: docusignEnvelopes.signedFileKey })
        .from(docusignEnvelopes)
        .where(eq(docusignEnvelopes.quoteId, quoteId))
        .orderBy(desc(docusignEnvelopes.createdAt))
        .limit(1)
        .prepare(""),
    ),
  };
}
const publicQueryCache = new WeakMap<object, ReturnType<typeof buildPublicQueries>>();
function publicQueries(db: Executor) {
  let queries = publicQueryCache.get(db);
  if (!queries) {
    queries = buildPublicQueries(db);
    publicQueryCache.set(db, queries);
  }
  return queries;
}

/**
 * The version row with its document: kept by this server (frozen), or read by id and kept. Null
 * when the version is gone by the time of that read (its quote deleted in between).
 */
export async function withVersionDocument(db: Executor, version: Omit<VersionRow, "document">): Promise<VersionRow | null> {
  const kept = versionDocuments.get(version.id);
  if (kept) return { ...version, document: kept };
  const [row] = await publicQueries(db).versionDocument.execute({ versionId: version.id });
  if (!row) return null;
  return { ...version, document: versionDocuments.set(version.id, JSON.parse(row.json) as QuoteVersionDocument, row.json.length) };
}

/** How a quote row (already found) and its account become the view: blocks, signatures, membership in parallel. */
async function buildView(
  db: Executor,
  quote: typeof quotes.$inferSelect,
  account: typeof accounts.$inferSelect,
  options: {
    viewerUserId?: string | null;
    now: Date;
    version?: VersionRow | null;
    changesSince?: number | null;
    /** A published or signed quote's current version and latest envelope, read with it (decision 085): not read again. */
    read?: {
      version: VersionRow | null;
      envelope: { status: (typeof DOCUSIGN_ENVELOPE_STATUSES)[number]; reason: string | null; signedFileKey: string | null } | null;
    };
  },
): Promise<PublicQuoteView> {
  // Published and signed quotes show their current frozen version; a draft (the owner's preview) its live blocks.
  const queries = publicQueries(db);
  const [versionRows, allSignatures, membership, attempts, envelopes] = await Promise.all([
    options.version
      ? [options.version]
      : quote.status === "DRAFT"
        ? Promise.resolve([])
        : options.read
          ? options.read.version
            ? [options.read.version]
            : []
          : queries.currentVersion.execute({ accountId: quote.accountId, quoteId: quote.id }),
    queries.signatures.execute({ quoteId: quote.id }),
    options.viewerUserId
      ? db
          .select({ id: accountUsers.id })
          .from(accountUsers)
          .where(and(eq(accountUsers.accountId, quote.accountId), eq(accountUsers.userId, options.viewerUserId)))
          .limit(1)
      : Promise.resolve([]),
    quote.status === "DRAFT" ? Promise.resolve([]) : queries.payments.execute({ quoteId: quote.id }),
    quote.status === "DRAFT"
      ? Promise.resolve([])
      : options.read
        ? options.read.envelope
          ? [options.read.envelope]
          : []
        : queries.docusign.execute({ quoteId: quote.id }),
  ]);
  const docusign = envelopes[0] ? { status: envelopes[0].status, reason: envelopes[0].reason, signed: envelopes[0].signedFileKey !== null } : null;
  const status = quote.status as QuoteStatus;
  const version = versionRows[0] ?? null;
  const versionNumber = version?.number ?? null;
  const signatures = allSignatures.filter((s) => s.versionNumber === versionNumber);
  const earlierSignatures = allSignatures.filter(
    (s) => s.versionNumber !== versionNumber && (versionNumber === null || (s.versionNumber ?? 0) < versionNumber),
  );
  // Quotes published before versions existed (and drafts) are read from their live blocks.
  const base = version ? version.document.document : toDocument(quote, await findBlocksOfQuotes(db, [quote.id]));
  // Once a customer has signed (this version), the document shows their choice of optional lines.
  const lastCustomer = [...signatures].reverse().find((s) => s.kind === "CUSTOMER" && s.selection);
  const document = lastCustomer?.selection ? applySelection(base, lastCustomer.selection) : base;
  const sender = version ? version.document.sender : versionSender(account);
  // What changed for this customer: since the version they said they saw last, else since a version somebody signed.
  let changes: QuoteChanges | null = null;
  if (version && options.changesSince) {
    const diff = await versionDiff(db, version, options.changesSince);
    if (diff?.changed) changes = { reason: "VIEWED_EARLIER", diff };
  }
  const signedEarlier = Math.max(0, ...earlierSignatures.filter((s) => s.kind === "CUSTOMER" && s.versionNumber !== null).map((s) => s.versionNumber ?? 0));
  if (version && !changes && signedEarlier > 0) {
    const diff = await versionDiff(db, version, signedEarlier);
    if (diff?.changed) changes = { reason: "SIGNED_EARLIER", diff };
  }
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
    canSign: status === "PUBLISHED" && quote.signable && signingAllowed && docusign?.status !== "SENT" && docusign?.status !== "PREPARING",
    docusign,
    watermark: showsWatermark(effectivePlan(account)),
    viewerIsMember: membership.length > 0,
    document,
    account: {
      ...sender,
      fileUrl: account.logoFileKey && isFileKey(account.logoFileKey) ? filePath(account.logoFileKey, account.updatedAt.getTime()) : null,
      logoFileKey: account.logoFileKey && isFileKey(account.logoFileKey) ? account.logoFileKey : null,
      logoSize: account.logoFileKey && account.logoWidth && account.logoHeight ? { width: account.logoWidth, height: account.logoHeight } : null,
    },
    version: version ? { number: version.number, publishedAt: version.publishedAt, documentHash: version.documentHash } : null,
    signatures: signatures.map((s) => linkedSignatureView(s, quote.nanoId)),
    earlierSignatures: earlierSignatures.map((s) => linkedSignatureView(s, quote.nanoId)),
    changes,
    payment: quotePaymentView(versionNumber, signatures, attempts),
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
  options: { viewerUserId?: string | null; today?: string; now?: Date; changesSince?: number | null } = {},
): Promise<PublicQuoteResult> {
  const now = options.now ?? new Date();
  if (!NANO_ID_PATTERN.test(nanoId)) return { availability: "NOT_AVAILABLE", view: null };
  const [row] = await publicQueries(db).byNanoId.execute({ nanoId });
  if (!row) return { availability: "NOT_AVAILABLE", view: null };
  const availability = publicAvailability(
    { status: row.quote.status as QuoteStatus, expirationDate: row.quote.expirationDate },
    options.today ?? todayIso(now),
  );
  if (availability !== "AVAILABLE") return { availability, view: null };
  const version = row.version ? await withVersionDocument(db, row.version) : null;
  // Deleted between the two reads: as an unknown link (never a 500).
  if (row.version && !version) return { availability: "NOT_AVAILABLE", view: null };
  const view = await buildView(db, row.quote, row.account, {
    viewerUserId: options.viewerUserId,
    now,
    changesSince: options.changesSince,
    read: { version, envelope: row.envelope },
  });
  const conversation = { declinedAt: row.decline?.createdAt.toISOString() ?? null, declineReason: row.decline?.body ?? null, timeZone: row.account.timeZone };
  return { availability, view, conversation };
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

/** One version of a quote of an account, read-only, as its customer saw it (the owner's version history). */
export async function loadQuoteVersionView(
  db: Executor,
  accountId: string,
  quoteId: string,
  number: number,
  now = new Date(),
): Promise<PublicQuoteView | null> {
  const [row] = await db
    .select({ quote: quotes, account: accounts })
    .from(quotes)
    .innerJoin(accounts, eq(accounts.id, quotes.accountId))
    .where(and(eq(quotes.accountId, accountId), eq(quotes.id, quoteId)))
    .limit(1);
  if (!row) return null;
  const version = await findQuoteVersion(db, accountId, quoteId, number);
  return version ? buildView(db, row.quote, row.account, { now, version }) : null;
}

/** What the hash is computed over: the view's document, sender and version. */
export type HashedView = Pick<PublicQuoteView, "nanoId" | "document"> & {
  account: Omit<PublicAccountView, "fileUrl" | "logoFileKey" | "logoSize"> & Partial<Pick<PublicAccountView, "fileUrl" | "logoFileKey" | "logoSize">>;
  version: Pick<QuoteVersionInfo, "number"> | null;
};

/**
 * What a signer saw, as canonical JSON (the input of `documentHash`): the document with their
 * selection of optional lines applied (totals recomputed), the sender as printed, the sorted
 * selection and the version number. Shape 2 names the quote version (decision 032); shape 1 (no
 * version: quotes published before versions existed) is kept so old hashes still verify.
 */
export function signedContent(view: HashedView, selection: readonly string[]) {
  const chosen = [...new Set(selection)].sort();
  const { logoFileKey: _logo, fileUrl: _url, logoSize: _size, ...sender } = view.account;
  const document = applySelection(view.document, chosen);
  if (!view.version) return canonicalJson({ version: 1, nanoId: view.nanoId, sender, document, selection: chosen });
  return canonicalJson({ version: 2, nanoId: view.nanoId, quoteVersion: view.version.number, sender, document, selection: chosen });
}

/** SHA-256 (hex) of `signedContent`: stored with each signature, each version and in the audit trail. */
export function documentHash(view: HashedView, selection: readonly string[] = selectedOptionalLineIds(view.document)): string {
  return crypto.createHash("sha256").update(signedContent(view, selection), "utf8").digest("hex");
}

/** The frozen document of a quote about to be published as version `number`, and its hash (default selection). */
export function freezeVersion(
  quote: typeof quotes.$inferSelect,
  blocks: QuoteBlockRow[],
  account: typeof accounts.$inferSelect | undefined,
  number: number,
): { document: QuoteVersionDocument; documentHash: string } {
  const document: QuoteVersionDocument = {
    document: toDocument(quote, blocks),
    sender: versionSender(account),
    // The terms are frozen with the version (decision 058): the hash below covers the document and sender only.
    paymentTerms: storePaymentTerms(paymentTermsFromColumns(quote)),
  };
  return { document, documentHash: documentHash({ nanoId: quote.nanoId, document: document.document, account: document.sender, version: { number } }) };
}
