import { z } from "zod";
import { DISCOUNT_TYPES, PRICING_UNITS, SIGNATURE_KINDS } from "./enums";
import { type RichDocument, sanitizeDocument } from "./rich-text";
import { hasControlCharacters, noControlCharacters } from "./text";
import { amountToThousandths, lineTotalCents, percentToHundredths, priceToCents, recurringIntervalOf } from "./totals";

/**
 * Block, line-item and signature-template input rules, shared by the editor forms and the server
 * (one set for quote blocks and template blocks). Messages are translation keys in the `blocks`
 * namespace. Money, quantities and percentages are exact decimal strings with a dot ("1250.50");
 * the editor turns what the user typed in the quote's language into that form first.
 */

/** Limits (issue 10 "Bad input"). */
/** Images in rich text (uploadRichTextImage): what an upload may be, and the box it is fitted into. */
export const RICH_TEXT_IMAGE = {
  maxBytes: 5 * 1024 * 1024,
  /** Detected from the content, not the name or the claimed type. No SVG. */
  types: ["image/png", "image/jpeg", "image/webp"] as const,
  maxWidth: 1600,
  maxHeight: 1600,
  /** Larger images are refused before they are decoded (pixel floods): 40 megapixels. */
  maxInputPixels: 40_000_000,
} as const;

export const BLOCK_LIMITS = {
  nameMax: 200,
  descriptionMax: 2000,
  /** 0 ≤ price ≤ 10^9 (a reduction is a discount, not a negative price). */
  priceMaxCents: 100_000_000_000n,
  /** 0 < amount ≤ 10^6, at most 3 decimals. */
  amountMaxThousandths: 1_000_000_000n,
  linesPerBlock: 500,
  blocksPerQuote: 200,
  /** Rich-text content: 256 KB of JSON (rich-text.ts). */
  contentMaxBytes: 256 * 1024,
  signatureNameMax: 100,
  typedSignatureMax: 100,
  /** Drawn signatures: a PNG of at most 200 KB. */
  drawnSignatureMaxBytes: 200 * 1024,
} as const;

/** VAT rates offered per account country (percent, the default first). Others: the NL set. */
export const VAT_PRESETS: Record<string, readonly string[]> = { NL: ["21", "9", "0"], GB: ["20", "5", "0"] };
export function vatPresets(country: string | null | undefined): readonly string[] {
  return VAT_PRESETS[(country ?? "").toUpperCase()] ?? VAT_PRESETS.NL;
}
export const defaultVatRate = (country: string | null | undefined) => vatPresets(country)[0];

const ZName = z
  .string({ error: "blocks:validation.nameRequired" })
  .trim()
  .min(1, { error: "blocks:validation.nameRequired" })
  .max(BLOCK_LIMITS.nameMax, { error: "blocks:validation.nameTooLong" })
  .check(noControlCharacters());

/** Rich-text content: null, or a document that passes the allow-list (returned cleaned). */
export const ZRichContent = z
  .unknown()
  .optional()
  .transform((value, ctx): RichDocument | null => {
    if (value === null || value === undefined) return null;
    const result = sanitizeDocument(value);
    if (!result.ok) {
      ctx.issues.push({ code: "custom", message: result.error, input: value });
      return z.NEVER;
    }
    return result.doc;
  });

const ZPrice = z
  .string({ error: "blocks:validation.priceInvalid" })
  .trim()
  .refine((v) => priceToCents(v) !== undefined, { error: "blocks:validation.priceInvalid" })
  .refine(
    (v) => {
      const cents = priceToCents(v) ?? 0n;
      return cents >= 0n && cents <= BLOCK_LIMITS.priceMaxCents;
    },
    { error: "blocks:validation.priceRange" },
  );

const ZAmount = z
  .string({ error: "blocks:validation.amountInvalid" })
  .trim()
  .refine((v) => amountToThousandths(v) !== undefined, { error: "blocks:validation.amountInvalid" })
  .refine(
    (v) => {
      const t = amountToThousandths(v) ?? 0n;
      return t > 0n && t <= BLOCK_LIMITS.amountMaxThousandths;
    },
    { error: "blocks:validation.amountRange" },
  );

const ZVatRate = z
  .string({ error: "blocks:validation.vatInvalid" })
  .trim()
  .refine(
    (v) => {
      const h = percentToHundredths(v);
      return h !== undefined && h >= 0n && h <= 10000n;
    },
    { error: "blocks:validation.vatInvalid" },
  );

const ZDiscountType = z
  .enum(DISCOUNT_TYPES, { error: "blocks:validation.discountTypeInvalid" })
  .nullish()
  .transform((v) => v ?? null);
const ZOptionalText = z
  .string()
  .nullish()
  .transform((v) => (v?.trim() ? v.trim() : null));

type DiscountFields = { discountType: (typeof DISCOUNT_TYPES)[number] | null; discountValue: string | null };

/** Checks a discount's value against its type and the amount it is taken from (cents). */
function checkDiscount(d: DiscountFields, maxCents: bigint, ctx: z.RefinementCtx, path: (string | number)[]) {
  if (!d.discountType) return;
  if (d.discountType === "PERCENTAGE") {
    const h = percentToHundredths(d.discountValue);
    if (h === undefined || h < 0n) ctx.addIssue({ code: "custom", message: "blocks:validation.discountInvalid", path });
    else if (h > 10000n) ctx.addIssue({ code: "custom", message: "blocks:validation.discountTooLarge", path });
    return;
  }
  const cents = priceToCents(d.discountValue);
  if (cents === undefined || cents < 0n) ctx.addIssue({ code: "custom", message: "blocks:validation.discountInvalid", path });
  else if (cents > maxCents) ctx.addIssue({ code: "custom", message: "blocks:validation.discountTooLarge", path });
}

export const ZLineItemInput = z
  .object({
    name: ZName,
    description: ZOptionalText.pipe(z.string().max(BLOCK_LIMITS.descriptionMax, { error: "blocks:validation.descriptionTooLong" }).nullable()),
    price: ZPrice,
    amount: ZAmount,
    vatRate: ZVatRate,
    discountType: ZDiscountType,
    discountValue: ZOptionalText,
    optional: z.boolean().default(false),
    selected: z.boolean().default(true),
    recurring: z.boolean().default(false),
  })
  .superRefine((line, ctx) => {
    const gross =
      priceToCents(line.price) !== undefined && amountToThousandths(line.amount) !== undefined ? lineTotalCents({ ...line, discountType: null }).gross : 0n;
    checkDiscount(line, gross, ctx, ["discountValue"]);
  })
  .transform((line) => ({ ...line, discountValue: line.discountType ? line.discountValue : null, selected: line.optional ? line.selected : true }));
export type TLineItemInput = z.input<typeof ZLineItemInput>;
export type LineItemValues = z.output<typeof ZLineItemInput>;

export const ZTextBlockInput = z.object({ name: ZName, content: ZRichContent });
export type TTextBlockInput = z.input<typeof ZTextBlockInput>;
export type TextBlockValues = z.output<typeof ZTextBlockInput>;

export const ZPricingBlockInput = z
  .object({
    name: ZName,
    content: ZRichContent,
    pricingUnit: z.enum(PRICING_UNITS, { error: "blocks:validation.pricingUnitInvalid" }),
    discountType: ZDiscountType,
    discountValue: ZOptionalText,
    lineItems: z.array(ZLineItemInput).max(BLOCK_LIMITS.linesPerBlock, { error: "blocks:validation.tooManyLines" }),
  })
  .superRefine((block, ctx) => {
    const interval = recurringIntervalOf(block.pricingUnit);
    block.lineItems.forEach((line, index) => {
      if (line.recurring && !interval)
        ctx.addIssue({ code: "custom", message: "blocks:validation.recurringNeedsInterval", path: ["lineItems", index, "recurring"] });
    });
    // A block's amount discount may not exceed what its lines add up to (all lines, after their discounts).
    const max = block.lineItems.reduce((sum, line) => sum + lineTotalCents(line).total, 0n);
    checkDiscount(block, max, ctx, ["discountValue"]);
  })
  .transform((block) => ({ ...block, discountValue: block.discountType ? block.discountValue : null }));
export type TPricingBlockInput = z.input<typeof ZPricingBlockInput>;
export type PricingBlockValues = z.output<typeof ZPricingBlockInput>;

const PNG_DATA_URL = /^data:image\/png;base64,([A-Za-z0-9+/]+={0,2})$/;

/** Bytes a base64 payload decodes to. */
export function base64Bytes(payload: string): number {
  const padding = payload.endsWith("==") ? 2 : payload.endsWith("=") ? 1 : 0;
  return Math.floor((payload.length * 3) / 4) - padding;
}

/**
 * A signature template: TYPED → the text (1–100 characters); DRAWN → a data:image/png;base64 URL
 * of at most 200 KB (the server also checks that the bytes are a real PNG, and stores it through
 * the files adapter), or, when editing, the stored file's own URL unchanged.
 */
export const ZTemplateSignatureInput = z
  .object({
    name: z
      .string({ error: "blocks:validation.nameRequired" })
      .trim()
      .min(1, { error: "blocks:validation.nameRequired" })
      .max(BLOCK_LIMITS.signatureNameMax, { error: "blocks:validation.nameTooLong" })
      .check(noControlCharacters()),
    kind: z.enum(SIGNATURE_KINDS, { error: "blocks:validation.signatureKindInvalid" }),
    signature: z.string({ error: "blocks:validation.signatureRequired" }).trim().min(1, { error: "blocks:validation.signatureRequired" }),
    isDefault: z
      .boolean()
      .nullish()
      .transform((v) => v ?? false),
  })
  .superRefine((input, ctx) => {
    if (input.kind === "TYPED") {
      if (input.signature.length > BLOCK_LIMITS.typedSignatureMax || hasControlCharacters(input.signature)) {
        ctx.addIssue({ code: "custom", message: "blocks:validation.signatureTooLong", path: ["signature"] });
      }
      return;
    }
    if (input.signature.startsWith("/files/")) return;
    const match = PNG_DATA_URL.exec(input.signature);
    if (!match) ctx.addIssue({ code: "custom", message: "blocks:validation.signatureNotPng", path: ["signature"] });
    else if (base64Bytes(match[1]) > BLOCK_LIMITS.drawnSignatureMaxBytes) {
      ctx.addIssue({ code: "custom", message: "blocks:validation.signatureTooLarge", path: ["signature"] });
    }
  });
export type TTemplateSignatureInput = z.input<typeof ZTemplateSignatureInput>;
export type TemplateSignatureValues = z.output<typeof ZTemplateSignatureInput>;

/** The base64 payload of a PNG data URL (undefined when it is not one). */
export function pngDataUrlPayload(value: string): string | undefined {
  return PNG_DATA_URL.exec(value.trim())?.[1];
}
