import { useEffect, useState } from "react";
import { useMutation, useQuery } from "urql";
import { Button } from "../../../components/ui/button";
import { ConfirmDialog } from "../../../components/ui/dialog";
import { toast } from "../../../components/ui/toast";
import { useTranslation } from "../../../i18n";
import { serverRefusal } from "../../../lib/mutation-errors";
import { QuoteDocuSignQuery, SendQuoteWithDocuSignMutation } from "../operations";

/**
 * DocuSign on the owner's quote page (issue 25; decision 059): the latest envelope's state ("Out
 * for signature with DocuSign", signed there with DocuSign's PDF and certificate, declined or
 * voided with the reason) and "Send with DocuSign" on a published quote that can be signed. On a
 * plan without DocuSign the panel says sending has stopped; the server refuses it too.
 */
export function QuoteDocuSign({ quoteId, canSend, onChanged }: { quoteId: string; canSend: boolean; onChanged: () => void }) {
  const { t } = useTranslation();
  const [{ data }, refetch] = useQuery({ query: QuoteDocuSignQuery, variables: { id: quoteId }, requestPolicy: "cache-and-network" });
  const [confirming, setConfirming] = useState(false);
  const [{ fetching: sending }, send] = useMutation(SendQuoteWithDocuSignMutation);
  const quote = data?.quote;
  const readiness = data?.docusignReadiness;
  // While the job creates the envelope, look again every few seconds.
  const preparing = quote?.docusignEnvelope?.status === "PREPARING";
  useEffect(() => {
    if (!preparing) return;
    const timer = setInterval(() => refetch({ requestPolicy: "network-only" }), 2000);
    return () => clearInterval(timer);
  }, [preparing, refetch]);
  if (!quote || !readiness || quote.status === "DRAFT") return null;
  const envelope = quote.docusignEnvelope;
  const out = envelope?.status === "SENT" || envelope?.status === "PREPARING";
  // "Pay to accept": DocuSign would accept the quote without the payment (the server refuses it too).
  const payToAccept = Boolean(quote.paymentTerms?.payToAccept && quote.paymentTerms.mode !== "NONE");
  const showSend = quote.status === "PUBLISHED" && !out && canSend && readiness.connected;
  const contact = quote.customerDetails;
  const reason = envelope?.reason ?? t("signing:docusign.noReason");

  const doSend = async () => {
    const result = await send({ id: quoteId });
    setConfirming(false);
    if (result.error || !result.data) return void toast.error(serverRefusal(result.error, t("errors.generic")).message);
    toast.success(t("signing:docusign.sent"));
    refetch({ requestPolicy: "network-only" });
    onChanged();
  };

  const status = envelope ? (
    <div
      className={`rounded-md px-3 py-2 text-sm ${envelope.status === "COMPLETED" ? "bg-green-50 text-green-900" : envelope.status === "SENT" || envelope.status === "PREPARING" ? "bg-blue-50 text-blue-900" : "bg-amber-50 text-amber-900"}`}
      role="status"
      data-testid="docusign-status"
      data-status={envelope.status}
    >
      <p className="font-medium break-words">
        {envelope.status === "PREPARING"
          ? t("signing:docusign.preparing", { name: envelope.signerName, email: envelope.signerEmail })
          : envelope.status === "FAILED"
            ? t("signing:docusign.failed", { reason })
            : envelope.status === "SENT"
              ? t("signing:docusign.out", { name: envelope.signerName, email: envelope.signerEmail })
              : envelope.status === "COMPLETED"
                ? t("signing:docusign.completed")
                : envelope.status === "DECLINED"
                  ? t("signing:docusign.declined", { reason })
                  : t("signing:docusign.voided", { reason })}
      </p>
      {envelope.signedDocumentUrl || envelope.certificateUrl ? (
        <ul className="mt-1 flex flex-col gap-1 sm:flex-row sm:gap-4">
          {envelope.signedDocumentUrl ? (
            <li>
              <a className="underline" href={envelope.signedDocumentUrl} data-testid="docusign-signed-pdf">
                {t("signing:docusign.signedDocument")}
              </a>
            </li>
          ) : null}
          {envelope.certificateUrl ? (
            <li>
              <a className="underline" href={envelope.certificateUrl} data-testid="docusign-certificate">
                {t("signing:docusign.certificate")}
              </a>
            </li>
          ) : null}
        </ul>
      ) : null}
    </div>
  ) : null;

  return (
    <div className="space-y-2" data-testid="quote-docusign">
      {status}
      {quote.status === "PUBLISHED" && !out && canSend && !readiness.planAllows ? (
        <p className="text-sm text-slate-600" data-testid="docusign-plan">
          {t("signing:docusign.planRequired")}
        </p>
      ) : null}
      {quote.status === "PUBLISHED" && !out && canSend && readiness.planAllows && !readiness.connected ? (
        <p className="text-sm text-slate-600">{t("signing:docusign.notConnected")}</p>
      ) : null}
      {showSend && readiness.planAllows ? (
        <>
          <Button
            variant="secondary"
            onClick={() => setConfirming(true)}
            disabled={payToAccept}
            aria-describedby={payToAccept ? "docusign-pay-to-accept" : undefined}
            data-testid="send-docusign"
          >
            {t("signing:docusign.send")}
          </Button>
          {payToAccept ? (
            <p id="docusign-pay-to-accept" className="text-sm text-slate-600" data-testid="docusign-pay-to-accept">
              {t("signing:docusign.payToAccept")}
            </p>
          ) : null}
        </>
      ) : null}
      <ConfirmDialog
        open={confirming}
        title={t("signing:docusign.sendTitle")}
        confirmLabel={t("signing:docusign.sendConfirm")}
        cancelLabel={t("signing:docusign.cancel")}
        busy={sending}
        onConfirm={doSend}
        onCancel={() => setConfirming(false)}
      >
        <p>{t("signing:docusign.sendBody", { name: contact?.contactPerson || contact?.name || "", email: contact?.email ?? "" })}</p>
      </ConfirmDialog>
    </div>
  );
}
