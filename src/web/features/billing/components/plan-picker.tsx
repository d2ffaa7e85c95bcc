import { Link } from "react-router";
import { useMutation } from "urql";
import { formatCents } from "../../../../shared/format";
import { ZCreateFirstSubscriptionPaymentInput, priceCents } from "../../../../shared/plans";
import { computeVat } from "../../../../shared/vat-rules";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { TextField } from "../../../components/ui/field";
import { toast } from "../../../components/ui/toast";
import type { AccountPlanQuery } from "../../../graphql/generated/graphql";
import { useLocalizedHref, useTranslation } from "../../../i18n";
import { applyServerErrors, useZodForm } from "../../../lib/form";
import { CreateFirstSubscriptionPaymentMutation } from "../operations";
import { PlanOptions } from "./plan-options";

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
      <PlanOptions planField={register("plan")} intervalField={register("interval")} interval={interval} />
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
          <TextField
            label={t("billing:update.vatNumber")}
            hint={t("billing:update.vatNumberHint")}
            autoComplete="off"
            maxLength={20}
            error={formState.errors.vatNumber?.message}
            {...register("vatNumber")}
          />
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
      <p className="text-sm text-slate-600">{t("billing:update.payNote")}</p>
      <Button type="submit" busy={busy} data-testid="pay">
        {busy ? t("billing:update.paying") : t("billing:update.pay")}
      </Button>
    </form>
  );
}
