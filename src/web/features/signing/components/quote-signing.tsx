import { useEffect, useRef, useState } from "react";
import { useMutation, useQuery } from "urql";
import { Button } from "../../../components/ui/button";
import { ConfirmDialog } from "../../../components/ui/dialog";
import { toast } from "../../../components/ui/toast";
import { useLocale, useTranslation } from "../../../i18n";
import { SignatureList } from "../../public-quote/components/signature-list";
import { QuoteSigningQuery, UpdateQuoteToSignedMutation } from "../operations";
import { formatCents, formatDate } from "../../../../shared/format";
import { priceToCents } from "../../../../shared/totals";
import { AccountSignatureForm } from "./account-signature-form";
import { QuoteDocuSign } from "./quote-docusign";
import { QuoteSubscriptions } from "./quote-subscriptions";

type OwnerPaymentData = { status: string; amount: string; currency: string; payToAccept: boolean; paidAt?: unknown; invoiceNumber?: string | null };

/**
 * The customer's payment of the current version (decision 058): its state and the amount frozen at
 * signing. The amount is written as the quote writes it (`language`), the date in the interface's
 * `locale`, as the sentence around it.
 */
function OwnerPayment({ payment, language, locale, publicUrl }: { payment: OwnerPaymentData; language: string; locale: string; publicUrl: string | null }) {
  const { t } = useTranslation();
  const amount = formatCents(priceToCents(payment.amount) ?? 0n, payment.currency, language);
  const text =
    payment.status === "PAID"
      ? t("signing:payment.ownerPaid", { amount, date: payment.paidAt ? formatDate(String(payment.paidAt).slice(0, 10), locale, "long") : "" })
      : payment.status === "OPEN"
        ? t("signing:payment.ownerOpen", { amount })
        : payment.status === "FAILED"
          ? t("signing:payment.ownerFailed", { amount })
          : t("signing:payment.ownerDue", { amount });
  return (
    <p
      className={`rounded-md px-3 py-2 text-sm font-medium ${payment.status === "PAID" ? "bg-green-50 text-green-900" : "bg-amber-50 text-amber-900"}`}
      data-testid="owner-payment"
      data-status={payment.status}
    >
      <span className="font-semibold">{t("signing:payment.title")}:</span> {text}
      {payment.payToAccept && payment.status !== "PAID" ? ` · ${t("signing:payment.awaitingPayment")}` : ""}
      {payment.invoiceNumber && publicUrl ? (
        <a href={`${new URL(publicUrl).pathname}/invoice`} className="ml-1 underline" data-testid="owner-payment-invoice">
          {t("signing:payment.invoiceLink", { number: payment.invoiceNumber })}
        </a>
      ) : null}
    </p>
  );
}

/**
 * The owner's signing panel on a published or signed quote: the signatures placed (customer and
 * sender), "Add signature", and "Mark as signed" after a confirmation that it cannot be undone.
 */
export function QuoteSigning({ quoteId, language }: { quoteId: string; language: string }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [{ data }, refetch] = useQuery({ query: QuoteSigningQuery, variables: { id: quoteId }, requestPolicy: "cache-and-network" });
  const [adding, setAdding] = useState(false);
  const [confirming, setConfirming] = useState(false);
  // Set once the server has answered "Mark as signed" with success: the buttons go at once, not
  // when the refetched quote arrives (on a slow connection the toast said "Quote signed" while
  // "Mark as signed" was still there).
  const [markedSigned, setMarkedSigned] = useState(false);
  const [{ fetching: marking }, mark] = useMutation(UpdateQuoteToSignedMutation);
  const quote = data?.quote;
  // The focus never falls back to the page's body when the control that had it goes away: after
  // the signature form closes it returns to "Add signature"; after "Mark as signed" (whose buttons
  // are gone then) it moves to the signatures. Once the dialog has closed (a modal dialog makes
  // the rest of the page unfocusable).
  const panel = useRef<HTMLElement>(null);
  const focusNext = useRef<string | null>(null);
  useEffect(() => {
    if (!focusNext.current || confirming || adding || !quote?.status) return;
    const target = panel.current?.querySelector<HTMLElement>(focusNext.current);
    if (!target) return;
    if (target.tabIndex < 0 && !target.hasAttribute("tabindex")) target.tabIndex = -1;
    target.focus();
    focusNext.current = null;
  }, [confirming, adding, quote?.status]);
  if (!quote || quote.status === "DRAFT") return null;
  const signatures = quote.quoteSignatures.map((s) => ({ ...s, signedAt: String(s.signedAt) }));
  // The state table (src/shared/quote-state.ts): no signature and no "mark as signed" once declined.
  const canAdd = !markedSigned && quote.lifecycle.actions.includes("ADD_SIGNATURE");
  const canMark = !markedSigned && quote.lifecycle.actions.includes("MARK_SIGNED");

  const markSigned = async () => {
    focusNext.current = "#signatures-title";
    const result = await mark({ id: quoteId });
    setConfirming(false);
    if (result.error || !result.data) {
      focusNext.current = '[data-testid="mark-signed"]';
      toast.error(t("signing:toast.markFailed"));
      return;
    }
    setMarkedSigned(true);
    toast.success(t("signing:toast.quoteSigned"));
  };

  return (
    <section className="space-y-3" data-testid="quote-signing" ref={panel}>
      <SignatureList
        signatures={signatures}
        language={locale}
        currentVersion={quote.quoteVersions[0]?.number ?? null}
        signedWithout={quote.status !== "SIGNED" ? null : quote.docusignEnvelope?.status === "COMPLETED" ? "DOCUSIGN" : "MARKED"}
      />
      {quote.payment ? <OwnerPayment payment={quote.payment} language={language} locale={locale} publicUrl={quote.url ?? null} /> : null}
      {quote.payment?.status === "PAID" ? <QuoteSubscriptions quoteId={quoteId} language={language} locale={locale} /> : null}
      <QuoteDocuSign
        quoteId={quoteId}
        canSend={
          !markedSigned &&
          !signatures.some((s) => s.versionNumber === (quote.quoteVersions[0]?.number ?? null)) &&
          quote.lifecycle.actions.includes("ADD_SIGNATURE")
        }
        onChanged={() => refetch({ requestPolicy: "network-only" })}
      />
      {(canAdd || canMark) && !adding ? (
        <div className="flex flex-col gap-2 sm:flex-row">
          {canAdd ? (
            <Button variant="secondary" onClick={() => setAdding(true)} data-testid="add-signature">
              {t("signing:owner.add")}
            </Button>
          ) : null}
          {canMark ? (
            <Button onClick={() => setConfirming(true)} data-testid="mark-signed">
              {t("signing:owner.markSigned")}
            </Button>
          ) : null}
        </div>
      ) : null}
      {canAdd && adding ? (
        <AccountSignatureForm
          quoteId={quoteId}
          templates={data?.templateSignatures.items ?? []}
          defaultName={data?.me?.name ?? ""}
          onDone={(added) => {
            focusNext.current = '[data-testid="add-signature"]';
            setAdding(false);
            if (added) refetch({ requestPolicy: "network-only" });
          }}
        />
      ) : null}
      <ConfirmDialog
        open={confirming}
        title={t("signing:owner.markTitle")}
        confirmLabel={t("signing:owner.markConfirm")}
        cancelLabel={t("signing:owner.cancel")}
        busy={marking}
        onConfirm={markSigned}
        onCancel={() => setConfirming(false)}
      >
        <p>{t("signing:owner.markBody")}</p>
      </ConfirmDialog>
    </section>
  );
}
