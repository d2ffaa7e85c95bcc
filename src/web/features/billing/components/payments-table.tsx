import { formatCents, formatDate } from "../../../../shared/format";
import { EmptyState } from "../../../components/ui/empty-state";
import { Table, Td, Th } from "../../../components/ui/table";
import type { BillingQuery } from "../../../graphql/generated/graphql";
import { useTranslation } from "../../../i18n";

type Billing = BillingQuery["billing"];
const STATUS_CLASS: Record<string, string> = {
  paid: "bg-emerald-50 text-emerald-800",
  failed: "bg-red-50 text-red-800",
  open: "bg-amber-50 text-amber-800",
};

/** Payment history, newest first, each paid one with its invoice (HTML and PDF). */
export function PaymentsTable({ payments, invoices }: { payments: Billing["payments"]; invoices: Billing["invoices"] }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  if (payments.length === 0) return <EmptyState title={t("billing:payments.empty")} />;
  const invoiceOf = new Map(invoices.map((invoice) => [invoice.paymentId, invoice]));
  return (
    <Table label={t("billing:payments.title")}>
      <thead>
        <tr>
          <Th>{t("billing:payments.date")}</Th>
          <Th>{t("billing:payments.description")}</Th>
          <Th className="text-right">{t("billing:payments.amount")}</Th>
          <Th>{t("billing:payments.status")}</Th>
          <Th>{t("billing:payments.invoice")}</Th>
        </tr>
      </thead>
      <tbody>
        {payments.map((payment) => {
          const invoice = invoiceOf.get(payment.id);
          return (
            <tr key={payment.id} data-testid="payment-row">
              <Td className="whitespace-nowrap">{formatDate(payment.createdAt.slice(0, 10), locale)}</Td>
              <Td>
                {payment.purpose === "upgrade"
                  ? t("billing:payments.upgrade", { plan: t(`billing:plan.${payment.plan}`) })
                  : `${t(`billing:plan.${payment.plan}`)} · ${t(`billing:interval.${payment.interval}`)}`}
              </Td>
              <Td className="whitespace-nowrap text-right tabular-nums">{formatCents(payment.totalCents, "EUR", locale)}</Td>
              <Td>
                <span className={`rounded px-2 py-0.5 text-xs font-semibold ${STATUS_CLASS[payment.status] ?? "bg-slate-100 text-slate-700"}`}>
                  {t(`billing:payments.statuses.${payment.status as "paid"}`)}
                </span>
              </Td>
              <Td className="whitespace-nowrap">
                {invoice ? (
                  <>
                    <a href={invoice.url} target="_blank" rel="noreferrer" className="font-medium text-brand-700 hover:underline" data-testid="invoice-link">
                      {t("billing:payments.download", { number: invoice.number })}
                    </a>
                    {" · "}
                    <a href={`${invoice.url}&format=pdf`} download className="font-medium text-brand-700 hover:underline" data-testid="invoice-pdf">
                      {t("billing:payments.downloadPdf")}
                    </a>
                  </>
                ) : (
                  "—"
                )}
              </Td>
            </tr>
          );
        })}
      </tbody>
    </Table>
  );
}
