/**
 * A signed quote's lines as Harvest estimate line items (decision 055), exact to the cent:
 * - only the lines that count: every required line and the optional lines the customer chose
 *   (the document is the signed version with the signer's selection applied);
 * - one item per line: quantity × unit price when that product is a whole number of cents and the
 *   line has no discount (Harvest multiplies them itself), else quantity 1 at the line's total
 *   with "8 × 125.00, −10 %" in the description, so Harvest's amount is the line total exactly;
 * - a block discount is its own item (negative), per part (one-off, recurring);
 * - recurring lines are items of their own with "(per month)" (in the quote's language) after
 *   the name: Harvest estimates have no recurring amounts;
 * - amounts excl. VAT, items not taxed: Harvest has one or two tax rates per estimate, an Offerly
 *   quote one per line and rounds VAT per block and rate. The VAT is in the estimate's notes.
 * The items' amounts add up to the one-off total excl. VAT plus each recurring part's total excl. VAT.
 */
import { translator } from "../../../../shared/i18n/server";
import type { QuoteDocumentBlock } from "../../../../shared/quote-document";
import { documentTotalsBlock } from "../../../../shared/quote-document";
import {
  amountToThousandths,
  blockTotalsCents,
  canonicalRate,
  centsToString,
  isCounted,
  lineTotalCents,
  priceToCents,
  recurringIntervalOf,
} from "../../../../shared/totals";

export type EstimateItem = {
  kind: string;
  description: string;
  /** Exact decimal strings. */
  quantity: string;
  unitPrice: string;
  /** quantity × unit price in cents (what Harvest shows as the item's amount). */
  amountCents: bigint;
  taxed: false;
};

/** Harvest's default estimate item category for work. */
export const ESTIMATE_ITEM_KIND = "Service";

/** "8.000" → "8", "1.500" → "1.5". */
function canonicalAmount(thousandths: bigint): string {
  const negative = thousandths < 0n;
  const abs = negative ? -thousandths : thousandths;
  const fraction = (abs % 1000n).toString().padStart(3, "0").replace(/0+$/, "");
  return `${negative ? "-" : ""}${abs / 1000n}${fraction ? `.${fraction}` : ""}`;
}

export function estimateItems(blocks: readonly QuoteDocumentBlock[], language: string): EstimateItem[] {
  const t = translator(language === "NL" ? "nl" : "en");
  const items: EstimateItem[] = [];
  for (const block of blocks) {
    const pricing = block.pricing;
    if (!pricing) continue;
    const interval = recurringIntervalOf(pricing.unit);
    const suffixOf = (recurring: boolean) => (recurring && interval ? ` (${t(`harvest:estimate.per.${interval}`)})` : "");
    const lineDiscount = { oneOff: 0n, recurring: 0n };
    for (const line of pricing.lines) {
      const totalsLine = {
        price: line.price,
        amount: line.amount,
        vatRate: line.vatRate ?? "0",
        discountType: line.discountType ?? null,
        discountValue: line.discountValue ?? null,
        optional: line.optional ?? false,
        selected: line.selected ?? true,
        recurring: line.recurring ?? false,
      };
      if (!isCounted(totalsLine)) continue;
      const recurring = Boolean(totalsLine.recurring && interval);
      const { discount, total } = lineTotalCents(totalsLine);
      lineDiscount[recurring ? "recurring" : "oneOff"] += discount;
      const price = priceToCents(line.price) ?? 0n;
      const amount = amountToThousandths(line.amount) ?? 0n;
      const exact = discount === 0n && (price * amount) % 1000n === 0n;
      const name = `${line.name}${suffixOf(recurring)}`;
      const detail = exact
        ? ""
        : ` (${canonicalAmount(amount)} × ${centsToString(price)}${
            discount !== 0n ? `, −${line.discountType === "PERCENTAGE" ? `${canonicalRate(line.discountValue)} %` : centsToString(discount)}` : ""
          })`;
      const description = `${name}${detail}${line.description ? `\n${line.description}` : ""}`.slice(0, 2000);
      items.push(
        exact
          ? { kind: ESTIMATE_ITEM_KIND, description, quantity: canonicalAmount(amount), unitPrice: centsToString(price), amountCents: total, taxed: false }
          : { kind: ESTIMATE_ITEM_KIND, description, quantity: "1", unitPrice: centsToString(total), amountCents: total, taxed: false },
      );
    }
    // The block discount per part: the part's discount less the lines' own discounts.
    const totals = blockTotalsCents(documentTotalsBlock(pricing));
    const parts = [
      { recurring: false, discount: totals.oneOff.discount - lineDiscount.oneOff },
      ...totals.recurring.map((part) => ({ recurring: true, discount: part.discount - lineDiscount.recurring })),
    ];
    for (const part of parts) {
      if (part.discount === 0n) continue;
      items.push({
        kind: ESTIMATE_ITEM_KIND,
        description: `${t("harvest:estimate.discount", { block: block.name })}${suffixOf(part.recurring)}`.slice(0, 2000),
        quantity: "1",
        unitPrice: centsToString(-part.discount),
        amountCents: -part.discount,
        taxed: false,
      });
    }
  }
  return items;
}
