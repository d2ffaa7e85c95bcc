import DataLoader from "dataloader";
import { and, asc, count, desc, eq, getTableColumns, ilike, inArray, max, sql } from "drizzle-orm";
import { BLOCK_LIMITS, type LineItemValues, type PricingBlockValues, type TextBlockValues } from "../../../shared/blocks";
import { likePattern } from "../../../shared/customers";
import type { BlockKind } from "../../../shared/enums";
import type { RichDocument } from "../../../shared/rich-text";
import {
  type TotalsBlock,
  type TotalsCents,
  blockTotalsCents,
  canonicalRate,
  centsToString,
  lineTotalCents,
  priceToCents,
  sumTotalsCents,
  totalsToStrings,
  type Totals,
} from "../../../shared/totals";
import { type Executor, queryRows } from "../../db/client";
import { errorMessages, isUuid } from "../../db/ids";
import { quoteBlocks, quoteLineItems, quotes, templateBlocks, templateLineItems } from "../../db/schema";
import { AppError } from "../../errors";

/**
 * ONE block implementation for quote blocks and template blocks (docs/decisions/014). Both tables
 * have the same block and line columns (db/schema/quotes.ts blockColumns / lineItemColumns); what
 * differs is only who owns a block — a quote (with a position; locked once the quote is published)
 * or the account (a template). `BlockOwner` names the owner; every function below serves both.
 */
export type BlockOwner = { kind: "quote"; quoteId: string } | { kind: "template"; accountId: string };

/** A stored line as loads read it (created_at only orders them; it is not read). */
type QuoteLineRow = Omit<typeof quoteLineItems.$inferSelect, "createdAt">;
type TemplateLineRow = Omit<typeof templateLineItems.$inferSelect, "createdAt">;
export type LineRow = QuoteLineRow | TemplateLineRow;
type QuoteBlockRecord = typeof quoteBlocks.$inferSelect;
type TemplateBlockRecord = typeof templateBlocks.$inferSelect;
/** A quote block with its line items (in order). */
export type QuoteBlockRow = QuoteBlockRecord & { lineItems: QuoteLineRow[] };
/** A template block with its line items (in order). */
export type TemplateBlockRow = TemplateBlockRecord & { lineItems: TemplateLineRow[] };

const { createdAt: _quoteLineCreatedAt, ...quoteLineColumns } = getTableColumns(quoteLineItems);
const { createdAt: _templateLineCreatedAt, ...templateLineColumns } = getTableColumns(templateLineItems);
/** What both have: the GraphQL field builders and the totals work on this. */
export type AnyBlockRow = QuoteBlockRow | TemplateBlockRow;
export type BlockValues = ({ kind: "TEXT" } & TextBlockValues) | ({ kind: "PRICING" } & PricingBlockValues);

export const blockNotFound = () => new AppError("NOT_FOUND", "blocks:errors.notFound");
export const templateNotFound = () => new AppError("NOT_FOUND", "blocks:errors.templateNotFound");
export const quoteLocked = () => new AppError("CONFLICT", "quotes:errors.locked");
const quoteNotFound = () => new AppError("NOT_FOUND", "quotes:notFound");
const tooManyBlocks = () => new AppError("BAD_USER_INPUT", "blocks:errors.tooManyBlocks", {}, { quoteId: { key: "blocks:errors.tooManyBlocks" } });

/** The database's lifecycle guard (a concurrent publish) becomes the same message the service gives. */
export async function guardedQuoteChange<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (errorMessages(error).includes("offerly:quote_locked")) throw quoteLocked();
    throw error;
  }
}

// ---------------------------------------------------------------------------------------------
// Values ↔ rows

/** Stored form of a validated line (money in cents, percentages canonical). */
function lineValues(line: LineItemValues, position: number) {
  return {
    position,
    name: line.name,
    description: line.description,
    priceCents: Number(priceToCents(line.price) ?? 0n),
    amount: line.amount,
    vatRate: canonicalRate(line.vatRate),
    discountType: line.discountType,
    discountValue: line.discountType ? line.discountValue : null,
    optional: line.optional,
    selected: line.optional ? line.selected : true,
    recurring: line.recurring,
  };
}

/** A stored line, copied (to another block or owner). */
function copyLine(line: LineRow) {
  const { id: _id, blockId: _blockId, ...rest } = line as LineRow & { accountId?: string };
  const { accountId: _accountId, ...values } = rest as typeof rest & { accountId?: string };
  return values;
}

function blockValues(values: BlockValues) {
  return values.kind === "TEXT"
    ? { kind: "TEXT" as const, name: values.name, content: values.content, pricingUnit: null, discountType: null, discountValue: null }
    : {
        kind: "PRICING" as const,
        name: values.name,
        content: values.content,
        pricingUnit: values.pricingUnit,
        discountType: values.discountType,
        discountValue: values.discountType ? values.discountValue : null,
      };
}

/** A stored block's own values, for copying. */
function copyBlockValues(block: AnyBlockRow) {
  return {
    kind: block.kind,
    name: block.name,
    content: block.content as RichDocument | null,
    pricingUnit: block.pricingUnit,
    discountType: block.discountType,
    discountValue: block.discountValue,
  };
}

/** A block row in the shape the totals module reads. */
export function toTotalsBlock(block: Pick<AnyBlockRow, "pricingUnit" | "discountType" | "discountValue"> & { lineItems: readonly LineRow[] }): TotalsBlock {
  return {
    pricingUnit: block.pricingUnit ?? "NONE",
    discountType: block.discountType,
    discountValue: block.discountValue,
    lineItems: block.lineItems.map((line) => ({
      price: centsToString(BigInt(line.priceCents)),
      amount: line.amount,
      vatRate: line.vatRate,
      discountType: line.discountType,
      discountValue: line.discountValue,
      optional: line.optional,
      selected: line.selected,
      recurring: line.recurring,
    })),
  };
}

/** A block's totals and each line's total, computed once per loaded line list (see `pricedBlock`). */
export type PricedBlock = { totals: TotalsCents; lineTotals: bigint[] };
const priced = new WeakMap<readonly LineRow[], PricedBlock>();

/**
 * The totals of a loaded pricing block and of each of its lines, computed once per line list: the
 * block's `totals`, each line's `total` and the quote's totals (the sum of its blocks') read the
 * same result instead of converting the lines again per field.
 */
export function pricedBlock(block: Pick<AnyBlockRow, "pricingUnit" | "discountType" | "discountValue"> & { lineItems: readonly LineRow[] }): PricedBlock {
  const cached = priced.get(block.lineItems);
  if (cached) return cached;
  const totalsBlock = toTotalsBlock(block);
  const result = { totals: blockTotalsCents(totalsBlock), lineTotals: totalsBlock.lineItems.map((line) => lineTotalCents(line).total) };
  priced.set(block.lineItems, result);
  return result;
}

// ---------------------------------------------------------------------------------------------
// Loading (batched: a fixed number of queries whatever the number of parents)

function groupBy<T, K>(rows: readonly T[], key: (row: T) => K): Map<K, T[]> {
  const map = new Map<K, T[]>();
  for (const row of rows) {
    const list = map.get(key(row));
    if (list) list.push(row);
    else map.set(key(row), [row]);
  }
  return map;
}

/** The blocks of several quotes (each quote's in position order) with their line items. */
export async function findBlocksOfQuotes(db: Executor, quoteIds: readonly string[], lines?: QuoteLines): Promise<QuoteBlockRow[]> {
  if (quoteIds.length === 0) return [];
  const [blocks, linesOfQuotes] = await Promise.all([
    db
      .select()
      .from(quoteBlocks)
      .where(inArray(quoteBlocks.quoteId, [...quoteIds]))
      .orderBy(asc(quoteBlocks.quoteId), asc(quoteBlocks.position), asc(quoteBlocks.createdAt)),
    lines ? lines.loadMany(quoteIds) : findLinesOfQuotes(db, quoteIds).then((map) => quoteIds.map((id) => map.get(id) ?? new Map())),
  ]);
  const byBlock = new Map<string, QuoteLineGroup>();
  for (const result of linesOfQuotes) {
    if (result instanceof Error) throw result;
    for (const [blockId, group] of result) byBlock.set(blockId, group);
  }
  return blocks.map((block) => ({ ...block, lineItems: byBlock.get(block.id)?.lines ?? [] }));
}

/** A pricing block's lines (in order) with the block values the totals need, from one statement. */
type QuoteLineGroup = {
  pricingUnit: QuoteBlockRecord["pricingUnit"];
  discountType: QuoteBlockRecord["discountType"];
  discountValue: string | null;
  lines: QuoteLineRow[];
};

/**
 * The lines of several quotes' pricing blocks, per quote and block: ONE statement, one row per
 * block with its lines as a JSON array (in order). On PGlite every field of every row costs a
 * buffer copy in the wire-protocol parser, so 2,000 lines × 12 columns as rows cost more than the
 * statement itself; as 100 JSON texts they are one `JSON.parse` each. Numbers that must stay exact
 * (amount, VAT rate, discounts) travel as text, as the driver gives them otherwise.
 */
async function findLinesOfQuotes(db: Executor, quoteIds: readonly string[]): Promise<Map<string, Map<string, QuoteLineGroup>>> {
  const result = new Map<string, Map<string, QuoteLineGroup>>();
  if (quoteIds.length === 0) return result;
  const ids = sql.join(
    quoteIds.map((id) => sql`${id}`),
    sql`, `,
  );
  const rows = await queryRows<{
    quote_id: string;
    block_id: string;
    pricing_unit: QuoteLineGroup["pricingUnit"];
    discount_type: QuoteLineGroup["discountType"];
    discount_value: string | null;
    lines: string;
  }>(
    db,
    sql`select b.quote_id, b.id as block_id, b.pricing_unit, b.discount_type, b.discount_value::text as discount_value,
          json_agg(json_build_array(l.id, l.position, l.name, l.description, l.price_cents, l.amount::text, l.vat_rate::text,
                   l.discount_type, l.discount_value::text, l.optional, l.selected, l.recurring) order by l.position, l.created_at)::text as lines
        from ${quoteBlocks} b join ${quoteLineItems} l on l.block_id = b.id
        where b.quote_id in (${ids}) and b.kind = 'PRICING'
        group by b.id`,
  );
  for (const row of rows) {
    const blocks = result.get(row.quote_id) ?? new Map<string, QuoteLineGroup>();
    result.set(row.quote_id, blocks);
    const lines = (JSON.parse(row.lines) as LineTuple[]).map(
      (l): QuoteLineRow => ({
        id: l[0],
        blockId: row.block_id,
        position: l[1],
        name: l[2],
        description: l[3],
        priceCents: l[4],
        amount: l[5],
        vatRate: l[6],
        discountType: l[7],
        discountValue: l[8],
        optional: l[9],
        selected: l[10],
        recurring: l[11],
      }),
    );
    blocks.set(row.block_id, { pricingUnit: row.pricing_unit, discountType: row.discount_type, discountValue: row.discount_value, lines });
  }
  return result;
}
type LineTuple = [string, number, string, string | null, number, string, string, QuoteLineRow["discountType"], string | null, boolean, boolean, boolean];

/**
 * The lines of quotes, loaded once per request (a DataLoader keyed by quote id, cached on the
 * request's context object): a quote's blocks, its totals and its one-off total all read the same
 * rows instead of a statement each.
 */
export type QuoteLines = DataLoader<string, Map<string, QuoteLineGroup>>;
const lineLoaders = new WeakMap<object, QuoteLines>();
export function quoteLinesOf(ctx: { db: Executor }): QuoteLines {
  let loader = lineLoaders.get(ctx);
  if (!loader) {
    loader = new DataLoader(async (ids: readonly string[]) => {
      const found = await findLinesOfQuotes(ctx.db, ids);
      return ids.map((id) => found.get(id) ?? new Map<string, QuoteLineGroup>());
    });
    lineLoaders.set(ctx, loader);
  }
  return loader;
}

/** A quote's totals from its loaded lines: the sum of its pricing blocks' totals. */
function totalsOfLines(blocks: Map<string, QuoteLineGroup>): TotalsCents {
  return sumTotalsCents([...blocks.values()].map((group) => pricedBlock({ ...group, lineItems: group.lines }).totals));
}

/** Template blocks by id (any order in, the rows found out), with their line items. */
export async function findTemplateBlocks(db: Executor, accountId: string, ids: readonly string[]): Promise<TemplateBlockRow[]> {
  const valid = ids.filter(isUuid);
  if (valid.length === 0) return [];
  const blocks = await db
    .select()
    .from(templateBlocks)
    .where(and(eq(templateBlocks.accountId, accountId), inArray(templateBlocks.id, valid)));
  return withLines(db, "template", blocks);
}

async function withLines(db: Executor, kind: "quote", blocks: QuoteBlockRecord[]): Promise<QuoteBlockRow[]>;
async function withLines(db: Executor, kind: "template", blocks: TemplateBlockRecord[]): Promise<TemplateBlockRow[]>;
async function withLines(db: Executor, kind: "quote" | "template", blocks: (QuoteBlockRecord | TemplateBlockRecord)[]): Promise<AnyBlockRow[]> {
  const pricing = blocks.filter((b) => b.kind === "PRICING").map((b) => b.id);
  const table = kind === "quote" ? quoteLineItems : templateLineItems;
  const lines: LineRow[] = pricing.length
    ? await db
        .select(kind === "quote" ? quoteLineColumns : templateLineColumns)
        .from(table)
        .where(inArray(table.blockId, pricing))
        .orderBy(asc(table.position), asc(table.createdAt))
    : [];
  const byBlock = groupBy(lines, (line) => line.blockId);
  return blocks.map((block) => ({ ...block, lineItems: byBlock.get(block.id) ?? [] })) as AnyBlockRow[];
}

/**
 * Quote totals (TotalsCents) for several quotes: ONE query (lines joined with their blocks, or the
 * request's `QuoteLines` when given), then the pure totals module per quote.
 */
export async function loadQuoteTotals(db: Executor, quoteIds: readonly string[], lines?: QuoteLines): Promise<Map<string, TotalsCents>> {
  const result = new Map<string, TotalsCents>();
  if (quoteIds.length === 0) return result;
  if (lines) {
    const loaded = await lines.loadMany(quoteIds);
    quoteIds.forEach((id, i) => {
      const blocks = loaded[i];
      if (blocks instanceof Error) throw blocks;
      result.set(id, totalsOfLines(blocks));
    });
    return result;
  }
  const found = await findLinesOfQuotes(db, quoteIds);
  for (const id of quoteIds) result.set(id, totalsOfLines(found.get(id) ?? new Map()));
  return result;
}

/**
 * Stores the quotes' totals as their blocks are now (issue 27, decision 062): every change of a
 * quote's blocks calls this in its transaction, so lists read `quotes.totals` instead of every
 * line. The same pure functions as every reader (src/shared/totals.ts via `loadQuoteTotals`).
 * Returns the totals written, per quote id.
 */
export async function refreshQuoteTotals(tx: Executor, quoteIds: readonly string[]): Promise<Map<string, Totals>> {
  const computed = await loadQuoteTotals(tx, quoteIds);
  const result = new Map<string, Totals>();
  for (const [id, totals] of computed) {
    const stored = totalsToStrings(totals);
    await tx.update(quotes).set({ totals: stored }).where(eq(quotes.id, id));
    result.set(id, stored);
  }
  return result;
}

// ---------------------------------------------------------------------------------------------
// Writing (always inside the caller's transaction)

/** Inserts blocks (new ids made here, so rows and lines match without relying on RETURNING order). */
async function insertBlocks(
  tx: Executor,
  owner: BlockOwner,
  blocks: { values: ReturnType<typeof blockValues> | ReturnType<typeof copyBlockValues>; lines: ReturnType<typeof copyLine>[]; position: number }[],
): Promise<string[]> {
  if (blocks.length === 0) return [];
  const ids = blocks.map(() => crypto.randomUUID());
  if (owner.kind === "quote") {
    await tx.insert(quoteBlocks).values(blocks.map((b, i) => ({ ...b.values, id: ids[i], quoteId: owner.quoteId, position: b.position })));
    const lines = blocks.flatMap((b, i) => b.lines.map((line) => ({ ...line, blockId: ids[i] })));
    if (lines.length) await tx.insert(quoteLineItems).values(lines);
  } else {
    await tx.insert(templateBlocks).values(blocks.map((b, i) => ({ ...b.values, id: ids[i], accountId: owner.accountId })));
    const lines = blocks.flatMap((b, i) => b.lines.map((line) => ({ ...line, blockId: ids[i], accountId: owner.accountId })));
    if (lines.length) await tx.insert(templateLineItems).values(lines);
  }
  return ids;
}

async function replaceLines(tx: Executor, owner: BlockOwner, blockId: string, lines: readonly LineItemValues[]) {
  if (owner.kind === "quote") {
    await tx.delete(quoteLineItems).where(eq(quoteLineItems.blockId, blockId));
    if (lines.length) await tx.insert(quoteLineItems).values(lines.map((line, i) => ({ ...lineValues(line, i), blockId })));
  } else {
    await tx.delete(templateLineItems).where(and(eq(templateLineItems.accountId, owner.accountId), eq(templateLineItems.blockId, blockId)));
    if (lines.length) await tx.insert(templateLineItems).values(lines.map((line, i) => ({ ...lineValues(line, i), blockId, accountId: owner.accountId })));
  }
}

/** Copies stored blocks (with their lines) to an owner, in the given order from `firstPosition`. */
export async function copyBlocks(tx: Executor, owner: BlockOwner, sources: readonly AnyBlockRow[], firstPosition = 0): Promise<string[]> {
  return insertBlocks(
    tx,
    owner,
    sources.map((source, i) => ({ values: copyBlockValues(source), lines: source.lineItems.map(copyLine), position: firstPosition + i })),
  );
}

/** Creates a block from validated values (lines in order). */
async function createBlock(tx: Executor, owner: BlockOwner, values: BlockValues, position: number): Promise<string> {
  const lines = values.kind === "PRICING" ? values.lineItems.map((line, i) => lineValues(line, i)) : [];
  const [id] = await insertBlocks(tx, owner, [{ values: blockValues(values), lines, position }]);
  return id;
}

/** Replaces a block's values and (pricing) its whole line list. */
async function updateBlock(tx: Executor, owner: BlockOwner, id: string, values: BlockValues) {
  const set = { ...blockValues(values), updatedAt: new Date() };
  if (owner.kind === "quote") await tx.update(quoteBlocks).set(set).where(eq(quoteBlocks.id, id));
  else
    await tx
      .update(templateBlocks)
      .set(set)
      .where(and(eq(templateBlocks.accountId, owner.accountId), eq(templateBlocks.id, id)));
  if (values.kind === "PRICING") await replaceLines(tx, owner, id, values.lineItems);
}

// ---------------------------------------------------------------------------------------------
// Quote blocks

/** The quote (own account), locked for the transaction; refused unless it is a draft. */
async function lockDraftQuote(tx: Executor, accountId: string, quoteId: string) {
  if (!isUuid(quoteId)) throw quoteNotFound();
  const [quote] = await tx
    .select({ id: quotes.id, status: quotes.status })
    .from(quotes)
    .where(and(eq(quotes.accountId, accountId), eq(quotes.id, quoteId)))
    .for("update");
  if (!quote) throw quoteNotFound();
  if (quote.status !== "DRAFT") throw quoteLocked();
  return quote;
}

/** A quote block of the account (with the quote locked when `lock`), or NOT_FOUND. */
async function quoteBlockOf(db: Executor, accountId: string, id: string): Promise<QuoteBlockRecord> {
  if (!isUuid(id)) throw blockNotFound();
  const [row] = await db
    .select({ block: quoteBlocks })
    .from(quoteBlocks)
    .innerJoin(quotes, eq(quotes.id, quoteBlocks.quoteId))
    .where(and(eq(quotes.accountId, accountId), eq(quoteBlocks.id, id)))
    .limit(1);
  if (!row) throw blockNotFound();
  return row.block;
}

async function blockCount(tx: Executor, quoteId: string) {
  const [row] = await tx
    .select({ n: count(), last: max(quoteBlocks.position) })
    .from(quoteBlocks)
    .where(eq(quoteBlocks.quoteId, quoteId));
  return { n: row.n, next: (row.last ?? -1) + 1 };
}

async function requireRoom(tx: Executor, quoteId: string, adding: number) {
  const { n, next } = await blockCount(tx, quoteId);
  if (n + adding > BLOCK_LIMITS.blocksPerQuote) throw tooManyBlocks();
  return next;
}

export async function getQuoteBlock(db: Executor, accountId: string, id: string): Promise<QuoteBlockRow> {
  const block = await quoteBlockOf(db, accountId, id);
  const [row] = await withLines(db, "quote", [block]);
  return row;
}

/** Appends a block to a draft quote. */
export async function createQuoteBlock(db: Executor, accountId: string, quoteId: string, values: BlockValues): Promise<QuoteBlockRow> {
  const id = await guardedQuoteChange(() =>
    db.transaction(async (tx) => {
      const quote = await lockDraftQuote(tx, accountId, quoteId);
      const position = await requireRoom(tx, quote.id, 1);
      const id = await createBlock(tx, { kind: "quote", quoteId: quote.id }, values, position);
      if (values.kind === "PRICING") await refreshQuoteTotals(tx, [quote.id]);
      return id;
    }),
  );
  return getQuoteBlock(db, accountId, id);
}

/** Replaces a draft quote's block (a pricing block's whole line list in the same transaction). */
export async function updateQuoteBlock(db: Executor, accountId: string, id: string, values: BlockValues): Promise<QuoteBlockRow> {
  await guardedQuoteChange(() =>
    db.transaction(async (tx) => {
      const block = await quoteBlockOf(tx, accountId, id);
      await lockDraftQuote(tx, accountId, block.quoteId);
      if (block.kind !== values.kind) throw blockNotFound();
      await updateBlock(tx, { kind: "quote", quoteId: block.quoteId }, block.id, values);
      if (values.kind === "PRICING") await refreshQuoteTotals(tx, [block.quoteId]);
    }),
  );
  return getQuoteBlock(db, accountId, id);
}

export async function deleteQuoteBlock(db: Executor, accountId: string, id: string): Promise<void> {
  await guardedQuoteChange(() =>
    db.transaction(async (tx) => {
      const block = await quoteBlockOf(tx, accountId, id);
      await lockDraftQuote(tx, accountId, block.quoteId);
      await tx.delete(quoteBlocks).where(eq(quoteBlocks.id, block.id));
      if (block.kind === "PRICING") await refreshQuoteTotals(tx, [block.quoteId]);
    }),
  );
}

/** A copy right after the original (the blocks after it move one down). */
export async function duplicateQuoteBlock(db: Executor, accountId: string, id: string): Promise<QuoteBlockRow> {
  const copyId = await guardedQuoteChange(() =>
    db.transaction(async (tx) => {
      const block = await quoteBlockOf(tx, accountId, id);
      await lockDraftQuote(tx, accountId, block.quoteId);
      await requireRoom(tx, block.quoteId, 1);
      await tx
        .update(quoteBlocks)
        .set({ position: sql`${quoteBlocks.position} + 1` })
        .where(and(eq(quoteBlocks.quoteId, block.quoteId), sql`${quoteBlocks.position} > ${block.position}`));
      const [source] = await withLines(tx, "quote", [block]);
      const [copy] = await copyBlocks(tx, { kind: "quote", quoteId: block.quoteId }, [source], block.position + 1);
      if (block.kind === "PRICING") await refreshQuoteTotals(tx, [block.quoteId]);
      return copy;
    }),
  );
  return getQuoteBlock(db, accountId, copyId);
}

/**
 * Reorders a draft quote's blocks: `ids` must be exactly its blocks, each once. One statement.
 * Returns the quote id.
 */
export async function updateQuoteBlockPositions(db: Executor, accountId: string, quoteId: string, ids: readonly string[]): Promise<void> {
  await guardedQuoteChange(() =>
    db.transaction(async (tx) => {
      const quote = await lockDraftQuote(tx, accountId, quoteId);
      const current = await tx.select({ id: quoteBlocks.id }).from(quoteBlocks).where(eq(quoteBlocks.quoteId, quote.id));
      const known = new Set(current.map((b) => b.id));
      const given = new Set(ids);
      if (given.size !== ids.length || given.size !== known.size || ids.some((id) => !known.has(id))) {
        throw new AppError("BAD_USER_INPUT", "blocks:errors.positionsMismatch", {}, { ids: { key: "blocks:errors.positionsMismatch" } });
      }
      if (ids.length === 0) return;
      const list = sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      );
      await tx
        .update(quoteBlocks)
        .set({ position: sql`array_position(ARRAY[${list}]::uuid[], ${quoteBlocks.id}) - 1`, updatedAt: new Date() })
        .where(eq(quoteBlocks.quoteId, quote.id));
    }),
  );
}

/** Appends a copy of a template block to a draft quote. */
export async function createQuoteBlockFromTemplate(db: Executor, accountId: string, quoteId: string, templateBlockId: string): Promise<QuoteBlockRow> {
  const id = await guardedQuoteChange(() =>
    db.transaction(async (tx) => {
      const quote = await lockDraftQuote(tx, accountId, quoteId);
      const [template] = await findTemplateBlocks(tx, accountId, [templateBlockId]);
      if (!template) throw templateNotFound();
      const position = await requireRoom(tx, quote.id, 1);
      const [copy] = await copyBlocks(tx, { kind: "quote", quoteId: quote.id }, [template], position);
      if (template.kind === "PRICING") await refreshQuoteTotals(tx, [quote.id]);
      return copy;
    }),
  );
  return getQuoteBlock(db, accountId, id);
}

/** A new template block copied from a quote block (any status: reading is always allowed). */
export async function saveQuoteBlockAsTemplate(db: Executor, accountId: string, id: string): Promise<TemplateBlockRow> {
  const copyId = await db.transaction(async (tx) => {
    const block = await quoteBlockOf(tx, accountId, id);
    const [source] = await withLines(tx, "quote", [block]);
    const [copy] = await copyBlocks(tx, { kind: "template", accountId }, [source]);
    return copy;
  });
  return getTemplateBlock(db, accountId, copyId);
}

/**
 * Blocks for a new quote (createQuote's startFrom), inside its transaction: another quote's blocks
 * (own account) or template blocks in the order given. Unknown ids → NOT_FOUND, nothing written.
 */
export async function startQuoteFrom(
  tx: Executor,
  accountId: string,
  quoteId: string,
  from: { quoteId?: string | null; templateBlockIds?: readonly string[] | null },
) {
  if (from.quoteId && from.templateBlockIds?.length) {
    throw new AppError("BAD_USER_INPUT", "blocks:errors.startFromInvalid", {}, { startFrom: { key: "blocks:errors.startFromInvalid" } });
  }
  if (from.quoteId) {
    if (!isUuid(from.quoteId)) throw quoteNotFound();
    const [source] = await tx
      .select({ id: quotes.id })
      .from(quotes)
      .where(and(eq(quotes.accountId, accountId), eq(quotes.id, from.quoteId)));
    if (!source) throw quoteNotFound();
    await copyBlocks(tx, { kind: "quote", quoteId }, await findBlocksOfQuotes(tx, [source.id]));
    return;
  }
  const ids = from.templateBlockIds ?? [];
  if (ids.length === 0) return;
  if (ids.length > BLOCK_LIMITS.blocksPerQuote) throw tooManyBlocks();
  const found = new Map((await findTemplateBlocks(tx, accountId, ids)).map((b) => [b.id, b]));
  const ordered = ids.map((id) => found.get(id));
  if (ordered.some((b) => !b)) throw templateNotFound();
  await copyBlocks(tx, { kind: "quote", quoteId }, ordered as TemplateBlockRow[]);
}

// ---------------------------------------------------------------------------------------------
// Template blocks

export async function getTemplateBlock(db: Executor, accountId: string, id: string): Promise<TemplateBlockRow> {
  const [row] = await findTemplateBlocks(db, accountId, [id]);
  if (!row) throw templateNotFound();
  return row;
}

/** A page of the account's template blocks, most recently changed first; by kind and name. */
export async function findTemplateBlockPage(
  db: Executor,
  accountId: string,
  options: { kind: BlockKind | null; search: string | null; offset: number; limit: number },
) {
  const where = and(
    eq(templateBlocks.accountId, accountId),
    options.kind ? eq(templateBlocks.kind, options.kind) : undefined,
    options.search ? ilike(templateBlocks.name, likePattern(options.search)) : undefined,
  );
  const [rows, [{ total }]] = await Promise.all([
    db.select().from(templateBlocks).where(where).orderBy(desc(templateBlocks.updatedAt), desc(templateBlocks.id)).offset(options.offset).limit(options.limit),
    db.select({ total: count() }).from(templateBlocks).where(where),
  ]);
  return { items: await withLines(db, "template", rows), total };
}

export async function createTemplateBlock(db: Executor, accountId: string, values: BlockValues): Promise<TemplateBlockRow> {
  const id = await db.transaction((tx) => createBlock(tx, { kind: "template", accountId }, values, 0));
  return getTemplateBlock(db, accountId, id);
}

export async function updateTemplateBlock(db: Executor, accountId: string, id: string, values: BlockValues): Promise<TemplateBlockRow> {
  await db.transaction(async (tx) => {
    const current = await getTemplateBlock(tx, accountId, id);
    if (current.kind !== values.kind) throw templateNotFound();
    await updateBlock(tx, { kind: "template", accountId }, current.id, values);
  });
  return getTemplateBlock(db, accountId, id);
}

export async function deleteTemplateBlock(db: Executor, accountId: string, id: string): Promise<void> {
  if (!isUuid(id)) throw templateNotFound();
  const deleted = await db
    .delete(templateBlocks)
    .where(and(eq(templateBlocks.accountId, accountId), eq(templateBlocks.id, id)))
    .returning({ id: templateBlocks.id });
  if (deleted.length === 0) throw templateNotFound();
}

export async function duplicateTemplateBlock(db: Executor, accountId: string, id: string): Promise<TemplateBlockRow> {
  const copyId = await db.transaction(async (tx) => {
    const source = await getTemplateBlock(tx, accountId, id);
    const [copy] = await copyBlocks(tx, { kind: "template", accountId }, [source]);
    return copy;
  });
  return getTemplateBlock(db, accountId, copyId);
}
