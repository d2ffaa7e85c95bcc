import { useEffect } from "react";
import { useSearchParams } from "react-router";
import { useQuery } from "urql";
import { Alert } from "../../components/ui/alert";
import { QueryState } from "../../components/ui/query-state";
import { BillingOverview } from "../../features/billing/components/billing-overview";
import { PaymentsTable } from "../../features/billing/components/payments-table";
import { SettingsNav } from "../../features/settings/components/settings-nav";
import { useAccountPlan } from "../../features/billing/hooks/use-account-plan";
import { BillingQuery } from "../../features/billing/operations";
import { useTranslation } from "../../i18n";
import { serverRefusal } from "../../lib/mutation-errors";

/** /app/settings/billing — plan, renewal or expiry, payments and invoices (owner and admin). */
export default function SettingsBillingPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const plan = useAccountPlan();
  const [{ data, fetching, error }, refetch] = useQuery({ query: BillingQuery, requestPolicy: "cache-and-network" });
  const billing = data?.billing;
  // Back from the checkout (?payment=…): the webhook may land a moment later, so look again.
  const returned = billing?.payments.find((p) => p.id === params.get("payment"));
  const waiting = returned?.status === "open";
  useEffect(() => {
    if (!waiting) return;
    const timer = setInterval(() => refetch({ requestPolicy: "network-only" }), 2000);
    return () => clearInterval(timer);
  }, [waiting, refetch]);
  useEffect(() => {
    if (returned && returned.status !== "open") plan.refetch({ requestPolicy: "network-only" });
  }, [returned?.status, plan.refetch, returned]);
  const refusal = serverRefusal(error, t("errors.generic"));

  return (
    <section className="mx-auto max-w-6xl px-4 py-8 *:max-w-5xl">
      <title>{`${t("billing:title")} · Offerly`}</title>
      <div className="space-y-3">
        <h1 className="text-2xl font-bold tracking-tight">{t("billing:title")}</h1>
        <SettingsNav />
      </div>
      <div className="mt-6 space-y-8">
        {refusal.code === "FORBIDDEN" ? (
          <Alert>{t("billing:overview.ownerOnly")}</Alert>
        ) : (
          <QueryState
            fetching={fetching}
            error={error}
            hasData={Boolean(billing)}
            onRetry={() => refetch({ requestPolicy: "network-only" })}
            errorMessage={refusal.message}
          />
        )}
        {waiting ? <Alert kind="info">{t("billing:overview.paymentPending")}</Alert> : null}
        {billing ? (
          <>
            <BillingOverview subscription={billing.subscription} isOwner={plan.isOwner} lastPaymentFailed={billing.payments[0]?.status === "failed"} />
            <section aria-labelledby="payments-title">
              <h2 id="payments-title" className="mb-3 text-lg font-semibold">
                {t("billing:payments.title")}
              </h2>
              <PaymentsTable payments={billing.payments} invoices={billing.invoices} />
            </section>
          </>
        ) : null}
      </div>
    </section>
  );
}
