import { useState } from "react";
import { useQuery } from "urql";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { EmptyState } from "../../../components/ui/empty-state";
import { QueryState } from "../../../components/ui/query-state";
import { useTranslation } from "../../../i18n";
import { serverRefusal } from "../../../lib/mutation-errors";
import { WebhookEndpointsQuery } from "../operations";
import { EndpointCard } from "./endpoint-card";
import { EndpointForm } from "./endpoint-form";

/** The account's webhook endpoints: list, add (in place), and each endpoint's card. */
export function WebhookEndpoints({ locked }: { locked: boolean }) {
  const { t } = useTranslation();
  const [adding, setAdding] = useState(false);
  const [{ data, fetching, error }, refetch] = useQuery({ query: WebhookEndpointsQuery, requestPolicy: "cache-and-network" });
  const endpoints = data?.webhookEndpoints;
  const paused = Boolean(endpoints?.some((e) => e.deliveriesPaused));
  // On a plan without webhooks there is nothing to add: the section shows only endpoints kept from before.
  if (locked && !endpoints?.length) return null;
  return (
    <section aria-labelledby="webhooks-title" className="space-y-4" data-testid="webhook-endpoints">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="min-w-0 space-y-1">
          <h2 id="webhooks-title" className="text-lg font-semibold">
            {t("developers:endpoints.title")}
          </h2>
          <p className="max-w-2xl text-sm text-slate-600">{t("developers:endpoints.intro")}</p>
        </div>
        {locked || adding || !endpoints?.length ? null : (
          <Button onClick={() => setAdding(true)} data-testid="endpoint-add">
            {t("developers:endpoints.add")}
          </Button>
        )}
      </div>
      {paused ? (
        <div data-testid="deliveries-paused">
          <Alert kind="info">{t("developers:plan.paused")}</Alert>
        </div>
      ) : null}
      <QueryState
        fetching={fetching}
        error={error}
        hasData={Boolean(endpoints)}
        onRetry={() => refetch({ requestPolicy: "network-only" })}
        errorMessage={serverRefusal(error, t("errors.generic")).message}
      />
      {adding ? <EndpointForm onDone={() => setAdding(false)} /> : null}
      {endpoints && endpoints.length === 0 && !adding ? (
        <EmptyState
          title={t("developers:endpoints.empty")}
          body={t("developers:endpoints.emptyBody")}
          action={
            locked ? null : (
              <Button variant="secondary" onClick={() => setAdding(true)}>
                {t("developers:endpoints.add")}
              </Button>
            )
          }
        />
      ) : null}
      {endpoints?.map((endpoint) => (
        <EndpointCard key={endpoint.id} endpoint={endpoint} locked={locked} />
      ))}
    </section>
  );
}
