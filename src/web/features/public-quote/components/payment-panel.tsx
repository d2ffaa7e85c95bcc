import { formatCents, formatDate } from "../../../../shared/format";
import { priceToCents } from "../../../../shared/totals";
import { useTranslation } from "../../../i18n";
import type { PublicQuotePageData } from "../types";

type Payment = NonNullable<NonNullable<PublicQuotePageData["quote"]>["payment"]>;

/** `?payment=<notice>` (the Pay form's answer) → the message shown, in the quote's language. */
const NOTICES: Record<string, string> = {
  "not-connected": "signing:payment.errors.notConnected",
  nothing: "signing:payment.errors.nothingToPay",
  error: "signing:payment.errors.unavailable",
  "rate-limited": "signing:errors.tooMany",
};

/**
 * The customer's payment after signing (decision 058), server-rendered and without script: the
 * amount frozen with the signature (incl. VAT, their options) before they leave for Mollie's hosted
 * checkout, a plain form that POSTs to `…/pay` (a 303 to the checkout), and on return "Paid",
 * "Pending" or "Failed — try again" with the form again.
 */
export function PaymentPanel({ payment, language }: { payment: Payment; language: string }) {
  const { t } = useTranslation();
  const amount = formatCents(priceToCents(payment.amount) ?? 0n, payment.currency, language);
  const notice = payment.notice ? NOTICES[payment.notice] : undefined;
  const canPay = payment.status === "DUE" || payment.status === "FAILED";
  return (
    <section id="payment" aria-labelledby="payment-title" className="rounded-xl border border-slate-200 bg-white p-4 sm:p-6 print:hidden" data-testid="payment">
      <h2 id="payment-title" className="text-lg font-semibold">
        {t("signing:payment.title")}
      </h2>
      <p className="mt-2 text-base font-medium" data-testid="payment-amount">
        {payment.firstPeriod
          ? t("signing:payment.amountFirstPeriod", { amount })
          : payment.mode === "FULL"
            ? t("signing:payment.amountFull", { amount })
            : t("signing:payment.amountDeposit", { amount })}
      </p>
      <p className="text-sm text-slate-600">{t("signing:payment.inclVat")}</p>
      {payment.recurring.length > 0 ? <RecurringPayments payment={payment} language={language} /> : null}
      {payment.status === "PAID" ? (
        <p role="status" className="mt-3 rounded-md bg-green-50 px-3 py-2 text-sm font-medium text-green-900" data-testid="payment-status" data-status="PAID">
          <strong className="block text-base">{t("signing:payment.paid")}</strong>
          {t("signing:payment.paidOn", { amount })}
          {payment.invoiceHref && payment.invoiceNumber ? (
            <a href={payment.invoiceHref} className="mt-1 block underline" data-testid="payment-invoice">
              {t("signing:payment.invoiceLink", { number: payment.invoiceNumber })}
            </a>
          ) : null}
        </p>
      ) : payment.status === "OPEN" ? (
        <div className="mt-3 space-y-2">
          <p role="status" className="rounded-md bg-amber-50 px-3 py-2 text-sm font-medium text-amber-900" data-testid="payment-status" data-status="OPEN">
            {t("signing:payment.pending")}
          </p>
          {payment.checkoutUrl ? (
            <a href={payment.checkoutUrl} className="inline-block text-sm underline" data-testid="payment-continue">
              {t("signing:payment.continue")}
            </a>
          ) : null}
        </div>
      ) : payment.status === "FAILED" ? (
        <p role="status" className="mt-3 rounded-md bg-red-50 px-3 py-2 text-sm font-medium text-red-900" data-testid="payment-status" data-status="FAILED">
          <strong className="block text-base">{t("signing:payment.failed")}</strong>
          {t("signing:payment.failedNote")}
        </p>
      ) : (
        <p className="mt-3 text-sm text-slate-600">{payment.payToAccept ? t("signing:payment.payToAcceptNote") : t("signing:payment.afterSigningNote")}</p>
      )}
      {notice ? (
        <p role="alert" className="mt-3 text-sm font-medium text-red-700" data-testid="payment-notice">
          {t(notice as "signing:payment.errors.unavailable")}
        </p>
      ) : null}
      {canPay ? (
        <form method="post" action={payment.action} className="mt-4">
          <button
            type="submit"
            className="w-full rounded-md px-4 py-3 text-base font-semibold text-white sm:w-auto"
            style={{ background: "var(--quote-link)" }}
            data-testid="pay"
          >
            {t("signing:payment.pay", { amount })}
          </button>
          <p className="mt-2 text-xs text-slate-500">{t("signing:payment.redirectNote")}</p>
        </form>
      ) : null}
    </section>
  );
}

/**
 * The recurring payments the payment starts (decision 061): before it is paid, each interval's
 * charge and its agreed first date; once paid, the subscriptions with their status and next charge.
 */
function RecurringPayments({ payment, language }: { payment: Payment; language: string }) {
  const { t } = useTranslation();
  const money = (amount: string) => formatCents(priceToCents(amount) ?? 0n, payment.currency, language);
  const started = payment.status === "PAID" && payment.subscriptions.length > 0;
  return (
    <div className="mt-3 rounded-md bg-slate-50 px-3 py-2 text-sm" data-testid="payment-recurring">
      <h3 className="font-medium">{t("signing:subscription.title")}</h3>
      <ul className="mt-1 space-y-1">
        {started
          ? payment.subscriptions.map((s) => (
              <li key={s.interval} data-testid="subscription" data-status={s.status}>
                <span className="font-medium">{t(`signing:subscription.per.${s.interval}`, { amount: money(s.amount) })}</span>
                {" · "}
                {t(`signing:subscription.status.${s.status}`)}
                {" · "}
                {s.nextPaymentDate
                  ? t("signing:subscription.nextCharge", { date: formatDate(s.nextPaymentDate, language, "long") })
                  : t("signing:subscription.noNextCharge")}
              </li>
            ))
          : payment.recurring.map((r) => (
              <li key={r.interval} data-testid="subscription-planned">
                {t("signing:subscription.planned", {
                  charge: t(`signing:subscription.per.${r.interval}`, { amount: money(r.amount) }),
                  date: formatDate(r.startDate, language, "long"),
                })}
              </li>
            ))}
      </ul>
      {started ? null : <p className="mt-1 text-slate-600">{t("signing:subscription.plannedNote")}</p>}
    </div>
  );
}
