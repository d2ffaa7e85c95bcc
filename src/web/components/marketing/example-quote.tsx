import { blockTotals, centsToString, computeTotals, lineTotal } from "../../../shared/totals";
import { QuoteDocument } from "../../features/quote-document/quote-document";
import type { QuoteDocumentData } from "../../features/quote-document/types";
import { useLocale, useTranslation } from "../../i18n";

/** Example line items in cents; the totals are computed (exactly), not typed. */
const ITEMS = [
  { key: "design", quantity: "5", unit: "DAY", priceCents: 64_000 },
  { key: "development", quantity: "8", unit: "DAY", priceCents: 64_000 },
  { key: "hosting", quantity: "12", unit: "MONTH", priceCents: 4_500 },
] as const;
const VAT_RATE = "21";

/**
 * A quote rendered in HTML as a customer sees it (a real document, not a picture), by the same
 * component as the public quote page: crisp at any width, and the largest element above the fold.
 */
export function ExampleQuote() {
  const { t } = useTranslation("marketing");
  const locale = useLocale();
  const lines = ITEMS.map((item) => ({ price: centsToString(BigInt(item.priceCents)), amount: item.quantity, vatRate: VAT_RATE }));
  const block = { pricingUnit: "DAY", lineItems: lines };
  const quote: QuoteDocumentData = {
    quoteNumber: "2026-0014",
    name: t("home.example.title"),
    language: locale === "nl" ? "NL" : "ENG",
    currency: "EUR",
    quoteDateAt: "2026-11-03",
    quoteExpirationAt: "2026-12-03",
    customer: { name: t("home.example.customerName"), content: t("home.example.customerAddress") },
    blocks: [
      {
        id: "work",
        name: "",
        content: null,
        pricing: {
          unit: "DAY",
          totals: blockTotals(block),
          lines: ITEMS.map((item, i) => ({
            id: item.key,
            name: t(`home.example.items.${item.key}`),
            unit: item.unit,
            amount: item.quantity,
            price: lines[i].price,
            vatRate: VAT_RATE,
            total: lineTotal(lines[i]),
          })),
        },
      },
    ],
    totals: computeTotals([block]),
  };
  return (
    <figure className="mx-auto w-full max-w-xl">
      <QuoteDocument
        quote={quote}
        headingLevel={2}
        className="shadow-xl shadow-slate-900/10"
        banner={
          <div className="flex flex-wrap items-center justify-between gap-2 bg-brand-600 px-5 py-3 text-white">
            <span className="text-sm font-semibold">{t("home.example.from")}</span>
            <span className="rounded-full bg-white/15 px-2.5 py-0.5 text-xs">{t("home.example.viewed")}</span>
          </div>
        }
        footer={
          <div className="flex justify-end">
            <span aria-hidden="true" className="rounded-md bg-green-700 px-4 py-2 text-sm font-semibold text-white">
              {t("home.example.sign")}
            </span>
          </div>
        }
      />
      <figcaption className="mt-3 text-center text-sm text-slate-500">{t("home.example.caption")}</figcaption>
    </figure>
  );
}
