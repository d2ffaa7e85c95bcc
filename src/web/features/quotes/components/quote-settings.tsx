import { formatMoney } from "../../../../shared/format";
import type { QuoteFieldsFragment } from "../../../graphql/generated/graphql";
import { useTranslation } from "../../../i18n";

/** A published or signed quote's settings (read-only): language, currency, signatures, payment. */
export function QuoteSettings({ quote }: { quote: QuoteFieldsFragment }) {
  const { t } = useTranslation();
  // "Deposit of 30 % · required to accept · recurring lines as a subscription"
  const terms = quote.paymentTerms;
  const payment = [
    t(`quotes:payment.summary.${terms.mode}`, {
      percent: terms.percent ?? 0,
      amount: terms.amount ? formatMoney(terms.amount, quote.currency, quote.language) : "",
    }),
    terms.payToAccept ? t("quotes:payment.summaryPayToAccept") : null,
    terms.startRecurring ? t("quotes:payment.summaryRecurring") : null,
  ]
    .filter(Boolean)
    .join(" · ");
  const rows = [
    { label: t("quotes:fields.language"), value: t(`quotes:languages.${quote.language}`) },
    { label: t("quotes:fields.currency"), value: t(`quotes:currencies.${quote.currency}`) },
    { label: t("quotes:fields.signable"), value: quote.signable ? "✓" : "—" },
    { label: t("quotes:payment.title"), value: payment },
  ];
  return (
    <dl className="grid gap-4 rounded-xl border border-slate-200 bg-white p-4 text-sm sm:grid-cols-2 sm:p-6 lg:grid-cols-4" data-testid="quote-details">
      {rows.map((row) => (
        <div key={row.label}>
          <dt className="font-medium text-slate-500">{row.label}</dt>
          <dd className="mt-1 text-slate-900">{row.value}</dd>
        </div>
      ))}
    </dl>
  );
}
