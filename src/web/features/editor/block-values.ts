import { z } from "zod";
import { type TPricingBlockInput, ZPricingBlockInput, ZTextBlockInput } from "../../../shared/blocks";
import type { DiscountType, PricingUnit } from "../../../shared/enums";
import { type FormatLanguage, formatDecimalInput, formatMoneyInput, parseDecimalInput, parseMoneyInput } from "../../../shared/format";
import type { RichDocument } from "../../../shared/rich-text";

/**
 * What the block forms hold, and the way to and from the GraphQL input. Money, amounts and
 * percentages are held AS TYPED in the quote's language ("1.234,50" in Dutch); the form's schema
 * reads them into exact decimal strings and then applies the server's own rules
 * (`ZPricingBlockInput`), so a field shows the same message the server would send.
 */

export type LineFormValues = {
  name: string;
  description: string;
  price: string;
  amount: string;
  vatRate: string;
  discountType: "" | DiscountType;
  discountValue: string;
  optional: boolean;
  selected: boolean;
  recurring: boolean;
};

export type PricingFormValues = {
  name: string;
  content: RichDocument | null;
  pricingUnit: PricingUnit;
  discountType: "" | DiscountType;
  discountValue: string;
  lineItems: LineFormValues[];
};

/** A stored or returned line (QuoteLineItem / TemplateLineItem) with exact decimals. */
export type StoredLine = {
  name: string;
  description: string | null;
  price: string;
  amount: string;
  vatRate: string;
  discountType: string | null;
  discountValue: string | null;
  optional: boolean;
  selected: boolean;
  recurring: boolean;
};
export type StoredPricingBlock = {
  name: string;
  content: unknown;
  pricingUnit: string;
  discountType: string | null;
  discountValue: string | null;
  lines: StoredLine[];
};

/** Text that did not read as a number: kept recognisable so that the server's rule refuses it. */
const UNREADABLE = "?";

function readMoney(text: string, language: FormatLanguage | string): string {
  if (text.trim() === "") return "";
  return parseMoneyInput(text, language) ?? `${UNREADABLE}${text}`;
}
function readNumber(text: string, language: FormatLanguage | string, maxDecimals: number): string {
  if (text.trim() === "") return "";
  return parseDecimalInput(text, language, { maxDecimals }) ?? `${UNREADABLE}${text}`;
}
function readDiscount(type: "" | DiscountType, text: string, language: FormatLanguage | string): string | null {
  if (!type) return null;
  return type === "AMOUNT" ? readMoney(text, language) : readNumber(text, language, 2);
}

/** The form's values as the GraphQL PricingBlockInput (exact decimals; unreadable text stays refusable). */
export function pricingInputFromForm(values: PricingFormValues, language: FormatLanguage | string) {
  return {
    name: values.name,
    content: values.content,
    pricingUnit: values.pricingUnit,
    discountType: values.discountType || null,
    discountValue: readDiscount(values.discountType, values.discountValue, language),
    lineItems: values.lineItems.map((line) => lineInputFromForm(line, language)),
  };
}

/** One line's form values as the GraphQL LineItemInput. */
export function lineInputFromForm(line: LineFormValues, language: FormatLanguage | string) {
  return {
    name: line.name,
    description: line.description.trim() ? line.description : null,
    price: readMoney(line.price, language),
    amount: readNumber(line.amount, language, 3),
    vatRate: readNumber(line.vatRate, language, 2),
    discountType: line.discountType || null,
    discountValue: readDiscount(line.discountType, line.discountValue, language),
    optional: line.optional,
    selected: line.optional ? line.selected : true,
    recurring: line.recurring,
  };
}

/** A stored block as form values, written in the quote's language. */
export function pricingFormFromStored(block: StoredPricingBlock | null, language: FormatLanguage | string, defaultVat: string): PricingFormValues {
  if (!block) return { name: "", content: null, pricingUnit: "NONE", discountType: "", discountValue: "", lineItems: [newLine(defaultVat, language)] };
  const discountText = (type: string | null, value: string | null) =>
    !type || value === null ? "" : type === "AMOUNT" ? formatMoneyInput(value, language) : formatDecimalInput(value, language);
  return {
    name: block.name,
    content: (block.content as RichDocument | null) ?? null,
    pricingUnit: block.pricingUnit as PricingUnit,
    discountType: (block.discountType ?? "") as "" | DiscountType,
    discountValue: discountText(block.discountType, block.discountValue),
    lineItems: block.lines.map((line) => ({
      name: line.name,
      description: line.description ?? "",
      price: formatMoneyInput(line.price, language),
      amount: formatDecimalInput(line.amount, language),
      vatRate: formatDecimalInput(line.vatRate, language),
      discountType: (line.discountType ?? "") as "" | DiscountType,
      discountValue: discountText(line.discountType, line.discountValue),
      optional: line.optional,
      selected: line.selected,
      recurring: line.recurring,
    })),
  };
}

/** An empty line: amount 1, the account's default VAT rate. */
export function newLine(defaultVat: string, language: FormatLanguage | string): LineFormValues {
  return {
    name: "",
    description: "",
    price: "",
    amount: "1",
    vatRate: formatDecimalInput(defaultVat, language),
    discountType: "",
    discountValue: "",
    optional: false,
    selected: true,
    recurring: false,
  };
}

const ZLineForm = z.object({
  name: z.string(),
  description: z.string(),
  price: z.string(),
  amount: z.string(),
  vatRate: z.string(),
  discountType: z.enum(["", "PERCENTAGE", "AMOUNT"]),
  discountValue: z.string(),
  optional: z.boolean(),
  selected: z.boolean(),
  recurring: z.boolean(),
});

/**
 * The pricing form's schema in one quote language: the typed values are read into exact
 * decimals, then checked with the server's `ZPricingBlockInput` (same paths, same messages).
 */
export function pricingFormSchema(language: FormatLanguage | string) {
  return z
    .object({
      name: z.string(),
      content: z.custom<RichDocument | null>(() => true),
      pricingUnit: z.string(),
      discountType: z.enum(["", "PERCENTAGE", "AMOUNT"]),
      discountValue: z.string(),
      lineItems: z.array(ZLineForm),
    })
    .transform((values): TPricingBlockInput => pricingInputFromForm(values as PricingFormValues, language))
    .pipe(ZPricingBlockInput);
}

export type TextFormValues = { name: string; content: RichDocument | null };
export const textFormSchema = ZTextBlockInput;
