import type { ReactNode } from "react";
import { formatDate, formatMoney, formatQuantity } from "../../../shared/format";
import { formatLineQuantity } from "../../../shared/quote-document";
import type { ChangeMarks } from "../../../shared/quote-versions";
import { useFragments } from "../../fragments";
import { useTranslation } from "../../i18n";
import { RichText } from "./rich-text";
import { type TotalsLabels, type TotalsRow, grandTotalLabel, totalsRows, totalsSummary } from "./totals-layout";
import type { QuoteDocumentBlock, QuoteDocumentCustomer, QuoteDocumentData, QuoteDocumentLine } from "./types";

/** Long names and e-mail addresses break anywhere rather than widen a 375 px screen. */
/**
 * Long words: lines wrap between words; a word wider than its column is hyphenated by the quote's
 * language (`lang` on the document) and only then broken. Not `overflow-wrap: anywhere`: it lets a
 * table or flex column shrink below its longest word, which then broke mid-word ("Maintenanc e").
 */
const WRAP = "min-w-0 [overflow-wrap:break-word] hyphens-auto";

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
  selectable = false,
  marks = null,
}: {
  quote: QuoteDocumentData;
  /** Blocks and lines new or changed since an earlier version (decision 032): marked "New" / "Changed". */
  marks?: ChangeMarks | null;
  /** The public page while the customer may sign: optional lines get a checkbox (the island makes them live). */
  selectable?: boolean;
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
  // The totals' labels once for the document, not once a pricing block (decision 078).
  const labels = useTotalsLabels();
  const Title = headingLevel === 1 ? "h1" : "h2";
  const Block = headingLevel === 1 ? "h2" : "h3";
  const money = (amount: string) => formatMoney(amount, quote.currency, quote.language);
  return (
    // A container: the line table shows its columns by the document's width, not the screen's (the
    // styling preview is a narrow column on a wide screen).
    <article {...quoteDocumentFrame(quote.language, className)}>
      {banner}
      <div className="space-y-6 p-4 sm:p-6">
        <header>
          <p className="text-sm tabular-nums text-slate-500">{t("quotes:quoteTitle", { number: quote.quoteNumber })}</p>
          <Title
            className={`mt-1 font-bold tracking-tight text-slate-900 ${WRAP} ${headingLevel === 1 ? "text-3xl" : "text-xl"}`}
            data-testid="quote-document-title"
          >
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
          <section
            key={block.id}
            id={`block-${block.id}`}
            data-block-id={block.id}
            data-testid="quote-block"
            aria-label={block.name || undefined}
            className="scroll-mt-4"
          >
            {block.name ? (
              <Block className={`text-lg font-semibold text-slate-900 ${WRAP}`}>
                {block.name}
                {marks?.blocks[block.id] ? <ChangeMark kind={marks.blocks[block.id]} /> : null}
              </Block>
            ) : null}
            <RichText doc={block.content} className="mt-1" />
            {block.pricing ? (
              <PricingTable
                block={block}
                pricing={block.pricing}
                language={quote.language}
                money={money}
                selectable={selectable}
                marks={marks}
                labels={labels}
              />
            ) : null}
          </section>
        ))}
        <Totals quote={quote} money={money} labels={labels} />
        {footer}
      </div>
    </article>
  );
}

/** The document's outermost element's attributes (its frame: decision 088 keeps what is inside it). */
export function quoteDocumentFrame(language: string, className = "") {
  return {
    lang: language === "NL" ? "nl" : "en",
    className: `${WRAP} @container overflow-hidden rounded-xl border border-slate-200 bg-white text-left ${className}`,
    "data-testid": "quote-document",
  };
}

/**
 * The public page's document (decision 088): on the server, with the app's fragment cache, the
 * HTML inside the frame is rendered once for the same document, selectability, marks and locale
 * and kept; the page renders the frame around it (the same bytes). Without it, `QuoteDocument`.
 */
export function CachedQuoteDocument({ quote, selectable, marks }: { quote: QuoteDocumentData; selectable: boolean; marks: ChangeMarks | null }) {
  const fragments = useFragments();
  const element = <QuoteDocument quote={quote} selectable={selectable} marks={marks} />;
  if (!fragments) return element;
  const frame = quoteDocumentFrame(quote.language);
  // Every input of the element: the document as read (version snapshot, customer, dates, totals), the props.
  const inner = fragments.inner(["QuoteDocument", quote, selectable, marks], element, <article {...frame} />);
  // biome-ignore lint/security/noDangerouslySetInnerHtml: React's own rendering of the same element, kept (decision 088)
  return inner === null ? element : <article {...frame} dangerouslySetInnerHTML={{ __html: inner }} />;
}

/** "New" / "Changed" next to a block's or line's name (text, not colour alone). */
function ChangeMark({ kind }: { kind: "added" | "changed" }) {
  const { t } = useTranslation();
  return (
    <span className="ml-2 inline-block rounded bg-amber-100 px-1.5 py-0.5 align-middle text-xs font-semibold text-amber-900" data-change={kind}>
      {kind === "added" ? t("signing:versions.markAdded") : t("signing:versions.markChanged")}
    </span>
  );
}

function CustomerAddress({ customer }: { customer: QuoteDocumentCustomer | null }) {
  const { t } = useTranslation();
  if (!customer) return <p className="text-sm text-slate-500">{t("quotes:noCustomer")}</p>;
  const lines = [
    customer.name,
    customer.companyName && customer.companyName !== customer.name ? customer.companyName : null,
    customer.contactPerson,
    customer.content,
    customer.email,
    customer.phone,
  ];
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

function PricingTable({
  block,
  pricing,
  language,
  money,
  selectable,
  marks,
  labels,
}: {
  block: QuoteDocumentBlock;
  pricing: NonNullable<QuoteDocumentBlock["pricing"]>;
  language: string;
  money: (amount: string) => string;
  selectable: boolean;
  marks: ChangeMarks | null;
  labels: TotalsLabels;
}) {
  const { t } = useTranslation();
  const quantity = (li: QuoteDocumentLine) => formatLineQuantity(li, pricing.unit, language, t);
  const interval = ["MONTH", "QUARTER", "YEAR"].includes(pricing.unit) ? (pricing.unit as "MONTH" | "QUARTER" | "YEAR") : null;
  const blockDiscount = discountLabel(pricing.discountType, pricing.discountValue, language, money);
  return (
    <>
      <table className="mt-3 w-full table-fixed text-sm" aria-label={block.name}>
        <thead>
          <tr className="border-b border-slate-200 text-left text-xs uppercase tracking-wide text-slate-500">
            <th scope="col" className="py-2 pr-2 font-semibold">
              {t("quotes:lineItem.name")}
            </th>
            <th scope="col" className="hidden w-32 py-2 pr-2 text-right font-semibold @xl:table-cell">
              {t("quotes:lineItem.amount")}
            </th>
            <th scope="col" className="hidden w-28 py-2 pr-2 text-right font-semibold @xl:table-cell">
              {t("quotes:lineItem.price")}
            </th>
            <th scope="col" className="hidden w-16 py-2 pr-2 text-right font-semibold @xl:table-cell">
              {t("blocks:document.vat")}
            </th>
            <th scope="col" className="w-28 py-2 text-right font-semibold">
              {t("quotes:lineItem.total")}
            </th>
          </tr>
        </thead>
        <tbody>
          {pricing.lines.map((li) => {
            const excluded = li.optional && !li.selected;
            const discount = discountLabel(li.discountType, li.discountValue, language, money);
            const mark = marks?.lines[li.id];
            const before = mark?.before;
            const was = before
              ? [mark.fields.includes("price") ? money(before.price) : null, mark.fields.includes("amount") ? formatQuantity(before.amount, language) : null]
                  .filter(Boolean)
                  .join(" · ")
              : "";
            return (
              <tr
                key={li.id}
                className={`border-b border-slate-100 align-top ${excluded ? "text-slate-500" : ""}`}
                data-testid="quote-line"
                data-line-id={li.id}
              >
                <td className={`py-2 pr-2 text-slate-800 ${WRAP}`}>
                  {selectable && li.optional ? (
                    <input
                      type="checkbox"
                      className="mr-2 size-5 align-middle print:hidden"
                      data-option={li.id}
                      defaultChecked={!excluded}
                      aria-label={t("signing:page.optionalChoose", { name: li.name })}
                    />
                  ) : null}
                  {li.name}
                  {mark ? <ChangeMark kind={mark.kind} /> : null}
                  {was ? (
                    <span className="block text-xs text-amber-900" data-testid="line-was">
                      {t("signing:versions.was", { value: was })}
                    </span>
                  ) : null}
                  {li.optional ? (
                    // One box that moves to the next line whole (no margin there: a space before it, not ml-2).
                    <>
                      {" "}
                      <span className="inline-block rounded bg-slate-100 px-1.5 py-0.5 text-xs font-medium text-slate-600">
                        {t("blocks:document.optional")}
                        <span data-not-selected hidden={!excluded}>{` · ${t("blocks:document.notSelected")}`}</span>
                      </span>
                    </>
                  ) : null}
                  {li.description ? <span className="block whitespace-pre-line text-xs text-slate-500">{li.description}</span> : null}
                  {discount ? <span className="block text-xs text-slate-500">{t("blocks:document.lineDiscount", { value: discount })}</span> : null}
                  <span className="block text-xs tabular-nums text-slate-500 @xl:hidden">
                    {quantity(li)} × {money(li.price)}
                    {li.vatRate !== undefined ? ` · ${t("blocks:document.vat")} ${formatQuantity(li.vatRate, language)}%` : ""}
                  </span>
                </td>
                <td className="hidden py-2 pr-2 text-right tabular-nums @xl:table-cell">{quantity(li)}</td>
                <td className="hidden py-2 pr-2 text-right tabular-nums @xl:table-cell">{money(li.price)}</td>
                <td className="hidden py-2 pr-2 text-right tabular-nums @xl:table-cell">
                  {li.vatRate !== undefined ? `${formatQuantity(li.vatRate, language)}%` : ""}
                </td>
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
        {t("quotes:total")}: <span data-block-total={block.id}>{totalsSummary(pricing.totals, labels, money)}</span>
      </p>
    </>
  );
}

/** The catalog's templates for the totals layout (totals-layout.ts fills them). */
export function useTotalsLabels(): TotalsLabels {
  const { t } = useTranslation();
  return {
    subtotal: t("blocks:document.subtotal"),
    discount: t("blocks:document.discount"),
    totalExclVat: t("blocks:document.totalExclVat"),
    vatAt: t("blocks:document.vatAt", { rate: "{{rate}}" }),
    totalInclVat: t("blocks:document.totalInclVat"),
    total: t("quotes:total"),
    recurringHeading: t("blocks:document.recurringHeading", { interval: "{{interval}}" }),
    summary: t("blocks:document.summary", { oneOff: "{{oneOff}}" }),
    summaryRecurring: t("blocks:document.summaryRecurring", { amount: "{{amount}}", interval: "{{interval}}" }),
    interval: { MONTH: t("blocks:document.interval.MONTH"), QUARTER: t("blocks:document.interval.QUARTER"), YEAR: t("blocks:document.interval.YEAR") },
  };
}

/** One totals row as markup (the island builds the same markup from the same rows). */
function TotalsRowView({ row }: { row: TotalsRow }) {
  if (row.kind === "heading") {
    return (
      <div className="pt-2 text-sm font-semibold text-slate-900">
        <dt>{row.label}</dt>
        <dd />
      </div>
    );
  }
  return (
    <div
      className={
        row.kind === "strong"
          ? "flex items-baseline justify-between gap-4 text-sm font-semibold text-slate-900"
          : "flex items-baseline justify-between gap-4 text-sm text-slate-600"
      }
      data-testid={row.testId}
    >
      <dt>{row.label}</dt>
      <dd>{row.amount}</dd>
    </div>
  );
}

function Totals({ quote, money, labels }: { quote: QuoteDocumentData; money: (amount: string) => string; labels: TotalsLabels }) {
  const { totals } = quote;
  return (
    <div className="space-y-1 border-t border-slate-200 pt-4 tabular-nums">
      <dl data-quote-totals className="space-y-1">
        {totalsRows(totals, labels, money).map((row, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows are positional and never reordered
          <TotalsRowView key={i} row={row} />
        ))}
      </dl>
      <dl>
        <div className="flex flex-wrap items-baseline justify-between gap-x-4 border-t border-slate-100 pt-2">
          <dt className="shrink-0 text-base font-semibold text-slate-900">{grandTotalLabel(totals, labels)}</dt>
          <dd className="ml-auto text-right text-lg font-bold text-slate-900 sm:text-xl" data-testid="quote-total" data-quote-total>
            {totalsSummary(totals, labels, money, "totalInclVat")}
          </dd>
        </div>
      </dl>
    </div>
  );
}
