import { useEffect, useId, useRef, useState } from "react";
import { Link, useLocation } from "react-router";
import { Button } from "../../../components/ui/button";
import { useLocalizedHref, useTranslation } from "../../../i18n";
import { linkButton } from "../../../lib/mutation-errors";
import { useAccountPlan } from "../hooks/use-account-plan";

/**
 * SPEC §4: an expired trial or subscription opens a modal asking to add a payment method or
 * renew. The app stays readable ("Not now" closes it for this page view); creating and
 * publishing are refused by the server until a payment arrives. Not shown on the billing pages.
 */
export function ExpiredModal() {
  const { t } = useTranslation();
  const href = useLocalizedHref();
  const { pathname } = useLocation();
  const { account, expired, trial, isOwner } = useAccountPlan();
  const [dismissed, setDismissed] = useState(false);
  const onBillingPage = /\/app\/settings\/billing/.test(pathname);
  const open = Boolean(account) && expired && !dismissed && !onBillingPage;
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    else if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onCancel={() => setDismissed(true)}
      className="m-auto w-[calc(100%-2rem)] max-w-lg rounded-xl border border-slate-200 p-0 shadow-xl backdrop:bg-slate-900/50"
      data-testid="expired-modal"
    >
      <div className="p-6">
        <h2 id={titleId} className="text-lg font-semibold text-slate-900">
          {trial ? t("billing:modal.trialTitle") : t("billing:modal.subscriptionTitle")}
        </h2>
        <p className="mt-2 text-sm text-slate-700">{t("billing:modal.body")}</p>
        {isOwner ? null : <p className="mt-2 text-sm text-slate-700">{t("billing:modal.notOwner")}</p>}
        <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={() => setDismissed(true)}>
            {t("billing:modal.later")}
          </Button>
          {isOwner ? (
            <Link
              to={href("/app/settings/billing/update")}
              className={linkButton.primary}
              onClick={() => setDismissed(true)}
              data-testid="expired-modal-action"
            >
              {trial ? t("billing:modal.ownerAction") : t("billing:modal.renewAction")}
            </Link>
          ) : null}
        </div>
      </div>
    </dialog>
  );
}
