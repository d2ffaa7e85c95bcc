import type { ReactNode } from "react";
import { formatDate, formatMoney, formatQuantity } from "../../../shared/format";
import { useTranslation } from "../../i18n";
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
          <section key={block.id} data-testid="quote-block" aria-label={block.name || undefined}>
            {block.name ? <Block className={`text-lg font-semibold text-slate-900 ${WRAP}`}>{block.name}</Block> : null}
            {block.content ? <p className={`mt-1 whitespace-pre-line text-sm text-slate-700 ${WRAP}`}>{block.content}</p> : null}
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

function PricingTable({ block, pricing, language, money }: { block: QuoteDocumentBlock; pricing: NonNullable<QuoteDocumentBlock["pricing"]>; language: string; money: (amount: string) => string }) {
  const { t } = useTranslation();
  const quantity = (li: QuoteDocumentLine) => {
    const unit = li.unit ?? pricing.unit;
    return `${formatQuantity(li.amount, language)}${unit !== "NONE" ? ` ${t(`quotes:pricingUnits.${unit}`)}` : ""}`;
  };
  return (
    <table className="mt-3 w-full table-fixed text-sm" aria-label={block.name}>
      <thead>
        <tr className="border-b border-slate-200 text-left text-xs uppercase tracking-wide text-slate-500">
          <th scope="col" className="py-2 pr-2 font-semibold">{t("quotes:lineItem.name")}</th>
          <th scope="col" className="hidden w-32 py-2 pr-2 text-right font-semibold sm:table-cell">{t("quotes:lineItem.amount")}</th>
          <th scope="col" className="hidden w-28 py-2 pr-2 text-right font-semibold sm:table-cell">{t("quotes:lineItem.price")}</th>
          <th scope="col" className="w-28 py-2 text-right font-semibold">{t("quotes:lineItem.total")}</th>
        </tr>
      </thead>
      <tbody>
        {pricing.lines.map((li) => (
          <tr key={li.id} className="border-b border-slate-100 align-top">
            <td className={`py-2 pr-2 text-slate-800 ${WRAP}`}>
              {li.name}
              <span className="block text-xs tabular-nums text-slate-500 sm:hidden">
                {quantity(li)} × {money(li.price)}
              </span>
            </td>
            <td className="hidden py-2 pr-2 text-right tabular-nums sm:table-cell">{quantity(li)}</td>
            <td className="hidden py-2 pr-2 text-right tabular-nums sm:table-cell">{money(li.price)}</td>
            <td className="py-2 text-right tabular-nums">{money(li.total)}</td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr>
          <th scope="row" colSpan={3} className="hidden py-2 pr-2 text-right font-semibold sm:table-cell">{t("quotes:total")}</th>
          <th scope="row" className="py-2 pr-2 text-right font-semibold sm:hidden">{t("quotes:total")}</th>
          <td className="py-2 text-right font-semibold tabular-nums">{money(pricing.total)}</td>
        </tr>
      </tfoot>
    </table>
  );
}

function Totals({ quote, money }: { quote: QuoteDocumentData; money: (amount: string) => string }) {
  const { t } = useTranslation();
  return (
    <dl className="space-y-1 border-t border-slate-200 pt-4 tabular-nums">
      {(quote.subtotals ?? []).map((row) => (
        <div key={row.label} className="flex items-baseline justify-between gap-4 text-sm text-slate-600">
          <dt>{row.label}</dt>
          <dd>{money(row.amount)}</dd>
        </div>
      ))}
      <div className="flex items-baseline justify-between gap-4">
        <dt className="text-base font-semibold text-slate-900">{t("quotes:total")}</dt>
        <dd className="text-xl font-bold text-slate-900" data-testid="quote-total">
          {money(quote.total)}
        </dd>
      </div>
    </dl>
  );
}
