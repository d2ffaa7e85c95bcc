import type { Totals, TotalsPart } from "../../../shared/totals";

/**
 * How totals are laid out on a quote document, as plain data: the React document
 * (quote-document.tsx) and the public page's island (live totals while the customer ticks options)
 * both render these rows, so the two can never disagree. No React, no i18next: labels are the
 * catalog's templates ("VAT {{rate}}%"), filled here.
 */
export type TotalsLabels = {
  subtotal: string;
  discount: string;
  totalExclVat: string;
  /** "VAT {{rate}}%" */
  vatAt: string;
  totalInclVat: string;
  total: string;
  /** "Recurring: {{interval}}" */
  recurringHeading: string;
  /** "{{oneOff}} once" */
  summary: string;
  /** "{{amount}} {{interval}}" */
  summaryRecurring: string;
  interval: { MONTH: string; QUARTER: string; YEAR: string };
};

export type TotalsRow = { kind: "heading" | "row" | "strong"; label: string; amount: string; testId?: string };

export function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{\{(\w+)\}\}/g, (_m, key: string) => values[key] ?? "");
}

function partRows(part: TotalsPart, labels: TotalsLabels, money: (amount: string) => string, heading?: string): TotalsRow[] {
  const rows: TotalsRow[] = [];
  if (heading) rows.push({ kind: "heading", label: heading, amount: "" });
  if (part.discount !== "0.00") {
    rows.push({ kind: "row", label: labels.subtotal, amount: money(part.subtotal) });
    rows.push({ kind: "row", label: labels.discount, amount: money(`-${part.discount}`) });
  }
  rows.push({ kind: "row", label: labels.totalExclVat, amount: money(part.totalExclVat), testId: "total-excl-vat" });
  for (const v of part.vat) rows.push({ kind: "row", label: fill(labels.vatAt, { rate: v.rate }), amount: money(v.vat), testId: "vat-row" });
  rows.push({ kind: "strong", label: labels.totalInclVat, amount: money(part.totalInclVat), testId: "total-incl-vat" });
  return rows;
}

/**
 * The rows of the totals list: the one-off part, then one part per recurring interval. With one
 * part only, its "Total incl. VAT" is the grand total below the list (grandTotalLabel): not twice.
 */
export function totalsRows(totals: Totals, labels: TotalsLabels, money: (amount: string) => string): TotalsRow[] {
  const hasOneOff = totals.oneOff.subtotal !== "0.00" || totals.recurring.length === 0;
  const rows = [
    ...(hasOneOff ? partRows(totals.oneOff, labels, money) : []),
    ...totals.recurring.flatMap((part) => partRows(part, labels, money, fill(labels.recurringHeading, { interval: labels.interval[part.interval] }))),
  ];
  return singlePart(totals) ? rows.filter((row) => row.testId !== "total-incl-vat") : rows;
}

/** Only the one-off part: no recurring lines. */
function singlePart(totals: Totals): boolean {
  return totals.recurring.length === 0;
}

/** The grand total's label: "Total incl. VAT" when it is the one part's, "Total" over several parts. */
export function grandTotalLabel(totals: Totals, labels: TotalsLabels): string {
  return singlePart(totals) ? labels.totalInclVat : labels.total;
}

/** "€ 2.400,00 once + € 150,00 per month", or just the one-off amount. */
export function totalsSummary(
  totals: Totals,
  labels: TotalsLabels,
  money: (amount: string) => string,
  field: "totalExclVat" | "totalInclVat" = "totalExclVat",
): string {
  if (totals.recurring.length === 0) return money(totals.oneOff[field]);
  const parts = totals.recurring.map((part) => fill(labels.summaryRecurring, { amount: money(part[field]), interval: labels.interval[part.interval] }));
  const hasOneOff = totals.oneOff.subtotal !== "0.00" || totals.oneOff[field] !== "0.00";
  return [hasOneOff ? fill(labels.summary, { oneOff: money(totals.oneOff[field]) }) : null, ...parts].filter(Boolean).join(" + ");
}
