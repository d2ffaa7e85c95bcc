import { useEffect, useState } from "react";
import { useMutation, useQuery } from "urql";
import { Button } from "../../../components/ui/button";
import { QueryState } from "../../../components/ui/query-state";
import { toast } from "../../../components/ui/toast";
import type { WebhookDeliveryFieldsFragment, WebhookDeliveryStatus } from "../../../graphql/generated/graphql";
import { useLocale, useTranslation } from "../../../i18n";
import { serverRefusal } from "../../../lib/mutation-errors";
import { useRefusalToast } from "../../../lib/use-refusal-toast";
import { ResendWebhookDeliveryMutation, WebhookDeliveriesQuery } from "../operations";
import { eventLabel, formatMoment } from "./format";
import { type DeliveryErrorTranslate, translateDeliveryError } from "../../../../shared/delivery-errors";

/** Deliveries per page of the log. */
export const DELIVERIES_PAGE = 20;
/** How often the newest page is fetched again while a delivery in it is still on its way. */
const PENDING_POLL_MS = 1500;
/** A pending delivery older than this is waiting for a retry (minutes away): no more polling for it. */
const POLL_WINDOW_MS = 2 * 60_000;

/**
 * An endpoint's delivery log (the last 30 days, newest first): time, event, attempt, status code,
 * latency, the first 1 KB of the response in a disclosure, and "Resend". Older pages load on
 * demand; the newest page refreshes itself while a fresh delivery is pending.
 */
export function DeliveryLog({ endpointId, url, canResend }: { endpointId: string; url: string; canResend: boolean }) {
  const { t } = useTranslation();
  const [cursors, setCursors] = useState<(string | null)[]>([null]);
  const [lastPage, setLastPage] = useState<{ size: number; lastId: string | null }>({ size: 0, lastId: null });
  return (
    <section aria-label={t("developers:deliveries.titleFor", { url })} className="space-y-3" data-testid="delivery-log">
      <p className="text-xs text-slate-600">{t("developers:deliveries.period")}</p>
      {cursors.map((after, index) => (
        <DeliveryPage
          key={after ?? "first"}
          endpointId={endpointId}
          after={after}
          first={index === 0}
          canResend={canResend}
          onLoaded={index === cursors.length - 1 ? setLastPage : undefined}
        />
      ))}
      {lastPage.size === DELIVERIES_PAGE && lastPage.lastId ? (
        <Button variant="secondary" onClick={() => setCursors((c) => [...c, lastPage.lastId])} data-testid="deliveries-more">
          {t("developers:deliveries.loadMore")}
        </Button>
      ) : null}
    </section>
  );
}

function DeliveryPage({
  endpointId,
  after,
  first,
  canResend,
  onLoaded,
}: {
  endpointId: string;
  after: string | null;
  first: boolean;
  canResend: boolean;
  onLoaded?: (page: { size: number; lastId: string | null }) => void;
}) {
  const { t } = useTranslation();
  const [{ data, fetching, error }, refetch] = useQuery({
    query: WebhookDeliveriesQuery,
    variables: { endpointId, first: DELIVERIES_PAGE, after },
    requestPolicy: "cache-and-network",
  });
  const deliveries = data?.webhookDeliveries;
  const polling = first && Boolean(deliveries?.some((d) => d.status === "PENDING" && Date.now() - new Date(d.createdAt).getTime() < POLL_WINDOW_MS));
  useEffect(() => {
    if (!polling) return;
    const timer = setInterval(() => refetch({ requestPolicy: "network-only" }), PENDING_POLL_MS);
    return () => clearInterval(timer);
  }, [polling, refetch]);
  useEffect(() => {
    if (deliveries) onLoaded?.({ size: deliveries.length, lastId: deliveries.at(-1)?.cursor ?? null });
  }, [deliveries, onLoaded]);

  return (
    <>
      <QueryState
        fetching={fetching}
        error={error}
        hasData={Boolean(deliveries)}
        onRetry={() => refetch({ requestPolicy: "network-only" })}
        errorMessage={serverRefusal(error, t("errors.generic")).message}
      />
      {deliveries && deliveries.length === 0 && first ? (
        <p className="rounded-md border border-dashed border-slate-300 px-4 py-6 text-center text-sm text-slate-600" data-testid="deliveries-empty">
          {t("developers:deliveries.empty")}
        </p>
      ) : null}
      {deliveries && deliveries.length > 0 ? (
        <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200">
          {deliveries.map((delivery) => (
            <DeliveryRow key={delivery.id} delivery={delivery} canResend={canResend} />
          ))}
        </ul>
      ) : null}
    </>
  );
}

const STATUS_STYLE: Record<WebhookDeliveryStatus, string> = {
  PENDING: "bg-amber-100 text-amber-900",
  SUCCEEDED: "bg-emerald-100 text-emerald-900",
  FAILED: "bg-red-100 text-red-900",
};

function DeliveryRow({ delivery, canResend }: { delivery: WebhookDeliveryFieldsFragment; canResend: boolean }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const showRefusal = useRefusalToast();
  const [{ fetching }, resend] = useMutation(ResendWebhookDeliveryMutation);
  const time = formatMoment(delivery.createdAt, locale);
  const event = eventLabel(t, delivery.eventType);
  return (
    <li
      className="grid gap-2 px-3 py-3 text-sm sm:grid-cols-[minmax(0,1fr)_auto] sm:px-4"
      data-testid="delivery-row"
      data-status={delivery.status.toLowerCase()}
    >
      <div className="min-w-0 space-y-2">
        <div>
          <p className="font-medium text-slate-900">
            {event} <code className="text-xs font-normal text-slate-600">{delivery.eventType}</code>
          </p>
          <p className="text-xs text-slate-600">
            <time dateTime={delivery.createdAt}>{time}</time>
          </p>
        </div>
        <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-slate-700">
          <span className={`rounded-full px-2 py-0.5 font-medium ${STATUS_STYLE[delivery.status]}`} data-testid="delivery-status">
            {t(`developers:deliveries.status.${delivery.status}`)}
          </span>
          {delivery.status === "PENDING" ? null : (
            <span data-testid="delivery-code">
              {delivery.statusCode == null ? t("developers:deliveries.noStatusCode") : t("developers:deliveries.statusCode", { code: delivery.statusCode })}
            </span>
          )}
          {delivery.latencyMs == null ? null : <span data-testid="delivery-latency">{t("developers:deliveries.latency", { ms: delivery.latencyMs })}</span>}
          <span>{t("developers:deliveries.attempt", { attempt: delivery.attempt })}</span>
          <code className="break-all text-slate-500" title="webhook-id">
            {delivery.webhookId}
          </code>
        </p>
        {delivery.status === "PENDING" ? null : (
          <details className="rounded-md bg-slate-50" data-testid="delivery-response">
            <summary className="cursor-pointer rounded-md px-3 py-1.5 text-xs font-medium text-slate-700 hover:bg-slate-100">
              {t("developers:deliveries.response")}
            </summary>
            {delivery.error ? (
              <p className="px-3 pb-2 font-mono text-xs text-red-800 [overflow-wrap:anywhere]" data-testid="delivery-error">
                {translateDeliveryError(delivery.error, t as DeliveryErrorTranslate)}
              </p>
            ) : null}
            {delivery.responseBody ? (
              <pre
                className="max-h-64 overflow-auto whitespace-pre-wrap break-all px-3 pb-3 font-mono text-xs text-slate-800"
                data-testid="delivery-response-body"
              >
                {delivery.responseBody}
              </pre>
            ) : delivery.error ? null : (
              <p className="px-3 pb-3 text-xs text-slate-600">{t("developers:deliveries.noResponse")}</p>
            )}
          </details>
        )}
      </div>
      {canResend ? (
        <div>
          <Button
            variant="secondary"
            className="px-3 py-1"
            busy={fetching}
            aria-label={t("developers:deliveries.resendLabel", { event, time })}
            onClick={async () => {
              const result = await resend({ id: delivery.id });
              if (!showRefusal(result.error)) toast.success(t("developers:deliveries.resent"));
            }}
            data-testid="delivery-resend"
          >
            {t("developers:deliveries.resend")}
          </Button>
        </div>
      ) : null}
    </li>
  );
}
