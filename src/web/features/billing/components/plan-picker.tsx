import { Link } from "react-router";
import { useMutation } from "urql";
import { formatCents } from "../../../../shared/format";
import { INTERVALS, PLANS, ZCreateFirstSubscriptionPaymentInput, isFeatureAvailable, planFeatures, priceCents, yearlyPricePerMonthCents } from "../../../../shared/plans";
import { computeVat } from "../../../../shared/vat-rules";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { TextField } from "../../../components/ui/field";
import { toast } from "../../../components/ui/toast";
import type { AccountPlanQuery } from "../../../graphql/generated/graphql";
import { useLocalizedHref, useTranslation } from "../../../i18n";
import { applyServerErrors, useZodForm } from "../../../lib/form";
import { CreateFirstSubscriptionPaymentMutation } from "../operations";

type Account = AccountPlanQuery["account"];

/**
 * Plan and interval selection with the billing details the invoice will carry. Prices exclude
 * VAT; the VAT line follows the same rule the invoice uses (shared/vat-rules.ts). The billing
 * address itself is edited in the general settings (linked); only the VAT number is asked here.
 */
export function PlanPicker({ account, vatNumber }: { account: Account; vatNumber: string | null }) {
  const { t, i18n } = useTranslation();
  const href = useLocalizedHref();
  const locale = i18n.language;
  const money = (cents: number) => formatCents(cents, "EUR", locale);
  const form = useZodForm(ZCreateFirstSubscriptionPaymentInput, {
    plan: account.subscriptionPlan === "TRIAL" ? "BASIC" : (account.subscriptionPlan as "BASIC"),
    interval: account.subscriptionInterval ?? "YEARLY",
    vatNumber: vatNumber ?? "",
  });
  const { register, watch, handleSubmit, formState } = form;
  const [{ fetching }, pay] = useMutation(CreateFirstSubscriptionPaymentMutation);
  const plan = watch("plan");
  const interval = watch("interval");
  const country = (account.billingCountry ?? account.country)?.toUpperCase() ?? null;
  const vat = computeVat(priceCents(plan, interval), { country, vatNumber: watch("vatNumber") as string | null });
  const address = [
    [account.billingFirstName, account.billingLastName].filter(Boolean).join(" "),
    account.billingStreetAndNumber,
    account.billingStreetAdditional,
    [account.billingPostalCode, account.billingCity].filter(Boolean).join(" "),
    country,
  ].filter(Boolean);

  const onSubmit = handleSubmit(async (input) => {
    const result = await pay({ input });
    const checkoutUrl = result.data?.createFirstSubscriptionPayment.checkoutUrl;
    if (result.error || !checkoutUrl) {
      toast.error(applyServerErrors(form, result.error, t("errors.generic")));
      return;
    }
    window.location.assign(checkoutUrl);
  });

  const busy = fetching || formState.isSubmitting || formState.isSubmitSuccessful;
  return (
    <form noValidate onSubmit={onSubmit} className="mt-6 space-y-6" data-testid="plan-picker">
      {formState.errors.root?.server ? <Alert>{formState.errors.root.server.message}</Alert> : null}
      <fieldset>
        <legend className="sr-only">{t("billing:overview.interval")}</legend>
        <div className="inline-flex rounded-lg border border-slate-300 bg-white p-1">
          {INTERVALS.map((value) => (
            <label key={value} className="cursor-pointer rounded-md px-3 py-1.5 text-sm font-medium has-[:checked]:bg-brand-600 has-[:checked]:text-white has-[:focus-visible]:outline has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-500">
              <input type="radio" value={value} className="sr-only" {...register("interval")} data-testid={`interval-${value}`} />
              {t(`billing:interval.${value}`)}
              {value === "YEARLY" ? <span className="ml-2 rounded bg-emerald-100 px-1.5 py-0.5 text-xs font-semibold text-emerald-800">{t("billing:update.twoMonthsFree")}</span> : null}
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
              <input type="radio" value={value} {...register("plan")} />
              <span className="text-lg font-semibold">{t(`billing:plan.${value}`)}</span>
            </span>
            <span className="mt-2 text-2xl font-bold tabular-nums">{money(priceCents(value, interval))}</span>
            <span className="text-sm text-slate-600">
              {t("billing:update.exclVat", { amount: t(`billing:perInterval.${interval}`) })}
            </span>
            {interval === "YEARLY" ? <span className="text-sm text-slate-600">{t("billing:update.perMonthYearly", { amount: money(yearlyPricePerMonthCents(value)) })}</span> : null}
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
      <section className="rounded-xl border border-slate-200 bg-white p-4 sm:p-6" aria-labelledby="billing-details-title">
        <h2 id="billing-details-title" className="font-semibold">
          {t("billing:update.billingDetails")}
        </h2>
        <p className="mt-1 text-sm text-slate-600">{address.length ? t("billing:update.billingDetailsHint") : t("billing:update.noDetails")}</p>
        <address className="mt-2 text-sm not-italic" data-testid="billing-address">
          <strong>{account.name}</strong>
          {address.map((line) => (
            <span key={line} className="block">
              {line}
            </span>
          ))}
        </address>
        <Link to={href("/app/settings")} className="mt-2 inline-block text-sm font-medium text-brand-700 hover:underline">
          {t("billing:update.editDetails")}
        </Link>
        <div className="mt-4 max-w-sm">
          <TextField label={t("billing:update.vatNumber")} hint={t("billing:update.vatNumberHint")} autoComplete="off" maxLength={20} error={formState.errors.vatNumber?.message} {...register("vatNumber")} />
        </div>
      </section>
      <section className="rounded-xl border border-slate-200 bg-white p-4 text-sm sm:p-6" data-testid="price-summary">
        <p>{`${t(`billing:plan.${plan}`)} · ${t(`billing:interval.${interval}`)}: ${t("billing:update.exclVat", { amount: money(vat.netCents) })}`}</p>
        <p>
          {vat.rule === "NL"
            ? t("billing:update.vatLine", { rate: vat.ratePercent, amount: money(vat.vatCents) })
            : vat.rule === "REVERSE_CHARGE"
              ? t("billing:update.reverseCharge")
              : t("billing:update.noVat")}
        </p>
        <p className="mt-1 text-base font-semibold" data-testid="price-total">
          {t("billing:update.total", { amount: money(vat.totalCents) })}
        </p>
      </section>
      <p className="text-sm text-slate-600">{t("billing:update.intro")}</p>
      <Button type="submit" busy={busy} data-testid="pay">
        {busy ? t("billing:update.paying") : t("billing:update.pay")}
      </Button>
    </form>
  );
}
