import { formatMoney } from "../../../../shared/format";
import type { Totals } from "../../../../shared/totals";
import { useTranslation } from "../../../i18n";

/**
 * Totals as the quote shows them: one-off and each recurring interval apart, never summed
 * ("€ 2.400 once + € 150 per month"), in the QUOTE's language and currency. `detailed` adds the
 * subtotal, discount, VAT per rate and the total including VAT of each part.
 */
export function TotalsSummary({
  totals,
  language,
  currency,
  detailed = false,
  testId,
}: {
  totals: Totals;
  language: string;
  currency: string;
  detailed?: boolean;
  testId?: string;
}) {
  const { t } = useTranslation();
  const money = (amount: string) => formatMoney(amount, currency, language);
  const parts = [
    ...(totals.oneOff.totalExclVat !== "0.00" || totals.recurring.length === 0 ? [{ key: "ONCE", label: t("editor:totals.once"), part: totals.oneOff }] : []),
    ...totals.recurring.map((part) => ({ key: part.interval, label: t(`editor:totals.per.${part.interval}`), part })),
  ];
  const line = parts.map((p) => `${money(p.part.totalExclVat)} ${p.label}`).join(" + ");
  return (
    <div data-testid={testId}>
      <p className="text-sm font-semibold tabular-nums text-slate-900" data-testid={testId ? `${testId}-line` : undefined}>
        {line} <span className="font-normal text-slate-500">{t("editor:totals.exclVat")}</span>
      </p>
      {detailed ? (
        <div className="mt-2 grid gap-3 sm:grid-cols-2">
          {parts.map(({ key, label, part }) => (
            <div key={key} className="rounded-md bg-slate-50 p-3 text-sm tabular-nums" data-testid={testId ? `${testId}-${key}` : undefined}>
              <p className="mb-1 font-semibold text-slate-900">{label}</p>
              <dl className="space-y-0.5">
                <Row label={t("editor:totals.subtotal")} value={money(part.subtotal)} />
                {part.discount !== "0.00" ? <Row label={t("editor:totals.discount")} value={`− ${money(part.discount)}`} testId="discount" /> : null}
                <Row label={t("editor:totals.totalExclVat")} value={money(part.totalExclVat)} testId="excl" />
                {part.vat.map((v) => (
                  <Row
                    key={v.rate}
                    label={t("editor:totals.vatRate", { rate: v.rate.replace(".", language === "NL" ? "," : ".") })}
                    value={money(v.vat)}
                    testId={`vat-${v.rate}`}
                  />
                ))}
                <Row label={t("editor:totals.totalInclVat")} value={money(part.totalInclVat)} strong testId="incl" />
              </dl>
            </div>
          ))}
        </div>
      ) : null}
    </div>
  );
}

function Row({ label, value, strong = false, testId }: { label: string; value: string; strong?: boolean; testId?: string }) {
  return (
    <div className={`flex justify-between gap-4 ${strong ? "font-semibold text-slate-900" : "text-slate-700"}`}>
      <dt>{label}</dt>
      <dd data-testid={testId}>{value}</dd>
    </div>
  );
}
