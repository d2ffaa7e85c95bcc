import { type SQL, and, count, eq, inArray, or, sql } from "drizzle-orm";
import { nanoid } from "nanoid";
import { likePattern } from "../../../shared/customers";
import { type QuoteDisplayStatus, type QuoteStatus, canPublish, canWithdraw, isExpired, todayIso } from "../../../shared/quote-status";
import { NANO_ID_LENGTH, addDaysIso, formatQuoteNumber, slugify } from "../../../shared/quotes";
import { NO_PAYMENT_TERMS, type PaymentTerms, asksPayment, samePaymentTerms } from "../../../shared/payment-terms";
import type { Currency, Language } from "../../../shared/enums";
import type { SelectedFields } from "drizzle-orm/pg-core";
import { type Executor, queryRows } from "../../db/client";
import { type KeyColumn, type KeysetPage, afterKeyAtSkip, beyondKey, keyAtSql, keyOrder, keyText, keysetPage } from "../../db/keyset";
import { withFastRows } from "../../db/fast-rows";
import { namedOnPglite } from "../../db/pglite-named";
import { errorMessages, isUuid } from "../../db/ids";
import {
  type CustomerSnapshot,
  accountListCounts,
  accounts,
  customers,
  quoteConversationEntries,
  quoteNumberCounters,
  quotePdfs,
  quoteSignatures,
  quoteVersions,
  quotes,
} from "../../db/schema";
import { AppError } from "../../errors";
import { deleteFilesJob } from "../../jobs/delete-files";
import { enqueue } from "../../jobs/queue";
import { assertEntitled } from "../billing/entitlements";
import { copyBlocks, findBlocksOfQuotes, refreshQuoteTotals, startQuoteFrom } from "../blocks/blocks.service";
import { computeTotals } from "../../../shared/totals";
import { onQuotePublished } from "../conversation/conversation.service";
import type { CustomerRecord } from "../customers/customers.service";
import { findQuoteVersions, freezeVersion } from "../public-quote/public-quote.service";
import { recordQuoteEvent } from "../statistics/statistics.service";
import { recordEvent } from "../../events";
import { scheduleQuoteExpiry } from "../../events/expiry";
import type { QuoteFacts, QuoteState } from "../../../shared/quote-state";
import { factsColumns, stateSql, toFacts } from "./quote-state.service";

export type QuoteRecord = typeof quotes.$inferSelect;
/** A quote with its customer record (joined: never a query per quote). */
export type QuoteRow = QuoteRecord & {
  customer: CustomerRecord | null;
  /** What the displayed state is derived from, when read with the row (lists, by id); else loaded on demand. */
  facts?: QuoteFacts;
};
export type QuoteValues = {
  name: string;
  customerId: string;
  language: Language;
  currency: Currency;
  quoteDateAt: string;
  quoteExpirationAt: string;
  signable: boolean;
  /** Omitted or null: unchanged (a new quote: none). */
  paymentTerms?: PaymentTerms | null;
};

/** A copy keeps the source's terms while the plan allows them, else it has none (never a refusal). */
async function copiedPaymentTerms(db: Executor, accountId: string, terms: PaymentTerms): Promise<PaymentTerms> {
  if (!asksPayment(terms)) return terms;
  try {
    await assertEntitled(db, accountId, "payments");
    return terms;
  } catch (error) {
    if (error instanceof AppError) return NO_PAYMENT_TERMS;
    throw error;
  }
}

/** A quote's payment terms as stored (issue 26). */
export function paymentTermsOf(quote: QuoteRecord): PaymentTerms {
  return {
    mode: quote.paymentMode,
    percent: quote.paymentPercent,
    fixedCents: quote.paymentFixedCents === null ? null : BigInt(quote.paymentFixedCents),
    payToAccept: quote.paymentPayToAccept,
    startRecurring: quote.paymentStartRecurring,
  };
}

function paymentColumns(terms: PaymentTerms) {
  return {
    paymentMode: terms.mode,
    paymentPercent: terms.percent,
    paymentFixedCents: terms.fixedCents === null ? null : Number(terms.fixedCents),
    paymentPayToAccept: terms.payToAccept,
    paymentStartRecurring: terms.startRecurring,
  };
}

/**
 * Payment terms are a Basic/Pro feature ("payments", decision 057): setting terms that ask for a
 * payment is refused for a plan without it (and when the trial or subscription expired). Terms that
 * stay as they were, and "none", are never refused: editing a draft's title after a downgrade works.
 */
async function assertPaymentTermsAllowed(db: Executor, accountId: string, next: PaymentTerms | null | undefined, current: PaymentTerms): Promise<void> {
  if (!next || !asksPayment(next) || samePaymentTerms(next, current)) return;
  await assertEntitled(db, accountId, "payments");
}

/** nanoid: url-safe alphabet (A–Z a–z 0–9 _ -) from the CSPRNG; 24 characters = 144 bits. */
export const newNanoId = () => nanoid(NANO_ID_LENGTH);

export const quoteNotFound = () => new AppError("NOT_FOUND", "quotes:notFound");
const locked = () => new AppError("CONFLICT", "quotes:errors.locked");

/**
 * Runs a change and turns the database's lifecycle guard (trigger `quotes_guard` and friends) into
 * the same message the service gives: a concurrent publish cannot let an edit slip through.
 */
async function guarded<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof AppError) throw error;
    const message = errorMessages(error);
    if (message.includes("offerly:quote_locked") || message.includes("offerly:quote_transition")) throw locked();
    throw error;
  }
}

/**
 * The next number for the account in the given year. The upsert locks the counter row until the
 * transaction ends, so concurrent creations queue and get consecutive numbers; a rolled-back
 * creation gives its number back.
 */
async function nextQuoteNumber(tx: Executor, accountId: string, year: number): Promise<string> {
  const [row] = await tx
    .insert(quoteNumberCounters)
    .values({ accountId, year, lastValue: 1 })
    .onConflictDoUpdate({
      target: [quoteNumberCounters.accountId, quoteNumberCounters.year],
      set: { lastValue: sql`${quoteNumberCounters.lastValue} + 1` },
    })
    .returning({ lastValue: quoteNumberCounters.lastValue });
  return formatQuoteNumber(year, row.lastValue);
}

async function requireOwnCustomer(tx: Executor, accountId: string, customerId: string): Promise<CustomerRecord> {
  const [customer] = isUuid(customerId)
    ? await tx
        .select()
        .from(customers)
        .where(and(eq(customers.accountId, accountId), eq(customers.id, customerId)))
        .limit(1)
    : [];
  if (!customer) {
    throw new AppError("BAD_USER_INPUT", "quotes:errors.customerNotFound", {}, { customerId: { key: "quotes:errors.customerNotFound" } });
  }
  return customer;
}

/** The quote, locked for the rest of the transaction, or NOT_FOUND. */
async function lockQuote(tx: Executor, accountId: string, id: string): Promise<QuoteRecord> {
  if (!isUuid(id)) throw quoteNotFound();
  const [row] = await tx
    .select()
    .from(quotes)
    .where(and(eq(quotes.accountId, accountId), eq(quotes.id, id)))
    .for("update");
  if (!row) throw quoteNotFound();
  return row;
}

async function withCustomer(db: Executor, quote: QuoteRecord): Promise<QuoteRow> {
  if (!quote.customerId) return { ...quote, customer: null };
  const [customer] = await db.select().from(customers).where(eq(customers.id, quote.customerId)).limit(1);
  return { ...quote, customer: customer ?? null };
}

export async function createQuote(
  db: Executor,
  accountId: string,
  values: QuoteValues,
  now = new Date(),
  startFrom: { quoteId: string | null; templateBlockIds: string[] | null } | null = null,
): Promise<QuoteRow> {
  await assertEntitled(db, accountId, "quotes", now);
  await assertPaymentTermsAllowed(db, accountId, values.paymentTerms, NO_PAYMENT_TERMS);
  return db.transaction(async (tx) => {
    const customer = await requireOwnCustomer(tx, accountId, values.customerId);
    const quoteNumber = await nextQuoteNumber(tx, accountId, now.getUTCFullYear());
    const [quote] = await tx
      .insert(quotes)
      .values({
        accountId,
        customerId: customer.id,
        quoteNumber,
        name: values.name,
        slug: slugify(values.name),
        nanoId: newNanoId(),
        language: values.language,
        currency: values.currency,
        signable: values.signable,
        quoteDate: values.quoteDateAt,
        expirationDate: values.quoteExpirationAt,
        ...paymentColumns(values.paymentTerms ?? NO_PAYMENT_TERMS),
        // No blocks yet: the totals of none (decision 062).
        totals: computeTotals([]),
      })
      .returning();
    if (startFrom) {
      await startQuoteFrom(tx, accountId, quote.id, startFrom);
      quote.totals = (await refreshQuoteTotals(tx, [quote.id])).get(quote.id) ?? null;
    }
    return { ...quote, customer };
  });
}

/** Edits a draft; a published or signed quote is refused (and the database refuses it too). */
export async function updateQuote(db: Executor, accountId: string, id: string, values: QuoteValues): Promise<QuoteRow> {
  return guarded(() =>
    db.transaction(async (tx) => {
      const current = await lockQuote(tx, accountId, id);
      if (current.status !== "DRAFT") throw locked();
      const customer = await requireOwnCustomer(tx, accountId, values.customerId);
      await assertPaymentTermsAllowed(tx, accountId, values.paymentTerms, paymentTermsOf(current));
      const [quote] = await tx
        .update(quotes)
        .set({
          customerId: customer.id,
          name: values.name,
          slug: slugify(values.name),
          language: values.language,
          currency: values.currency,
          signable: values.signable,
          quoteDate: values.quoteDateAt,
          expirationDate: values.quoteExpirationAt,
          ...(values.paymentTerms ? paymentColumns(values.paymentTerms) : {}),
          updatedAt: new Date(),
        })
        .where(eq(quotes.id, current.id))
        .returning();
      return { ...quote, customer };
    }),
  );
}

export async function deleteQuote(db: Executor, accountId: string, id: string): Promise<void> {
  await guarded(() =>
    db.transaction(async (tx) => {
      const current = await lockQuote(tx, accountId, id);
      if (current.status !== "DRAFT") throw new AppError("CONFLICT", "quotes:errors.notDraftDelete");
      // A withdrawn quote that somebody signed keeps its evidence (signatures, versions, audit trail).
      const [{ signatures }] = await tx.select({ signatures: count() }).from(quoteSignatures).where(eq(quoteSignatures.quoteId, current.id));
      if (signatures > 0) throw new AppError("CONFLICT", "quotes:errors.signedDelete");
      // A withdrawn quote may have had PDFs made while it was public: their files go with it.
      const pdfs = await tx.select({ key: quotePdfs.fileKey }).from(quotePdfs).where(eq(quotePdfs.quoteId, current.id));
      await tx.delete(quotes).where(eq(quotes.id, current.id));
      if (pdfs.length) await enqueue(tx, deleteFilesJob, { keys: pdfs.map((p) => p.key) });
    }),
  );
}

/** DRAFT → PUBLISHED: the link goes live and the customer's details are frozen on the quote. */
export async function publishQuote(
  db: Executor,
  accountId: string,
  id: string,
  now = new Date(),
  audit: { actorName: string | null; actorEmail: string | null; ip: string | null; userAgent: string | null } = {
    actorName: null,
    actorEmail: null,
    ip: null,
    userAgent: null,
  },
): Promise<QuoteRow> {
  await assertEntitled(db, accountId, "quotes", now);
  return guarded(() =>
    db.transaction(async (tx) => {
      const current = await lockQuote(tx, accountId, id);
      if (!canPublish(current.status as QuoteStatus)) throw new AppError("CONFLICT", "quotes:errors.cannotPublish");
      const customer = current.customerId ? (await tx.select().from(customers).where(eq(customers.id, current.customerId)).limit(1))[0] : undefined;
      if (!customer) throw new AppError("BAD_USER_INPUT", "quotes:errors.customerMissing", {}, { customerId: { key: "quotes:errors.customerMissing" } });
      // A quote that would be expired (410) the moment it goes live is refused. (A quote without
      // blocks is not: until the block editor lands, no quote made in the app has blocks, so the
      // screens warn instead — see publishWarnings in shared/quote-status.ts.)
      if (isExpired({ status: "PUBLISHED", expirationDate: current.expirationDate }, todayIso(now))) {
        throw new AppError("BAD_USER_INPUT", "quotes:errors.expiredOnPublish", {}, { quoteExpirationAt: { key: "quotes:errors.expiredOnPublish" } });
      }
      const snapshot: CustomerSnapshot = {
        name: customer.name,
        companyName: customer.companyName,
        contactPerson: customer.contactPerson,
        email: customer.email,
        phone: customer.phone,
        content: customer.content,
      };
      const [quote] = await tx
        .update(quotes)
        .set({ status: "PUBLISHED", publishedAt: now, customerSnapshot: snapshot, updatedAt: now })
        .where(eq(quotes.id, current.id))
        .returning();
      // The version (decision 032): the document and styling frozen as version n + 1 of this link.
      const blocks = await findBlocksOfQuotes(tx, [quote.id]);
      const [account] = await tx.select().from(accounts).where(eq(accounts.id, accountId)).limit(1);
      const [previous] = await findQuoteVersions(tx, accountId, quote.id, 1);
      const number = (previous?.number ?? 0) + 1;
      const frozen = freezeVersion(quote, blocks, account, number);
      await tx.insert(quoteVersions).values({
        accountId,
        quoteId: quote.id,
        number,
        document: frozen.document,
        documentHash: frozen.documentHash,
        publishedAt: now,
        publishedByName: audit.actorName,
        publishedByEmail: audit.actorEmail,
      });
      // The event (issue 23) and its audit row (decision 024): what was published, by whom, from where.
      await recordEvent(tx, {
        type: "quote.published",
        accountId,
        quoteId: quote.id,
        now,
        audit: {
          at: now,
          actorName: audit.actorName,
          actorEmail: audit.actorEmail,
          documentHash: frozen.documentHash,
          versionNumber: number,
          evidence: { ip: audit.ip, userAgent: audit.userAgent },
        },
      });
      // quote.expired at the expiry moment (the handler checks the quote is still published and expired).
      await scheduleQuoteExpiry(tx, quote);
      // Statistics rollup (issue 15): a publication counts on the account's local day.
      await recordQuoteEvent(tx, accountId, "published", now);
      // An earlier decline no longer counts; the reminder follows the new dates.
      await onQuotePublished(tx, quote.id, now);
      return { ...quote, customer };
    }),
  );
}

/**
 * PUBLISHED → DRAFT, also after customers signed it (decision 032: their signatures stay with the
 * version they signed; publishing again makes the next version, which they sign anew). A SIGNED
 * quote is final. The link shows "not available" meanwhile; publishing again brings it back.
 */
export async function withdrawQuote(db: Executor, accountId: string, id: string, now = new Date()): Promise<QuoteRow> {
  return guarded(() =>
    db.transaction(async (tx) => {
      const current = await lockQuote(tx, accountId, id);
      if (!canWithdraw(current.status as QuoteStatus)) throw new AppError("CONFLICT", "quotes:errors.cannotWithdraw");
      const [quote] = await tx.update(quotes).set({ status: "DRAFT", publishedAt: null, updatedAt: now }).where(eq(quotes.id, current.id)).returning();
      await recordEvent(tx, { type: "quote.withdrawn", accountId, quoteId: quote.id, now });
      return withCustomer(tx, quote);
    }),
  );
}

/**
 * A new draft from any quote: new number, new nanoId, today's date with the same validity, and
 * copies of every block and line item. The customer stays (none if it was deleted).
 */
export async function duplicateQuote(db: Executor, accountId: string, id: string, now = new Date()): Promise<QuoteRow> {
  await assertEntitled(db, accountId, "quotes", now);
  return db.transaction(async (tx) => {
    if (!isUuid(id)) throw quoteNotFound();
    const [source] = await tx
      .select()
      .from(quotes)
      .where(and(eq(quotes.accountId, accountId), eq(quotes.id, id)))
      .limit(1);
    if (!source) throw quoteNotFound();
    const validityDays = Math.round((Date.parse(source.expirationDate) - Date.parse(source.quoteDate)) / 86_400_000);
    const today = todayIso(now);
    const quoteNumber = await nextQuoteNumber(tx, accountId, now.getUTCFullYear());
    const [copy] = await tx
      .insert(quotes)
      .values({
        accountId,
        customerId: source.customerId,
        quoteNumber,
        name: source.name,
        slug: source.slug,
        nanoId: newNanoId(),
        language: source.language,
        currency: source.currency,
        signable: source.signable,
        ...paymentColumns(await copiedPaymentTerms(tx, accountId, paymentTermsOf(source))),
        quoteDate: today,
        expirationDate: addDaysIso(today, validityDays),
      })
      .returning();
    await copyBlocks(tx, { kind: "quote", quoteId: copy.id }, await findBlocksOfQuotes(tx, [source.id]));
    copy.totals = (await refreshQuoteTotals(tx, [copy.id])).get(copy.id) ?? null;
    return withCustomer(tx, copy);
  });
}

export async function getQuoteById(db: Executor, accountId: string, id: string): Promise<QuoteRow | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db
    .select({ quote: quotes, customer: customers, ...factsColumns })
    .from(quotes)
    .leftJoin(customers, eq(customers.id, quotes.customerId))
    .where(and(eq(quotes.accountId, accountId), eq(quotes.id, id)))
    .limit(1);
  return row ? { ...row.quote, customer: row.customer, facts: toFacts(row.quote, row) } : undefined;
}

/** The account's quotes among `ids` (others and non-ids are left out), in one query, unordered. */
export async function getQuotesByIds(db: Executor, accountId: string, ids: string[]): Promise<QuoteRow[]> {
  const valid = ids.filter(isUuid);
  if (valid.length === 0) return [];
  const rows = await db
    .select({ quote: quotes, customer: customers, ...factsColumns })
    .from(quotes)
    .leftJoin(customers, eq(customers.id, quotes.customerId))
    .where(and(eq(quotes.accountId, accountId), inArray(quotes.id, valid)));
  return rows.map((r): QuoteRow => ({ ...r.quote, customer: r.customer, facts: toFacts(r.quote, r) }));
}

/** The quotes list's order, newest first (the number breaks ties): its keyset (decision 062). */
export const QUOTE_LIST_KEY: KeyColumn[] = [
  { expr: sql`${quotes.createdAt}`, type: "timestamptz", desc: true },
  { expr: sql`${quotes.quoteNumber}`, type: "text", desc: true },
];

type QuoteListRow = QuoteRow & { key: string[] };
/**
 * A list row as the resolvers read it: the row's own `quote` object (made for this row by the
 * mapper, shared with nothing) completed in place with the customer, facts and key — the same
 * properties in the same order as a copy, without copying ≈ 50 columns a row (decision 073).
 */
const listRow = (r: { quote: QuoteRecord; customer?: CustomerRecord | null; key: string[] } & Partial<Parameters<typeof toFacts>[1]>): QuoteListRow => {
  const row = r.quote as QuoteListRow;
  const facts = r.customerSignatures === undefined ? undefined : toFacts(r.quote, r as Parameters<typeof toFacts>[1]);
  row.customer = r.customer ?? null;
  if (facts) row.facts = facts;
  row.key = r.key;
  return row;
};

/**
 * What a list reads of each quote (decision 084): the quote's columns, the customer's (none: no
 * join) and whether the facts of its state. Made by the GraphQL resolver from the fields the
 * request asks for; without one (`ALL_QUOTE_COLUMNS`) every column, as `getQuoteById`. A row read
 * with a narrower shape has only those properties: only the resolvers of the fields asked read it.
 */
export type QuoteListShape = {
  quote: readonly (keyof QuoteRecord)[];
  customer: readonly (keyof CustomerRecord)[] | "all" | "none";
  facts: boolean;
};
export const ALL_QUOTE_COLUMNS = "all" as const;

/** The select of a list page for a shape: the chosen columns, the key, the facts. */
function listSelect(shape: QuoteListShape | typeof ALL_QUOTE_COLUMNS) {
  const key = keyText(QUOTE_LIST_KEY);
  if (shape === ALL_QUOTE_COLUMNS) return { fields: { quote: quotes, customer: customers, key, ...factsColumns }, join: true };
  const pick = (table: object, names: readonly string[]) => Object.fromEntries(names.map((name) => [name, (table as Record<string, unknown>)[name]]));
  // The id first: drizzle makes a left-joined object null when its first column is.
  const quoteColumns = pick(quotes, ["id", ...shape.quote.filter((c) => c !== "id")]);
  const customer =
    shape.customer === "none" ? undefined : shape.customer === "all" ? customers : pick(customers, ["id", ...shape.customer.filter((c) => c !== "id")]);
  return {
    fields: { quote: quoteColumns, ...(customer ? { customer } : {}), key, ...(shape.facts ? factsColumns : {}) } as unknown as {
      quote: typeof quotes;
      customer: typeof customers;
      key: typeof key;
    } & typeof factsColumns,
    join: customer !== undefined,
  };
}
const shapeName = (shape: QuoteListShape | typeof ALL_QUOTE_COLUMNS) =>
  shape === ALL_QUOTE_COLUMNS
    ? "all"
    : `${shape.quote.join(",")}|${typeof shape.customer === "string" ? shape.customer : shape.customer.join(",")}|${shape.facts}`;

/**
 * The unfiltered list's first page and its total — the web app's and API clients' most frequent
 * read — built once per database and shape with placeholders (decision 069: drizzle built both
 * statements and worked out each row's mapping on every request, ≈ 20 % of the request's CPU
 * time), rows mapped by `withFastRows`. The same SQL as `findQuotes` builds for it.
 */
function buildPlainListQueries(db: Executor, shape: QuoteListShape | typeof ALL_QUOTE_COLUMNS) {
  const where = eq(quotes.accountId, sql.placeholder("accountId"));
  // After a key: the key's values are placeholders k0, k1 (beyondKey casts them to the key's types).
  const afterKey = beyondKey(
    QUOTE_LIST_KEY,
    QUOTE_LIST_KEY.map((_, i) => sql.placeholder(`k${i}`) as unknown as string),
    true,
  );
  const { fields, join } = listSelect(shape);
  const from = <F extends SelectedFields>(selected: F) => {
    const query = db.select(selected).from(quotes);
    // The customer's columns are null without a customer (drizzle's left join types say so too).
    return join ? (query.leftJoin(customers, eq(customers.id, quotes.customerId)) as unknown as typeof query) : query;
  };
  const listTotal = sql<number>`(select ${accountListCounts.quotes} from ${accountListCounts} where ${accountListCounts.accountId} = ${sql.placeholder("accountId")})`;
  // Named statements on PGlite (decision 087): parsed and planned once, not at every request.
  const page = (condition: SQL) =>
    namedOnPglite(
      withFastRows(
        from(fields)
          .where(condition)
          .orderBy(...keyOrder(QUOTE_LIST_KEY))
          .limit(sql.placeholder("limit"))
          .prepare(""),
      ),
    );
  return {
    // The first page brings the account's number of quotes along (decision 081: one statement).
    firstPage: namedOnPglite(
      withFastRows(
        from({
          ...fields,
          listTotal,
        })
          .where(where)
          .orderBy(...keyOrder(QUOTE_LIST_KEY))
          .limit(sql.placeholder("limit"))
          .prepare(""),
      ),
    ),
    pageAfter: page(and(where, afterKey) as SQL),
    // A page by number in one statement (decision 084): the stored total, and the key of the row
    // before the page read from the nearer end of the list (as keysetPage's counted path: forward
    // when 2 × skip < total, else backwards), then the page after it. No row: past the end.
    pageAt: namedOnPglite(
      withFastRows(
        from({ ...fields, listTotal })
          .where(and(where, afterKeyAtSkip(QUOTE_LIST_KEY, sql`${quotes}`, where, listTotal)))
          .orderBy(...keyOrder(QUOTE_LIST_KEY))
          .limit(sql.placeholder("limit"))
          .prepare(""),
      ),
    ),
  };
}
const buildTotal = (db: Executor) =>
  // The account's number of quotes, kept by the database (decision 081).
  namedOnPglite(
    db
      .select({ quotes: accountListCounts.quotes })
      .from(accountListCounts)
      .where(eq(accountListCounts.accountId, sql.placeholder("accountId")))
      .prepare(""),
  );
const keyParams = (after: string[]) => Object.fromEntries(after.map((v, i) => [`k${i}`, v]));
/** Prepared per database: the total, and the pages of each shape asked (at most 32: API clients may ask any mix of fields). */
const plainListQueries = new WeakMap<object, { total: ReturnType<typeof buildTotal>; shapes: Map<string, ReturnType<typeof buildPlainListQueries>> }>();
const MAX_PREPARED_SHAPES = 32;
function plainList(db: Executor) {
  let queries = plainListQueries.get(db);
  if (!queries) {
    queries = { total: buildTotal(db), shapes: new Map() };
    plainListQueries.set(db, queries);
  }
  return queries;
}
function plainListOf(db: Executor, shape: QuoteListShape | typeof ALL_QUOTE_COLUMNS) {
  const { shapes } = plainList(db);
  const name = shapeName(shape);
  let queries = shapes.get(name);
  if (!queries) {
    queries = buildPlainListQueries(db, shape);
    if (shapes.size < MAX_PREPARED_SHAPES) shapes.set(name, queries);
  }
  return queries;
}

/**
 * A page of the account's quotes, newest first, filtered by (display) status and searched. By
 * keyset (src/server/db/keyset.ts): after or before a cursor, or at a page number (`offset`).
 */
export async function findQuotes(
  db: Executor,
  accountId: string,
  options: {
    status: QuoteDisplayStatus | null;
    state?: QuoteState | null;
    declined?: boolean;
    search: string | null;
    offset: number;
    limit: number;
    after?: string[] | null;
    before?: string[] | null;
    /** What to read of each quote (decision 084); every column when not given. */
    shape?: QuoteListShape | typeof ALL_QUOTE_COLUMNS;
  },
  today = todayIso(),
): Promise<KeysetPage<QuoteRow & { key: string[] }>> {
  const shape = options.shape ?? ALL_QUOTE_COLUMNS;
  const pattern = options.search ? likePattern(options.search) : null;
  const statusFilter = {
    DRAFT: eq(quotes.status, "DRAFT"),
    SIGNED: eq(quotes.status, "SIGNED"),
    PUBLISHED: and(eq(quotes.status, "PUBLISHED"), sql`${quotes.expirationDate} >= ${today}::date`),
    EXPIRED: and(eq(quotes.status, "PUBLISHED"), sql`${quotes.expirationDate} < ${today}::date`),
  };
  const where = and(
    eq(quotes.accountId, accountId),
    options.status ? statusFilter[options.status] : undefined,
    // The displayed state (src/shared/quote-state.ts), computed in SQL from the same facts.
    options.state ? sql`${stateSql(today)} = ${options.state}` : undefined,
    // A decline is an event, not a status (decision 027): the quotes with an active one.
    options.declined
      ? sql`exists (select 1 from ${quoteConversationEntries} d where d.quote_id = ${quotes.id} and d.kind = 'DECLINE' and d.cleared_at is null)`
      : undefined,
    // Title, number and the published customer name (one lower-cased column: `like`, not five
    // `ilike`s), or a customer of the account whose name or company matches (2,000 customers are
    // searched once, not once per quote through a join; their lower-cased column, decision 081).
    pattern
      ? or(
          sql`${quotes.searchText} like lower(${pattern})`,
          sql`${quotes.customerId} in (select c.id from ${customers} c where c.account_id = ${accountId} and c.quote_search_text like lower(${pattern}))`,
        )
      : undefined,
  );
  const select = listSelect(shape);
  // No filter: the forward reads and the total are the prepared statements of plainList.
  const plain = !options.status && !options.state && !options.declined && !pattern;
  let firstPageTotal: number | null = null;
  return keysetPage(
    QUOTE_LIST_KEY,
    { after: options.after ?? null, before: options.before ?? null, offset: options.offset, limit: options.limit },
    {
      read: async (extra, order, limit) => {
        const query = db.select(select.fields).from(quotes);
        const rows = await (select.join ? (query.leftJoin(customers, eq(customers.id, quotes.customerId)) as unknown as typeof query) : query)
          .where(and(where, extra))
          .orderBy(...order)
          .limit(limit);
        return rows.map(listRow);
      },
      count: async (condition) => {
        const [row] = await db
          .select({ total: count(), matching: condition ? sql<number>`count(*) filter (where ${condition})` : count() })
          .from(quotes)
          .where(where);
        return { total: Number(row.total), matching: Number(row.matching) };
      },
      keyAt: async (order, offset) => {
        const [row] = await queryRows<{ key: string[] }>(db, keyAtSql(QUOTE_LIST_KEY, sql`${quotes} where ${where}`, order, offset));
        return row?.key ?? null;
      },
      forward: plain
        ? {
            read: async (after, limit) => {
              const queries = plainListOf(db, shape);
              if (after) return (await queries.pageAfter.execute({ accountId, limit, ...keyParams(after) })).map(listRow);
              const rows = await queries.firstPage.execute({ accountId, limit });
              // The count came with the rows (an empty first page: an empty list).
              firstPageTotal = rows.length ? Number(rows[0].listTotal ?? 0) : 0;
              return rows.map(listRow);
            },
            pageAt: async (offset, limit) => {
              const rows = await plainListOf(db, shape).pageAt.execute({ accountId, skip: offset - 1, limit });
              return rows.length ? { rows: rows.map(listRow), total: Number(rows[0].listTotal ?? 0) } : null;
            },
          }
        : undefined,
      // No filter: the total is the account's stored count, and a cursor's page number counts an index range.
      counted: plain
        ? {
            total: async () => {
              if (firstPageTotal !== null) return firstPageTotal;
              const [row] = await plainList(db).total.execute({ accountId });
              return Number(row?.quotes ?? 0);
            },
            countWhere: async (condition) => {
              const [row] = await db.select({ n: count() }).from(quotes).where(and(where, condition));
              return Number(row.n);
            },
          }
        : undefined,
    },
  );
}
