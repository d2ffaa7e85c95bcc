import type { UseFormRegisterReturn } from "react-hook-form";
import { formatCents } from "../../../../shared/format";
import { INTERVALS, type Interval, PLANS, isFeatureAvailable, planFeatures, priceCents, yearlyPricePerMonthCents } from "../../../../shared/plans";
import { useTranslation } from "../../../i18n";

/**
 * The interval switch ("2 months free" on yearly) and the three plan cards with prices excl. VAT:
 * one radio group each, registered on the caller's form (`planField = register("plan")`, `intervalField = register("interval")`). Used to choose a
 * first plan (PlanPicker) and to change a running one (PlanChangeForm).
 */
export function PlanOptions({
  planField,
  intervalField,
  interval,
  current,
}: {
  planField: UseFormRegisterReturn;
  intervalField: UseFormRegisterReturn;
  interval: Interval;
  /** A subscriber's plan and interval: its card says "Current" while that interval is shown. */
  current?: { plan: string; interval: string | null };
}) {
  const { t, i18n } = useTranslation();
  const money = (cents: number) => formatCents(cents, "EUR", i18n.language);
  return (
    <>
      <fieldset>
        <legend className="sr-only">{t("billing:overview.interval")}</legend>
        <div className="inline-flex rounded-lg border border-slate-300 bg-white p-1">
          {INTERVALS.map((value) => (
            <label
              key={value}
              className="cursor-pointer rounded-md px-3 py-1.5 text-sm font-medium has-[:checked]:bg-brand-600 has-[:checked]:text-white has-[:focus-visible]:outline has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-500"
            >
              <input type="radio" value={value} className="sr-only" {...intervalField} data-testid={`interval-${value}`} />
              {t(`billing:interval.${value}`)}
              {value === "YEARLY" ? (
                <span className="ml-2 rounded bg-emerald-100 px-1.5 py-0.5 text-xs font-semibold text-emerald-800">{t("billing:update.twoMonthsFree")}</span>
              ) : null}
            </label>
          ))}
        </div>
      </fieldset>
      <fieldset className="grid gap-4 md:grid-cols-3">
        <legend className="sr-only">{t("billing:overview.currentPlan")}</legend>
        {PLANS.map((value) => (
          <label
            key={value}
            className="flex cursor-pointer flex-col rounded-xl border-2 border-slate-200 bg-white p-4 has-[:checked]:border-brand-600 has-[:focus-visible]:outline has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-500"
            data-testid={`plan-${value}`}
          >
            <span className="flex items-center gap-2">
              <input type="radio" value={value} {...planField} />
              <span className="text-lg font-semibold">{t(`billing:plan.${value}`)}</span>
              {current?.plan === value && current.interval === interval ? (
                <span className="ml-auto rounded bg-slate-100 px-1.5 py-0.5 text-xs font-semibold text-slate-700" data-testid="current-plan-badge">
                  {t("billing:change.currentBadge")}
                </span>
              ) : null}
            </span>
            <span className="mt-2 text-2xl font-bold tabular-nums">{money(priceCents(value, interval))}</span>
            <span className="text-sm text-slate-600">{t("billing:update.exclVat", { amount: t(`billing:perInterval.${interval}`) })}</span>
            {interval === "YEARLY" ? (
              <span className="text-sm text-slate-600">{t("billing:update.perMonthYearly", { amount: money(yearlyPricePerMonthCents(value)) })}</span>
            ) : null}
            <span className="mt-3 text-xs font-semibold uppercase text-slate-500">{t("billing:update.features")}</span>
            <ul className="mt-1 space-y-0.5 text-sm text-slate-700">
              {planFeatures(value).map((feature) => (
                <li key={feature}>
                  {t(`marketing:pricing.featureNames.${feature}`)}
                  {isFeatureAvailable(feature) ? null : <span className="ml-1 text-xs text-slate-500">({t("billing:update.comingSoon")})</span>}
                </li>
              ))}
            </ul>
          </label>
        ))}
      </fieldset>
    </>
  );
}
