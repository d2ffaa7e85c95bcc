import { useEffect, useId, useRef, useState } from "react";
import { Button } from "../../../components/ui/button";
import { useTranslation } from "../../../i18n";
import { type PlanRequired, onPlanRequired } from "../entitlement";
import { useAccountPlan } from "../hooks/use-account-plan";
import { UpgradePrompt } from "./upgrade-prompt";

/**
 * Mounted once in the app layout: whenever the server refuses anything with the entitlement
 * refusal (a feature outside the plan), whichever screen asked, the upgrade prompt opens for that
 * feature instead of leaving the person with an error message.
 */
export function UpgradePromptDialog() {
  const { t } = useTranslation();
  const { isOwner } = useAccountPlan();
  const [refusal, setRefusal] = useState<PlanRequired | null>(null);
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => onPlanRequired(setRefusal), []);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (refusal && !dialog.open) dialog.showModal();
    else if (!refusal && dialog.open) dialog.close();
  }, [refusal]);
  const close = () => setRefusal(null);

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onCancel={close}
      className="m-auto w-[calc(100%-2rem)] max-w-lg rounded-xl border border-slate-200 p-0 shadow-xl backdrop:bg-slate-900/50"
      data-testid="upgrade-dialog"
    >
      {refusal ? (
        <div className="p-6">
          <h2 id={titleId} className="sr-only">
            {t("billing:upgrade.title", { plan: t(`billing:plan.${refusal.plan}`) })}
          </h2>
          <UpgradePrompt feature={refusal.feature} canUpgrade={isOwner} onNavigate={close} />
          <div className="mt-4 flex justify-end">
            <Button variant="secondary" onClick={close}>
              {t("billing:modal.later")}
            </Button>
          </div>
        </div>
      ) : null}
    </dialog>
  );
}
