import type { QuoteFieldsFragment } from "../../../graphql/generated/graphql";
import { useTranslation } from "../../../i18n";

/** A published or signed quote's settings (read-only): language, currency, signatures. */
export function QuoteSettings({ quote }: { quote: QuoteFieldsFragment }) {
  const { t } = useTranslation();
  const rows = [
    { label: t("quotes:fields.language"), value: t(`quotes:languages.${quote.language}`) },
    { label: t("quotes:fields.currency"), value: t(`quotes:currencies.${quote.currency}`) },
    { label: t("quotes:fields.signable"), value: quote.signable ? "✓" : "—" },
  ];
  return (
    <dl className="grid gap-4 rounded-xl border border-slate-200 bg-white p-4 text-sm sm:grid-cols-3 sm:p-6" data-testid="quote-details">
      {rows.map((row) => (
        <div key={row.label}>
          <dt className="font-medium text-slate-500">{row.label}</dt>
          <dd className="mt-1 text-slate-900">{row.value}</dd>
        </div>
      ))}
    </dl>
  );
}
