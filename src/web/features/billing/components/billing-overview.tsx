import { useState } from "react";
import { Link } from "react-router";
import { useMutation } from "urql";
import { formatDate } from "../../../../shared/format";
import { Button } from "../../../components/ui/button";
import { ConfirmDialog } from "../../../components/ui/dialog";
import { toast } from "../../../components/ui/toast";
import type { BillingQuery } from "../../../graphql/generated/graphql";
import { useLocalizedHref, useTranslation } from "../../../i18n";
import { linkButton, serverRefusal } from "../../../lib/mutation-errors";
import { CancelSubscriptionMutation } from "../operations";

type Subscription = BillingQuery["billing"]["subscription"];

const day = (iso: string, locale: string) => formatDate(iso.slice(0, 10), locale, "long");

/** Plan, interval, renewal or expiry, trial days left; choose/renew and cancel (owner only). */
export function BillingOverview({ subscription, isOwner, lastPaymentFailed }: { subscription: Subscription; isOwner: boolean; lastPaymentFailed: boolean }) {
  const { t, i18n } = useTranslation();
  const href = useLocalizedHref();
  const locale = i18n.language;
  const [confirming, setConfirming] = useState(false);
  const [{ fetching: cancelling }, cancel] = useMutation(CancelSubscriptionMutation);
  const s = subscription;
  const expiry = s.expiredAt ? day(s.expiredAt, locale) : null;

  let status: string | null = null;
  if (s.expired && expiry) status = t("billing:overview.expiredOn", { date: expiry });
  else if (s.expiresToday) status = t("billing:overview.expiresToday");
  else if (s.trial && expiry) status = t("billing:overview.trialEnds", { date: expiry });
  else if (s.renews && expiry) status = t("billing:overview.renewsOn", { date: expiry });
  else if (expiry) status = t("billing:overview.endsOn", { date: expiry });

  const onCancel = async () => {
    const result = await cancel({});
    setConfirming(false);
    if (result.error) {
      toast.error(serverRefusal(result.error, t("errors.generic")).message);
      return;
    }
    toast.success(t("billing:cancelDialog.done", { date: expiry ?? "" }));
  };

  return (
    <div className="rounded-xl border border-slate-200 bg-white p-4 sm:p-6" data-testid="billing-overview">
      <dl className="grid gap-4 sm:grid-cols-3">
        <div>
          <dt className="text-sm text-slate-600">{t("billing:overview.currentPlan")}</dt>
          <dd className="text-lg font-semibold" data-testid="billing-plan">
            {t(`billing:plan.${s.plan}`)}
          </dd>
        </div>
        <div>
          <dt className="text-sm text-slate-600">{t("billing:overview.interval")}</dt>
          <dd className="text-lg font-semibold" data-testid="billing-interval">
            {s.interval ? t(`billing:interval.${s.interval}`) : "—"}
          </dd>
        </div>
        <div>
          <dt className="sr-only">{t("billing:payments.status")}</dt>
          <dd className={`text-sm ${s.expired ? "font-semibold text-red-700" : "text-slate-700"}`} data-testid="billing-status">
            {s.trial && !s.expired && s.trialDaysLeft !== null ? (
              <span className="block font-semibold text-brand-700">{t("billing:overview.trialDaysLeft", { count: s.trialDaysLeft })}</span>
            ) : null}
            {status}
          </dd>
        </div>
      </dl>
      {s.scheduledChange ? (
        <p className="mt-4 rounded-md bg-brand-50 px-3 py-2 text-sm text-brand-700" data-testid="billing-scheduled-change">
          {t("billing:overview.scheduledChange", {
            date: day(s.scheduledChange.effectiveAt, locale),
            plan: t(`billing:plan.${s.scheduledChange.plan}`),
            interval: t(`billing:interval.${s.scheduledChange.interval}`),
          })}
        </p>
      ) : null}
      {lastPaymentFailed ? <p className="mt-4 rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">{t("billing:overview.paymentFailed")}</p> : null}
      {isOwner ? (
        <div className="mt-6 flex flex-col gap-2 sm:flex-row">
          {!s.renews ? (
            <Link to={href("/app/settings/billing/update")} className={linkButton.primary} data-testid="choose-plan">
              {s.trial ? t("billing:overview.upgrade") : t("billing:overview.renew")}
            </Link>
          ) : null}
          {s.canChangePlan ? (
            <Link to={href("/app/settings/billing/update")} className={linkButton.primary} data-testid="change-plan-link">
              {t("billing:overview.changePlan")}
            </Link>
          ) : null}
          {s.renews ? (
            <Button variant="secondary" onClick={() => setConfirming(true)} data-testid="cancel-subscription">
              {t("billing:overview.cancel")}
            </Button>
          ) : null}
        </div>
      ) : (
        <p className="mt-4 text-sm text-slate-600">{t("billing:overview.ownerOnly")}</p>
      )}
      <ConfirmDialog
        open={confirming}
        title={t("billing:cancelDialog.title")}
        confirmLabel={t("billing:cancelDialog.confirm")}
        cancelLabel={t("billing:cancelDialog.keep")}
        danger
        busy={cancelling}
        onConfirm={onCancel}
        onCancel={() => setConfirming(false)}
      >
        {t("billing:cancelDialog.body", { date: expiry ?? "" })}
      </ConfirmDialog>
    </div>
  );
}
