import { DEFAULT_STYLING, FONT_FAMILIES } from "../../../../shared/account-settings";
import { type TextFont, isOneOf, TEXT_FONTS } from "../../../../shared/enums";
import { paragraphDocument } from "../../../../shared/rich-text";
import { blockTotals, centsToString, computeTotals, lineTotal } from "../../../../shared/totals";
import { QuoteDocument } from "../../quote-document/quote-document";
import type { QuoteDocumentData } from "../../quote-document/types";
import { useLocale, useTranslation } from "../../../i18n";
import "../fonts";

export type StylingValues = { linkColor: string | null; textColor: string | null; textFont: string | null; logoUrl: string | null; companyName: string };

const LINES = [
  { key: "line1", amount: "3", priceCents: 80_000 },
  { key: "line2", amount: "5", priceCents: 72_000 },
] as const;
const SAMPLE_VAT = "21";

/**
 * A live preview of a quote in the account's styling, drawn by the shared quote renderer
 * (features/quote-document, not edited here): the font, text colour and link colour reach it from
 * outside, through CSS custom properties on a wrapper and a scoped rule; the logo and the sample
 * link go into its banner and footer slots.
 */
export function StylingPreview({ styling }: { styling: StylingValues }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const font: TextFont = isOneOf(TEXT_FONTS, styling.textFont) ? styling.textFont : DEFAULT_STYLING.textFont;
  const priced = LINES.map((l) => ({ price: centsToString(BigInt(l.priceCents)), amount: l.amount, vatRate: SAMPLE_VAT }));
  const block = { pricingUnit: "DAY", lineItems: priced };
  const lines = LINES.map((l, i) => ({
    id: l.key,
    name: t(`settings:sample.${l.key}`),
    unit: "DAY" as const,
    amount: l.amount,
    price: priced[i].price,
    vatRate: SAMPLE_VAT,
    total: lineTotal(priced[i]),
  }));
  const quote: QuoteDocumentData = {
    quoteNumber: "2026-0001",
    name: t("settings:sample.quoteName"),
    language: locale === "nl" ? "NL" : "ENG",
    currency: "EUR",
    quoteDateAt: "2026-11-03",
    quoteExpirationAt: "2026-12-03",
    customer: { name: t("settings:sample.customer") },
    blocks: [
      {
        id: "proposal",
        name: t("settings:sample.blockName"),
        content: paragraphDocument(t("settings:sample.blockContent")),
        pricing: { unit: "DAY", lines, totals: blockTotals(block) },
      },
    ],
    totals: computeTotals([block]),
  };
  const vars = {
    "--quote-text": styling.textColor ?? DEFAULT_STYLING.textColor,
    "--quote-link": styling.linkColor ?? DEFAULT_STYLING.linkColor,
    fontFamily: FONT_FAMILIES[font],
  } as React.CSSProperties;
  return (
    <div id="styling-preview" className="styled-quote-preview" style={vars} data-testid="styling-preview" data-font={font}>
      {/* Scoped to this wrapper: text and links of the document take the account's colours. */}
      <style>{`.styled-quote-preview :is(h1,h2,h3,p,address,dd,td,th){color:var(--quote-text)}.styled-quote-preview a{color:var(--quote-link);text-decoration:underline}`}</style>
      <QuoteDocument
        quote={quote}
        headingLevel={2}
        banner={
          <div className="flex min-h-16 items-center border-b border-slate-100 px-4 py-3 sm:px-6">
            {styling.logoUrl ? (
              <img
                src={styling.logoUrl}
                alt={t("settings:styling.logoAlt", { name: styling.companyName })}
                className="max-h-12 max-w-48 object-contain"
                data-testid="preview-logo"
              />
            ) : (
              <span className="text-sm font-semibold">{styling.companyName}</span>
            )}
          </div>
        }
        footer={
          <p>
            <a href="#styling-preview" data-testid="preview-link">
              {t("settings:sample.link")}
            </a>
          </p>
        }
      />
    </div>
  );
}
