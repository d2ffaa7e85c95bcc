import { useNavigate } from "react-router";
import { useMutation, useQuery } from "urql";
import { formatCents, formatDate } from "../../../../shared/format";
import { ZChangeSubscriptionInput } from "../../../../shared/plans";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { CheckboxField } from "../../../components/ui/checkbox";
import { toast } from "../../../components/ui/toast";
import type { BillingQuery } from "../../../graphql/generated/graphql";
import { useLocalizedHref, useTranslation } from "../../../i18n";
import { applyServerErrors, useZodForm } from "../../../lib/form";
import { ChangeSubscriptionMutation, PlanChangePreviewQuery } from "../operations";
import { PlanOptions } from "./plan-options";

type Subscription = BillingQuery["billing"]["subscription"];

/**
 * A subscriber moves to another plan or interval (decision 029). Before confirming, the server's
 * preview says what happens: an upgrade is paid now, prorated, through the checkout; anything else
 * starts at the end of the period already paid. A change that drops signing while published
 * quotes await a signature lists how many and needs a tick.
 */
export function PlanChangeForm({ subscription }: { subscription: Subscription }) {
  const { t, i18n } = useTranslation();
  const href = useLocalizedHref();
  const navigate = useNavigate();
  const locale = i18n.language;
  const money = (cents: number) => formatCents(cents, "EUR", locale);
  const day = (iso: string) => formatDate(iso.slice(0, 10), locale, "long");
  const start = subscription.scheduledChange ?? { plan: subscription.plan, interval: subscription.interval };
  const form = useZodForm(ZChangeSubscriptionInput, { plan: start.plan as "PRO", interval: start.interval ?? "MONTHLY", confirmPendingSignatures: false });
  const { register, watch, handleSubmit, formState } = form;
  const [plan, interval, confirmed] = watch(["plan", "interval", "confirmPendingSignatures"]);
  const [{ data, fetching: previewing }] = useQuery({ query: PlanChangePreviewQuery, variables: { plan, interval }, requestPolicy: "cache-and-network" });
  const preview = data?.billing.changePreview;
  const [{ fetching }, change] = useMutation(ChangeSubscriptionMutation);
  const needsConfirmation = Boolean(preview && preview.pendingSignatures > 0);

  const onSubmit = handleSubmit(async (input) => {
    const result = await change({ input });
    const done = result.data?.changeSubscription;
    if (result.error || !done) {
      toast.error(applyServerErrors(form, result.error, t("errors.generic")));
      return;
    }
    if (done.kind === "UPGRADE" && done.checkoutUrl) {
      window.location.assign(done.checkoutUrl);
      return;
    }
    toast.success(
      done.kind === "UNCHANGED"
        ? t("billing:change.doneUnchanged")
        : t("billing:change.done", { plan: t(`billing:plan.${input.plan}`), interval: t(`billing:interval.${input.interval}`), date: day(done.effectiveAt) }),
    );
    navigate(href("/app/settings/billing"));
  });

  const busy = fetching || formState.isSubmitting || (formState.isSubmitSuccessful && preview?.kind === "UPGRADE");
  const expiry = subscription.expiredAt ?? "";
  return (
    <form noValidate onSubmit={onSubmit} className="mt-6 space-y-6" data-testid="plan-change">
      <p className="text-sm text-slate-700" data-testid="plan-change-current">
        {t("billing:change.current", {
          plan: t(`billing:plan.${subscription.plan}`),
          interval: subscription.interval ? t(`billing:interval.${subscription.interval}`) : "",
        })}
      </p>
      <PlanOptions planField={register("plan")} intervalField={register("interval")} interval={interval} current={subscription} />
      <section className="rounded-xl border border-slate-200 bg-white p-4 text-sm sm:p-6" aria-live="polite" data-testid="plan-change-summary">
        {!preview ? (
          <p>{previewing ? t("billing:change.calculating") : null}</p>
        ) : preview.kind === "UNCHANGED" ? (
          <p>{t("billing:change.unchanged")}</p>
        ) : (
          <>
            <p className="font-semibold">
              {preview.kind === "UPGRADE"
                ? t("billing:change.upgradeNow", { amount: money(preview.dueNowCents), date: day(expiry) })
                : t("billing:change.scheduled", { date: day(preview.effectiveAt) })}
            </p>
            <p className="mt-1">
              {t("billing:change.thenRenews", { date: day(expiry), amount: money(preview.renewalCents), per: t(`billing:perInterval.${preview.interval}`) })}
            </p>
            {preview.losesSigning && !needsConfirmation ? (
              <p className="mt-2 text-slate-700">
                {t("billing:change.losesSigning", { plan: t(`billing:plan.${preview.plan}`), date: day(preview.effectiveAt) })}
              </p>
            ) : null}
          </>
        )}
      </section>
      {preview && needsConfirmation ? (
        <div className="space-y-3" data-testid="pending-signatures">
          <Alert>
            {t("billing:change.pendingSignatures", {
              count: preview.pendingSignatures,
              plan: t(`billing:plan.${preview.plan}`),
              date: day(preview.effectiveAt),
            })}
          </Alert>
          <CheckboxField
            label={t("billing:change.confirmPendingSignatures", { date: day(preview.effectiveAt) })}
            {...register("confirmPendingSignatures")}
            data-testid="confirm-pending-signatures"
          />
        </div>
      ) : null}
      <Button type="submit" busy={busy} disabled={!preview || preview.kind === "UNCHANGED" || (needsConfirmation && !confirmed)} data-testid="change-plan">
        {busy ? t("billing:change.saving") : preview?.kind === "UPGRADE" ? t("billing:change.submitUpgrade") : t("billing:change.submitSchedule")}
      </Button>
    </form>
  );
}
