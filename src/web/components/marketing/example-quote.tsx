import { useLocale, useTranslation } from "../../i18n";
import { formatAmount } from "./money";

/** Example line items in cents; the totals are computed, not typed. */
const ITEMS = [
  { key: "design", quantity: 5, unit: "days", priceCents: 64_000 },
  { key: "development", quantity: 8, unit: "days", priceCents: 64_000 },
  { key: "hosting", quantity: 12, unit: "months", priceCents: 4_500 },
] as const;
const VAT_PERCENT = 21;

/**
 * A quote rendered in HTML as a customer sees it (a real document, not a picture): crisp at any
 * width, no image to download, and it is the largest element above the fold, so it paints fast.
 */
export function ExampleQuote() {
  const { t } = useTranslation("marketing");
  const locale = useLocale();
  const money = (cents: number) => formatAmount(cents, locale);
  const subtotal = ITEMS.reduce((sum, item) => sum + item.quantity * item.priceCents, 0);
  const vat = Math.round((subtotal * VAT_PERCENT) / 100);
  return (
    <figure className="mx-auto w-full max-w-xl">
      <div className="overflow-hidden rounded-xl border border-slate-200 bg-white text-left shadow-xl shadow-slate-900/10">
        <div className="flex items-center justify-between gap-4 bg-brand-600 px-5 py-3 text-white">
          <span className="whitespace-nowrap text-sm font-semibold">{t("home.example.number")}</span>
          <span className="rounded-full bg-white/15 px-2.5 py-0.5 text-xs">{t("home.example.viewed")}</span>
        </div>
        <div className="space-y-4 p-5 text-sm">
          <div>
            <p className="text-lg font-bold tracking-tight text-slate-900">{t("home.example.title")}</p>
            <div className="mt-2 grid gap-x-6 gap-y-0.5 text-slate-600 sm:grid-cols-2">
              <span>{t("home.example.from")}</span>
              <span>{t("home.example.date")}</span>
              <span>{t("home.example.to")}</span>
              <span>{t("home.example.validUntil")}</span>
            </div>
          </div>
          <table className="w-full text-left">
            <thead>
              <tr className="border-b border-slate-200 text-xs uppercase tracking-wide text-slate-500">
                <th scope="col" className="py-2 pr-2 font-medium">{t("home.example.item")}</th>
                <th scope="col" className="hidden py-2 pr-2 font-medium sm:table-cell">{t("home.example.quantity")}</th>
                <th scope="col" className="py-2 text-right font-medium">{t("home.example.amount")}</th>
              </tr>
            </thead>
            <tbody>
              {ITEMS.map((item) => (
                <tr key={item.key} className="border-b border-slate-100 align-top">
                  <td className="py-2 pr-2 text-slate-800">
                    {t(`home.example.items.${item.key}`)}
                    <span className="block text-xs text-slate-500 sm:hidden">
                      {t(`home.example.${item.unit}`, { count: item.quantity })} × {money(item.priceCents)}
                    </span>
                  </td>
                  <td className="hidden whitespace-nowrap py-2 pr-2 text-slate-600 sm:table-cell">
                    {t(`home.example.${item.unit}`, { count: item.quantity })} × {money(item.priceCents)}
                  </td>
                  <td className="whitespace-nowrap py-2 text-right tabular-nums text-slate-800">{money(item.quantity * item.priceCents)}</td>
                </tr>
              ))}
            </tbody>
            <tfoot className="tabular-nums">
              <tr>
                <th scope="row" colSpan={2} className="hidden pt-3 text-right font-normal text-slate-600 sm:table-cell">{t("home.example.subtotal")}</th>
                <th scope="row" className="pt-3 text-right font-normal text-slate-600 sm:hidden">{t("home.example.subtotal")}</th>
                <td className="pl-4 pt-3 text-right">{money(subtotal)}</td>
              </tr>
              <tr>
                <th scope="row" colSpan={2} className="hidden text-right font-normal text-slate-600 sm:table-cell">{t("home.example.vat")}</th>
                <th scope="row" className="text-right font-normal text-slate-600 sm:hidden">{t("home.example.vat")}</th>
                <td className="pl-4 text-right">{money(vat)}</td>
              </tr>
              <tr className="text-base font-bold text-slate-900">
                <th scope="row" colSpan={2} className="hidden pt-1 text-right sm:table-cell">{t("home.example.total")}</th>
                <th scope="row" className="pt-1 text-right sm:hidden">{t("home.example.total")}</th>
                <td className="pl-4 pt-1 text-right">{money(subtotal + vat)}</td>
              </tr>
            </tfoot>
          </table>
          <div className="flex justify-end">
            <span aria-hidden="true" className="rounded-md bg-green-700 px-4 py-2 text-sm font-semibold text-white">
              {t("home.example.sign")}
            </span>
          </div>
        </div>
      </div>
      <figcaption className="mt-3 text-center text-sm text-slate-500">{t("home.example.caption")}</figcaption>
    </figure>
  );
}
