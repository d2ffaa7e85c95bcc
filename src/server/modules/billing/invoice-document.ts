import { formatCents, formatDate } from "../../../shared/format";
import { translator } from "../../../shared/i18n/server";
import type { Locale } from "../../../shared/locales";
import type { InvoiceParty, InvoiceRow } from "./billing.service";

const escapeHtml = (value: string) => value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");

/**
 * One read model per invoice (decision 022): the lines both outputs (HTML, PDF) print, in the
 * invoice's language, built once from the stored invoice row (the seller, buyer and amounts were
 * frozen when it was issued).
 */
export function invoiceView(invoice: InvoiceRow) {
  const locale = (invoice.locale === "nl" ? "nl" : "en") as Locale;
  const t = translator(locale);
  const day = (d: Date) => formatDate(d.toISOString().slice(0, 10), locale, "long");
  const money = (cents: number) => formatCents(cents, "EUR", locale);
  const vatLabel =
    invoice.vatRule === "REVERSE_CHARGE"
      ? t("billing:invoice.vatReverseCharged")
      : invoice.vatRule === "OUTSIDE_EU"
        ? t("billing:invoice.vatOutsideEu")
        : t("billing:invoice.vat", { rate: invoice.vatRatePercent });
  return {
    locale,
    title: `${t("billing:invoice.title")} ${invoice.number}`,
    labels: {
      number: t("billing:invoice.number"),
      date: t("billing:invoice.date"),
      seller: t("billing:invoice.seller"),
      buyer: t("billing:invoice.buyer"),
      vatNumber: t("billing:invoice.vatNumber"),
      description: t("billing:invoice.description"),
      period: t("billing:invoice.period"),
      net: t("billing:invoice.netAmount"),
      vat: vatLabel,
      total: t("billing:invoice.total"),
    },
    number: invoice.number,
    date: day(invoice.issuedAt),
    seller: invoice.seller as InvoiceParty,
    buyer: invoice.buyer as InvoiceParty,
    line: t("billing:invoice.line", { plan: t(`billing:plan.${invoice.plan}`), interval: t(`billing:interval.${invoice.interval}`).toLowerCase() }),
    period: `${day(invoice.periodStart)} – ${day(invoice.periodEnd)}`,
    net: money(invoice.netCents),
    vat: money(invoice.vatCents),
    total: money(invoice.totalCents),
    paid: t("billing:invoice.paid", { date: day(invoice.issuedAt) }),
  };
}

export type InvoiceView = ReturnType<typeof invoiceView>;

function party(label: string, p: InvoiceParty, vatLabel: string): string {
  const lines = [p.name, ...p.lines].map((line) => `${escapeHtml(line)}<br>`).join("");
  const vat = p.vatNumber ? `${escapeHtml(vatLabel)}: ${escapeHtml(p.vatNumber)}` : "";
  return `<section><h2>${escapeHtml(label)}</h2><p>${lines}${vat}</p></section>`;
}

/** The invoice as a standalone HTML page (printable; the PDF prints the same view). */
export function renderInvoiceHtml(invoice: InvoiceRow): string {
  const v = invoiceView(invoice);
  const e = escapeHtml;
  return `<!DOCTYPE html><html lang="${v.locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${e(v.title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:48rem;margin:2rem auto;padding:0 1rem;color:#0f172a}h1{font-size:1.5rem}h2{font-size:.8rem;text-transform:uppercase;color:#475569;margin:0 0 .25rem}.parties{display:flex;flex-wrap:wrap;gap:2rem;margin:1.5rem 0}table{width:100%;border-collapse:collapse;margin-top:1rem}th,td{text-align:left;padding:.5rem;border-bottom:1px solid #e2e8f0}td.num,th.num{text-align:right}tr.total td{font-weight:700}</style></head>
<body><h1>${e(v.title)}</h1>
<p>${e(v.labels.number)}: <strong data-testid="invoice-number">${e(v.number)}</strong><br>${e(v.labels.date)}: ${e(v.date)}</p>
<div class="parties">${party(v.labels.seller, v.seller, v.labels.vatNumber)}${party(v.labels.buyer, v.buyer, v.labels.vatNumber)}</div>
<table><thead><tr><th>${e(v.labels.description)}</th><th>${e(v.labels.period)}</th><th class="num">${e(v.labels.net)}</th></tr></thead>
<tbody><tr><td>${e(v.line)}</td><td>${e(v.period)}</td><td class="num">${e(v.net)}</td></tr>
<tr><td colspan="2">${e(v.labels.vat)}</td><td class="num">${e(v.vat)}</td></tr>
<tr class="total"><td colspan="2">${e(v.labels.total)}</td><td class="num" data-testid="invoice-total">${e(v.total)}</td></tr></tbody></table>
<p>${e(v.paid)}</p></body></html>`;
}
