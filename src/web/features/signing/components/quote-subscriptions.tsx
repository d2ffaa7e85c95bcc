import { useState } from "react";
import { useMutation, useQuery } from "urql";
import { formatCents, formatDate } from "../../../../shared/format";
import { hasPermission } from "../../../../shared/permissions";
import type { AccountRole } from "../../../../shared/enums";
import { priceToCents } from "../../../../shared/totals";
import { Button } from "../../../components/ui/button";
import { ConfirmDialog } from "../../../components/ui/dialog";
import { toast } from "../../../components/ui/toast";
import { useTranslation } from "../../../i18n";
import { serverRefusal } from "../../../lib/mutation-errors";
import { CancelQuoteSubscriptionMutation, QuoteSubscriptionsQuery } from "../operations";

/**
 * The subscriptions the customer's first payment started (issue 26 item 4, decision 061) on the
 * owner's quote page: each interval's amount incl. VAT, status and next charge (Mollie's), and —
 * for owners and admins — "Cancel subscription" after a confirmation (cancelQuoteSubscription).
 */
export function QuoteSubscriptions({ quoteId, language, locale }: { quoteId: string; language: string; locale: string }) {
  const { t } = useTranslation();
  const [{ data }, refetch] = useQuery({ query: QuoteSubscriptionsQuery, variables: { id: quoteId }, requestPolicy: "cache-and-network" });
  const [{ fetching: canceling }, cancel] = useMutation(CancelQuoteSubscriptionMutation);
  const [confirming, setConfirming] = useState<string | null>(null);
  const subscriptions = data?.quote?.subscriptions ?? [];
  if (subscriptions.length === 0) return null;
  const mine = data?.teamMembers.find((m) => m.status === "MEMBER" && m.id === data.me?.id);
  // Cancelling needs the admin role (the server refuses members too).
  const canCancel = hasPermission((mine?.role.toLowerCase() ?? "member") as AccountRole, "account.update");
  const money = (amount: string, currency: string) => formatCents(priceToCents(amount) ?? 0n, currency, language);
  const charge = (s: (typeof subscriptions)[number]) => t(`signing:subscription.per.${s.interval}`, { amount: money(s.amount, s.currency) });
  const target = subscriptions.find((s) => s.id === confirming);

  const doCancel = async () => {
    if (!confirming) return;
    const result = await cancel({ id: confirming });
    setConfirming(null);
    if (result.error || !result.data) return void toast.error(serverRefusal(result.error, t("errors.generic")).message);
    toast.success(t("signing:subscription.canceled"));
    refetch({ requestPolicy: "network-only" });
  };

  return (
    <div className="rounded-md border border-slate-200 px-3 py-2 text-sm" data-testid="owner-subscriptions">
      <h3 className="font-semibold">{t("signing:subscription.title")}</h3>
      <ul className="mt-1 divide-y divide-slate-100">
        {subscriptions.map((s) => (
          <li
            key={s.id}
            className="flex flex-col gap-2 py-2 sm:flex-row sm:items-center sm:justify-between"
            data-testid="owner-subscription"
            data-status={s.status}
          >
            <div className="min-w-0">
              <p className="font-medium">{charge(s)}</p>
              <p className="text-slate-600">
                <span data-testid="owner-subscription-status">{t(`signing:subscription.status.${s.status}`)}</span>
                {" · "}
                {s.nextPaymentDate
                  ? t("signing:subscription.nextCharge", { date: formatDate(s.nextPaymentDate, locale, "long") })
                  : t("signing:subscription.noNextCharge")}
                {s.paymentsCount > 0 ? ` · ${t("signing:subscription.paymentsCount", { count: s.paymentsCount })}` : ""}
              </p>
            </div>
            {canCancel && (s.status === "ACTIVE" || s.status === "PENDING" || s.status === "SUSPENDED") ? (
              <Button variant="secondary" onClick={() => setConfirming(s.id)} data-testid="cancel-subscription">
                {t("signing:subscription.cancel")}
              </Button>
            ) : null}
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={confirming !== null}
        title={t("signing:subscription.cancelTitle")}
        confirmLabel={t("signing:subscription.cancelConfirm")}
        cancelLabel={t("signing:subscription.keep")}
        danger
        busy={canceling}
        onConfirm={doCancel}
        onCancel={() => setConfirming(null)}
      >
        <p>{target ? t("signing:subscription.cancelBody", { charge: charge(target) }) : null}</p>
      </ConfirmDialog>
    </div>
  );
}
