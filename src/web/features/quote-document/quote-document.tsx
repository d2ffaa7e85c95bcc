import { translateKey } from "../../../shared/i18n/index";
import type { ReactNode } from "react";
import { formatDate, formatMoney, formatQuantity } from "../../../shared/format";
import { useTranslation } from "../../i18n";
import type { Totals as TotalsData, TotalsPart } from "../../../shared/totals";
import { RichText } from "./rich-text";
import type { QuoteDocumentBlock, QuoteDocumentCustomer, QuoteDocumentData, QuoteDocumentLine } from "./types";

/** Long names and e-mail addresses break anywhere rather than widen a 375 px screen. */
const WRAP = "min-w-0 [overflow-wrap:anywhere]";

/**
 * A quote as its customer reads it: header (number, title, dates), customer, blocks and totals.
 * The one rendering of a quote, used by the app's preview, the public page and the home page's
 * example. Money, numbers and dates follow the quote's language; labels the page's.
 */
export function QuoteDocument({
  quote,
  headingLevel = 1,
  banner,
  footer,
  className = "",
}: {
  quote: QuoteDocumentData;
  /** 1 on the public page (the quote is the page), 2 inside another page. */
  headingLevel?: 1 | 2;
  /** Something above the document (the example's "opened 3 times" bar). */
  banner?: ReactNode;
  /** Something below the totals (the example's sign button). */
  footer?: ReactNode;
  /** Extra classes of the document's frame. */
  className?: string;
}) {
  const { t } = useTranslation();
  const Title = headingLevel === 1 ? "h1" : "h2";
  const Block = headingLevel === 1 ? "h2" : "h3";
  const money = (amount: string) => formatMoney(amount, quote.currency, quote.language);
  return (
    <article className={`${WRAP} overflow-hidden rounded-xl border border-slate-200 bg-white text-left ${className}`} data-testid="quote-document">
      {banner}
      <div className="space-y-6 p-4 sm:p-6">
        <header>
          <p className="text-sm tabular-nums text-slate-500">{t("quotes:quoteTitle", { number: quote.quoteNumber })}</p>
          <Title className={`mt-1 font-bold tracking-tight text-slate-900 ${WRAP} ${headingLevel === 1 ? "text-3xl" : "text-xl"}`} data-testid="quote-document-title">
            {quote.name}
          </Title>
          <dl className="mt-3 flex flex-wrap gap-x-8 gap-y-2 text-sm" data-testid="quote-dates">
            <div>
              <dt className="text-slate-500">{t("quotes:public.date")}</dt>
              <dd className="text-slate-900">{formatDate(quote.quoteDateAt, quote.language, "long")}</dd>
            </div>
            <div>
              <dt className="text-slate-500">{t("quotes:public.validUntil")}</dt>
              <dd className="text-slate-900">{formatDate(quote.quoteExpirationAt, quote.language, "long")}</dd>
            </div>
          </dl>
        </header>
        <CustomerAddress customer={quote.customer} />
        {quote.blocks.length === 0 ? <p className="text-sm text-slate-500">{t("quotes:empty.noBlocks")}</p> : null}
        {quote.blocks.map((block) => (
          <section key={block.id} data-testid="quote-block" data-block-id={block.id} aria-label={block.name || undefined}>
            {block.name ? <Block className={`text-lg font-semibold text-slate-900 ${WRAP}`}>{block.name}</Block> : null}
            <RichText doc={block.content} className="mt-1" />
            {block.pricing ? <PricingTable block={block} pricing={block.pricing} language={quote.language} money={money} /> : null}
          </section>
        ))}
        <Totals quote={quote} money={money} />
        {footer}
      </div>
    </article>
  );
}

function CustomerAddress({ customer }: { customer: QuoteDocumentCustomer | null }) {
  const { t } = useTranslation();
  if (!customer) return <p className="text-sm text-slate-500">{t("quotes:noCustomer")}</p>;
  const lines = [customer.name, customer.companyName && customer.companyName !== customer.name ? customer.companyName : null, customer.contactPerson, customer.content, customer.email, customer.phone];
  return (
    <address className={`whitespace-pre-line text-sm not-italic text-slate-700 ${WRAP}`} data-testid="quote-customer">
      {lines.filter(Boolean).join("\n")}
    </address>
  );
}

/** "10 %" or "€ 50,00": a discount as the quote writes it. */
function discountLabel(type: string | null | undefined, value: string | null | undefined, language: string, money: (amount: string) => string) {
  if (!type || value === null || value === undefined) return null;
  return type === "PERCENTAGE" ? `${formatQuantity(value, language)}%` : money(value);
}

function PricingTable({ block, pricing, language, money }: { block: QuoteDocumentBlock; pricing: NonNullable<QuoteDocumentBlock["pricing"]>; language: string; money: (amount: string) => string }) {
  const { t } = useTranslation();
  const quantity = (li: QuoteDocumentLine) => {
    const unit = li.unit ?? pricing.unit;
    return `${formatQuantity(li.amount, language)}${unit !== "NONE" ? ` ${t(`quotes:pricingUnits.${unit}`)}` : ""}`;
  };
  const interval = ["MONTH", "QUARTER", "YEAR"].includes(pricing.unit) ? (pricing.unit as "MONTH" | "QUARTER" | "YEAR") : null;
  const blockDiscount = discountLabel(pricing.discountType, pricing.discountValue, language, money);
  return (
    <>
      <table className="mt-3 w-full table-fixed text-sm" aria-label={block.name}>
        <thead>
          <tr className="border-b border-slate-200 text-left text-xs uppercase tracking-wide text-slate-500">
            <th scope="col" className="py-2 pr-2 font-semibold">{t("quotes:lineItem.name")}</th>
            <th scope="col" className="hidden w-32 py-2 pr-2 text-right font-semibold sm:table-cell">{t("quotes:lineItem.amount")}</th>
            <th scope="col" className="hidden w-28 py-2 pr-2 text-right font-semibold sm:table-cell">{t("quotes:lineItem.price")}</th>
            <th scope="col" className="hidden w-16 py-2 pr-2 text-right font-semibold sm:table-cell">{t("blocks:document.vat")}</th>
            <th scope="col" className="w-28 py-2 text-right font-semibold">{t("quotes:lineItem.total")}</th>
          </tr>
        </thead>
        <tbody>
          {pricing.lines.map((li) => {
            const excluded = li.optional && !li.selected;
            const discount = discountLabel(li.discountType, li.discountValue, language, money);
            return (
              <tr key={li.id} className={`border-b border-slate-100 align-top ${excluded ? "text-slate-400" : ""}`} data-testid="quote-line">
                <td className={`py-2 pr-2 text-slate-800 ${WRAP}`}>
                  {li.name}
                  {li.optional ? (
                    <span className="ml-2 rounded bg-slate-100 px-1.5 py-0.5 text-xs font-medium text-slate-600">
                      {t("blocks:document.optional")}
                      {excluded ? ` · ${t("blocks:document.notSelected")}` : ""}
                    </span>
                  ) : null}
                  {li.description ? <span className="block whitespace-pre-line text-xs text-slate-500">{li.description}</span> : null}
                  {discount ? <span className="block text-xs text-slate-500">{t("blocks:document.lineDiscount", { value: discount })}</span> : null}
                  <span className="block text-xs tabular-nums text-slate-500 sm:hidden">
                    {quantity(li)} × {money(li.price)}
                    {li.vatRate !== undefined ? ` · ${t("blocks:document.vat")} ${formatQuantity(li.vatRate, language)}%` : ""}
                  </span>
                </td>
                <td className="hidden py-2 pr-2 text-right tabular-nums sm:table-cell">{quantity(li)}</td>
                <td className="hidden py-2 pr-2 text-right tabular-nums sm:table-cell">{money(li.price)}</td>
                <td className="hidden py-2 pr-2 text-right tabular-nums sm:table-cell">{li.vatRate !== undefined ? `${formatQuantity(li.vatRate, language)}%` : ""}</td>
                <td className="py-2 text-right tabular-nums">
                  {money(li.total)}
                  {li.recurring && interval ? <span className="block text-xs text-slate-500">{t(`blocks:document.interval.${interval}`)}</span> : null}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {blockDiscount ? (
        <p className="mt-2 text-right text-sm text-slate-600" data-testid="block-discount">
          {t("blocks:document.blockDiscount")}: {blockDiscount}
        </p>
      ) : null}
      <p className="mt-1 text-right text-sm font-semibold tabular-nums text-slate-900" data-testid="block-total">
        {t("quotes:total")}: {summary(pricing.totals, money, t)}
      </p>
    </>
  );
}

type T = ReturnType<typeof useTranslation>["t"];

/** "€ 2.400,00 once + € 150,00 per month" (excl. VAT), or just the one-off amount. */
function summary(totals: TotalsData, money: (amount: string) => string, t: T, field: "totalExclVat" | "totalInclVat" = "totalExclVat") {
  if (totals.recurring.length === 0) return money(totals.oneOff[field]);
  const parts = totals.recurring.map((part) => translateKey(t, "blocks:document.summaryRecurring", { amount: money(part[field]), interval: translateKey(t, `blocks:document.interval.${part.interval}`) }));
  const hasOneOff = totals.oneOff.subtotal !== "0.00" || totals.oneOff[field] !== "0.00";
  return [hasOneOff ? translateKey(t, "blocks:document.summary", { oneOff: money(totals.oneOff[field]) }) : null, ...parts].filter(Boolean).join(" + ");
}

function PartRows({ part, money, heading }: { part: TotalsPart; money: (amount: string) => string; heading?: string }) {
  const { t } = useTranslation();
  const row = (label: string, amount: string, testId?: string) => (
    <div key={label} className="flex items-baseline justify-between gap-4 text-sm text-slate-600" data-testid={testId}>
      <dt>{label}</dt>
      <dd>{money(amount)}</dd>
    </div>
  );
  return (
    <>
      {heading ? <div className="pt-2 text-sm font-semibold text-slate-900">{heading}</div> : null}
      {part.discount !== "0.00" ? row(t("blocks:document.subtotal"), part.subtotal) : null}
      {part.discount !== "0.00" ? row(t("blocks:document.discount"), `-${part.discount}`) : null}
      {row(t("blocks:document.totalExclVat"), part.totalExclVat)}
      {part.vat.map((v) => row(t("blocks:document.vatAt", { rate: v.rate }), v.vat, "vat-row"))}
      <div className="flex items-baseline justify-between gap-4 text-sm font-semibold text-slate-900">
        <dt>{t("blocks:document.totalInclVat")}</dt>
        <dd>{money(part.totalInclVat)}</dd>
      </div>
    </>
  );
}

function Totals({ quote, money }: { quote: QuoteDocumentData; money: (amount: string) => string }) {
  const { t } = useTranslation();
  const { totals } = quote;
  const hasOneOff = totals.oneOff.subtotal !== "0.00" || totals.recurring.length === 0;
  return (
    <dl className="space-y-1 border-t border-slate-200 pt-4 tabular-nums">
      {hasOneOff ? <PartRows part={totals.oneOff} money={money} /> : null}
      {totals.recurring.map((part) => (
        <PartRows key={part.interval} part={part} money={money} heading={t("blocks:document.recurringHeading", { interval: t(`blocks:document.interval.${part.interval}`) })} />
      ))}
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 border-t border-slate-100 pt-2">
        <dt className="shrink-0 text-base font-semibold text-slate-900">{t("quotes:total")}</dt>
        <dd className="ml-auto text-right text-lg font-bold text-slate-900 sm:text-xl" data-testid="quote-total">
          {summary(totals, money, t, "totalInclVat")}
        </dd>
      </div>
    </dl>
  );
}
