import type { FieldMap, InterfaceFieldBuilder } from "@pothos/core";
import { ZPricingBlockInput, ZTextBlockInput } from "../../../shared/blocks";
import { sanitizeDocument } from "../../../shared/rich-text";
import { AppError } from "../../errors";
import { type Totals, centsToString, totalsToStrings } from "../../../shared/totals";
import { builder } from "../../graphql/builder";
import { cost } from "../../graphql/cost";
import { DiscountTypeEnum, PricingUnitEnum, RecurringIntervalEnum } from "../../graphql/enums";
import { requireAccountScope } from "../../graphql/tenancy";
import { parseInput } from "../../graphql/validation";
import { QuoteRef } from "../quotes/quotes.graphql";
import { getQuoteById, quoteNotFound } from "../quotes/quotes.service";
import { quoteTotalsOf } from "../quotes/quote-totals.service";
import { type UploadedImage, uploadRichTextImage } from "./images";
import {
  type AnyBlockRow,
  type BlockValues,
  type LineRow,
  type QuoteBlockRow,
  type TemplateBlockRow,
  createQuoteBlock,
  createQuoteBlockFromTemplate,
  deleteQuoteBlock,
  duplicateQuoteBlock,
  findBlocksOfQuotes,
  getQuoteBlock,
  pricedBlock,
  quoteLinesOf,
  saveQuoteBlockAsTemplate,
  updateQuoteBlock,
  updateQuoteBlockPositions,
} from "./blocks.service";

/**
 * The GraphQL side of the ONE block implementation (docs/decisions/014): `defineBlockTypes` builds
 * the interface, the text and pricing types and the line-item type for an owner — quote blocks
 * (QuoteBlock, TextQuoteBlock, PricingQuoteBlock, QuoteLineItem) and template blocks
 * (TemplateBlock, …, TemplateLineItem, in modules/templates) — from the same field builders.
 */

// --- Totals ------------------------------------------------------------------------------------

type Part = ReturnType<typeof totalsToStrings>["oneOff"];
type RecurringPart = ReturnType<typeof totalsToStrings>["recurring"][number];
const VatAmountRef = builder.objectRef<Part["vat"][number]>("VatAmount").implement({
  description: "VAT at one rate: the base it is computed on and the amount (rounded per rate, half away from zero).",
  fields: (t) => ({
    rate: t.exposeString("rate", { description: 'Percent: "21", "9", "0".' }),
    base: t.exposeString("base"),
    vat: t.exposeString("vat"),
  }),
});
const TotalsPartRef = builder.objectRef<Part>("TotalsPart").implement({
  description: "One-off amounts. subtotal − discount = totalExclVat; + vatTotal = totalInclVat.",
  fields: (t) => ({
    subtotal: t.exposeString("subtotal", { description: "Sum of the counted lines' price × amount." }),
    discount: t.exposeString("discount", { description: "Line discounts plus the block discount." }),
    totalExclVat: t.exposeString("totalExclVat"),
    vat: t.field({ type: [VatAmountRef], resolve: (p) => p.vat }),
    vatTotal: t.exposeString("vatTotal"),
    totalInclVat: t.exposeString("totalInclVat"),
  }),
});
const RecurringTotalsPartRef = builder.objectRef<RecurringPart>("RecurringTotalsPart").implement({
  description: "Recurring amounts per interval (never added to the one-off amounts).",
  fields: (t) => ({
    interval: t.field({ type: RecurringIntervalEnum, resolve: (p) => p.interval }),
    subtotal: t.exposeString("subtotal"),
    discount: t.exposeString("discount"),
    totalExclVat: t.exposeString("totalExclVat"),
    vat: t.field({ type: [VatAmountRef], resolve: (p) => p.vat }),
    vatTotal: t.exposeString("vatTotal"),
    totalInclVat: t.exposeString("totalInclVat"),
  }),
});
export const TotalsRef = builder.objectRef<Totals>("Totals").implement({
  description: "Totals (src/shared/totals.ts): one-off and per recurring interval, never summed together; optional lines only when selected.",
  fields: (t) => ({
    oneOff: t.field({ type: TotalsPartRef, resolve: (totals) => totals.oneOff }),
    recurring: t.field({ type: [RecurringTotalsPartRef], resolve: (totals) => totals.recurring }),
  }),
});

// --- Blocks and lines (one definition, two owners) ------------------------------------------------

/**
 * A line as GraphQL serves it: every field already a plain value, made once per loaded block
 * (`lineViews`), so that the 10–20 fields of 2,000 lines are read, not computed, one by one.
 */
type LineView = {
  id: string;
  name: string;
  description: string | null;
  price: string;
  amount: string;
  vatRate: string;
  discountType: LineRow["discountType"];
  discountValue: string | null;
  optional: boolean;
  selected: boolean;
  recurring: boolean;
  total: string;
};

function defineLineItemType(name: string) {
  return builder.objectRef<LineView>(name).implement({
    description: "A line of a pricing block.",
    fields: (t) => ({
      id: t.exposeID("id"),
      name: t.exposeString("name"),
      description: t.exposeString("description", { nullable: true }),
      price: t.exposeString("price", { description: 'Price per unit, an exact decimal ("1250.00").' }),
      amount: t.exposeString("amount", { description: "Quantity, an exact decimal with up to 3 places." }),
      vatRate: t.exposeString("vatRate", { description: 'VAT percent ("21").' }),
      discountType: t.expose("discountType", { type: DiscountTypeEnum, nullable: true }),
      discountValue: t.exposeString("discountValue", { nullable: true }),
      optional: t.exposeBoolean("optional", { description: "The customer may tick it on the public page." }),
      selected: t.exposeBoolean("selected", { description: "Optional lines: selected by default (always true for other lines)." }),
      recurring: t.exposeBoolean("recurring", { description: "Recurring per the block's unit (MONTH / QUARTER / YEAR) instead of one-off." }),
      total: t.exposeString("total", { description: "price × amount − the line discount, excl. VAT, rounded to the cent." }),
    }),
  });
}

/** "12.500" → "12.5", "21.00" → "21". */
function trimDecimal(value: string): string {
  return value.includes(".") ? value.replace(/0+$/, "").replace(/\.$/, "") || "0" : value;
}

const views = new WeakMap<readonly LineRow[], LineView[]>();
/** A block's lines as GraphQL serves them, made once per loaded line list. */
function lineViews(block: AnyBlockRow): LineView[] {
  const lines = block.lineItems as readonly LineRow[];
  const cached = views.get(lines);
  if (cached) return cached;
  const { lineTotals } = pricedBlock(block);
  const result = lines.map((li, i) => ({
    id: li.id,
    name: li.name,
    description: li.description,
    price: centsToString(BigInt(li.priceCents)),
    amount: trimDecimal(li.amount),
    vatRate: trimDecimal(li.vatRate),
    discountType: li.discountType,
    discountValue: li.discountValue === null ? null : trimDecimal(li.discountValue),
    optional: li.optional,
    selected: li.selected,
    recurring: li.recurring,
    total: centsToString(lineTotals[i]),
  }));
  views.set(lines, result);
  return result;
}

type BlockTypeNames = { interfaceName: string; text: string; pricing: string; lineItem: string; linesField: string; description: string };

/**
 * The interface, text type and pricing type of one owner's blocks. Extra fields (a quote block's
 * position, a template's dates) come from `extraFields`.
 */
export function defineBlockTypes<T extends AnyBlockRow>(names: BlockTypeNames, extraFields: (t: InterfaceFieldBuilder<BuilderTypes, T>) => FieldMap) {
  const LineItemRef = defineLineItemType(names.lineItem);
  const InterfaceRef = builder.interfaceRef<T>(names.interfaceName).implement({
    description: names.description,
    resolveType: (block) => (block.kind === "PRICING" ? names.pricing : names.text),
    fields: (t) => ({
      id: t.id({ resolve: (b) => b.id }),
      name: t.string({ resolve: (b) => b.name }),
      content: t.field({ type: "JSON", nullable: true, description: "Rich text (TipTap JSON, allow-listed).", resolve: (b) => b.content }),
      ...extraFields(t),
    }),
  });
  const TextRef = builder.objectRef<T>(names.text).implement({
    interfaces: [InterfaceRef],
    isTypeOf: (block) => (block as AnyBlockRow).kind === "TEXT",
    fields: () => ({}),
  });
  const PricingRef = builder.objectRef<T>(names.pricing).implement({
    interfaces: [InterfaceRef],
    isTypeOf: (block) => (block as AnyBlockRow).kind === "PRICING",
    fields: (t) => ({
      pricingUnit: t.field({ type: PricingUnitEnum, resolve: (b) => b.pricingUnit ?? "NONE" }),
      discountType: t.field({ type: DiscountTypeEnum, nullable: true, description: "Block discount (null: none).", resolve: (b) => b.discountType }),
      discountValue: t.string({
        nullable: true,
        description: '"10" (percent) or "50.00" (amount).',
        resolve: (b) => (b.discountValue === null ? null : trimDecimal(b.discountValue)),
      }),
      // Loaded with the blocks: no query of its own.
      [names.linesField]: t.field({ type: [LineItemRef], extensions: cost.loadedList(10), resolve: (b) => lineViews(b) }),
      totals: t.field({ type: TotalsRef, description: "This block's totals.", resolve: (b) => totalsToStrings(pricedBlock(b).totals) }),
    }),
  });
  return { InterfaceRef, TextRef, PricingRef, LineItemRef };
}
/** The schema types the builder was made with (context, scalars, auth scopes). */
type BuilderTypes = typeof builder extends PothosSchemaTypes.SchemaBuilder<infer Types> ? Types : never;

// --- Inputs ------------------------------------------------------------------------------------

export const TextBlockInput = builder.inputType("TextBlockInput", {
  fields: (t) => ({
    name: t.string({ required: true, description: "1–200 characters." }),
    content: t.field({ type: "JSON", required: false, description: "A TipTap document (≤ 256 KB), or null." }),
  }),
});
const LineItemInput = builder.inputType("LineItemInput", {
  fields: (t) => ({
    name: t.string({ required: true }),
    description: t.string({ required: false }),
    price: t.string({ required: true, description: "0 – 1000000000, ≤ 2 decimals, a dot as separator." }),
    amount: t.string({ required: true, description: "More than 0, ≤ 1000000, ≤ 3 decimals." }),
    vatRate: t.string({ required: true, description: "Percent, 0–100." }),
    discountType: t.string({ required: false, description: "PERCENTAGE or AMOUNT (null: no discount)." }),
    discountValue: t.string({ required: false }),
    optional: t.boolean({ required: true }),
    selected: t.boolean({ required: true }),
    recurring: t.boolean({ required: true, description: "Needs the block unit MONTH, QUARTER or YEAR." }),
  }),
});
export const PricingBlockInput = builder.inputType("PricingBlockInput", {
  fields: (t) => ({
    name: t.string({ required: true }),
    content: t.field({ type: "JSON", required: false }),
    pricingUnit: t.string({ required: true, description: "DAY, WEEK, MONTH, QUARTER, YEAR, ITEMS or NONE." }),
    discountType: t.string({ required: false }),
    discountValue: t.string({ required: false }),
    lineItems: t.field({ type: [LineItemInput], required: true, description: "The whole list in order (≤ 500), replaced in one transaction." }),
  }),
});

/**
 * A block's input, validated by the shared schema, and its content checked once more with the
 * account: images only of this account's own uploads (shared/rich-text.ts).
 */
export const parseTextBlock = (input: unknown, accountId: string): BlockValues =>
  ownImagesOnly({ kind: "TEXT", ...parseInput(ZTextBlockInput, input) }, accountId);
export const parsePricingBlock = (input: unknown, accountId: string): BlockValues =>
  ownImagesOnly({ kind: "PRICING", ...parseInput(ZPricingBlockInput, input) }, accountId);

function ownImagesOnly(values: BlockValues, accountId: string): BlockValues {
  if (!values.content) return values;
  const checked = sanitizeDocument(values.content, { accountId });
  if (!checked.ok) throw new AppError("BAD_USER_INPUT", checked.error, {}, { content: { key: checked.error } });
  return { ...values, content: checked.doc };
}

// --- Images in rich text ------------------------------------------------------------------------

const RichTextImageRef = builder.objectRef<UploadedImage>("RichTextImage").implement({
  description: "An uploaded image for rich text: `src` is what an image node of this account's documents may show.",
  fields: (t) => ({
    src: t.exposeString("src", { description: "/files/images-<account>/<key>.png|jpg (re-encoded; never the uploaded bytes)." }),
    width: t.exposeInt("width"),
    height: t.exposeInt("height"),
  }),
});

builder.mutationField("uploadRichTextImage", (t) =>
  t.field({
    type: RichTextImageRef,
    description: "Stores an image for rich text (multipart upload; PNG, JPEG or WebP, at most 5 MB, no SVG). It is re-encoded and fitted into 1600 × 1600.",
    authScopes: { accountRole: "member" },
    extensions: cost.mutation,
    args: { file: t.arg({ type: "File", required: true }) },
    resolve: (_root, args, ctx) => uploadRichTextImage(ctx.files, requireAccountScope(ctx).accountId, args.file),
  }),
);

// --- Quote blocks ------------------------------------------------------------------------------

export const QuoteBlockTypes = defineBlockTypes<QuoteBlockRow>(
  {
    interfaceName: "QuoteBlock",
    text: "TextQuoteBlock",
    pricing: "PricingQuoteBlock",
    lineItem: "QuoteLineItem",
    linesField: "quoteLineItems",
    description: "A block of a quote: text, or pricing with line items.",
  },
  (t) => ({ position: t.exposeInt("position", { description: "From 0, in the quote's order." }) }),
);
const { InterfaceRef: QuoteBlockRef, TextRef: TextQuoteBlockRef, PricingRef: PricingQuoteBlockRef } = QuoteBlockTypes;

builder.objectFields(QuoteRef, (t) => ({
  quoteBlocks: t.loadableGroup({
    type: QuoteBlockRef,
    description: "The blocks in position order.",
    extensions: cost.perParent(5),
    // Blocks, and the lines the quote's totals read too (quoteLinesOf): 2 statements in all.
    load: (ids: string[], ctx) => findBlocksOfQuotes(ctx.db, ids, quoteLinesOf(ctx)),
    group: (block) => block.quoteId,
    resolve: (q) => q.id,
  }),
  totals: t.field({
    type: TotalsRef,
    description: "One-off and recurring totals with VAT per rate (never summed together).",
    extensions: cost.perParent(3),
    // Stored with the quote (decision 062); computed from the lines only before the backfill reached it.
    resolve: async (q, _args, ctx) => q.totals ?? totalsToStrings(await quoteTotalsOf(ctx, q)),
  }),
}));

builder.mutationField("createTextQuoteBlock", (t) =>
  t.field({
    type: TextQuoteBlockRef,
    description: "Appends a text block to a draft quote.",
    authScopes: { accountRole: "member" },
    extensions: cost.mutation,
    args: { quoteId: t.arg.id({ required: true }), input: t.arg({ type: TextBlockInput, required: true }) },
    resolve: (_root, args, ctx) =>
      createQuoteBlock(ctx.db, requireAccountScope(ctx).accountId, String(args.quoteId), parseTextBlock(args.input, requireAccountScope(ctx).accountId)),
  }),
);

builder.mutationField("updateTextQuoteBlock", (t) =>
  t.field({
    type: TextQuoteBlockRef,
    description: "Edits a text block of a draft quote.",
    authScopes: { accountRole: "member" },
    extensions: cost.mutation,
    args: { id: t.arg.id({ required: true }), input: t.arg({ type: TextBlockInput, required: true }) },
    resolve: (_root, args, ctx) =>
      updateQuoteBlock(ctx.db, requireAccountScope(ctx).accountId, String(args.id), parseTextBlock(args.input, requireAccountScope(ctx).accountId)),
  }),
);

builder.mutationField("createPricingQuoteBlock", (t) =>
  t.field({
    type: PricingQuoteBlockRef,
    description: "Appends a pricing block (with its lines) to a draft quote.",
    authScopes: { accountRole: "member" },
    extensions: cost.mutation,
    args: { quoteId: t.arg.id({ required: true }), input: t.arg({ type: PricingBlockInput, required: true }) },
    resolve: (_root, args, ctx) =>
      createQuoteBlock(ctx.db, requireAccountScope(ctx).accountId, String(args.quoteId), parsePricingBlock(args.input, requireAccountScope(ctx).accountId)),
  }),
);

builder.mutationField("updatePricingQuoteBlock", (t) =>
  t.field({
    type: PricingQuoteBlockRef,
    description: "Edits a pricing block of a draft quote; its whole line list is replaced in one transaction.",
    authScopes: { accountRole: "member" },
    extensions: cost.mutation,
    args: { id: t.arg.id({ required: true }), input: t.arg({ type: PricingBlockInput, required: true }) },
    resolve: (_root, args, ctx) =>
      updateQuoteBlock(ctx.db, requireAccountScope(ctx).accountId, String(args.id), parsePricingBlock(args.input, requireAccountScope(ctx).accountId)),
  }),
);

builder.mutationField("duplicateQuoteBlock", (t) =>
  t.field({
    type: QuoteBlockRef,
    description: "A copy of a block of a draft quote, right after the original.",
    authScopes: { accountRole: "member" },
    extensions: cost.mutation,
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) => duplicateQuoteBlock(ctx.db, requireAccountScope(ctx).accountId, String(args.id)),
  }),
);

builder.queryField("quoteBlock", (t) =>
  t.field({
    type: QuoteBlockRef,
    description: "One block of a quote of the selected account.",
    authScopes: { accountRole: "member" },
    extensions: cost.one,
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) => getQuoteBlock(ctx.db, requireAccountScope(ctx).accountId, String(args.id)),
  }),
);

builder.mutationField("deleteQuoteBlock", (t) =>
  t.id({
    description: "Deletes a block of a draft quote and returns its id.",
    authScopes: { accountRole: "member" },
    extensions: cost.mutation,
    args: { id: t.arg.id({ required: true }) },
    resolve: async (_root, args, ctx) => {
      await deleteQuoteBlock(ctx.db, requireAccountScope(ctx).accountId, String(args.id));
      return String(args.id);
    },
  }),
);

builder.mutationField("updateQuoteBlockPositions", (t) =>
  t.field({
    type: QuoteRef,
    description: "Reorders a draft quote's blocks in one transaction; `ids` must be exactly the quote's blocks, each once.",
    authScopes: { accountRole: "member" },
    extensions: cost.mutation,
    args: { quoteId: t.arg.id({ required: true }), ids: t.arg.idList({ required: true }) },
    resolve: async (_root, args, ctx) => {
      const { accountId } = requireAccountScope(ctx);
      await updateQuoteBlockPositions(ctx.db, accountId, String(args.quoteId), args.ids.map(String));
      const quote = await getQuoteById(ctx.db, accountId, String(args.quoteId));
      if (!quote) throw quoteNotFound();
      return quote;
    },
  }),
);

builder.mutationField("createQuoteBlockFromTemplate", (t) =>
  t.field({
    type: QuoteBlockRef,
    description: "Appends a copy of a template block to a draft quote (the client appends it to its cache).",
    authScopes: { accountRole: "member" },
    extensions: cost.mutation,
    args: { quoteId: t.arg.id({ required: true }), templateBlockId: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) => createQuoteBlockFromTemplate(ctx.db, requireAccountScope(ctx).accountId, String(args.quoteId), String(args.templateBlockId)),
  }),
);

/** Registered by modules/templates (the TemplateBlock types live there). */
export function registerSaveAsTemplate(TemplateBlockRef: ReturnType<typeof defineBlockTypes<TemplateBlockRow>>["InterfaceRef"]) {
  builder.mutationField("saveQuoteBlockAsTemplate", (t) =>
    t.field({
      type: TemplateBlockRef,
      description: "A new template block copied from a quote block.",
      authScopes: { accountRole: "member" },
      extensions: cost.mutation,
      args: { id: t.arg.id({ required: true }) },
      resolve: (_root, args, ctx) => saveQuoteBlockAsTemplate(ctx.db, requireAccountScope(ctx).accountId, String(args.id)),
    }),
  );
}
